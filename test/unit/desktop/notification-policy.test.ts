import { describe, expect, it } from 'vitest';
import { notifyNatively, showWith, type NotificationClass } from '../../../main/app/native-notifications.js';
import { NotificationPolicy, type DesktopNotification } from '../../../main/desktop/notification-policy.js';
import { ContractEvents } from '../../../main/typed-emitter.js';
import type { Contract, Notice, SessionInfo } from '../../../preload/contract.js';
import { liveState, onAir, reconnecting, totals } from './status-fixtures.js';

function policy() {
  let now = 1_000_000;
  const shown: DesktopNotification[] = [];
  const subject = new NotificationPolicy({ show: (notification) => shown.push(notification), now: () => now, minIntervalMs: 30_000, flapWindowMs: 120_000 });
  return { subject, shown, kinds: () => shown.map((notification) => notification.kind), advance: (ms: number) => (now += ms) };
}

function session(status: SessionInfo['status']): SessionInfo {
  return { profile: 'sandbox', profileKind: 'sandbox', platform: null, status, user: null, tokenType: null, scopes: [], expiresAt: null, expiresSoon: false, renewable: false, dialect: 'spec', lastError: null, sandboxLogin: null };
}

describe('NotificationPolicy', () => {
  it('says nothing about the state the app starts in', () => {
    const { subject, shown } = policy();
    subject.liveChanged(onAir());
    subject.uploadsChanged(totals({ unfinished: 0 }));
    subject.sessionChanged(session('expired'));
    expect(shown).toEqual([]);
  });

  it('tells a show from going live to the end, with the ingest switch and the saved recording', () => {
    const { subject, shown, advance } = policy();
    subject.liveChanged(liveState());
    subject.liveChanged(liveState({ phase: 'starting' }));
    subject.liveChanged(onAir('a'));
    advance(60_000);
    subject.liveChanged(onAir('b'));
    subject.liveChanged(liveState({ phase: 'ending' }));
    subject.liveChanged(liveState());
    subject.liveChanged(liveState({}, { lastVideo: { id: '42', url: 'https://video.example/42' } }));
    expect(shown).toEqual([
      { kind: 'went-live', title: 'You are live', body: 'The stream is on air on Main.' },
      { kind: 'ingest-switched', title: 'Ingest switched', body: 'The stream moved to Ingest b; the encoder did not notice.' },
      { kind: 'stream-ended', title: 'Stream ended', body: 'Main is off air.' },
      { kind: 'recording-saved', title: 'Recording saved', body: 'The recording was saved as video 42.' },
    ]);
  });

  it('tells a switch once the stream is published on the new target, not while the relay tries targets', () => {
    const { subject, kinds, shown } = policy();
    subject.liveChanged(liveState());
    subject.liveChanged(onAir('a'));
    subject.liveChanged(reconnecting('b'));
    expect(kinds()).toEqual(['went-live', 'reconnecting']);
    subject.liveChanged(onAir('b'));
    expect(shown.at(-1)).toEqual({ kind: 'ingest-switched', title: 'Ingest switched', body: 'The stream moved to Ingest b; the encoder did not notice.' });
    // The next stream starts afresh: its first target is no switch.
    subject.liveChanged(liveState());
    subject.liveChanged(onAir('a'));
    expect(kinds().filter((kind) => kind === 'ingest-switched')).toHaveLength(1);
  });

  it("tells a switch in the on-air state's words when it has them: where the stream went and why", () => {
    const { subject, shown, advance } = policy();
    subject.liveChanged(liveState());
    subject.liveChanged(onAir('a'));
    const message = 'The stream moved to Ingest b, because Ingest a failed: it closed the connection. It goes on there; nothing to do.';
    const moved = onAir('b');
    subject.liveChanged({ ...moved, air: { ...moved.air, movedOn: { since: 2_000, message } } });
    expect(shown.at(-1)).toEqual({ kind: 'ingest-switched', title: 'Ingest switched', body: message });
    // A later switch whose words have not come yet does not repeat the old ones.
    advance(60_000);
    const back = onAir('a');
    subject.liveChanged({ ...back, air: { ...back.air, movedOn: { since: 2_000, message } } });
    expect(shown.at(-1)).toEqual({ kind: 'ingest-switched', title: 'Ingest switched', body: 'The stream moved to Ingest a; the encoder did not notice.' });
  });

  it('tells an encoder lost on air as that, with what the app does and what to do, not as a dropped link', () => {
    const { subject, shown, kinds } = policy();
    subject.liveChanged(onAir());
    const alarm = { kind: 'encoder-lost', since: 5_000, title: 'Encoder lost', doing: 'Holding the stream with a slate', countdown: { word: 'for', from: 0, until: 65_000 }, youCan: 'Check the encoder.' } as const;
    subject.liveChanged({ ...onAir(), air: { status: 'trouble', liveSince: 1_000, alarm, movedOn: null } });
    expect(shown).toEqual([{ kind: 'encoder-lost', title: 'Encoder lost', body: 'Holding the stream with a slate. Check the encoder.' }]);
    subject.liveChanged(onAir());
    subject.liveChanged(reconnecting());
    expect(kinds()).toEqual(['encoder-lost', 'reconnecting']);
  });

  it('says why a stream stopped, and nothing for a go live that never reached the air', () => {
    const { subject, shown } = policy();
    subject.liveChanged(liveState());
    subject.liveChanged(liveState({ phase: 'starting' }));
    subject.liveChanged(liveState({ phase: 'failed', lastError: 'no ingest' }));
    expect(shown).toEqual([]);
    subject.liveChanged(onAir());
    subject.liveChanged(liveState({ phase: 'ending', lastError: 'The platform refused the stream key twice.' }));
    subject.liveChanged(liveState({ lastError: 'The platform refused the stream key twice.' }));
    expect(shown.at(-1)).toEqual({ kind: 'stream-ended', title: 'The stream stopped', body: 'The platform refused the stream key twice.' });
  });

  it('tells one drop, then coalesces a flapping link into one "unstable" message per window', () => {
    const { subject, kinds, shown, advance } = policy();
    subject.liveChanged(onAir());
    for (let flap = 0; flap < 6; flap += 1) {
      subject.liveChanged(reconnecting());
      advance(5_000);
      subject.liveChanged(onAir());
      advance(5_000);
    }
    expect(kinds()).toEqual(['reconnecting', 'link-unstable']);
    expect(shown[1]?.body).toBe('The link to the platform dropped 2 times in the last 2 minutes; the app keeps reconnecting.');
    // Still flapping after the window: one more "unstable", counting the drops of the last two minutes.
    advance(70_000);
    subject.liveChanged(reconnecting());
    expect(kinds()).toEqual(['reconnecting', 'link-unstable', 'link-unstable']);
    // A quiet link for longer than the window: the next drop is news again.
    subject.liveChanged(onAir());
    advance(121_000);
    subject.liveChanged(reconnecting());
    expect(kinds().at(-1)).toBe('reconnecting');
  });

  it('shows at most one notification of a kind per interval', () => {
    const { subject, kinds, advance } = policy();
    subject.liveChanged(liveState());
    for (let round = 0; round < 3; round += 1) {
      subject.liveChanged(onAir());
      subject.liveChanged(liveState());
      advance(10_000);
    }
    expect(kinds()).toEqual(['went-live', 'stream-ended']);
    advance(30_000);
    subject.liveChanged(onAir());
    expect(kinds()).toEqual(['went-live', 'stream-ended', 'went-live']);
  });

  it('tells an upload batch done or failed once its last file finishes', () => {
    const { subject, shown, advance } = policy();
    subject.uploadsChanged(totals({ unfinished: 2 }));
    subject.uploadsChanged(totals({ unfinished: 1 }));
    subject.uploadsChanged(totals({ unfinished: 0, complete: 3 }));
    advance(31_000);
    subject.uploadsChanged(totals({ unfinished: 1, complete: 3 }));
    subject.uploadsChanged(totals({ unfinished: 0, complete: 3, failed: 1 }));
    expect(shown).toEqual([
      { kind: 'uploads-done', title: 'Uploads done', body: '3 videos uploaded.' },
      { kind: 'uploads-failed', title: 'Uploads finished with failures', body: '3 uploaded, 1 failed. The Uploads panel says why.' },
    ]);
  });

  it('asks for a sign-in once when the token expires and the queue pauses for it together', () => {
    const { subject, kinds } = policy();
    subject.sessionChanged(session('signed-in'));
    subject.uploadsChanged(totals());
    subject.sessionChanged(session('expired'));
    subject.uploadsChanged(totals({ paused: 'sign-in' }));
    subject.sessionChanged(session('expired'));
    expect(kinds()).toEqual(['sign-in-needed']);
  });

  it('shows a failed hotkey or tray action, but not the banners meant for the window', () => {
    const { subject, shown } = policy();
    subject.noticed({ level: 'warning', message: 'Uploads done: 2 uploaded, 0 failed.' });
    subject.noticed({ level: 'error', message: '"Go live / End" did not work: Choose the channel to go live on first.' });
    expect(shown).toEqual([{ kind: 'action-failed', title: 'That did not work', body: '"Go live / End" did not work: Choose the channel to go live on first.' }]);
  });
});

