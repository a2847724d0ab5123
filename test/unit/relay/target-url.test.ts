import { expect, it } from 'vitest';
import { parsePublishUrl, publicAddress } from '../../../main/relay/target-url.js';

it('splits publish URLs into where to connect, the app, and the stream name', () => {
  expect(parsePublishUrl('rtmp://ingest.example/live/abc123')).toEqual({ secure: false, host: 'ingest.example', port: 1935, app: 'live', streamName: 'abc123', tcUrl: 'rtmp://ingest.example/live' });
  expect(parsePublishUrl('rtmps://live-api-s.example:443/rtmp/FB-1-0?s_bl=1&a=x')).toEqual({
    secure: true, host: 'live-api-s.example', port: 443, app: 'rtmp', streamName: 'FB-1-0?s_bl=1&a=x', tcUrl: 'rtmps://live-api-s.example:443/rtmp',
  });
  expect(parsePublishUrl('rtmp://[::1]:1936/app/_definst_/key')).toMatchObject({ host: '::1', port: 1936, app: 'app/_definst_', streamName: 'key', tcUrl: 'rtmp://[::1]:1936/app/_definst_' });
  expect(() => parsePublishUrl('https://example/live/key')).toThrow(/rtmp:\/\/ or rtmps:\/\//);
  expect(() => parsePublishUrl('rtmp://example/live')).toThrow(/app\/streamName/);
  expect(() => parsePublishUrl('not a url')).toThrow(/not a URL/);
});

it('names a target without its stream key', () => {
  expect(publicAddress('rtmp://127.0.0.1:1935/live/secret-key')).toBe('rtmp://127.0.0.1:1935/live');
  expect(publicAddress('ftp://x/y')).toBe('an invalid URL');
});
