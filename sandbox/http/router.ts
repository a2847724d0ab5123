// Routes written as the spec writes paths: `/channels/:channel_id.:format`. A `:format` segment takes
// `json` or `xml` (the encoding of the answer, see responseFormat); anything else is 404.
import { ApiError } from './api-error.js';
import type { Reply } from './reply.js';
import type { RequestContext } from './request-context.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Handler = (context: RequestContext) => Reply | Promise<Reply>;

interface CompiledRoute {
  readonly method: Method;
  readonly pattern: string;
  readonly regex: RegExp;
  readonly handler: Handler;
}

/** `endpoint` is the route as registered, `METHOD pattern`: what rate limits count by. */
export type RouteMatch = { readonly handler: Handler; readonly params: Record<string, string>; readonly pattern: string; readonly endpoint: string };
export type ResponseFormat = 'json' | 'xml';

const FORMATS: ReadonlySet<string> = new Set<ResponseFormat>(['json', 'xml']);

export class Router {
  readonly #routes: CompiledRoute[] = [];

  add(method: Method, pattern: string, handler: Handler): this {
    this.#routes.push({ method, pattern, regex: compile(pattern), handler });
    return this;
  }

  get(pattern: string, handler: Handler): this {
    return this.add('GET', pattern, handler);
  }
  post(pattern: string, handler: Handler): this {
    return this.add('POST', pattern, handler);
  }
  put(pattern: string, handler: Handler): this {
    return this.add('PUT', pattern, handler);
  }
  delete(pattern: string, handler: Handler): this {
    return this.add('DELETE', pattern, handler);
  }

  /** The route for a request, or null (404); throws 405 (or 400 for a malformed escape) as the path deserves. */
  match(method: string, path: string): RouteMatch | null {
    let pathMatched = false;
    for (const route of this.#routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(found.groups ?? {})) params[name] = decodeParameter(value);
      if (params.format !== undefined && !FORMATS.has(params.format)) continue;
      pathMatched = true;
      if (route.method === method) return { handler: route.handler, params, pattern: route.pattern, endpoint: `${route.method} ${route.pattern}` };
    }
    if (pathMatched) throw new ApiError(405, 'method_not_allowed', `${method} is not supported on ${path}.`);
    return null;
  }

  /**
   * The encoding of every answer to `path`, errors included (405, 404, 400...): the `:format` of the first
   * route the path fits (JSON for a route without one); for a path no route has, XML when it ends `.xml`.
   */
  responseFormat(path: string): ResponseFormat {
    for (const route of this.#routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      const format = found.groups?.format;
      if (format === undefined) return 'json';
      if (format === 'json' || format === 'xml') return format;
    }
    return path.endsWith('.xml') ? 'xml' : 'json';
  }
}

function compile(pattern: string): RegExp {
  const escaped = pattern
    .split(/(:[a-z_]+)/)
    .map((part) => {
      if (part === ':format') return '(?<format>[a-z0-9]+)';
      if (part.startsWith(':')) return `(?<${part.slice(1)}>[^/]+?)`;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${escaped}$`);
}

function decodeParameter(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ApiError(400, 'bad_request', `The path holds a malformed escape sequence: ${JSON.stringify(value)}.`);
  }
}
