// What can go wrong in signing in, with codes the UI and CLI act on.
import { CompanionError } from '../../preload/contract.js';

export const signInErrors = {
  accessDenied: () => new CompanionError('access_denied', 'Access was denied on the platform’s sign-in page, so you are still signed out. Sign in again and choose Allow.'),
  stateMismatch: () =>
    new CompanionError('state_mismatch', 'The sign-in answer did not belong to a sign-in started here (its state did not match), so it was refused. Start the sign-in again from the app.'),
  noPendingSignIn: () => new CompanionError('state_mismatch', 'No sign-in is waiting for this answer; it may be old or opened twice. Start the sign-in again from the app.'),
  platformError: (error: string, description?: string) => new CompanionError('sign_in_failed', `The platform refused the sign-in (${error}${description ? `: ${description}` : ''}).`),
  unknownProfile: (profile: string, known: string[]) => new CompanionError('unknown_profile', `There is no profile called ${profile}; the profiles are ${known.join(', ')}.`),
  noDriver: () => new CompanionError('sign_in_unavailable', 'This shell cannot show the sign-in page; use `companion login`.'),
  noPasswordGrant: (profile: string) =>
    new CompanionError(
      'sign_in_unavailable',
      `The profile ${profile} speaks today's platform, which has no password sign-in: run \`companion login\` without --username (the login page opens in your browser), or sign in from the app.`,
    ),
  revocationFailed: (cause: unknown) =>
    new CompanionError(
      'revocation_failed',
      `Signed out on this computer (the tokens left the keychain), but the platform could not be told to revoke them (${cause instanceof Error ? cause.message : String(cause)}). Until they run out they still work for whoever has a copy: revoke this app's access on the platform's website if that worries you.`,
    ),
  addressInClear: (address: string) =>
    new CompanionError(
      'bad_request',
      `The address ${address} is http:// on another computer: sign-ins, tokens and keys would cross the network in clear. Use its https:// address (http:// is accepted only for this computer: 127.0.0.1, localhost, ::1).`,
    ),
  notConfigured: (profile: string) => new CompanionError('profile_incomplete', `The profile ${profile} has no client secret in the keychain; add it with \`companion login --profile ${profile} --client-secret-stdin\` (the secret on standard input) or COMPANION_CLIENT_SECRET.`),
};