describe('notifyNatively', () => {
  it('feeds the core events to the policy until stopped', () => {
    const events = new ContractEvents<Contract>();
    const shown: DesktopNotification[] = [];
    const stop = notifyNatively((event, listener) => events.on(event, listener), (notification) => shown.push(notification));
    events.emit('live', liveState());
    events.emit('live', onAir());
    events.emit('uploads', { reset: false, available: true, reason: null, rows: [], removed: [], totals: totals() });
    events.emit('uploads', { reset: false, available: true, reason: null, rows: [], removed: [], totals: totals({ unfinished: 0, complete: 1 }) });
    stop();
    events.emit('live', liveState());
    expect(shown.map((notification) => notification.kind)).toEqual(['went-live', 'uploads-done']);
  });
});

/** Electron's Notification as a machine without a notification daemon has it: unsupported, or failing to show. */
function fakeNotification(supported: boolean, showFails: boolean): { Notification: NotificationClass; shown: string[]; made: number } {
  const record = { shown: [] as string[], made: 0 };
  class FakeNotification {
    static isSupported(): boolean {
      return supported;
    }
    readonly #title: string;
    constructor(options: { title: string; body: string }) {
      record.made += 1;
      this.#title = options.title;
    }
    on(): this {
      return this;
    }
    show(): void {
      if (showFails) throw new Error('org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.Notifications was not provided by any .service files');
      record.shown.push(this.#title);
    }
  }
  return {
    Notification: FakeNotification,
    get shown() {
      return record.shown;
    },
    get made() {
      return record.made;
    },
  };
}

describe('no notification daemon', () => {
  const failedAction: Notice = { level: 'error', message: 'Go live did not work: choose a channel first.' };

  /** The core's events with the native notifier first and the window (IPC or socket) after it, as in the app. */
  function appEvents(Notification: NotificationClass) {
    const events = new ContractEvents<Contract>();
    const failures: unknown[] = [];
    notifyNatively((event, listener) => events.on(event, listener), showWith(Notification), { onFailure: (error) => failures.push(error) });
    const window: unknown[] = [];
    events.subscribe((event, payload) => window.push({ event, payload }));
    return { events, failures, window };
  }

  it('a show() that throws reaches no caller, is told once, and the window still gets every event', () => {
    const fake = fakeNotification(true, true);
    const { events, failures, window } = appEvents(fake.Notification);
    expect(() => events.emit('notice', failedAction)).not.toThrow();
    events.emit('live', liveState());
    expect(() => events.emit('live', onAir())).not.toThrow();
    expect(fake.made).toBe(2);
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toContain('org.freedesktop.Notifications');
    expect(window).toEqual([
      { event: 'notice', payload: failedAction },
      { event: 'live', payload: liveState() },
      { event: 'live', payload: onAir() },
    ]);
  });

  it('Notification.isSupported() false: nothing is made or shown, nothing fails, the window gets the notice', () => {
    const fake = fakeNotification(false, false);
    const { events, failures, window } = appEvents(fake.Notification);
    events.emit('notice', failedAction);
    expect(fake.made).toBe(0);
    expect(failures).toEqual([]);
    expect(window).toEqual([{ event: 'notice', payload: failedAction }]);
  });

  it('with a daemon, the same notice is shown as a system notification too', () => {
    const fake = fakeNotification(true, false);
    const { events, window } = appEvents(fake.Notification);
    events.emit('notice', failedAction);
    expect(fake.shown).toEqual(['That did not work']);
    expect(window).toHaveLength(1);
  });
});
