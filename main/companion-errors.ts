// Errors of the capability modules, turned into what crosses the contract: a code the UI acts on and a
// sentence that says what happened and what to do.
import { asSentence, CompanionError } from '../preload/contract.js';
import { channelAdminAdvice } from './admin/channel-admin/channel-admin-errors.js';
import { PlatformError, SignInNeededError } from './platform/platform-error.js';
import { KeychainUnavailableError } from './vault/secret-store.js';

export function toCompanionError(error: unknown): CompanionError | null {
  if (error instanceof CompanionError) return error;
  if (error instanceof SignInNeededError) return new CompanionError('sign_in_needed', 'The platform no longer accepts your sign-in (it expired, was revoked, or the item is locked). Sign in again to go on.', error.message);
  // 402: the account's plan lacks the feature. Not a failure to retry: the UI shows it as a plan limit.
  if (error instanceof PlatformError && error.status === 402) {
    return new CompanionError('plan_lacks_feature', 'Your plan does not include this feature. Upgrade the plan on the platform to use it.', error.message);
  }
  if (error instanceof PlatformError) {
    const advice = channelAdminAdvice(error);
    const { words, details } = advice === null ? platformWords(error) : { words: advice, details: error.message };
    return new CompanionError(error.error ?? (error.status === 0 ? 'unreachable' : 'platform_error'), words, details);
  }
  if (error instanceof KeychainUnavailableError) return new CompanionError('keychain_unavailable', error.message);
  return null;
}

/**
 * A platform error's message names the call (`GET /users/self/channels.<format> answered 500 (…): the
 * platform failed; try again later.`): the person reads what follows the call, the whole of it is the detail.
 */
export function platformWords(error: PlatformError): { words: string; details: string | undefined } {
  if (!error.message.startsWith(error.endpoint)) return { words: error.message, details: undefined };
  const advice = error.message.slice(error.message.lastIndexOf(': ') + 2).trim();
  if (advice === '' || advice === error.message) return { words: error.message, details: undefined };
  return { words: asSentence(advice), details: error.message };
}
