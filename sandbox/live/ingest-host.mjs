// @ts-check
// The worker thread that runs the sandbox's RTMP ingest. node-media-server keeps its config, sessions
// and broadcasts in a module-level singleton, so it gets a thread (and module registry) of its own: the
// app's local ingest may run another one in the app's main thread. This file and flv-recorder.mjs are the only places that
// touch node-media-server (untyped). The host decides nothing: it reports publishes to the parent over
// IPC and carries out the parent's orders (ingest-protocol.ts). Plain JS, so it runs as is from the
// source tree (tests) and from build/.
import { once } from 'node:events';
import { createServer } from 'node:net';
import { parentPort } from 'node:worker_threads';
// node-media-server ships no types (@types/node-media-server describes v2): here, and only here, it is any.
// @ts-expect-error -- untyped package
import NodeMediaServer from 'node-media-server';
// @ts-expect-error -- untyped package
import logger from 'node-media-server/src/core/logger.js';
// @ts-expect-error -- untyped package
import RtmpSession from 'node-media-server/src/session/rtmp_session.js';
// @ts-expect-error -- untyped package
import Context from 'node-media-server/src/core/context.js';
import { FlvRecorder } from './flv-recorder.mjs';
import { guardSession, LIMITS, PendingConnections } from './rtmp-guard.mjs';

/** @typedef {import('./ingest-protocol.js').HostCommand} HostCommand */
/** @typedef {import('./ingest-protocol.js').HostEvent} HostEvent */
/** @typedef {{ session: any, held: any[] }} HeldPublish */
/** @typedef {{ recorder: FlvRecorder, sessionId: string }} Recording */

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error'];
const LOWEST_LEVEL = LEVELS.indexOf('info');

if (!parentPort) throw new Error('ingest-host.mjs runs as a worker thread of the sandbox (rtmp-ingest.ts).');
const parent = parentPort;

// The parent points stdout at the ingest log in the sandbox's data folder. Stream names are keys:
// only their first characters reach the log.
logger.log = (/** @type {string} */ message, level = 'info') => {
  if (LEVELS.indexOf(level) < LOWEST_LEVEL) return;
  process.stdout.write(`${new Date().toISOString()} host ${level} ${String(message).replace(/(\/live\/[\w-]{4})[\w-]*/g, '$1…')}\n`);
};

/** @param {HostEvent} event */
function send(event) {
  parent.postMessage(event);
}

/**
 * Tells the parent why; the parent ends the thread (an exit here could drop the message).
 * @param {string} reason
 */
function fail(reason) {
  send({ type: 'failed', reason });
}

/** @type {any} */
let nms = null;
/** Publishes waiting for the parent's decision, by session id. */
const held = /** @type {Map<string, HeldPublish>} */ (new Map());
/** Accepted publishes, by session id. */
const publishing = /** @type {Map<string, any>} */ (new Map());
/** Running recordings, by the video id the parent gave them. */
const recordings = /** @type {Map<string, Recording>} */ (new Map());
/** Each session's accept() of its guard (rtmp-guard.mjs). */
const guards = /** @type {WeakMap<any, () => void>} */ (new WeakMap());
const pending = new PendingConnections(LIMITS);

/**
 * One line per connection the guard closed; stream names never reach it.
 * @param {string} address
 * @param {string} reason
 */
function onDrop(address, reason) {
  logger.log(`dropped the RTMP connection from ${address}: ${reason}`, 'warn');
}

/**
 * Node-media-server's handleRequest, with the admission and the guard before the session runs.
 * @param {any} rtmpServer
 * @returns {(socket: import('node:net').Socket) => void}
 */
function guardedRequests(rtmpServer) {
  return (socket) => {
    if (!pending.admit(socket)) {
      onDrop(`${socket.remoteAddress}:${socket.remotePort}`, `${LIMITS.maxPending} connections are already waiting to publish`);
      socket.destroy();
      return;
    }
    rtmpServer._sockets.add(socket);
    socket.on('close', () => rtmpServer._sockets.delete(socket));
    const session = new RtmpSession(socket);
    guards.set(session, guardSession(session, pending, onDrop));
    session.run();
    Context.sessions.set(session.id, session);
  };
}

/** Recordings whose files are still closing. */
const finishing = /** @type {Set<Promise<void>>} */ (new Set());

parent.on('message', (/** @type {HostCommand} */ command) => {
  switch (command.type) {
    case 'start':
      start(command).catch((error) => fail(error instanceof Error ? error.message : String(error)));
      break;
    case 'accept':
      accept(command.sessionId);
      break;
    case 'reject':
      held.get(command.sessionId)?.session.socket.destroy();
      held.delete(command.sessionId);
      break;
    case 'record-start':
      startRecording(command);
      break;
    case 'record-stop':
      stopRecording(command.videoId);
      break;
    case 'stop':
      void stop();
      break;
  }
});

