// How the cloud recorder's events read on a terminal and as --json lines: one `recording` line per fact
// (started, stopped, failed), each with the recording's video id where the platform told it (issue 22).
import type { RecorderEvent } from '../live/recorder.js';
import { emitJson, type CommandContext } from './command-context.js';

export function printRecorderEvent(context: CommandContext, event: RecorderEvent): void {
  const line = recordingLine(event);
  if (line === null) return;
  if (context.json) emitJson(context, 'recording', line.fields);
  else context.out.write(`${line.text}\n`);
}

function recordingLine(event: RecorderEvent): { fields: Record<string, unknown>; text: string } | null {
  switch (event.type) {
    case 'recording-started':
      return {
        fields: { state: 'started', channelId: event.channelId, videoId: event.videoId, trigger: event.trigger, since: event.since, limitSeconds: event.limitSeconds },
        text: `Recording the channel${event.videoId === null ? '' : ` as video ${event.videoId}`} (for up to ${Math.round(event.limitSeconds / 60)} min).`,
      };
    case 'recording-stopped':
      return {
        fields: { state: 'stopped', channelId: event.channelId, videoId: event.video?.id ?? null, url: event.video?.url ?? null, reason: event.reason },
        text: `Recording stopped (${STOP_WORDS[event.reason]})${event.video === null ? '; the platform named no video for it.' : `: video ${event.video.id}, ${event.video.url}`}`,
      };
    case 'recording-failed':
      return {
        fields: { state: 'failed', channelId: event.channelId, action: event.action, reason: event.error.message },
        text: `The recording could not be ${event.action === 'start' ? 'started' : 'stopped'}: ${event.error.message}`,
      };
    case 'recording-limit-reached':
      // Told by the stop that follows it (reason `limit-reached`): one line for one fact.
      return null;
  }
}

const STOP_WORDS = { stopped: 'stopped as asked', 'limit-reached': "the channel's recording time limit was reached", 'broadcast-ended': 'the broadcast ended' } as const;
