// How this profile publishes: over TLS first where the ingest offers it (today's platform, unless the
// profile's plain-RTMP switch is on; the spec's dialect has no TLS ingest), and which authorities an
// rtmps:// connection trusts beside the system's: the embedded sandbox's own authority for the sandbox
// profile, none for a platform profile. The relay is handed this as data.
import type { SessionService } from '../session/session-service.js';

export interface PublishChoice {
  readonly preferTls: boolean;
  /** PEM certificates trusted in addition to Node's store (its roots and NODE_EXTRA_CA_CERTS). */
  readonly extraCaCerts: readonly string[];
}

export async function publishChoice(session: Pick<SessionService, 'platform' | 'sandbox'>): Promise<PublishChoice> {
  const { dialect, plainRtmp } = await session.platform();
  const sandbox = await session.sandbox();
  return { preferTls: dialect === 'current' && !plainRtmp, extraCaCerts: sandbox ? [sandbox.rtmpsCaCertificate] : [] };
}
