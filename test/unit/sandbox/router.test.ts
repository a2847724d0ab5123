import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../sandbox/http/api-error.js';
import { empty } from '../../../sandbox/http/reply.js';
import { Router } from '../../../sandbox/http/router.js';

const handler = () => empty(200);

function router() {
  return new Router()
    .get('/channels/:channel_id.:format', handler)
    .put('/channels/:channel_id.:format', handler)
    .get('/channels/:channel_id/ingest.json', handler)
    .put('/channels/:channel_id/hooks/:event.:format', handler)
    .get('/downloads/:token/:file_name', handler);
}

function thrown(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('Router', () => {
  it('matches spec-style paths and takes parameters that contain dots (hook events)', () => {
    expect(router().match('GET', '/channels/5001.json')?.params).toEqual({ channel_id: '5001', format: 'json' });
    expect(router().match('PUT', '/channels/5001/hooks/channel.status.live.json')?.params).toEqual({ channel_id: '5001', event: 'channel.status.live', format: 'json' });
    expect(router().match('GET', '/channels/5001/ingest.json')?.params).toEqual({ channel_id: '5001' });
  });

  it('takes json and xml as the format, and has no route for another format or for xml on a json-only path', () => {
    expect(router().match('GET', '/channels/5001.xml')?.params).toEqual({ channel_id: '5001', format: 'xml' });
    expect(thrown(() => router().match('DELETE', '/channels/5001.xml')).status).toBe(405);
    expect(router().match('GET', '/channels/5001.yaml')).toBeNull();
    expect(router().match('GET', '/channels/5001/ingest.xml')).toBeNull();
  });

  it('answers in the format of the path: the route\'s format, JSON for a route without one, XML for an unknown .xml path', () => {
    expect(router().responseFormat('/channels/5001.xml')).toBe('xml');
    expect(router().responseFormat('/channels/5001.json')).toBe('json');
    expect(router().responseFormat('/channels/5001/hooks/channel.status.live.xml')).toBe('xml');
    expect(router().responseFormat('/channels/a%zz.xml')).toBe('xml');
    expect(router().responseFormat('/channels/5001/ingest.json')).toBe('json');
    expect(router().responseFormat('/channels/5001/ingest.xml')).toBe('xml');
    expect(router().responseFormat('/nothing/here.xml')).toBe('xml');
    expect(router().responseFormat('/channels/5001.yaml')).toBe('json');
    expect(router().responseFormat('/downloads/token/notes.xml')).toBe('json');
  });

  it('tells a wrong method (405) from a missing path (null)', () => {
    expect(thrown(() => router().match('DELETE', '/channels/5001.json')).status).toBe(405);
    expect(router().match('GET', '/nothing/here.json')).toBeNull();
  });

  it('decodes escaped parameters', () => {
    expect(router().match('GET', '/channels/a%20b.json')?.params.channel_id).toBe('a b');
    expect(thrown(() => router().match('GET', '/channels/a%zz.json')).status).toBe(400);
  });
});
