// How a TLS failure reads for the streamer: each certificate problem in its own words with what to do, as
// its own kind; other socket errors are not certificate problems.
import { describe, expect, it } from 'vitest';
import { describeCertificateProblem, describeSocketError, refusedStream, timedOut } from '../../../main/relay/publish-failure.js';

const tlsError = (code: string, message = 'x', reason?: string) => Object.assign(new Error(message), { code, ...(reason ? { reason } : {}) });

describe('describeCertificateProblem', () => {
  it('an authority this computer does not trust', () => {
    expect(describeCertificateProblem(tlsError('UNABLE_TO_VERIFY_LEAF_SIGNATURE'))).toBe(
      "the ingest's certificate is not trusted: it is signed by an authority this computer does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE). " +
        "If the ingest is your own server, add its authority's certificate to NODE_EXTRA_CA_CERTS; otherwise tell the platform, or switch the profile to plain RTMP.",
    );
    expect(describeCertificateProblem(tlsError('UNABLE_TO_GET_ISSUER_CERT_LOCALLY'))).toMatch(/^the ingest's certificate is not trusted: it is signed by an authority this computer does not trust/);
  });

  it('a self-signed certificate', () => {
    expect(describeCertificateProblem(tlsError('DEPTH_ZERO_SELF_SIGNED_CERT'))).toMatch(
      /^the ingest's certificate is not trusted: it is self-signed, by an authority this computer does not trust \(DEPTH_ZERO_SELF_SIGNED_CERT\)\. If the ingest is your own server/,
    );
    expect(describeCertificateProblem(tlsError('SELF_SIGNED_CERT_IN_CHAIN'))).toMatch(/self-signed/);
  });

  it('a name the certificate is not for', () => {
    const error = tlsError('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames", "IP: 127.0.0.2 is not in the cert's list: 127.0.0.1");
    expect(describeCertificateProblem(error)).toBe(
      "the ingest's certificate is not trusted: it was issued for other names (IP: 127.0.0.2 is not in the cert's list: 127.0.0.1) (ERR_TLS_CERT_ALTNAME_INVALID). Check the ingest address: it must be a name the certificate is for.",
    );
  });

  it('expired, or not valid yet: with its dates when the server showed them, and the clock to check', () => {
    expect(describeCertificateProblem(tlsError('CERT_HAS_EXPIRED'), { validTo: 'Jan  1 00:00:00 2026 GMT' })).toBe(
      "the ingest's certificate is not trusted: it expired on Jan  1 00:00:00 2026 GMT (CERT_HAS_EXPIRED). Check this computer's date and time; if they are right, the platform has to renew its certificate.",
    );
    expect(describeCertificateProblem(tlsError('CERT_HAS_EXPIRED'))).toMatch(/: it expired \(CERT_HAS_EXPIRED\)\. Check this computer's date and time/);
    expect(describeCertificateProblem(tlsError('CERT_NOT_YET_VALID'), { validFrom: 'Dec  1 00:00:00 2030 GMT' })).toMatch(/: it is not valid yet \(from Dec {2}1 00:00:00 2030 GMT\) \(CERT_NOT_YET_VALID\)\. Check this computer's date/);
  });

  it('revoked', () => {
    expect(describeCertificateProblem(tlsError('CERT_REVOKED'))).toMatch(/: it was revoked by its authority \(CERT_REVOKED\)\. Tell the platform/);
  });

  it('is not about network errors', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ERR_SSL_WRONG_VERSION_NUMBER', 'ETIMEDOUT']) expect(describeCertificateProblem(tlsError(code))).toBeNull();
  });
});

describe('describeSocketError', () => {
  it('words network errors, and a server that does not speak TLS', () => {
    expect(describeSocketError(tlsError('ECONNREFUSED'))).toBe('nothing listens there (connection refused)');
    expect(describeSocketError(tlsError('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number'))).toBe('it does not speak TLS as an rtmps:// ingest should (ERR_SSL_WRONG_VERSION_NUMBER)');
  });
});

describe('reasons that say their kind', () => {
  it('a timeout opens with "timed out", a refusal says the ingest refused the stream and what to check', () => {
    expect(timedOut('it took no data for 5 s')).toMatchObject({ kind: 'timeout', message: 'timed out: it took no data for 5 s' });
    expect(refusedStream('it refused the publish (NetStream.Publish.BadName)')).toMatchObject({
      kind: 'refused',
      message: 'it refused the publish (NetStream.Publish.BadName); the ingest refused the stream (check the stream key)',
    });
  });
});
