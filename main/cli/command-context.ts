// What every command gets: where to write, and whether to write JSON lines for scripts.
export interface CommandContext {
  readonly json: boolean;
  readonly out: NodeJS.WritableStream;
  readonly err: NodeJS.WritableStream;
}

/** Bad command-line input: exit code 2 with the usage text. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function emitJson(context: CommandContext, event: string, fields: Record<string, unknown>): void {
  context.out.write(`${JSON.stringify({ event, ...fields })}\n`);
}

export function parsePort(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`${option} must be a port number from 0 to 65535 (got ${value})`);
  return port;
}
