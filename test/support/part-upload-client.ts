// Today's upload in 1 MiB parts, spoken to a running sandbox over real HTTP as any client speaks it (the
// parts as multipart FormData, the other calls form-encoded), plus the sandbox operator's calls that prove
// what arrived (docs/sandbox.md, "Upload in parts"). For tests of the sandbox and of code that uses it.
import type { Sandbox } from '../../sandbox/index.js';

export const PART_SIZE = 1024 * 1024;

export interface CreatedUpload {
  readonly videoId: number;
  readonly uploadId: string;
}

export interface PartAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** The fields of a part; each may be overridden (or left out with null) to build a wrong request. */
export interface PartFields {
  readonly uploadId: string | null;
  readonly partIndex: string | number | null;
  readonly totalPartCount: string | number | null;
  readonly totalFileSize: string | number | null;
  readonly file: Uint8Array | null;
}

export function uploadPath(channelId: string, videoId?: number | string, action?: 'part' | 'completed'): string {
  if (videoId === undefined) return `/v2/channels/${channelId}/uploads.json`;
  return `/v2/channels/${channelId}/uploads/${videoId}/${action ?? 'part'}.json`;
}

/** The multipart body of a part, with the fields in the platform's order and the bytes under `file`. */
export function partForm(fields: PartFields): FormData {
  const form = new FormData();
  for (const name of ['uploadId', 'partIndex', 'totalPartCount', 'totalFileSize'] as const) {
    const value = fields[name];
    if (value !== null) form.append(name, String(value));
  }
  if (fields.file !== null) form.append('file', new Blob([fields.file], { type: 'application/octet-stream' }), 'part.bin');
  return form;
}

/** POSTs a body to the sandbox's API; the answer's JSON (or an empty object). */
export async function post(sandbox: Sandbox, accessToken: string | null, path: string, body: FormData | URLSearchParams): Promise<PartAnswer> {
  const headers: Record<string, string> = accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
  const response = await fetch(`${sandbox.apiUrl}${path}`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

export async function createUpload(sandbox: Sandbox, accessToken: string, channelId: string, form: Record<string, string> = {}): Promise<CreatedUpload> {
  const answer = await post(sandbox, accessToken, uploadPath(channelId), new URLSearchParams(form));
  if (answer.status !== 201) throw new Error(`creating an upload answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as CreatedUpload;
}

/** Part `index` of `file` (a whole file in memory: for test files of a few MiB). */
export function sendPart(sandbox: Sandbox, accessToken: string, channelId: string, upload: CreatedUpload, file: Uint8Array, index: number): Promise<PartAnswer> {
  const fields: PartFields = {
    uploadId: upload.uploadId,
    partIndex: index,
    totalPartCount: Math.ceil(file.length / PART_SIZE),
    totalFileSize: file.length,
    file: file.subarray(index * PART_SIZE, Math.min(file.length, (index + 1) * PART_SIZE)),
  };
  return post(sandbox, accessToken, uploadPath(channelId, upload.videoId, 'part'), partForm(fields));
}

export function sendCompleted(sandbox: Sandbox, accessToken: string, channelId: string, upload: CreatedUpload, uploadId = upload.uploadId): Promise<PartAnswer> {
  return post(sandbox, accessToken, uploadPath(channelId, upload.videoId, 'completed'), new URLSearchParams({ uploadId }));
}

/** The operator's view of an upload in parts: its assembled file's path, size and SHA-256 at the sandbox. */
export interface UploadInspection {
  readonly status: string;
  readonly progress: number;
  readonly partsHeld: number;
  readonly firstMissingPart: number | null;
  readonly file: string;
  readonly fileSize: number | null;
  readonly sha256: string | null;
}

async function operator(sandbox: Sandbox, method: string, path: string, form?: Record<string, string>): Promise<PartAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${sandbox.adminKey}` };
  const response = await fetch(`${sandbox.apiUrl}${path}`, { method, headers, body: form ? new URLSearchParams(form) : undefined });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

export async function inspectUpload(sandbox: Sandbox, videoId: number | string): Promise<UploadInspection> {
  const answer = await operator(sandbox, 'GET', `/_sandbox/uploads/${videoId}`);
  if (answer.status !== 200) throw new Error(`the operator's upload view answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as UploadInspection;
}

/** Uploads in parts and videos carrying `title`: "one file, one video" is one of each. */
export async function titled(sandbox: Sandbox, title: string): Promise<{ uploads: { videoId: string }[]; videos: { id: string; fileSize: number }[] }> {
  const answer = await operator(sandbox, 'GET', `/_sandbox/uploads?title=${encodeURIComponent(title)}`);
  if (answer.status !== 200) throw new Error(`the operator's title count answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as { uploads: { videoId: string }[]; videos: { id: string; fileSize: number }[] };
}

/** The operator's switch: the /v2 upload calls answer 503 while it is on. */
export async function forceUploadServerError(sandbox: Sandbox, on: boolean): Promise<void> {
  const answer = await operator(sandbox, 'PUT', '/_sandbox/uploads/server-error', { on: String(on) });
  if (answer.status !== 204) throw new Error(`the operator's 503 switch answered ${answer.status} ${JSON.stringify(answer.body)}`);
}
