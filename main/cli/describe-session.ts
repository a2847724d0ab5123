// How a session reads on a terminal and in --json lines.
import type { SessionInfo } from '../../preload/contract.js';

export function sessionFields(session: SessionInfo): Record<string, unknown> {
  return {
    profile: session.profile,
    api_url: session.platform?.apiUrl ?? null,
    status: session.status,
    user: session.user,
    token_type: session.tokenType,
    scope: session.scopes.join(' '),
    expires_at: session.expiresAt,
  };
}

/** `advice`: what to do without a sign-in (it depends on whether a keychain can keep one). */
export function describeSession(session: SessionInfo, now = Date.now() / 1000, advice = 'run `companion login`'): string {
  const where = `profile ${session.profile}${session.platform ? ` (${session.platform.apiUrl})` : ''}`;
  if (session.status === 'signed-out') return `Not signed in to ${where}: ${advice}.`;
  const expiry =
    session.expiresAt === null
      ? 'never expires (offline)'
      : session.status === 'expired'
        ? `expired at ${new Date(session.expiresAt * 1000).toISOString()}; ${advice}`
        : `expires ${new Date(session.expiresAt * 1000).toISOString()} (in ${Math.round((session.expiresAt - now) / 60)} minutes)`;
  return [
    `Signed in to ${where}${session.user ? ` as ${session.user}` : ''}.`,
    `  token   ${session.tokenType === 'mac' ? 'MAC (hmac-sha-1)' : 'bearer'}`,
    `  scope   ${session.scopes.length > 0 ? session.scopes.join(' ') : '(none)'}`,
    `  expiry  ${expiry}`,
  ].join('\n');
}
