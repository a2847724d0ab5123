// The failover order of a channel's targets: TLS ingest → RTMP ingest → broadcast URLs in today's dialect,
// RTMP → broadcast URLs with the plain-RTMP switch or in the spec's dialect (which offers no TLS ingest).
import { describe, expect, it } from 'vitest';
import { ingestTargets } from '../../../main/live/ingest-targets.js';
import { publishChoice } from '../../../main/live/publish-choice.js';
import type { SandboxConnection } from '../../../main/profiles/embedded-sandbox.js';
import { ingestSettings } from './fake-platform.js';

const backups = ['rtmp://backup.example.test/live/channel-key-5001', 'rtmp://backup-2.example.test/live'];

describe('ingestTargets', () => {
  it('puts the TLS ingest first when it is offered and preferred, then RTMP, then the broadcast URLs', () => {
    const targets = ingestTargets(ingestSettings('sk-1', 'channel-key-5001', 'rtmps://tls.example.test:443/live/'), backups, { preferTls: true });
    expect(targets).toEqual([
      { id: 'ingest-tls', label: 'Ingest RTMPS · tls.example.test:443', url: 'rtmps://tls.example.test:443/live/sk-1' },
      { id: 'ingest-1', label: 'Ingest 1 · ingest-a.example.test', url: 'rtmp://ingest-a.example.test/live/sk-1' },
      { id: 'ingest-2', label: 'Ingest 2 · ingest-b.example.test:1936', url: 'rtmp://ingest-b.example.test:1936/live/sk-1' },
      { id: 'backup-1', label: 'Backup 1 · backup.example.test', url: 'rtmp://backup.example.test/live/channel-key-5001' },
      { id: 'backup-2', label: 'Backup 2 · backup-2.example.test', url: 'rtmp://backup-2.example.test/live/channel-key-5001' },
    ]);
  });

  it('leaves the TLS ingest out with plain RTMP chosen', () => {
    const targets = ingestTargets(ingestSettings('sk-1', 'channel-key-5001', 'rtmps://tls.example.test/live'), backups, { preferTls: false });
    expect(targets.map((target) => target.id)).toEqual(['ingest-1', 'ingest-2', 'backup-1', 'backup-2']);
  });

  it('is RTMP then the broadcast URLs where no TLS ingest is offered (the spec dialect), whatever the preference', () => {
    expect(ingestTargets(ingestSettings('sk-1'), backups, { preferTls: true }).map((target) => target.id)).toEqual(['ingest-1', 'ingest-2', 'backup-1', 'backup-2']);
  });

  it('labels never hold a key', () => {
    for (const target of ingestTargets(ingestSettings('sk-secret', 'ck-secret', 'rtmps://tls.example.test/live'), [], { preferTls: true })) {
      expect(target.label).not.toMatch(/secret/);
    }
  });
});

describe('publishChoice', () => {
  const session = (dialect: 'spec' | 'current', plainRtmp: boolean, sandbox: boolean) => ({
    platform: async () => ({ apiUrl: '', authUrl: '', tokenUrl: '', clientId: 'c', clientSecret: null, dialect, plainRtmp }),
    // Only its authority is read.
    sandbox: async () => (sandbox ? ({ rtmpsCaCertificate: 'SANDBOX CA' } as SandboxConnection) : null),
  });

  it('prefers TLS in the current dialect unless the profile asks for plain RTMP; never in the spec dialect', async () => {
    expect((await publishChoice(session('current', false, false))).preferTls).toBe(true);
    expect((await publishChoice(session('current', true, false))).preferTls).toBe(false);
    expect((await publishChoice(session('spec', false, false))).preferTls).toBe(false);
  });

  it("trusts the sandbox's authority for the sandbox profile only", async () => {
    expect((await publishChoice(session('current', false, true))).extraCaCerts).toEqual(['SANDBOX CA']);
    expect((await publishChoice(session('current', false, false))).extraCaCerts).toEqual([]);
  });
});
