// Why a publish failed, in words for the streamer, and what kind of failure it is (which decides the
// relay's next move: the next target, a fresh key, or giving up). Socket errors read as what happened on
// the network; a certificate the connection could not trust reads as its own kind, `untrusted`.

/** What went wrong, as far as choosing the next move is concerned. */
export type FailureKind =
  /** Could not reach it, or it went away before the publish was asked for. */
  | 'unreachable'
  /** Its TLS certificate could not be trusted (rtmps://): not its authority, not its name, or out of date. */
  | 'untrusted'
  /** It answered too slowly, or stopped taking data. */
  | 'timeout'
  /** It refused the publish: a wrong or expired stream key, as far as a client can tell. */
  | 'refused'
  /** The connection ended after the target had accepted the publish. */
  | 'dropped';

export class PublishFailure extends Error {
  override readonly name = 'PublishFailure';
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reasons that say which kind of failure they are, in the streamer's words: a timeout opens with "timed out",
 * a refusal ends by saying the ingest refused the stream. Refused connections ("connection refused"), a
 * certificate ("the ingest's certificate is not trusted") and a closed connection ("it closed the connection",
 * "the connection was reset") say so already.
 */
export function timedOut(detail: string): PublishFailure {
  return new PublishFailure('timeout', `timed out: ${detail}`);
}

export function refusedStream(detail: string): PublishFailure {
  return new PublishFailure('refused', `${detail}; the ingest refused the stream (check the stream key)`);
}

/** What the failed connection showed of the server's certificate, when it got that far. */
export interface PeerCertificateDates {
  readonly validFrom?: string;
  readonly validTo?: string;
}

const UNTRUSTED_AUTHORITY = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'INVALID_CA',
  'CERT_CHAIN_TOO_LONG',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
]);
const SELF_SIGNED = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN']);
const OWN_AUTHORITY_ADVICE =
  "If the ingest is your own server, add its authority's certificate to NODE_EXTRA_CA_CERTS; otherwise tell the platform, or switch the profile to plain RTMP.";
const CLOCK_ADVICE = "Check this computer's date and time; if they are right, the platform has to renew its certificate.";

/**
 * The sentence for a TLS error about the server's certificate, or null when the error is about something
 * else (a refused connection, a reset...). Certificate codes are OpenSSL's, as Node reports them.
 */
export function describeCertificateProblem(error: NodeJS.ErrnoException & { reason?: string }, peer: PeerCertificateDates = {}): string | null {
  const code = error.code ?? '';
  let why: string;
  let advice: string;
  if (code === 'CERT_HAS_EXPIRED') {
    why = `it expired${peer.validTo ? ` on ${peer.validTo}` : ''}`;
    advice = CLOCK_ADVICE;
  } else if (code === 'CERT_NOT_YET_VALID') {
    why = `it is not valid yet${peer.validFrom ? ` (from ${peer.validFrom})` : ''}`;
    advice = CLOCK_ADVICE;
  } else if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    why = `it was issued for other names (${error.reason ?? error.message})`;
    advice = 'Check the ingest address: it must be a name the certificate is for.';
  } else if (SELF_SIGNED.has(code)) {
    why = 'it is self-signed, by an authority this computer does not trust';
    advice = OWN_AUTHORITY_ADVICE;
  } else if (UNTRUSTED_AUTHORITY.has(code) || code === 'CERT_REVOKED') {
    why = code === 'CERT_REVOKED' ? 'it was revoked by its authority' : 'it is signed by an authority this computer does not trust';
    advice = code === 'CERT_REVOKED' ? 'Tell the platform: its ingest must get a new certificate.' : OWN_AUTHORITY_ADVICE;
  } else {
    return null;
  }
  return `the ingest's certificate is not trusted: ${why} (${code}). ${advice}`;
}

export function describeSocketError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'nothing listens there (connection refused)';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'EPIPE':
      return 'the connection broke';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'its host name does not resolve';
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'it cannot be reached';
    default:
      if (/^ERR_SSL_/.test(error.code ?? '')) return `it does not speak TLS as an rtmps:// ingest should (${error.code})`;
      // Other errors say enough and carry no secrets.
      return error.code ? `${error.message} (${error.code})` : error.message;
  }
}

/** The code and description of a status object, for messages: " (NetStream.Publish.BadName: Already publishing)". */
export function describeStatus(info: unknown): { level: string; code: string; text: string } {
  if (typeof info !== 'object' || info === null) return { level: '', code: '', text: '' };
  const fields = info as Record<string, unknown>;
  const level = typeof fields.level === 'string' ? fields.level : '';
  const code = typeof fields.code === 'string' ? fields.code : '';
  const description = typeof fields.description === 'string' ? fields.description : '';
  const text = [code, description].filter((part) => part !== '').join(': ');
  return { level, code, text: text === '' ? '' : ` (${text})` };
}
