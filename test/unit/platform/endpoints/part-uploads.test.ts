// Today's upload in parts (docs/platform-api/current.md), as the endpoint functions shape the requests and
// read the answers: create as a form (its integer videoId read as a string), each part as a multipart form
// with the four fields before the file (safe to repeat), completed with the uploadId, the status with its
// transcoding progress (null when the platform leaves it out). Against the sandbox over HTTP: the
// integration tests of main/uploads.
import { describe, expect, it } from 'vitest';
import { multipartForm, partUploadsApi } from '../../../../main/platform/endpoints/part-uploads.js';
import { RecordingCaller } from './recording-caller.js';

describe('partUploadsApi', () => {
  it('creates the video as a form and reads its integer id as a string', async () => {
    const caller = new RecordingCaller({ status: 201, body: { videoId: 900_001, uploadId: 'up-1' } });
    expect(await partUploadsApi(caller).create('5001', { title: 'Keynote', protect: 'private' })).toEqual({ videoId: '900001', uploadId: 'up-1' });
    expect(caller.requests[0]).toMatchObject({ method: 'POST', path: '/v2/channels/5001/uploads.json', form: { title: 'Keynote', protect: 'private' }, endpoint: 'POST /v2/channels/{channel_id}/uploads.json' });
    await expect(partUploadsApi(new RecordingCaller({ body: { videoId: 'x' } })).create('5001')).rejects.toMatchObject({ error: 'malformed_response' });
  });

  it('posts a part as a multipart form, its fields before the file, marked safe to send again', async () => {
    const caller = new RecordingCaller({ body: { partIndex: 2 } });
    const data = Buffer.from('the bytes of part two');
    await partUploadsApi(caller).part('5001', '900001', { uploadId: 'up-1', partIndex: 2, totalPartCount: 3, totalFileSize: 2 * 1024 * 1024 + 21, data, fileName: 'show.mkv.part2' });
    const request = caller.requests[0]!;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/channels/5001/uploads/900001/part.json', idempotent: true, endpoint: 'POST /v2/channels/{channel_id}/uploads/{video_id}/part.json' });
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(request.body!.contentType)![1]!;
    const text = Buffer.from(request.body!.data).toString('latin1');
    const fields = [...text.matchAll(/name="([^"]+)"(?:; filename="([^"]+)")?\r\n(?:Content-Type: [^\r]+\r\n)?\r\n([^\r]*)\r\n/g)].map((match) => [match[1], match[2] ?? null, match[3]]);
    expect(fields).toEqual([
      ['uploadId', null, 'up-1'],
      ['partIndex', null, '2'],
      ['totalPartCount', null, '3'],
      ['totalFileSize', null, String(2 * 1024 * 1024 + 21)],
      ['file', 'show.mkv.part2', 'the bytes of part two'],
    ]);
    expect(text.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
  });

  it('keeps quotes and line breaks out of a field name or file name', () => {
    const { data } = multipartForm({}, { name: 'file', fileName: 'a "b"\r\nc.mkv', data: Buffer.alloc(0) });
    expect(Buffer.from(data).toString('latin1')).toContain('filename="a _b___c.mkv"');
  });

  it('says completed with the uploadId, and reads the status with its progress', async () => {
    const caller = new RecordingCaller({}, { body: { status: 'transcoding', progress: 50 } }, { body: { status: 'queued' } });
    const api = partUploadsApi(caller);
    await api.completed('5001', '900001', 'up-1');
    expect(caller.requests[0]).toMatchObject({ method: 'POST', path: '/v2/channels/5001/uploads/900001/completed.json', form: { uploadId: 'up-1' } });
    expect(await api.status('5001', '900001')).toEqual({ status: 'transcoding', progress: 50 });
    expect(caller.requests[1]).toMatchObject({ method: 'GET', path: '/channels/5001/uploads/900001.json' });
    expect(await api.status('5001', '900001')).toEqual({ status: 'queued', progress: null });
  });
});
