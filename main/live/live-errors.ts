// Platform refusals that going live and recording meet, as sentences about the channel the streamer chose.
// They are CompanionErrors, so the dispatcher hands them to the UI as they are and the CLI prints them.
import { CompanionError } from '../../preload/contract.js';
import { PlatformError } from '../platform/platform-error.js';

/**
 * A 404 or 403 on a channel call names the channel and says what to do; anything else (a 401 the session
 * must see, a network failure) is returned unchanged.
 */
export function channelAccessError(error: unknown, channelId: string, managedFor: string | null = null): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (error.status === 404) {
    return new CompanionError('channel_not_found', `There is no channel ${channelId} on the platform (any more): choose one of your own channels.`);
  }
  if (error.status === 403 && managedFor !== null) {
    return new CompanionError(
      'not_channel_manager',
      `You manage channel ${channelId} for ${managedFor}, but the platform now refuses it: ${managedFor} has turned off your manager access or taken this channel from you. Ask ${managedFor} to make you an active manager of it again, or choose another channel.`,
    );
  }
  if (error.status === 403) {
    return new CompanionError(
      'not_channel_owner',
      `Channel ${channelId} belongs to another account: the signed-in account can go live and record only on its own channels and on channels it is an active manager of.`,
    );
  }
  return error;
}

export function channelOffAirError(channelId: string): CompanionError {
  return new CompanionError(
    'channel_off_air',
    `Channel ${channelId} is off air: the platform records only during a broadcast. Start broadcasting first (or turn on "record when live").`,
  );
}

export function autorecordNotInPlanError(): CompanionError {
  return new CompanionError(
    'autorecord_not_in_plan',
    "Your plan does not include autorecording: upgrade the plan on the platform's website, or start recordings yourself.",
  );
}
