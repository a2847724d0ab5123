// Checks a hook delivery's X-Hook-Signature: HMAC-SHA1 of the body exactly as received, with the secret
// exchanged in the handshake. The spec does not say how the value is encoded: lowercase hex is compared
// first, base64 is accepted too (DESIGN.md). Compared in constant time, so timing tells nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hookSignatureMatches(body: Buffer, secret: string, signature: string): boolean {
  const digest = createHmac('sha1', secret).update(body).digest();
  const given = signature.trim();
  const asHex = /^[0-9a-f]{40}$/i.test(given) ? Buffer.from(given, 'hex') : null;
  const asBase64 = /^[A-Za-z0-9+/]{27}=$/.test(given) ? Buffer.from(given, 'base64') : null;
  return [asHex, asBase64].some((bytes) => bytes !== null && bytes.length === digest.length && timingSafeEqual(bytes, digest));
}
