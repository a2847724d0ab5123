import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppRequestHandler, registerAppScheme, serveAppProtocol } from '../../../main/app/app-protocol.js';
import { contentSecurityPolicy } from '../../../main/content-security-policy.js';

let root: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'app-protocol-'));
  const rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(rendererDir, 'assets', 'main.js'), 'console.log(1)');
  await writeFile(join(root, 'secret.txt'), 'not for the renderer');
  serve = createAppRequestHandler(rendererDir);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the app:// protocol', () => {
  it('registers app as a standard, secure, fetchable scheme', () => {
    const registered: unknown[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => registered.push(...schemes) });
    expect(registered).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  });

  it('handles the app scheme', () => {
    const schemes: string[] = [];
    serveAppProtocol({ handle: (scheme) => schemes.push(scheme) }, root);
    expect(schemes).toEqual(['app']);
  });

  it.each(['app://companion/index.html', 'app://companion/', 'app://companion/index.html?x=1'])('serves the index for %s with the CSP', async (url) => {
    const response = await serve(new Request(url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(await response.text()).toContain('<title>app</title>');
  });

  it('serves assets with their content type', async () => {
    const response = await serve(new Request('app://companion/assets/main.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    'app://companion/missing.js',
    'app://companion.evil/index.html',
    'app://other/index.html',
    'app://companion/../secret.txt',
    'app://companion/%2e%2e/secret.txt',
    'app://companion/..%2fsecret.txt',
    'app://companion/assets%2f..%2f..%2fsecret.txt',
  ])('answers 404 for %s', async (url) => {
    const response = await serve(new Request(url));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('not for the renderer');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await serve(new Request('app://companion/index.html', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await serve(new Request('app://companion/index.html', { method: 'POST', body: 'x' }));
    expect(post.status).toBe(405);
  });
});
