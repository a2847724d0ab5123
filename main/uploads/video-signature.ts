// Whether a file's first bytes are one of the containers the platform takes (spec part B, "Upload by FTP":
// mkv mp4 mov flv avi wmv ogm mpeg2). The extension only names the file: a `.mp4` that is a text file,
// a key or a password database is not a video, whatever it is called.

/** Enough for every signature below (an MPEG transport stream needs three 188- or 192-byte packets). */
export const SIGNATURE_BYTES = 600;

const ASF_HEADER_GUID = Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]);
/** ISO base media (mp4) and QuickTime (mov) files start with an atom: these are the ones found first. */
const FIRST_ATOMS = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot', 'uuid']);

/** True when `head` (the file's first bytes) starts like a video container the platform takes. */
export function looksLikeVideo(head: Buffer): boolean {
  const ascii = (from: number, to: number): string => head.subarray(from, to).toString('latin1');
  if (head.length >= 8 && FIRST_ATOMS.has(ascii(4, 8))) return true; // mp4, mov
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return true; // Matroska, WebM (EBML)
  if (ascii(0, 3) === 'FLV') return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return true;
  if (head.subarray(0, 16).equals(ASF_HEADER_GUID)) return true; // wmv
  if (ascii(0, 4) === 'OggS') return true; // ogm
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba) return true; // MPEG program stream pack header
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001b3) return true; // MPEG video sequence header
  return syncEvery(head, 0, 188) || syncEvery(head, 4, 192); // MPEG transport stream, and M2TS with its 4-byte time code
}

/** Three packets in a row starting with the 0x47 sync byte. */
function syncEvery(head: Buffer, first: number, packet: number): boolean {
  return [0, 1, 2].every((index) => head[first + index * packet] === 0x47);
}
