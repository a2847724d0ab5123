// Errors of the capability modules, turned into what crosses the contract: a code the UI acts on and a
// sentence that says what happened and what to do.
import { CompanionError } from '../preload/contract.js';
import { channelAdminAdvice } from './admin/channel-admin/channel-admin-errors.js';
import { PlatformError, SignInNeededError } from './platform/platform-error.js';
import { KeychainUnavailableError } from './vault/secret-store.js';

export function toCompanionError(error: unknown): CompanionError | null {
  if (error instanceof CompanionError) return error;
  if (error instanceof SignInNeededError) return new CompanionError('sign_in_needed', `${error.message} Sign in again to go on.`);
  // 402: the account's plan lacks the feature. Not a failure to retry: the UI shows it as a plan limit.
  if (error instanceof PlatformError && error.status === 402) {
    return new CompanionError('plan_lacks_feature', `Your plan does not include this feature (${error.message}). Upgrade the plan on the platform to use it.`);
  }
  if (error instanceof PlatformError) return new CompanionError(error.error ?? (error.status === 0 ? 'unreachable' : 'platform_error'), channelAdminAdvice(error) ?? error.message);
  if (error instanceof KeychainUnavailableError) return new CompanionError('keychain_unavailable', error.message);
  return null;
}
