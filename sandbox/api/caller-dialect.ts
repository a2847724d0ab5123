// Which face of the platform a call meets: the dialect of the client its token was issued to
// (docs/sandbox.md, "Dialects"). A token that is no longer valid (expired, revoked) still names its client,
// so its refusal is worded in that client's dialect; a call without a token, or with one this platform never
// issued, meets the spec's.
import type { RequestContext } from '../http/request-context.js';
import type { ClientDialect } from '../state/model.js';

export function callerDialect(context: RequestContext): ClientDialect {
  const token = context.principal()?.token ?? presentedBearerToken(context);
  const client = token ? context.store.client(token.clientId) : undefined;
  return client?.dialect ?? 'spec';
}

function presentedBearerToken(context: RequestContext) {
  const presented = /^Bearer\s+(\S+)$/i.exec(context.headers.authorization ?? '')?.[1];
  return presented === undefined ? undefined : context.store.token(presented);
}
