// The IPC messages between the sandbox (parent) and the RTMP ingest host (the child process that runs
// node-media-server, which allows one server per process). The parent owns every decision (which key
// may publish, when to record); the host only reports what happens on the wire and carries out orders.
// Both sides send these objects with process.send, so they stay plain JSON.

/** Parent → host. */
export type HostCommand =
  /** The first message: listen and get ready. Port 0 picks a free port. */
  | { readonly type: 'start'; readonly host: string; readonly port: number; readonly storeDir: string }
  /** Let a held publish through: its buffered packets go to the broadcast. */
  | { readonly type: 'accept'; readonly sessionId: string }
  /** Refuse a held publish: the encoder is disconnected and its packets are dropped. */
  | { readonly type: 'reject'; readonly sessionId: string }
  /** Record an accepted publish to a new FLV file, ending by itself once it holds limitMs of media. */
  | { readonly type: 'record-start'; readonly sessionId: string; readonly videoId: string; readonly filePath: string; readonly limitMs: number }
  | { readonly type: 'record-stop'; readonly videoId: string }
  /** End every session and recording, then exit. */
  | { readonly type: 'stop' };

/** Host → parent. */
export type HostEvent =
  | { readonly type: 'ready'; readonly port: number }
  | { readonly type: 'failed'; readonly reason: string }
  /** An encoder asked to publish to /<app>/<name>; its media is held until accept or reject. */
  | { readonly type: 'publish'; readonly sessionId: string; readonly app: string; readonly name: string; readonly address: string }
  /** An accepted publish ended (encoder gone, or the host stopping). */
  | { readonly type: 'unpublish'; readonly sessionId: string }
  /** The recording could not start, or its file could not be written. */
  | { readonly type: 'record-failed'; readonly videoId: string; readonly reason: string }
  /** The recording's file is complete and closed; its timestamps run from 0 to durationMs. */
  | { readonly type: 'record-ended'; readonly videoId: string; readonly durationMs: number }
  /** Every recording has ended; the host exits next. */
  | { readonly type: 'stopped' };
