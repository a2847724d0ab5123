// What the sandbox's "transcoder" learns of an uploaded file: its length and container, by ffprobe when it
// is installed. Shared by both upload flows (FTP and HTTP parts), so a file fails or passes alike in each.
import { execFile } from 'node:child_process';

const PROBE_TIMEOUT_MS = 60_000;

export type ProbeResult =
  | { readonly seconds: string; readonly extension: string | null; readonly problem: null }
  | { readonly seconds: null; readonly extension: null; readonly problem: string };

/** ffprobe's container names (first of its comma list) to the file extension the sandbox's media tools expect. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  matroska: 'mkv',
  mov: 'mp4',
  flv: 'flv',
  avi: 'avi',
  asf: 'wmv',
  ogg: 'ogm',
  mpeg: 'mpeg2',
  mpegts: 'ts',
};

/**
 * The length in seconds as the spec's decimal string ("0" when ffprobe is not installed) and the container's
 * usual extension (null when unknown or not probed). A file ffprobe cannot read fails as a transcoder would.
 */
export function probeMedia(file: string, signal: AbortSignal): Promise<ProbeResult> {
  const args = ['-v', 'error', '-show_entries', 'format=duration,format_name', '-of', 'default=noprint_wrappers=1', file];
  return new Promise((done, fail) => {
    execFile('ffprobe', args, { signal, timeout: PROBE_TIMEOUT_MS }, (error, stdout, stderr) => {
      if (error) {
        if (signal.aborted) return fail(error);
        if (error.code === 'ENOENT') return done({ seconds: '0', extension: null, problem: null });
        const detail = stderr.trim().split('\n').pop() ?? '';
        return done({ seconds: null, extension: null, problem: `The file is not a readable video${detail ? ` (${detail})` : ''}.` });
      }
      const fields = new Map(stdout.split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1).trim()]));
      const seconds = Number(fields.get('duration'));
      const container = (fields.get('format_name') ?? '').split(',')[0] ?? '';
      done({ seconds: Number.isFinite(seconds) ? seconds.toFixed(3) : '0', extension: EXTENSIONS[container] ?? null, problem: null });
    });
  });
}
