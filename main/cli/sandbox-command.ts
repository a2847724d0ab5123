// `companion sandbox`: the local platform on its own, until SIGINT/SIGTERM.
import { emitJson, noPositionals, portOption, stringOption, stringOptions, untilStopped, UsageError, type Command } from './command-context.js';

export const sandboxCommand: Command = {
  synopsis:
    'sandbox [--host H] [--port P] [--auth-port P] [--ftp-port P] [--rtmp-port P] [--rtmps-port P] [--state FILE] [--data-dir DIR] [--ftp-url URL --ftp-root DIR] [--rate-limit CALLS/SECONDS]\n' +
    '                             run the local platform; prints its addresses and demo credentials',
  options: stringOptions('host', 'port', 'auth-port', 'ftp-port', 'rtmp-port', 'rtmps-port', 'state', 'data-dir', 'ftp-url', 'ftp-root', 'rate-limit'),
  async run(context, values, positionals) {
    noPositionals('sandbox', positionals);
    const ftpUrl = stringOption(values, 'ftp-url');
    const ftpRoot = stringOption(values, 'ftp-root');
    if ((ftpUrl === undefined) !== (ftpRoot === undefined)) {
      throw new UsageError('--ftp-url and --ftp-root go together: the external FTP server, and the folder where its uploads land');
    }
    if (ftpUrl !== undefined && !/^ftp:\/\/[^:@/]+:[^@/]+@[^/]+/.test(ftpUrl)) throw new UsageError('--ftp-url must look like ftp://user:password@host:port');
    const rateLimit = rateLimitOption(stringOption(values, 'rate-limit'));
    // Loaded here, not with the other commands: its servers' packages would slow the start of every command.
    const { startSandbox } = await import('../../sandbox/index.js');
    const sandbox = await startSandbox({
      rateLimit,
      host: stringOption(values, 'host'),
      apiPort: portOption(values, 'port'),
      authPort: portOption(values, 'auth-port'),
      ftpPort: portOption(values, 'ftp-port'),
      rtmpPort: portOption(values, 'rtmp-port'),
      rtmpsPort: portOption(values, 'rtmps-port'),
      stateFile: stringOption(values, 'state') ?? null,
      dataDir: stringOption(values, 'data-dir'),
      externalFtp: ftpUrl !== undefined && ftpRoot !== undefined ? { url: ftpUrl, root: ftpRoot } : undefined,
      onInternalError: (error) => context.err.write(`sandbox: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
    });
    const ready = {
      api_url: sandbox.apiUrl,
      auth_url: sandbox.authUrl,
      ftp_url: sandbox.ftpUrl,
      rtmp_url: sandbox.rtmpUrl,
      rtmps_url: sandbox.rtmpsUrl,
      rtmps_ca_file: sandbox.rtmpsCaFile,
      client_id: sandbox.client.id,
      client_secret: sandbox.client.secret,
      username: sandbox.demo.username,
      password: sandbox.demo.password,
      admin_key: sandbox.adminKey,
    };
    if (context.json) {
      emitJson(context, 'ready', ready);
    } else {
      context.out.write(
        [
          'The sandbox platform is running.',
          `  API            ${ready.api_url}`,
          `  Authorization  ${ready.auth_url}/oauth2/authorize`,
          `  FTP uploads    ${ready.ftp_url}`,
          `  RTMP ingest    ${ready.rtmp_url}`,
          `  RTMPS ingest   ${ready.rtmps_url}  (its authority: ${ready.rtmps_ca_file}, new at each start)`,
          `  Client id      ${ready.client_id}`,
          `  Client secret  ${ready.client_secret}  (a sandbox credential, new for each fresh state)`,
          `  Demo user      ${ready.username} / ${ready.password}   (second user: ${sandbox.rival.username} / ${sandbox.rival.password})`,
          `  Admin key      ${ready.admin_key}  (for the operator calls under ${ready.api_url}/_sandbox/, see the README)`,
          `  Data           ${sandbox.dataDir}`,
          'Press Ctrl+C to stop.',
          '',
        ].join('\n'),
      );
    }
    const signal = await untilStopped();
    await sandbox.close();
    if (context.json) emitJson(context, 'stopped', { signal });
    else context.out.write('Sandbox stopped.\n');
    return 0;
  },
};

/** `--rate-limit 5/10`: 5 calls per 10 s per caller and endpoint. */
function rateLimitOption(value: string | undefined): { limit: number; windowSeconds: number } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{1,7})\/(\d{1,4})$/.exec(value);
  const budget = match ? { limit: Number(match[1]), windowSeconds: Number(match[2]) } : null;
  if (!budget || budget.limit < 1 || budget.windowSeconds < 1 || budget.windowSeconds > 3600) {
    throw new UsageError(`--rate-limit must be CALLS/SECONDS, e.g. 5/10 (at least 1 call, a window of 1 to 3600 s; got ${value})`);
  }
  return budget;
}
