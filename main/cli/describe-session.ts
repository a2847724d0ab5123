// How a session reads on a terminal and in --json lines.
import type { SessionInfo } from '../../preload/contract.js';

export function sessionFields(session: SessionInfo): Record<string, unknown> {
  return {
    profile: session.profile,
    dialect: session.dialect,
    api_url: session.platform?.apiUrl ?? null,
    status: session.status,
    user: session.user,
    token_type: session.tokenType,
    scope: session.scopes.join(' '),
    expires_at: session.expiresAt,
    renewable: session.renewable,
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
        : `${session.renewable ? 'token renews itself; this one ' : ''}expires ${new Date(session.expiresAt * 1000).toISOString()} (in ${Math.round((session.expiresAt - now) / 60)} minutes)`;
  return [
    `Signed in to ${where}${session.user ? ` as ${session.user}` : ''}.`,
    `  token   ${session.tokenType === 'mac' ? 'MAC (hmac-sha-1)' : 'bearer'}${session.renewable ? ' with a refresh token' : ''}`,
    `  speaks  ${session.dialect === 'current' ? "today's platform (code + PKCE, HTTP uploads, RTMPS)" : 'the spec (parts A and B: MAC tokens, FTP uploads)'}`,
    `  scope   ${session.scopes.length > 0 ? session.scopes.join(' ') : '(none)'}`,
    `  expiry  ${expiry}`,
  ].join('\n');
}