/** @param {Extract<HostCommand, { type: 'start' }>} command */
async function start(command) {
  nms = new NodeMediaServer(
    {
      bind: command.host,
      rtmp: { port: command.port },
      // A fresh folder per run: the store restores old relay tasks and records at start.
      store: { path: command.storeDir },
      webadmin: { enable: false },
    },
    '',
  );
  // Its own listener (which it skips when the port is 0, to us "any free port") hands sockets straight
  // to its parser: ours puts the guard in front first.
  nms.rtmpServer.tcpServer = createServer(guardedRequests(nms.rtmpServer));
  const server = nms.rtmpServer.tcpServer;
  const listening = once(server, 'listening');
  const running = nms.run();
  // Its own listen-error handler exits without a word; the parent should hear why.
  server.removeAllListeners('error');
  server.on('error', (/** @type {Error} */ error) => fail(`cannot listen on ${command.host}:${command.port}: ${error.message}`));
  await running;
  if (!nms.store.opened) throw new Error(`node-media-server could not open its store in ${command.storeDir}`);
  await listening;

  nms.on('prePublish', onPrePublish);
  nms.on('donePublish', onDonePublish);
  const { port } = server.address();
  logger.info(`RTMP ingest listening on ${command.host}:${port}`);
  send({ type: 'ready', port });
}

/** @param {any} session */
function onPrePublish(session) {
  // Without this the end of a publish is reported 30 s late (node-media-server waits for a resume).
  session.broadcast.publishGraceMs = 0;
  // Hold the encoder's packets until the parent has checked the key, so a refused publish never
  // reaches a broadcast (not even one that already has a publisher on the same path).
  /** @type {HeldPublish} */
  const entry = { session, held: [] };
  // node-media-server reuses a packet's object and buffer for the next message, so a held packet is a copy.
  session.rtmp.onPacketCallback = (/** @type {any} */ packet) =>
    entry.held.push(Object.assign(Object.create(Object.getPrototypeOf(packet)), packet, { data: Buffer.from(packet.data.subarray(0, packet.size)) }));
  held.set(session.id, entry);
  session.socket.once('close', () => held.delete(session.id));
  send({ type: 'publish', sessionId: session.id, app: session.streamApp, name: session.streamName, address: session.ip });
}

/** @param {string} sessionId */
function accept(sessionId) {
  const entry = held.get(sessionId);
  held.delete(sessionId);
  if (!entry) {
    // Gone before the decision arrived: no donePublish will tell the parent.
    send({ type: 'unpublish', sessionId });
    return;
  }
  const { session } = entry;
  if (session.broadcast.publisher !== session) {
    // node-media-server refused it itself: the path already has a publisher.
    session.socket.destroy();
    send({ type: 'unpublish', sessionId });
    return;
  }
  publishing.set(sessionId, session);
  guards.get(session)?.();
  session.rtmp.onPacketCallback = session.onPacket;
  for (const packet of entry.held) session.onPacket(packet);
}

/** @param {any} session */
function onDonePublish(session) {
  if (!publishing.delete(session.id)) return;
  for (const [videoId, recording] of recordings) if (recording.sessionId === session.id) stopRecording(videoId);
  send({ type: 'unpublish', sessionId: session.id });
}

/** @param {Extract<HostCommand, { type: 'record-start' }>} command */
function startRecording({ sessionId, videoId, filePath, limitMs }) {
  const session = publishing.get(sessionId);
  if (!session) {
    send({ type: 'record-failed', videoId, reason: 'the publish has ended' });
    return;
  }
  const recorder = new FlvRecorder(session.broadcast, filePath, limitMs, () => {
    logger.info(`Recording ${filePath} reached its limit of ${limitMs / 1000} s`);
    stopRecording(videoId);
  });
  try {
    recorder.start();
  } catch (error) {
    send({ type: 'record-failed', videoId, reason: error instanceof Error ? error.message : String(error) });
    return;
  }
  recordings.set(videoId, { recorder, sessionId });
  logger.info(`Recording ${session.streamPath} to ${filePath}`);
}

/** @param {string} videoId */
function stopRecording(videoId) {
  const recording = recordings.get(videoId);
  if (!recording) return;
  recordings.delete(videoId);
  const done = recording.recorder.stop().then(
    (durationMs) => send({ type: 'record-ended', videoId, durationMs }),
    (/** @type {Error} */ error) => send({ type: 'record-failed', videoId, reason: `writing the recording failed: ${error.message}` }),
  );
  const settled = done.finally(() => finishing.delete(settled));
  finishing.add(settled);
}

async function stop() {
  for (const videoId of [...recordings.keys()]) stopRecording(videoId);
  await Promise.all(finishing);
  await nms?.stop();
  // The parent ends the thread once it has this.
  send({ type: 'stopped' });
}
