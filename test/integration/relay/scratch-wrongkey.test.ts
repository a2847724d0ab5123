import { it } from 'vitest';
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { startNginxRtmp } from '../../support/nginx-rtmp.js';
import { startSandbox } from '../../../sandbox/index.js';
import { rtmpPublisher } from '../../../main/relay/rtmp-publisher.js';
import { classify } from '../../../main/relay/media-packet.js';
it('wrong keys', async () => {
  const hook = createServer((req, res) => { let b = ''; req.on('data', (c) => (b += c)); req.on('end', () => { console.log('hook body', b); res.statusCode = b.includes('name=good') ? 200 : 403; res.end(); }); });
  hook.listen(0, '127.0.0.1'); await once(hook, 'listening');
  const n = await startNginxRtmp({ onPublish: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/publish` });
  const sandbox = await startSandbox();
  const open = rtmpPublisher({ connectTimeoutMs: 5000, acceptWindowMs: 1500, stallTimeoutMs: 5000 });
  for (const url of [`${n.url}/bad`, `${n.url}/good`, `${sandbox.rtmpUrl}/bad`, 'rtmp://127.0.0.1:1/live/x']) {
    const t0 = Date.now();
    try {
      const s = await open(url);
      console.log(url, 'publish start after', Date.now() - t0);
      s.send('data', 0, Buffer.from([2, 0, 10, ...Buffer.from('onMetaData'), 3, 0, 0, 9]));
      const acc = await s.accepted;
      console.log(url, 'accepted?', acc?.kind, acc?.message, Date.now() - t0);
      await s.close();
    } catch (e) {
      console.log(url, 'open failed', (e as Error & { kind: string }).kind, (e as Error).message, Date.now() - t0);
    }
  }
  console.log((await n.log()).split('\n').filter((l) => /\*[0-9]/.test(l)).slice(-14).join('\n'));
  await n.close(); await sandbox.close(); hook.close();
  void classify;
}, 60000);
