// Part A conventions: `<format>` is `json` or `xml` and selects the encoding of the response; the spec does
// not show XML bodies, so this file checks the sandbox's documented shape (docs/sandbox.md, "XML bodies") on
// real rows, in XML whatever the project's format. The rest of the suite checks the values: the
// conformance-xml project runs every row in `.xml` and reads the answers back (http-client.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { readXmlBody } from '../support/xml-body-reader.js';
import { describeResult, expectNoStore, expectStatus, request, type AccessToken, type HttpResult } from './http-client.js';
import { bearerToken } from './oauth-client.js';
import { channelId, MISSING_ID, unique, useSandbox } from './sandbox-fixture.js';
import { CONFORMANCE_FORMAT_ENV, suiteFormat } from './suite-format.js';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

function expectXml(result: HttpResult): void {
  expect(result.headers.get('content-type'), describeResult(result)).toBe('application/xml; charset=utf-8');
  expect(result.text.startsWith(DECLARATION), describeResult(result)).toBe(true);
}

describe('<format> xml', () => {
  const handle = useSandbox();
  let demo: AccessToken;
  beforeAll(async () => {
    demo = await bearerToken(handle.sandbox);
  });

  const live = () => channelId(handle.sandbox, 'Demo Live');
  /** The same request in .json and in .xml, as written. */
  async function both(method: string, path: string, token: AccessToken | null = demo): Promise<{ json: HttpResult; xml: HttpResult }> {
    const json = await request(method, handle.api(`${path}.json`), { token, formatAsWritten: true });
    const xml = await request(method, handle.api(`${path}.xml`), { token, formatAsWritten: true });
    return { json, xml };
  }

  it('runs the suite in the format its Vitest project names', async ({ task }) => {
    const project = task.file.projectName ?? '';
    if (project.startsWith('conformance-')) expect(suiteFormat(), `${CONFORMANCE_FORMAT_ENV} of ${project}`).toBe(project.slice('conformance-'.length));
    const result = await request('GET', handle.api(`/channels/${live()}.json`));
    expect(new URL(result.url).pathname).toBe(`/channels/${live()}.${suiteFormat()}`);
  });

  it('the channel: <response> holding objects, a typed array of <item>s, and picture sizes as <entry key>', async () => {
    const { json, xml } = await both('GET', `/channels/${live()}`);
    expectStatus(xml, 200);
    expectXml(xml);
    expect(xml.text).toMatch(/^<\?xml[^>]*>\n<response type="object"><channel type="object"><id>[^<]+<\/id><title>Demo Live<\/title>/);
    expect(xml.text).toMatch(/<tags type="array">(<item>[^<]*<\/item>)+<\/tags>/);
    expect(xml.text).toMatch(/<owner type="object"><id>[^<]+<\/id>/);
    expect(xml.text).toMatch(/<picture type="object">(<entry key="\d+x\d+">[^<]+<\/entry>)+<\/picture>/);
    expect(xml.text).toMatch(/<last_broadcast_at type="integer">\d+<\/last_broadcast_at>/);
    expect(readXmlBody(xml.text).value).toEqual(json.json);
  });

  it('the channel list: an array of objects and the paging object, whose links keep the request\'s format', async () => {
    const { json, xml } = await both('GET', '/users/self/channels');
    expectStatus(xml, 200);
    expectXml(xml);
    expect(xml.text).toMatch(/<channels type="array">(<item type="object"><id>.*?<\/item>)+<\/channels>/);
    expect(xml.text).toMatch(/<paging type="object"><actual type="object"><href>[^<]+\/users\/self\/channels\.xml\?p=1&amp;pagesize=100<\/href>/);
    const value = readXmlBody(xml.text).value as { channels: unknown; paging: unknown };
    const expected = json.json as { channels: unknown; paging: unknown };
    expect(value.channels).toEqual(expected.channels);
    expect(JSON.stringify(value.paging)).toBe(JSON.stringify(expected.paging).replaceAll('/users/self/channels.json?', '/users/self/channels.xml?'));
  });

  it('an error: <error> holding error and error_description, with the spec status and the route\'s headers', async () => {
    const missing = await request('GET', handle.api(`/channels/${MISSING_ID}.xml`), { token: demo, formatAsWritten: true });
    expectStatus(missing, 404);
    expectXml(missing);
    expect(missing.text).toMatch(/^<\?xml[^>]*>\n<error type="object"><error>not_found<\/error><error_description>[^<]+<\/error_description><\/error>$/);

    const { json, xml } = await both('GET', '/users/self/channels', null);
    expectStatus(xml, 401);
    expectXml(xml);
    expect(readXmlBody(xml.text)).toEqual({ root: 'error', value: json.json });
    expect(xml.headers.get('www-authenticate')).toBeTruthy();
    expect(xml.headers.get('www-authenticate')).toBe(json.headers.get('www-authenticate'));
  });

  it('errors before a route is found are XML too: 405 on a <format> path, 404 of an unknown .xml path', async () => {
    const wrongMethod = await request('DELETE', handle.api('/users/self/channels.xml'), { token: demo, formatAsWritten: true });
    expectStatus(wrongMethod, 405);
    expectXml(wrongMethod);
    expect(readXmlBody(wrongMethod.text).value).toMatchObject({ error: 'method_not_allowed' });
    const unknown = await request('GET', handle.api('/no/such/resource.xml'), { token: demo, formatAsWritten: true });
    expectStatus(unknown, 404);
    expectXml(unknown);
    expect(readXmlBody(unknown.text).value).toMatchObject({ error: 'not_found' });
  });

  it('a 204 has an empty body in XML as in JSON', async () => {
    const result = await request('PUT', handle.api(`/channels/${live()}.xml`), { token: demo, form: { title: 'Demo Live' }, formatAsWritten: true });
    expectStatus(result, 204);
    expect(result.text).toBe('');
  });

  it('a created playlist has the same Location header in both formats', async () => {
    const created = await request('POST', handle.api('/playlists.xml'), { token: demo, form: { title: unique('xml') }, formatAsWritten: true });
    expectStatus(created, 201);
    expectXml(created);
    expect(created.headers.get('location')).toMatch(/\/playlists\/[^/]+\.json$/);
  });

  it('the ingest and key rows, which the spec writes .json, keep Cache-Control: no-store and have no .xml', async () => {
    for (const path of [`/channels/${live()}/ingest`, `/channels/${live()}/authorizations/broadcasting`, `/channels/${live()}/authorizations/broadcasting/channel_key`]) {
      const { json, xml } = await both('GET', path);
      expectStatus(json, 200);
      expectNoStore(json);
      expectStatus(xml, 404);
      expectXml(xml);
    }
  });

  it('another format, such as .yaml, is no resource', async () => {
    const result = await request('GET', handle.api(`/channels/${live()}.yaml`), { token: demo, formatAsWritten: true });
    expectStatus(result, 404);
  });
});
