// Talks to a running sandbox the way any platform client does: tokens from the token endpoint,
// form-encoded parameters, JSON answers. For tests of the sandbox and of code that uses it.
import type { Sandbox } from '../../sandbox/index.js';

export interface ApiAnswer<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export async function passwordToken(sandbox: Sandbox, user: { username: string; password: string } = sandbox.demo, scope?: string): Promise<string> {
  return token(sandbox, { grant_type: 'password', client_id: sandbox.client.id, client_secret: sandbox.client.secret, username: user.username, password: user.password, ...(scope ? { scope } : {}) });
}

export async function clientToken(sandbox: Sandbox): Promise<string> {
  return token(sandbox, { grant_type: 'client_credentials', client_id: sandbox.client.id });
}

async function token(sandbox: Sandbox, form: Record<string, string>): Promise<string> {
  const response = await fetch(`${sandbox.authUrl}/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${sandbox.client.secret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = (await response.json()) as { access_token?: string; error?: string };
  if (!response.ok || !body.access_token) throw new Error(`token endpoint answered ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export async function api<T = Record<string, unknown>>(
  sandbox: Sandbox,
  accessToken: string | null,
  method: string,
  path: string,
  form?: Record<string, string>,
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(`${sandbox.apiUrl}${path}`, { method, headers, body: form ? new URLSearchParams(form) : undefined });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as T };
}
