// The app's logger. Every line passes through redaction first, because a log file is the easiest place for
// a token, MAC key, client secret or stream key to leak (DESIGN.md, "Security baseline"). Two nets: the
// exact values the vault has handed out (registerSecret), and shapes that carry secrets whatever their
// value (secret-looking field names, Authorization headers, URL userinfo, secret query parameters).
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogFields = Readonly<Record<string, unknown>>;

/** Where lines go: a stream (process.stderr, a file stream) or anything else with `write`. */
export interface LogSink {
  write(line: string): unknown;
}

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** From now on, this exact value (and its URL-encoded form) is written as `[redacted]` wherever it appears. */
  registerSecret(value: string): void;
  /** The text as a log line would carry it: for text that leaves the app by another way (diagnostics, CLI errors). */
  redact(text: string): string;
}

export interface LoggerOptions {
  readonly sink: LogSink;
  /** Lines below this level are dropped. Default `info`. */
  readonly level?: LogLevel;
}

export const REDACTED = '[redacted]';

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/**
 * Registered values shorter than this are ignored: redacting every "abc" would make logs unreadable, and
 * nothing the platform issues is that short.
 */
const MIN_SECRET_LENGTH = 4;

/** Last words of field and parameter names whose values are secret: `access_token`, `macKey`, `stream-key`. */
const SECRET_NAME_WORDS = new Set(['key', 'secret', 'token', 'password', 'passwd', 'passphrase', 'authorization', 'credential', 'cookie']);

function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const last = words.at(-1);
  if (last === undefined) return false;
  return SECRET_NAME_WORDS.has(last) || (last.endsWith('s') && SECRET_NAME_WORDS.has(last.slice(0, -1)));
}

// Shapes, applied to every string after the registered values. Each keeps the name and redacts the value,
// so a line still says what was there.
const JSON_PAIR = /"([^"\\]+)"(\s*:\s*)"(?:[^"\\]|\\.)*"/g;
/** The whole header value after the scheme: a MAC header's nonce alone is no use to a reader. */
const AUTHORIZATION_HEADER = /\b(authorization[ \t]*:[ \t]*)(?:([A-Za-z][\w-]*)([ \t]+))?[^\r\n]*/gi;
/** A header value without its name. Case-sensitive, and the token must look like one, so prose ("Basic auth") stays. */
const SCHEME_CREDENTIALS = /\b(Bearer|Basic)(\s+)([\w\-.~+/]*[\d+/=][\w\-.~+/]*=*)/g;
const MAC_HEADER = /\bMAC\s+[a-z]+\s*=\s*"[^"]*"(?:\s*,\s*[a-z]+\s*=\s*"[^"]*")*/g;
const MAC_SECRET_PARAM = /\b(id|mac)(\s*=\s*)"[^"]*"/g;
const URL_USERINFO = /\b([a-z][a-z\d+.-]*:\/\/)[^\s/?#@]+@/gi;
const NAME_VALUE_PAIR = /(^|[?&;\s])([\w.\-[\]]+)=([^&#\s]*)/g;

export function createLogger({ sink, level = 'info' }: LoggerOptions): Logger {
  const threshold = LEVELS.indexOf(level);
  const secrets = new Set<string>();
  let secretPattern: RegExp | null = null;

  function redactText(text: string): string {
    let out = secretPattern === null ? text : text.replace(secretPattern, REDACTED);
    out = out.replace(JSON_PAIR, (pair, name: string, colon: string) => (isSecretName(name) ? `"${name}"${colon}"${REDACTED}"` : pair));
    out = out.replace(AUTHORIZATION_HEADER, (_header, prefix: string, scheme: string | undefined, space: string | undefined) =>
      scheme === undefined ? `${prefix}${REDACTED}` : `${prefix}${scheme}${space ?? ' '}${REDACTED}`,
    );
    out = out.replace(SCHEME_CREDENTIALS, `$1$2${REDACTED}`);
    out = out.replace(MAC_HEADER, (header) => header.replace(MAC_SECRET_PARAM, `$1$2"${REDACTED}"`));
    out = out.replace(URL_USERINFO, `$1${REDACTED}@`);
    out = out.replace(NAME_VALUE_PAIR, (pair, before: string, name: string) => (isSecretName(name) ? `${before}${name}=${REDACTED}` : pair));
    return out;
  }

  /** `ancestors` holds the objects on the path from the root, so only true cycles are cut. */
  function redactValue(value: unknown, ancestors: Set<object>): unknown {
    if (typeof value === 'string') return redactText(value);
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
    if (value === null || typeof value !== 'object') return value;
    if (value instanceof Date) return value.toISOString();
    // Raw bytes would be written as a list of numbers that no text pattern can recognise as a secret.
    if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    if (ancestors.has(value)) return '[circular]';
    ancestors.add(value);
    try {
      if (Array.isArray(value)) return value.map((item) => redactValue(item, ancestors));
      const out: Record<string, unknown> = {};
      if (value instanceof Error) {
        out.name = value.name;
        out.message = redactText(value.message);
        if (value.stack !== undefined) out.stack = redactText(value.stack);
        if (value.cause !== undefined) out.cause = redactValue(value.cause, ancestors);
      }
      for (const [name, field] of Object.entries(value)) {
        out[name] = isSecretName(name) ? REDACTED : redactValue(field, ancestors);
      }
      return out;
    } finally {
      ancestors.delete(value);
    }
  }

  function write(at: LogLevel, message: string, fields: LogFields | undefined): void {
    if (LEVELS.indexOf(at) < threshold) return;
    const head = { time: new Date().toISOString(), level: at, msg: redactText(message) };
    const rest = fields === undefined ? {} : (redactValue(fields, new Set()) as Record<string, unknown>);
    // The head is spread twice: first for its place at the start of the line, last so a field cannot overwrite it.
    sink.write(`${JSON.stringify({ ...head, ...rest, ...head })}\n`);
  }

  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    registerSecret(value) {
      if (value.length < MIN_SECRET_LENGTH) return;
      const before = secrets.size;
      secrets.add(value);
      // A secret in a URL or form body appears percent-encoded (base64 keys carry + / =).
      secrets.add(encodeURIComponent(value));
      if (secrets.size === before) return;
      // Longest first, so a secret that contains another is redacted whole.
      const alternatives = [...secrets].sort((a, b) => b.length - a.length).map(escapeRegExp);
      secretPattern = new RegExp(alternatives.join('|'), 'g');
    },
    redact: redactText,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
