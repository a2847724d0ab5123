// Temporary download files of a video (spec part B, "Download"): GET reads the `downloadable` object,
// POST asks for the file; both need the owner's token (401, 403 lack_of_ownership, 404). The link the
// answer carries is served here too, with a length and byte ranges, so a client can show progress and
// resume. Generation itself is in sandbox/media/download-service.ts.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { ApiError, notFound } from '../http/api-error.js';
import { parseByteRange } from '../http/byte-range.js';
import { ok, type Reply } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { DownloadService } from '../media/download-service.js';
import { DOWNLOAD_FORMATS, downloadState, type DownloadFile, type DownloadFormat } from '../state/video-extras.js';
import { ownedVideo } from './access.js';

export function registerVideoDownloadRoutes(router: Router, downloads: DownloadService): void {
  router.get('/videos/:video_id/downloadable/:video_format.:format', (context) => readDownloadable(context, downloads));
  router.post('/videos/:video_id/downloadable/:video_format.:format', (context) => requestDownloadable(context, downloads));
  router.get('/downloads/:token/:file_name', (context) => serveDownload(context, downloads));
}

/** The address of a file's link: `/downloads/<token>/video-<id>.<format>` on the API's server. */
export function downloadUrl(apiUrl: string, videoId: string, file: DownloadFile): string {
  return `${apiUrl}/downloads/${file.token}/video-${videoId}.${file.format}`;
}

function ownedDownload(context: RequestContext) {
  const { video } = ownedVideo(context);
  const format = context.params.video_format ?? '';
  // `<video_format>` names the resource, so another value is a resource that does not exist.
  if (!DOWNLOAD_FORMATS.includes(format as DownloadFormat)) throw notFound(`A ${format} download (the formats are mp4 and flv)`);
  return { video, format: format as DownloadFormat };
}

function downloadableView(context: RequestContext, videoId: string, file: DownloadFile | undefined): Record<string, unknown> {
  const state = downloadState(file, Date.now());
  const available = state.status === 'available' && file !== undefined;
  return { downloadable: { download_url: available ? downloadUrl(context.urls.apiUrl, videoId, file) : null, expires_at: state.expiresAt, status: state.status } };
}

function readDownloadable(context: RequestContext, downloads: DownloadService) {
  const { video, format } = ownedDownload(context);
  return ok(downloadableView(context, video.id, downloads.current(video, format)));
}

/** "empty body": asking again while pending or available reports the same file. */
function requestDownloadable(context: RequestContext, downloads: DownloadService) {
  const { video, format } = ownedDownload(context);
  return ok(downloadableView(context, video.id, downloads.request(video, format)));
}

async function serveDownload(context: RequestContext, downloads: DownloadService): Promise<Reply> {
  const found = downloads.lookup(context.params.token ?? '');
  if (found.kind === 'expired') throw new ApiError(410, 'expired', 'This download link was usable for 24 hours and has expired: request the download again.');
  if (found.kind === 'unknown') throw notFound('This download link');
  const { path, contentType, fileName } = found.file;
  const size = (await stat(path).catch(() => null))?.size;
  if (size === undefined) throw notFound('The file of this download link');
  const headers = {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-store',
  };
  const range = parseByteRange(context.headers.range, size);
  if (range === 'unsatisfiable') return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } };
  if (range === null) return { status: 200, body: createReadStream(path), headers: { ...headers, 'Content-Length': String(size) } };
  return {
    status: 206,
    body: createReadStream(path, { start: range.start, end: range.end }),
    headers: { ...headers, 'Content-Length': String(range.end - range.start + 1), 'Content-Range': `bytes ${range.start}-${range.end}/${size}` },
  };
}
