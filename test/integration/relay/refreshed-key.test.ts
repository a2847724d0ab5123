// An nginx-rtmp ingest that checks stream keys the way platforms built on it do (its on_publish hook asks
// an HTTP service, which answers 403 to a wrong key). nginx then closes the connection after the publish
// command, without a status: the relay reads that as a refused key, asks for a fresh one once, and goes
// live with it.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import type { TargetSpec } from '../../../main/relay/relay-types.js';
import { startNginxRtmp } from '../../support/nginx-rtmp.js';
import { Encoders, probe } from '../../support/synthetic-encoder.js';
import { Cleanup, startRig } from './relay-harness.js';

const cleanup = new Cleanup();
const encoders = new Encoders();

afterAll(async () => {
  encoders.killAll();
  await cleanup.close();
});

it('reads a closed connection after the publish command as a refused key, and goes live with the fresh key', async () => {
  const asked: string[] = [];
  const keyService = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const name = new URLSearchParams(body).get('name') ?? '';
      asked.push(name);
      response.statusCode = name === 'fresh-key' ? 200 : 403;
      response.end();
    });
  });
  keyService.listen(0, '127.0.0.1');
  await once(keyService, 'listening');
  cleanup.add(() => new Promise((resolve) => keyService.close(resolve)));
  const nginx = await startNginxRtmp({ onPublish: `http://127.0.0.1:${(keyService.address() as AddressInfo).port}/on_publish` });
  cleanup.add(() => nginx.close());

  const withKey = (key: string): TargetSpec[] => [{ id: 'nginx', label: 'nginx with key checks', url: `${nginx.url}/${key}` }];
  const refreshes: TargetSpec[] = [];
  const rig = await startRig(cleanup, 'local_refreshed', {
    targets: { targets: async () => withKey('expired-key'), refreshAfterAuthFailure: async (failed) => (refreshes.push(failed), withKey('fresh-key')) },
  });
  const encoder = encoders.publish(rig.publishUrl, 3);
  await rig.events.waitFor('target-connected', 10_000);
  expect(asked).toEqual(['expired-key', 'fresh-key']);
  expect(refreshes).toHaveLength(1);
  expect(rig.events.of('target-failed')).toMatchObject([{ fatal: false, reason: 'it closed the connection when asked to publish, without accepting it; the ingest refused the stream (check the stream key)' }]);
  expect(await encoder.exited).toBe(0);
  await rig.relay.stop('test over');
  const files = await nginx.recordings();
  expect(files.map((file) => file.path.split('/').at(-1))).toEqual([expect.stringMatching(/^fresh-key-\d+\.flv$/)]);
  expect(await probe(files[0]!.path, '-show_entries', 'stream=codec_name')).toBe('h264\naac');
}, 30_000);
