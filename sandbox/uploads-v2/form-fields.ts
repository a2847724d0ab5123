// The fields of an upload call's body. Creation and `completed` take a form either way a client may send
// one (urlencoded, as the rest of the API, or multipart, as a FormData sends it); a part must be multipart,
// for its bytes. The multipart body is read by sandbox/http/multipart.ts from the request as the server
// buffered it (at most one 1 MiB part and its fields per request, so memory per request stays bounded).
import { multipartBoundary, parseMultipart, type MultipartPart } from '../http/multipart.js';
import type { RequestContext } from '../http/request-context.js';
import { badRequest } from './part-rules.js';

export interface FormFields {
  text(name: string): string | null;
  /** A field's raw bytes (the `file` of a part), or null when absent. */
  bytes(name: string): Buffer | null;
}

/** Urlencoded or multipart fields; a body of another type is a 400 that says what to send. */
export function formFields(context: RequestContext): FormFields {
  const boundary = multipartBoundary(context.headers['content-type']);
  if (boundary !== null) return multipartFields(context, boundary);
  const form = context.form();
  return { text: (name) => form.get(name), bytes: () => null };
}

/** Multipart fields only: a part's bytes cannot travel urlencoded. */
export function multipartForm(context: RequestContext): FormFields {
  const boundary = multipartBoundary(context.headers['content-type']);
  if (boundary === null) {
    throw badRequest(`Send a part as multipart/form-data (uploadId, partIndex, totalPartCount, totalFileSize, file), not ${context.headers['content-type'] ?? 'without a content type'}.`);
  }
  return multipartFields(context, boundary);
}

function multipartFields(context: RequestContext, boundary: string): FormFields {
  const parts = parseMultipart(context.body, boundary);
  if (parts === null) throw badRequest(`The multipart body is not well formed for its boundary ${JSON.stringify(boundary)}.`);
  // The first field of a name counts, as URLSearchParams.get does for urlencoded forms.
  const byName = new Map<string, MultipartPart>();
  for (const part of parts) if (!byName.has(part.name)) byName.set(part.name, part);
  return {
    text: (name) => byName.get(name)?.data.toString('utf8') ?? null,
    bytes: (name) => byName.get(name)?.data ?? null,
  };
}
