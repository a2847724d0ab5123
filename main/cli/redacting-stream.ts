// stderr for commands, through the logger's redaction: whatever a command or a library it calls prints
// there (an error message quoting a request, a URL with credentials) loses its secrets on the way.
import { Writable } from 'node:stream';

export function redactingStream(target: NodeJS.WritableStream, redact: (text: string) => string): NodeJS.WritableStream {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      target.write(redact(typeof chunk === 'string' ? chunk : chunk.toString('utf8')), (error) => done(error ?? undefined));
    },
  });
}
