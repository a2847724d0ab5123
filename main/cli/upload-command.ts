// `companion upload --channel ID [--concurrency N] [--protect public|private] PATH...`: bulk upload of
// files and folders through the profile's persistent queue. Without paths it resumes what the queue
// holds. It runs until the batch is done; Ctrl+C stops the transfers where they are (the next run
// resumes them). A refused sign-in stops it too, with the command that signs in.
import { UploadSettingsStore } from '../settings/upload-settings.js';
import { openProfileUploadQueue } from '../uploads/profile-upload-queue.js';
import { CONCURRENCY_RANGE, PROTECTIONS, type Protection, type UploadEvent } from '../uploads/upload-types.js';
import { emitJson, stringOption, untilStopped, UsageError, type Command } from './command-context.js';
import { passwordSignIn, runSignInOptions, signInAdvice, signInForThisRun } from './run-sign-in.js';
import { coreForCommand } from './core-for-command.js';
import { UploadReporter } from './upload-reporter.js';

export const uploadCommand: Command = {
  synopsis:
    'upload --channel ID [--concurrency N] [--protect public|private] [--description TEXT] [--limit-rate BYTES[k|M]|none] PATH...\n' +
    '                             upload files and folders as videos; without PATH, resume the saved queue',
  options: { channel: { type: 'string' }, concurrency: { type: 'string' }, protect: { type: 'string' }, description: { type: 'string' }, 'limit-rate': { type: 'string' }, ...runSignInOptions },
  async run(context, values, paths) {
    const channelId = stringOption(values, 'channel');
    if (paths.length > 0 && !channelId) throw new UsageError('upload needs --channel ID for new files (`companion channels` lists yours)');
    const concurrency = integerOption(stringOption(values, 'concurrency'));
    const protect = protection(stringOption(values, 'protect'));
    const speedLimit = rate(stringOption(values, 'limit-rate'));

    const signIn = await passwordSignIn(context, values);
    const core = await coreForCommand(context, {});
    try {
      await signInForThisRun(core, signIn);
    } catch (error) {
      await core.session.close();
      throw error;
    }
    const session = await core.session.info();
    if (session.status !== 'signed-in') {
      await core.session.close();
      const why = session.status === 'expired' ? 'The sign-in has expired' : 'Not signed in';
      throw new Error(`${why} to profile ${session.profile}: ${signInAdvice(core.keychain)}.`);
    }
    // Unless told otherwise, the app's own choices (Uploads panel: files at once, speed limit).
    const saved = await new UploadSettingsStore(core.dataDir, (message) => core.logger.warn(message)).load();
    const reporter = new UploadReporter(context);
    let finish: (code: number) => void = () => undefined;
    const finished = new Promise<number>((resolve) => (finish = resolve));
    const onEvent = (event: UploadEvent): void => {
      reporter.report(event);
      if (event.event === 'done') finish(event.failed > 0 || event.rejected > 0 ? 1 : 0);
      if (event.event === 'paused' && event.reason === 'sign-in') finish(1);
    };
    const opened = openProfileUploadQueue({
      dataDir: core.dataDir,
      profile: session.profile,
      user: session.user,
      platformCaller: () => core.platformCaller(),
      vault: core.secretsFor(session.profile),
      logger: core.logger,
      onEvent,
      tuning: { concurrency: concurrency ?? saved.concurrency, speedLimit: speedLimit ?? saved.speedLimit },
    });
    const { queue } = opened;
    reporter.attach(() => queue.totals());
    try {
      if (paths.length > 0) await queue.add(paths, { channelId: channelId!, protect, description: stringOption(values, 'description') });
      const waiting = queue.totals().unfinished;
      if (waiting === 0 && paths.length === 0) {
        if (context.json) emitJson(context, 'done', { complete: 0, failed: 0, cancelled: 0, rejected: 0 });
        else context.out.write('Nothing to upload: the queue is empty. Give files or folders to add.\n');
        return 0;
      }
      queue.start();
      const outcome = await Promise.race([finished, untilStopped().then((signal) => ({ signal }))]);
      if (typeof outcome === 'number') {
        if (queue.totals().paused === 'sign-in') reporter.line(`The platform refused the sign-in: ${signInAdvice(core.keychain)}, then run \`companion upload\` to go on where it stopped.`);
        return outcome;
      }
      reporter.stopped(outcome.signal);
      return 130;
    } finally {
      reporter.detach();
      await opened.close();
      await core.session.close();
    }
  },
};

function integerOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < CONCURRENCY_RANGE.min || number > CONCURRENCY_RANGE.max) {
    throw new UsageError(`--concurrency is ${CONCURRENCY_RANGE.min} to ${CONCURRENCY_RANGE.max} (got ${value})`);
  }
  return number;
}

function protection(value: string | undefined): Protection | undefined {
  if (value === undefined) return undefined;
  if (!(PROTECTIONS as readonly string[]).includes(value)) throw new UsageError(`--protect is public or private (got ${value})`);
  return value as Protection;
}

/** "500k" → 512000 bytes per second; "2M" → 2097152; a plain number is bytes. */
function rate(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  const match = /^(\d+(?:\.\d+)?)([kKmMgG]?)$/.exec(value);
  if (!match) throw new UsageError(`--limit-rate takes bytes per second, like 500k or 2M, or none (got ${value})`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase()]!;
  const bytes = Math.round(Number(match[1]) * unit);
  if (bytes <= 0) throw new UsageError('--limit-rate must be more than 0');
  return bytes;
}
