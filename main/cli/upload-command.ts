// `companion upload --channel ID [--concurrency N] [--protect public|private] PATH...`: bulk upload of
// files and folders through the profile's persistent queue, by the same service the Uploads panel uses
// (main/upload-service/): it follows the sign-in, reads the saved settings, opens the signed-in user's
// queue with the profile's transport and resumes what the queue holds. --concurrency and --limit-rate
// apply to this run only. It runs until the batch is done; Ctrl+C stops the transfers where they are (the
// next run resumes them). A refused sign-in stops it too, with the command that signs in.
import { resolve } from 'node:path';
import { UploadSettingsStore } from '../settings/upload-settings.js';
import { UploadService, type UploadQueueControls } from '../upload-service/upload-service.js';
import { openProfileUploadQueue } from '../uploads/profile-upload-queue.js';
import { QueueBusyError } from '../uploads/queue-lock.js';
import { CONCURRENCY_RANGE, PROTECTIONS, type Protection } from '../uploads/upload-types.js';
import { emitJson, stringOption, untilStopped, UsageError, type Command } from './command-context.js';
import { passwordSignIn, runSignInOptions, signInAdvice, signInForThisRun } from './run-sign-in.js';
import { coreForCommand } from './core-for-command.js';
import { UploadBatchEnd } from './upload-batch-end.js';
import { UploadReporter } from './upload-reporter.js';
import { rateOption } from './rate-option.js';

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
    const speedLimit = rateOption(stringOption(values, 'limit-rate'));

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
    const reporter = new UploadReporter(context);
    const batch = new UploadBatchEnd();
    let queue: UploadQueueControls | null = null;
    let busy: QueueBusyError | null = null;
    const service = new UploadService({
      session: core.session,
      dataDir: core.dataDir,
      platformCaller: () => core.platformCaller(),
      vaultFor: core.secretsFor,
      settings: new UploadSettingsStore(core.dataDir, (message) => core.logger.warn(message)),
      logger: core.logger,
      // The rows and notices are the panel's; this command prints the queue's events (reporter).
      notify: () => undefined,
      // Under the saved timetable too, which the service applies at its boundaries.
      speedLimitForThisRun: speedLimit,
      limitChanged: (limit, timetable) => reporter.limitChanged(limit, timetable),
      openQueue: (options) => {
        try {
          const opened = openProfileUploadQueue({
            ...options,
            onEvent: (event) => {
              options.onEvent(event);
              reporter.report(event);
              batch.saw(event);
            },
            // Unless told otherwise, the app's own choices (Uploads panel: files at once; the speed limit: the service's).
            tuning: { ...options.tuning, concurrency: concurrency ?? options.tuning?.concurrency },
          });
          queue = opened.queue;
          return opened;
        } catch (error) {
          if (error instanceof QueueBusyError) busy = error;
          throw error;
        }
      },
    });
    try {
      await service.open();
      const state = await service.state();
      if (busy !== null) throw busy;
      if (!state.available || queue === null) throw new Error(state.reason?.message ?? 'The upload queue could not be opened.');
      const opened: UploadQueueControls = queue;
      reporter.attach(() => opened.totals());
      if (paths.length > 0) {
        batch.adding();
        await service.add({ paths: paths.map((path) => resolve(path)), channelId: channelId!, protect, description: stringOption(values, 'description') });
        batch.added();
      } else if (opened.totals().unfinished === 0) {
        if (context.json) emitJson(context, 'done', { complete: 0, failed: 0, cancelled: 0, rejected: 0 });
        else context.out.write('Nothing to upload: the queue is empty. Give files or folders to add.\n');
        return 0;
      }
      const outcome = await Promise.race([batch.end, untilStopped().then((signal) => ({ signal }))]);
      if (typeof outcome === 'number') {
        if (opened.totals().paused === 'sign-in') reporter.line(`The platform refused the sign-in: ${signInAdvice(core.keychain)}, then run \`companion upload\` to go on where it stopped.`);
        return outcome;
      }
      reporter.stopped(outcome.signal);
      return 130;
    } finally {
      reporter.detach();
      await service.close();
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
