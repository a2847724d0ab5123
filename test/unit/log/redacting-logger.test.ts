// The logger's redaction, path by path: each test logs a secret the way real code would and reads the
// written line back, so what counts is what would land in the log file.
import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, type LogLevel, type Logger } from '../../../main/log/redacting-logger.js';

const TOKEN = '7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a';
const MAC_KEY = 'q8Zk+3/Vt9Lr2Wx=';

function capture(level: LogLevel = 'debug'): { logger: Logger; lines: Record<string, unknown>[]; text: () => string } {
  const written: string[] = [];
  const logger = createLogger({ sink: { write: (line: string) => written.push(line) }, level });
  return {
    logger,
    get lines() {
      return written.map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    text: () => written.join(''),
  };
}

describe('the line format', () => {
  it('writes one JSON line per call with time, level and message, fields after them', () => {
    const log = capture();
    log.logger.info('relay started', { channelId: '42', targets: 2 });
    expect(log.text().endsWith('\n')).toBe(true);
    expect(log.text().split('\n')).toHaveLength(2);
    const [line] = log.lines;
    expect(Object.keys(line!)).toEqual(['time', 'level', 'msg', 'channelId', 'targets']);
    expect(line).toMatchObject({ level: 'info', msg: 'relay started', channelId: '42', targets: 2 });
    expect(Number.isNaN(Date.parse(String(line!.time)))).toBe(false);
  });

  it('drops lines below its level', () => {
    const log = capture('warn');
    log.logger.debug('d');
    log.logger.info('i');
    log.logger.warn('w');
    log.logger.error('e');
    expect(log.lines.map((line) => line.level)).toEqual(['warn', 'error']);
  });

  it('does not let a field overwrite the time, level or message', () => {
    const log = capture();
    log.logger.warn('real message', { level: 'debug', msg: 'forged', time: 'never' });
    expect(log.lines[0]).toMatchObject({ level: 'warn', msg: 'real message' });
    expect(log.lines[0]!.time).not.toBe('never');
  });
});

describe('registered secrets', () => {
  it('are redacted in the message and in string fields, also inside longer strings', () => {
    const log = capture();
    log.logger.registerSecret(TOKEN);
    log.logger.info(`using token ${TOKEN} for the call`, { note: `prefix-${TOKEN}-suffix`, list: [`a ${TOKEN}`] });
    expect(log.text()).not.toContain(TOKEN);
    expect(log.lines[0]).toMatchObject({ msg: `using token ${REDACTED} for the call`, note: `prefix-${REDACTED}-suffix`, list: [`a ${REDACTED}`] });
  });

  it('are redacted in their URL-encoded form too', () => {
    const log = capture();
    log.logger.registerSecret(MAC_KEY);
    log.logger.info(`body k=${encodeURIComponent(MAC_KEY)}&x=1 and raw ${MAC_KEY}`);
    expect(log.text()).not.toContain(MAC_KEY);
    expect(log.text()).not.toContain(encodeURIComponent(MAC_KEY));
    expect(log.lines[0]!.msg).toBe(`body k=${REDACTED}&x=1 and raw ${REDACTED}`);
  });

  it('are redacted whole when one secret contains another', () => {
    const log = capture();
    log.logger.registerSecret('abcd1234');
    log.logger.registerSecret('abcd1234efgh5678');
    log.logger.info('abcd1234efgh5678 abcd1234');
    expect(log.lines[0]!.msg).toBe(`${REDACTED} ${REDACTED}`);
  });

  it('ignores values too short to be secrets, so ordinary words survive', () => {
    const log = capture();
    log.logger.registerSecret('on');
    log.logger.info('the relay is on');
    expect(log.lines[0]!.msg).toBe('the relay is on');
  });
});

describe('fields with secret-looking names', () => {
  it('are redacted whatever their value, at any depth and in arrays', () => {
    const log = capture();
    log.logger.info('token response', {
      access_token: 'a1',
      mac_key: 'k1',
      client_secret: 's1',
      password: 'p1',
      streaming_key: 'sk1',
      channel_key: 'ck1',
      secret: 's2',
      authorization: 'MAC id="x"',
      key: 'k2',
      nested: { deeper: { macKey: 'k3', refreshToken: 'r1', 'stream-key': 'sk2' } },
      targets: [{ url: 'rtmp://ingest/live', streamKey: 'sk3' }],
      token: { type: 'mac', accessToken: 'a2' },
    });
    const line = log.lines[0]!;
    for (const name of ['access_token', 'mac_key', 'client_secret', 'password', 'streaming_key', 'channel_key', 'secret', 'authorization', 'key', 'token']) {
      expect(line[name], name).toBe(REDACTED);
    }
    expect(line.nested).toEqual({ deeper: { macKey: REDACTED, refreshToken: REDACTED, 'stream-key': REDACTED } });
    expect(line.targets).toEqual([{ url: 'rtmp://ingest/live', streamKey: REDACTED }]);
    expect(log.text()).not.toMatch(/a1|k1|s1|p1|sk1|ck1|s2|k2|k3|r1|sk2|sk3|a2/);
  });

  it('leave ordinary fields readable, including ones that merely mention a token', () => {
    const log = capture();
    log.logger.info('signed in', { profile: 'sandbox', token_type: 'mac', tokenExpiresAt: 1700000000, scopes: ['broadcaster', 'offline'], keyframeInterval: 2, channelId: '42' });
    expect(log.lines[0]).toMatchObject({ profile: 'sandbox', token_type: 'mac', tokenExpiresAt: 1700000000, scopes: ['broadcaster', 'offline'], keyframeInterval: 2, channelId: '42' });
  });

  it('survive cycles, and the same object twice is written twice', () => {
    const log = capture();
    const shared = { name: 'shared' };
    const cyclic: Record<string, unknown> = { shared, again: shared };
    cyclic.self = cyclic;
    log.logger.info('cycle', { cyclic });
    expect(log.lines[0]!.cyclic).toEqual({ shared: { name: 'shared' }, again: { name: 'shared' }, self: '[circular]' });
  });

  it('never writes raw bytes, which no pattern could recognise', () => {
    const log = capture();
    log.logger.info('body', { body: Buffer.from(TOKEN) });
    expect(log.lines[0]!.body).toBe(`[${TOKEN.length} bytes]`);
  });
});

describe('secrets in text, by shape', () => {
  function logged(text: string): unknown {
    const log = capture();
    log.logger.info(text, { text });
    const line = log.lines[0]!;
    expect(line.text).toBe(line.msg);
    return line.msg;
  }

  it('Authorization header values (scheme kept)', () => {
    expect(logged(`Authorization: Bearer ${TOKEN}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(logged(`> authorization: MAC id="${TOKEN}", nonce="264095:7d8f3e4a", mac="bhCQXTVyfj5cmA9uKkPFx1zeOXM="\n< 200 OK`)).toBe(
      `> authorization: MAC ${REDACTED}\n< 200 OK`,
    );
    expect(logged(`Authorization: ${MAC_KEY}`)).toBe(`Authorization: ${REDACTED}`);
    expect(logged(`Authorization: ${TOKEN}\r\nHost: api.example.com`)).toBe(`Authorization: ${REDACTED}\r\nHost: api.example.com`);
  });

  it('MAC header strings: id and mac redacted, nonce and bodyhash readable', () => {
    expect(logged(`sending MAC id="${TOKEN}", nonce="264095:7d8f3e4a", bodyhash="Lve95gjOVATpfV8EL5X4nxwjKHE=", mac="bhCQXTVyfj5cmA9uKkPFx1zeOXM="`)).toBe(
      `sending MAC id="${REDACTED}", nonce="264095:7d8f3e4a", bodyhash="Lve95gjOVATpfV8EL5X4nxwjKHE=", mac="${REDACTED}"`,
    );
  });

  it('Bearer and Basic credentials without the header name', () => {
    expect(logged(`header Bearer ${TOKEN} sent`)).toBe(`header Bearer ${REDACTED} sent`);
    expect(logged(`Basic ${MAC_KEY}`)).toBe(`Basic ${REDACTED}`);
  });

  it('URL userinfo', () => {
    expect(logged('connecting to ftp://upload-77:hunter2@ftp.example.com:21/path')).toBe(`connecting to ftp://${REDACTED}@ftp.example.com:21/path`);
    expect(logged('rtmp://streamer@ingest.example.com/live')).toBe(`rtmp://${REDACTED}@ingest.example.com/live`);
  });

  it('query and form parameters named like secrets', () => {
    expect(logged(`GET https://api.example.com/x.json?access_token=${TOKEN}&page=2&client_secret=s3cr3t#top`)).toBe(
      `GET https://api.example.com/x.json?access_token=${REDACTED}&page=2&client_secret=${REDACTED}#top`,
    );
    expect(logged(`grant_type=password&username=demo&password=hunter2&mac_key=${MAC_KEY}`)).toBe(
      `grant_type=password&username=demo&password=${REDACTED}&mac_key=${REDACTED}`,
    );
  });

  it('JSON bodies logged as text', () => {
    expect(logged(`answer {"access_token":"${TOKEN}","token_type":"mac","mac_key": "${MAC_KEY}","expires_in":3600}`)).toBe(
      `answer {"access_token":"${REDACTED}","token_type":"mac","mac_key": "${REDACTED}","expires_in":3600}`,
    );
  });

  it('leaves ordinary text readable', () => {
    const prose = [
      'Relay to rtmp://ingest.example.com/live failed over to the second URL after 3 tries (attempt=3, delay=250ms).',
      'A bearer token expires; Basic auth is not used. Sign in again with the Bearer tokens page.',
      'GET https://api.example.com/channels.json?page=2&detail_level=broadcaster',
      'token_type=mac expires_in=3600 scope=broadcaster offline',
      'write the key frame every 2 s; mail user@example.com',
    ];
    for (const text of prose) expect(logged(text)).toBe(text);
  });
});

describe('errors', () => {
  it('are written with name, message, stack and cause, all redacted', () => {
    const log = capture();
    log.logger.registerSecret(MAC_KEY);
    const cause = new Error(`socket closed on ftp://u:p4ss@ftp.example.com`);
    const error = new Error(`signing with ${MAC_KEY} failed for ?access_token=${TOKEN}`, { cause });
    log.logger.error('call failed', { error });
    const written = log.lines[0]!.error as Record<string, unknown>;
    expect(written.name).toBe('Error');
    expect(written.message).toBe(`signing with ${REDACTED} failed for ?access_token=${REDACTED}`);
    expect(String(written.stack)).toContain(`signing with ${REDACTED} failed`);
    expect(String(written.stack)).toContain('redacting-logger.test.ts');
    expect((written.cause as Record<string, unknown>).message).toBe(`socket closed on ftp://${REDACTED}@ftp.example.com`);
    expect(log.text()).not.toContain(MAC_KEY);
    expect(log.text()).not.toContain(TOKEN);
    expect(log.text()).not.toContain('p4ss');
  });

  it("keep their own fields, redacted by name", () => {
    class CallError extends Error {
      constructor(
        message: string,
        readonly status: number,
        readonly clientSecret: string,
      ) {
        super(message);
      }
    }
    const log = capture();
    log.logger.warn('refused', { error: new CallError('401 from the token endpoint', 401, 'hunter2') });
    expect(log.lines[0]!.error).toMatchObject({ message: '401 from the token endpoint', status: 401, clientSecret: REDACTED });
    expect(log.text()).not.toContain('hunter2');
  });
});
