// The certificates of the sandbox's RTMPS ingest, made at each start with node:crypto alone (no openssl
// needed, so the embedded sandbox of a packaged app on any system has them): a certificate authority of its
// own, and a server certificate it signs for the ingest's names (localhost, 127.0.0.1, ::1 and the address
// it listens on). The authority's private key never leaves this function: once the server certificate is
// signed it is dropped, so nothing can sign another certificate under it. Only the authority's certificate
// (public) is handed out, to the sandbox profile alone.
//
// X.509 v3 in DER, written by hand (RFC 5280): ECDSA P-256 keys, signed with SHA-256.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';

export interface TlsCertificates {
  /** The authority's certificate (PEM): what a client trusts. */
  readonly caCertificate: string;
  /** The server's certificate (PEM), signed by the authority. */
  readonly certificate: string;
  /** The server's private key (PEM, PKCS #8). */
  readonly key: string;
}

export interface CertificateRequest {
  /** Host names and IP addresses the server certificate is for. */
  readonly names: readonly string[];
  /** Default 397 days, the longest a public server certificate may live. */
  readonly validDays?: number;
  /** Names the authority, so two sandboxes' authorities are told apart. */
  readonly authorityName?: string;
}

const DAY_MS = 86_400_000;
const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
} as const;

export function issueTlsCertificates(request: CertificateRequest): TlsCertificates {
  const names = [...new Set(request.names)];
  if (names.length === 0) throw new Error('A server certificate needs at least one name.');
  const now = Date.now();
  // An hour back: a client whose clock is a little behind still accepts it.
  const validity = { from: new Date(now - 3_600_000), until: new Date(now + (request.validDays ?? 397) * DAY_MS) };
  const authority = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const server = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const authorityName = request.authorityName ?? `Broadcaster Companion sandbox CA ${randomBytes(4).toString('hex')}`;
  const authorityKeyId = keyIdentifier(authority.publicKey);
  const caCertificate = signCertificate({
    issuer: authorityName,
    subject: authorityName,
    publicKey: authority.publicKey,
    signer: authority.privateKey,
    validity,
    extensions: [
      extension(OID.basicConstraints, true, sequence(boolean(true))),
      // keyCertSign and cRLSign (bits 5 and 6).
      extension(OID.keyUsage, true, bitString(Buffer.from([0x06]), 1)),
      extension(OID.subjectKeyIdentifier, false, octetString(authorityKeyId)),
    ],
  });
  const certificate = signCertificate({
    issuer: authorityName,
    subject: names[0]!,
    publicKey: server.publicKey,
    signer: authority.privateKey,
    validity,
    extensions: [
      extension(OID.basicConstraints, true, sequence()),
      // digitalSignature (bit 0).
      extension(OID.keyUsage, true, bitString(Buffer.from([0x80]), 7)),
      extension(OID.extKeyUsage, false, sequence(oid(OID.serverAuth))),
      extension(OID.subjectAltName, false, sequence(...names.map(generalName))),
      extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(server.publicKey))),
      extension(OID.authorityKeyIdentifier, false, sequence(tlv(0x80, authorityKeyId))),
    ],
  });
  return { caCertificate: pem('CERTIFICATE', caCertificate), certificate: pem('CERTIFICATE', certificate), key: server.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

interface CertificateFields {
  readonly issuer: string;
  readonly subject: string;
  readonly publicKey: KeyObject;
  readonly signer: KeyObject;
  readonly validity: { readonly from: Date; readonly until: Date };
  readonly extensions: readonly Buffer[];
}

function signCertificate(fields: CertificateFields): Buffer {
  const algorithm = sequence(oid(OID.ecdsaWithSha256));
  const serial = randomBytes(16);
  // Positive and minimally encoded: the top bit clear, the first byte not zero.
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    distinguishedName(fields.issuer),
    sequence(time(fields.validity.from), time(fields.validity.until)),
    distinguishedName(fields.subject),
    fields.publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, sequence(...fields.extensions)),
  );
  // ECDSA signatures come DER-encoded (r, s), as X.509 wants them.
  return sequence(tbs, algorithm, bitString(sign('sha256', tbs, fields.signer)));
}

/** SHA-1 of the public key's bits (RFC 5280 4.2.1.2, method 1). */
function keyIdentifier(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  // A P-256 SPKI is a fixed 26-byte header then the 65-byte point.
  return createHash('sha1').update(spki.subarray(spki.length - 65)).digest();
}

function generalName(name: string): Buffer {
  const family = isIP(name);
  if (family === 4) return tlv(0x87, Buffer.from(name.split('.').map(Number)));
  if (family === 6) return tlv(0x87, ipv6Bytes(name));
  return tlv(0x82, Buffer.from(name, 'ascii'));
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = groups(head);
  const back = address.includes('::') ? groups(tail) : [];
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  const bytes = Buffer.alloc(16);
  all.forEach((group, index) => bytes.writeUInt16BE(group, index * 2));
  return bytes;
}

function distinguishedName(commonName: string): Buffer {
  return sequence(tlv(0x31, sequence(oid(OID.commonName), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return sequence(oid(id), ...(critical ? [boolean(true)] : []), octetString(value));
}

/** UTCTime up to 2049, GeneralizedTime after (RFC 5280 4.1.2.5). */
function time(date: Date): Buffer {
  const iso = date.toISOString();
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(digits.slice(2), 'ascii')) : tlv(0x18, Buffer.from(digits, 'ascii'));
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function integer(bytes: Buffer): Buffer {
  return tlv(0x02, bytes);
}

function boolean(value: boolean): Buffer {
  return tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
}

function octetString(bytes: Buffer): Buffer {
  return tlv(0x04, bytes);
}

function bitString(bytes: Buffer, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), bytes]));
}

function sequence(...items: Buffer[]): Buffer {
  return tlv(0x30, Buffer.concat(items));
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content]);
  const lengthBytes: number[] = [];
  for (let value = length; value > 0; value >>>= 8) lengthBytes.unshift(value & 0xff);
  return Buffer.concat([Buffer.from([tag, 0x80 | lengthBytes.length, ...lengthBytes]), content]);
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
