// `companion ui` on a machine where its UI port and the ingest port are held by other programs: it still
// starts, on ports it names (terminal text and the --json ready line), and the page and the ingest answer there.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtCli, startCommand, type RunningCommand } from '../../support/built-cli.js';
import { requireKeyring } from '../../support/keyring.js';

const held: Server[] = [];
const running: RunningCommand[] = [];
let dataDir: string;

beforeEach(async () => {
  requireKeyring();
  dataDir = await mkdtemp(join(tmpdir(), 'companion-busy-ports-'));
});

afterEach(async () => {
  for (const command of running.splice(0)) await command.stop();
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  await rm(dataDir, { recursive: true, force: true });
});

async function holdPort(): Promise<number> {
  const server = createServer((socket) => socket.destroy());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  held.push(server);
  return (server.address() as AddressInfo).port;
}

async function tcpConnects(port: number): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.destroy();
}

describe('companion ui with its ports taken', () => {
  it('listens on free ports instead and says which, in the ready line', async () => {
    const uiPort = await holdPort();
    const ingestPort = await holdPort();
    const ui = await startCommand(['ui', '--port', String(uiPort), '--ingest-port', String(ingestPort)], 20_000, { COMPANION_DATA_DIR: dataDir });
    running.push(ui);
    const { port, url, port_note, ingest_url, ingest_note } = ui.ready as Record<string, string | number>;
    expect(port).not.toBe(uiPort);
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/[\\w-]+/$`));
    expect(port_note).toBe(`Port ${uiPort} is in use, so the app listens on ${port} instead.`);
    const ingestAt = Number(/^rtmp:\/\/127\.0\.0\.1:(\d+)\/live$/.exec(String(ingest_url))?.[1]);
    expect(ingestAt).not.toBe(ingestPort);
    expect(ingest_note).toBe(`Port ${ingestPort} is used by another program, so the local ingest listens on ${ingestAt} for this run: point your encoder at ${ingest_url}`);
    // What the lines name is really there.
    const page = await fetch(String(url), { signal: AbortSignal.timeout(5000) });
    expect(page.status).toBe(200);
    await tcpConnects(ingestAt);
  });

  it('says it on the terminal without --json', async () => {
    const uiPort = await holdPort();
    const child = spawn(process.execPath, [builtCli, 'ui', '--port', String(uiPort), '--ingest-port', '0'], { env: { ...process.env, COMPANION_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      const deadline = Date.now() + 20_000;
      while (!out.includes('Press Ctrl+C') && Date.now() < deadline && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(out).toMatch(new RegExp(`Port ${uiPort} is in use, so the app listens on (\\d+) instead\\.\\n`));
      const shown = Number(/listens on (\d+) instead/.exec(out)![1]);
      expect(out).toContain(`http://127.0.0.1:${shown}/`);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });
});
