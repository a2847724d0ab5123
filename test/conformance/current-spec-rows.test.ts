// Pins the part C catalogue (the platform as it runs today), so a parser regression or a changed spec file
// shows up here rather than as a silently different coverage count.
import { describe, expect, it } from 'vitest';
import { specRow } from './coverage.js';
import { loadCurrentSpecRows, parseCurrentSpec, RATE_LIMIT_ROW } from './current-spec-rows.js';

const keys = (id: string): string[] => specRow(id).errors.map((error) => error.key);

describe('part C rows', () => {
  it('counts 9 rows: authorize, token, revocation, ingest, the four upload steps and the rate limits', () => {
    expect(loadCurrentSpecRows().map((row) => row.id)).toEqual([
      'GET /authorize',
      'POST /oauth2/token',
      'POST /oauth2/token/revoke',
      'GET /channels/{channel_id}/ingest.json',
      'POST /v2/channels/{channel_id}/uploads.json',
      'POST /v2/channels/{channel_id}/uploads/{video_id}/part.json',
      'POST /v2/channels/{channel_id}/uploads/{video_id}/completed.json',
      'GET /channels/{channel_id}/uploads/{video_id}.json',
      RATE_LIMIT_ROW,
    ]);
  });

  it('reads the sign-in table: a case per challenge method and per grant, then the token errors', () => {
    expect(keys('GET /authorize')).toEqual(['plain', 'S256']);
    expect(keys('POST /oauth2/token')).toEqual([
      'authorization_code',
      'client_credentials',
      'refresh_token',
      '501 unsupported_grant_type',
      '400 invalid_client',
      '400 invalid_grant',
      '400 invalid_request',
      '503 server_error',
    ]);
    expect(keys('POST /oauth2/token/revoke')).toEqual([]);
  });

  it('reads each Errors list up to the end of its sentence', () => {
    expect(keys('GET /channels/{channel_id}/ingest.json')).toEqual(['401 invalid_token', '403 lack_of_ownership', '503']);
    expect(keys('POST /v2/channels/{channel_id}/uploads.json')).toEqual([
      '400 protect_level_invalid',
      '401 invalid_token',
      '403 lack_of_ownership',
      '404 not_found',
      '429 too_many_requests',
      '503',
    ]);
    expect(keys('POST /v2/channels/{channel_id}/uploads/{video_id}/part.json')).toEqual([
      '400',
      '401',
      '403 lack_of_ownership',
      '404 not_found',
      '413 file_too_large',
      '429',
      '503',
    ]);
    expect(keys('POST /v2/channels/{channel_id}/uploads/{video_id}/completed.json')).toEqual(['400', '401', '404', '429', '503']);
    expect(keys('GET /channels/{channel_id}/uploads/{video_id}.json')).toEqual([]);
    expect(keys(RATE_LIMIT_ROW)).toEqual(['429 too_many_requests']);
  });

  it('fails loudly when the text no longer has what it reads', () => {
    expect(() => parseCurrentSpec('# nothing\n\n## Rate limits\n\nnone\n')).toThrow(/Part C/);
  });
});
