// Checks which requests the suite sends in its format: a suite that silently kept `.json` would pass its
// XML run without checking a single XML answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSpecRows } from './spec-rows.js';
import { CONFORMANCE_FORMAT_ENV, inSuiteFormat, isFormatRequest, suiteFormat } from './suite-format.js';

const API = 'http://127.0.0.1:4000';

/** A request URL for a spec row: placeholders filled in, `<format>` as json, the spec's query kept. */
function sampleUrl(specPath: string): string {
  return `${API}${specPath.replace(/<format>/g, 'json').replace(/<[a-z_]+>/g, (placeholder) => (placeholder === '<event>' ? 'channel.status.live' : '5001'))}`;
}

describe('the suite\'s format', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('treats exactly the spec rows written with .<format> as <format> requests', () => {
    const rows = loadSpecRows().filter((row) => row.path.startsWith('/'));
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(isFormatRequest(row.method, sampleUrl(row.path)), row.id).toBe(/\.<format>(\?|$)/.test(row.path));
    }
  });

  it('in xml, sends <format> rows as .xml and leaves the rest as written', () => {
    vi.stubEnv(CONFORMANCE_FORMAT_ENV, 'xml');
    expect(suiteFormat()).toBe('xml');
    expect(inSuiteFormat('GET', `${API}/channels/5001.json?detail_level=owner`)).toBe(`${API}/channels/5001.xml?detail_level=owner`);
    expect(inSuiteFormat('PUT', `${API}/channels/5001/hooks/channel.status.live.json`)).toBe(`${API}/channels/5001/hooks/channel.status.live.xml`);
    expect(inSuiteFormat('POST', `${API}/channels/5001/uploads.json?type=videoupload-ftp`)).toBe(`${API}/channels/5001/uploads.xml?type=videoupload-ftp`);
    // Another method on a <format> path (a 405 check) is sent in the format too.
    expect(inSuiteFormat('DELETE', `${API}/users/self/channels.json`)).toBe(`${API}/users/self/channels.xml`);
    expect(inSuiteFormat('GET', `${API}/users/self/channels.json`)).toBe(`${API}/users/self/channels.xml`);
    for (const asWritten of [
      `${API}/users/self/channels.json`,
      `${API}/channels/5001/ingest.json`,
      `${API}/channels/5001/authorizations/broadcasting/channel_key.json`,
      `${API}/oauth2/token`,
      `${API}/videos/5001/captions/en/vtt`,
      `${API}/downloads/token/launch.json`,
      `${API}/nothing/here.json`,
    ]) {
      const method = asWritten.endsWith('/users/self/channels.json') ? 'POST' : 'GET';
      expect(inSuiteFormat(method, asWritten), `${method} ${asWritten}`).toBe(asWritten);
    }
  });

  it('in json (the default), sends everything as written; refuses an unknown format', () => {
    vi.stubEnv(CONFORMANCE_FORMAT_ENV, undefined);
    expect(suiteFormat()).toBe('json');
    expect(inSuiteFormat('GET', `${API}/channels/5001.json`)).toBe(`${API}/channels/5001.json`);
    vi.stubEnv(CONFORMANCE_FORMAT_ENV, 'yaml');
    expect(() => suiteFormat()).toThrow(/json or xml/);
  });
});
