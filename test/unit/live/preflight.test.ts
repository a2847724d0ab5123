// The go-live checklist from the facts, and what it says to do next.
import { describe, expect, it } from 'vitest';
import { PREFLIGHT_STEPS, preflight, type PreflightFacts } from '../../../main/live/preflight.js';

const nothingYet: PreflightFacts = {
  session: { status: 'signed-out', user: null },
  channel: null,
  ingest: { state: 'idle' },
  encoder: { state: 'waiting', listenUrl: 'rtmp://127.0.0.1:1935/live' },
  target: { state: 'idle' },
};

const allDone: PreflightFacts = {
  session: { status: 'signed-in', user: 'demo' },
  channel: { id: '5001', title: 'Demo Live' },
  ingest: { state: 'fetched', targets: 4 },
  encoder: { state: 'connected', codecs: 'H.264 + AAC' },
  target: { state: 'connected', label: 'Ingest 1 · 127.0.0.1:1935' },
};

describe('the checklist', () => {
  it('lists the five steps in order, all pending before anything happened, and says to sign in first', () => {
    const { checklist, nextAction } = preflight(nothingYet);
    expect(checklist.map((step) => step.step)).toEqual([...PREFLIGHT_STEPS]);
    expect(checklist.map((step) => step.state)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    expect(checklist[3]).toEqual({ step: 'encoder-connected', label: 'Encoder connected', state: 'pending', detail: 'Waiting for the encoder at rtmp://127.0.0.1:1935/live' });
    expect(nextAction).toBe('Sign in to the platform.');
  });

  it('is all ok with details once the platform receives the stream, and then has nothing to do', () => {
    const { checklist, nextAction } = preflight(allDone);
    expect(checklist.map(({ state, detail }) => [state, detail])).toEqual([
      ['ok', 'As demo'],
      ['ok', 'Demo Live (5001)'],
      ['ok', '4 addresses to publish to'],
      ['ok', 'H.264 + AAC'],
      ['ok', 'Sending to Ingest 1 · 127.0.0.1:1935'],
    ]);
    expect(nextAction).toBeNull();
  });

  it('shows a running step and says what is happening', () => {
    const { checklist, nextAction } = preflight({ ...allDone, target: { state: 'connecting', label: 'Ingest 2 · localhost:1935' } });
    expect(checklist[4]).toMatchObject({ state: 'running', detail: 'Connecting to Ingest 2 · localhost:1935' });
    expect(nextAction).toBe('Connecting to Ingest 2 · localhost:1935…');
  });
});

describe('the next action', () => {
  const cases: [string, Partial<PreflightFacts>, string][] = [
    ['an expired sign-in', { session: { status: 'expired', user: 'demo' } }, 'Your sign-in expired: sign in again.'],
    ['no channel', { channel: null }, 'Choose the channel to go live on.'],
    ['ingest not fetched yet', { ingest: { state: 'idle' } }, "Press Go live: the app fetches the channel's ingest addresses and keys."],
    ['ingest being fetched', { ingest: { state: 'fetching' } }, "Asking the platform for the channel's ingest addresses and keys…"],
    [
      'a failed ingest fetch',
      { ingest: { state: 'failed', error: 'The platform could not be reached' } },
      'The ingest settings could not be fetched: The platform could not be reached. Then press Go live again.',
    ],
    [
      'no encoder yet',
      { encoder: { state: 'waiting', listenUrl: 'rtmp://127.0.0.1:1935/live' } },
      'Start streaming in your encoder (OBS, vMix, a camera) to rtmp://127.0.0.1:1935/live with the local stream key.',
    ],
    ['no local ingest address yet', { encoder: { state: 'waiting', listenUrl: null } }, 'Start streaming in your encoder (OBS, vMix, a camera) to the local ingest with the local stream key.'],
    ['a local ingest that failed', { encoder: { state: 'failed', error: 'Port 1935 is in use.' } }, "The local ingest cannot take the encoder's stream: Port 1935 is in use."],
    ['no target yet', { target: { state: 'idle' } }, 'Press Go live to send the stream to the platform.'],
    [
      'a refused target',
      { target: { state: 'failed', error: 'Every ingest refused the stream key' } },
      'The platform did not take the stream: Every ingest refused the stream key. Then reconnect or press Go live again.',
    ],
  ];
  it.each(cases)('for %s', (_name, change, expected) => {
    const { checklist, nextAction } = preflight({ ...allDone, ...change });
    expect(nextAction).toBe(expected);
    expect(checklist.filter((step) => step.state !== 'ok')).toHaveLength(1);
  });

  it('comes from the first step that is not done, failed or pending', () => {
    const facts: PreflightFacts = { ...allDone, channel: null, target: { state: 'failed', error: 'refused' } };
    expect(preflight(facts).nextAction).toBe('Choose the channel to go live on.');
    expect(preflight(facts).checklist.map((step) => step.state)).toEqual(['ok', 'pending', 'ok', 'ok', 'failed']);
  });
});
