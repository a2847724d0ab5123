// The sandbox's image header reader (format and size from PNG IHDR, GIF logical screen, JPEG SOF) and
// its multipart/form-data reader.
import { describe, expect, it } from 'vitest';
import { imageFormat, readImageHeader } from '../../../sandbox/api/image-header.js';
import { multipartBoundary, parseMultipart } from '../../../sandbox/http/multipart.js';
import { testImage } from '../../support/test-images.js';

describe('readImageHeader', () => {
  it.each(['png', 'gif', 'jpeg'] as const)('reads the format and size of a %s', (format) => {
    expect(readImageHeader(testImage(format, 120, 48))).toEqual({ format, width: 120, height: 48 });
  });
  it('is null for other bytes, and for a header cut short', () => {
    expect(readImageHeader(Buffer.from('plain words'))).toBeNull();
    expect(readImageHeader(new Uint8Array())).toBeNull();
    const png = testImage('png', 10, 10);
    expect(imageFormat(png.subarray(0, 10))).toBe('png');
    expect(readImageHeader(png.subarray(0, 20))).toBeNull();
    expect(readImageHeader(testImage('jpeg', 10, 10).subarray(0, 30))).toBeNull();
  });
});

describe('multipart', () => {
  it('finds the boundary, quoted or not, only for multipart/form-data', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('image/png')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
  it('reads the parts a FormData body is made of, bytes intact', async () => {
    const bytes = testImage('png', 16, 16);
    const form = new FormData();
    form.append('title', 'hello');
    form.append('picture', new Blob([bytes], { type: 'image/png' }), 'p.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const boundary = multipartBoundary(request.headers.get('content-type') ?? undefined);
    expect(boundary).not.toBeNull();
    const parts = parseMultipart(Buffer.from(await request.arrayBuffer()), boundary ?? '');
    expect(parts?.map((part) => [part.name, part.filename, part.contentType])).toEqual([
      ['title', null, null],
      ['picture', 'p.png', 'image/png'],
    ]);
    expect(parts?.[0]?.data.toString()).toBe('hello');
    expect(Buffer.compare(parts?.[1]?.data ?? Buffer.alloc(0), bytes)).toBe(0);
  });
  it('keeps "--" and the boundary inside a part\'s bytes when no CRLF comes before them (RFC 2046 delimiters)', () => {
    const data = Buffer.from('a--abc b\n--abc c');
    const body = Buffer.concat([Buffer.from('--abc\r\nContent-Disposition: form-data; name="file"\r\n\r\n'), data, Buffer.from('\r\n--abc--\r\n')]);
    const parts = parseMultipart(body, 'abc');
    expect(parts?.map((part) => part.name)).toEqual(['file']);
    expect(parts?.[0]?.data.toString()).toBe(data.toString());
  });
  it('is null for a body without the boundary or cut short', () => {
    expect(parseMultipart(Buffer.from('nothing here'), 'abc')).toBeNull();
    expect(parseMultipart(Buffer.from('--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue'), 'abc')).toBeNull();
  });
});
