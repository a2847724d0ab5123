// `companion record start|stop --channel ID`: the platform's cloud recorder on one of the user's channels.
import { Recorder, type RecorderEvent } from '../live/recorder.js';
import { createPlatformApi } from '../platform/endpoints/index.js';
import { emitJson, stringOption, UsageError, type Command, type CommandContext } from './command-context.js';
import { passwordSignIn, runSignInOptions, signInAdvice, signInForThisRun } from './run-sign-in.js';
import { coreForCommand } from './core-for-command.js';

export const recordCommand: Command = {
  synopsis:
    'record start|stop --channel ID\n' +
    '                             the cloud recorder: start recording a live channel, or stop and print the video',
  options: { channel: { type: 'string' }, ...runSignInOptions },
  async run(context, values, positionals) {
    const [action, ...extra] = positionals;
    if (action !== 'start' && action !== 'stop') throw new UsageError(`record takes start or stop (got ${action === undefined ? 'nothing' : JSON.stringify(action)})`);
    if (extra.length > 0) throw new UsageError(`record ${action} takes no more arguments (got ${extra.join(' ')})`);
    const channelId = stringOption(values, 'channel');
    if (channelId === undefined || channelId === '') throw new UsageError('record needs --channel ID (`companion channels` lists yours)');

    const signIn = await passwordSignIn(context, values);

    const core = await coreForCommand(context, {});
    try {
      await signInForThisRun(core, signIn);
      const session = await core.session.info();
      if (session.status === 'signed-out') throw new Error(`Not signed in to profile ${session.profile}: ${signInAdvice(core.keychain)}.`);
      if (session.status === 'expired') throw new Error(`The sign-in to profile ${session.profile} has expired: ${signInAdvice(core.keychain)}.`);
      const recorder = new Recorder({ platform: createPlatformApi(await core.platformCaller()), channelId, onEvent: (event) => report(context, event) });
      try {
        if (action === 'start') await recorder.start();
        else await recorder.stop();
      } finally {
        // The command ends here; the platform records on (or not) by itself.
        recorder.close();
      }
    } finally {
      await core.session.close();
    }
    return 0;
  },
};

function report(context: CommandContext, event: RecorderEvent): void {
  if (event.type === 'recording-started') {
    if (context.json) {
      emitJson(context, 'recording-started', { channel: event.channelId, since: event.since, video_id: event.videoId, limit_seconds: event.limitSeconds });
    } else {
      context.out.write(`Recording channel ${event.channelId}.\nThe platform ends the recording after ${duration(event.limitSeconds)} (the channel's record time limit).\n`);
    }
  } else if (event.type === 'recording-stopped') {
    const video = event.video === null ? null : { id: event.video.id, url: event.video.url };
    if (context.json) emitJson(context, 'recording-stopped', { channel: event.channelId, video });
    else if (video === null) context.out.write(`Stopped; nothing was recorded (channel ${event.channelId} was not recording).\n`);
    else context.out.write(`Stopped; the recording is video ${video.id}: ${video.url}\n`);
  }
}

/** 28800 → "8 h", 5400 → "1 h 30 min", 45 → "45 s". */
function duration(seconds: number): string {
  const parts = [
    [Math.floor(seconds / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'min'],
    [seconds % 60, 's'],
  ] as const;
  const shown = parts.filter(([amount]) => amount > 0).map(([amount, unit]) => `${amount} ${unit}`);
  return shown.length === 0 ? '0 s' : shown.join(' ');
}
