// The platform for the UploadQueue row of bench/upload.mjs and for bench/upload/http-parts.mjs, in a
// process of its own so that its work is not counted as the client's: the sandbox (build/sandbox/),
// handing out pure-ftpd (--ftp-url, --ftp-root) as its external FTP server when given, its data (the
// parts of uploads in parts among it) in --data-dir when given. Its processing after `ready` or
// `completed` is held off (one step an hour): the rows measure the client's flow up to there, not the
// platform's transcoding.
//
// Behind a shaped link (test/support/shaped-link.mjs), it runs inside the link's namespace: --host is the
// namespace's address to listen on, --ftp-advertised-host the address clients reach it at (the proxy's),
// --ftp-passive-ports LOW:HIGH the range its own FTP server's passive replies use (the proxy forwards it);
// the proxy must forward ftpUrl's port too (the control connection: upload details give the advertised
// host with that port).
//
// stdout: {"ready":true,"apiUrl":..,"authUrl":..,"ftpUrl":..,"clientId":..,"clientSecret":..,"username":..,
// "password":..,"channelId":..}. SIGTERM closes the sandbox and exits 0.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '../../build/sandbox/index.js';

const { values } = parseArgs({
  options: {
    'ftp-url': { type: 'string' },
    'ftp-root': { type: 'string' },
    'data-dir': { type: 'string' },
    host: { type: 'string' },
    'ftp-advertised-host': { type: 'string' },
    'ftp-passive-ports': { type: 'string' },
  },
});
const [passiveMin, passiveMax] = (values['ftp-passive-ports'] ?? '').split(':').map(Number);
const dataDir = await mkdtemp(join(values['data-dir'] ?? tmpdir(), 'bench-upload-sandbox-'));
const sandbox = await startSandbox({
  dataDir,
  ...(values.host ? { host: values.host } : {}),
  ...(values['ftp-advertised-host'] ? { ftpAdvertised: { host: values['ftp-advertised-host'], ...(passiveMax ? { passivePorts: { min: passiveMin, max: passiveMax } } : {}) } } : {}),
  ...(values['ftp-url'] ? { externalFtp: { url: values['ftp-url'], root: values['ftp-root'] } } : {}),
  uploadStepMs: 3_600_000,
  onInternalError: (error) => process.stderr.write(`sandbox internal error: ${error?.stack ?? error}\n`),
});
const channelId = sandbox.admin.store.data.channels.find((channel) => channel.title === 'Demo Live').id;
process.stdout.write(
  `${JSON.stringify({ ready: true, dataDir, adminKey: sandbox.adminKey, apiUrl: sandbox.apiUrl, authUrl: sandbox.authUrl, ftpUrl: sandbox.ftpUrl, clientId: sandbox.client.id, clientSecret: sandbox.client.secret, username: sandbox.demo.username, password: sandbox.demo.password, channelId })}\n`,
);

let stopping = false;
process.on('SIGTERM', async () => {
  if (stopping) return;
  stopping = true;
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
