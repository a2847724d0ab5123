// The sandbox operator's HTTP surface (not part of the platform's API): lets a sandbox run by
// `companion sandbox` be driven from outside, e.g. to revoke a token as a user would on the website.
// Every call needs `Authorization: Bearer <admin key>`; the key is new at every start.
import { ApiError } from './http/api-error.js';
import { empty, ok } from './http/reply.js';
import type { RequestContext } from './http/request-context.js';
import type { Handler, Router } from './http/router.js';
import { BENEFITS, type Benefit } from './state/model.js';
import type { SandboxAdmin } from './admin.js';
import { timingSafeEqual } from 'node:crypto';

export function registerAdminRoutes(router: Router, admin: SandboxAdmin, adminKey: string): void {
  const guarded = (run: Handler) => (context: RequestContext) => {
    const presented = /^Bearer (.+)$/.exec(context.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(presented);
    const b = Buffer.from(adminKey);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new ApiError(401, 'unauthorized', 'Sandbox admin calls need the admin key printed at start (Authorization: Bearer <key>).');
    return run(context);
  };
  const known = (found: boolean, what: string) => {
    if (!found) throw new ApiError(404, 'not_found', `${what} does not exist.`);
    return empty(204);
  };
  router.post('/_sandbox/tokens/:token/revoke', guarded((context) => known(admin.revokeToken(context.params.token ?? ''), 'That token')));
  router.post('/_sandbox/tokens/:token/expire', guarded((context) => known(admin.expireToken(context.params.token ?? ''), 'That token')));
  router.post(
    '/_sandbox/accounts/:username/access-tokens/expire',
    guarded((context) => {
      const expired = admin.expireUserAccessTokens(context.params.username ?? '');
      if (expired === null) throw new ApiError(404, 'not_found', 'That account does not exist.');
      return ok({ expired });
    }),
  );
  router.put(
    '/_sandbox/accounts/:username/benefits',
    guarded((context) => {
      const listed = (context.form().get('benefits') ?? '').split(',').filter((benefit) => benefit !== '');
      const unknown = listed.filter((benefit) => !(BENEFITS as readonly string[]).includes(benefit));
      if (unknown.length > 0) throw new ApiError(400, 'bad_request', `Unknown benefits: ${unknown.join(', ')}; known: ${BENEFITS.join(', ')}.`);
      if (!admin.store.accountByUsername(context.params.username ?? '')) throw new ApiError(404, 'not_found', 'That account does not exist.');
      admin.setBenefits(context.params.username ?? '', listed as Benefit[]);
      return empty(204);
    }),
  );
  router.put(
    '/_sandbox/token-endpoint/server-error',
    guarded((context) => {
      const on = context.form().get('on');
      if (on !== 'true' && on !== 'false') throw new ApiError(400, 'bad_request', 'on must be true or false.');
      admin.forceTokenServerError(on === 'true');
      return empty(204);
    }),
  );
  // Uploads in parts: proof that the bytes at the sandbox are the source's, and that one file made one video.
  router.put(
    '/_sandbox/uploads/server-error',
    guarded((context) => {
      const on = context.form().get('on');
      if (on !== 'true' && on !== 'false') throw new ApiError(400, 'bad_request', 'on must be true or false.');
      admin.forceUploadServerError(on === 'true');
      return empty(204);
    }),
  );
  router.get(
    '/_sandbox/uploads',
    guarded((context) => {
      const title = context.query.get('title');
      if (title === null) throw new ApiError(400, 'bad_request', 'title is required: the uploads and videos with that title are listed.');
      return ok(admin.titled(title));
    }),
  );
  router.get(
    '/_sandbox/uploads/:video_id',
    guarded(async (context) => {
      const found = await admin.inspectUpload(context.params.video_id ?? '');
      if (!found) throw new ApiError(404, 'not_found', 'No upload in parts has that video id.');
      return ok(found);
    }),
  );
  router.put(
    '/_sandbox/rate-limit',
    guarded((context) => {
      const form = context.form();
      const whole = (name: string) => (/^\d{1,9}$/.test(form.get(name) ?? '') ? Number(form.get(name)) : Number.NaN);
      try {
        admin.setRateLimit({ limit: whole('limit'), windowSeconds: whole('window') });
      } catch (error) {
        if (error instanceof RangeError) throw new ApiError(400, 'bad_request', error.message);
        throw error;
      }
      return empty(204);
    }),
  );
  router.get('/_sandbox/rate-limit', guarded(() => ok({ limit: admin.rateLimit().limit, window: admin.rateLimit().windowSeconds })));
  router.get('/_sandbox/hook-log', guarded(() => ok({ deliveries: admin.hookLog() })));
  router.post('/_sandbox/rtmp-ingest/crash', guarded(() => known(admin.crashIngest(), 'A running RTMP ingest')));
  router.post(
    '/_sandbox/rtmps-ingest/stop',
    guarded(async () => known(await admin.stopTlsIngest(), 'A running RTMPS ingest')),
  );
  router.put(
    '/_sandbox/ingest-settings/unavailable',
    guarded((context) => {
      const on = context.form().get('on');
      if (on !== 'true' && on !== 'false') throw new ApiError(400, 'bad_request', 'on must be true or false.');
      admin.forceIngestUnavailable(on === 'true');
      return empty(204);
    }),
  );
}
