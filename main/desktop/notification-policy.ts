// Which moments of a show deserve a system notification, in what words, and how often: a streamer with OBS
// in front must learn that the stream went live, moved, dropped or ended, that a recording was saved, an
// upload batch finished or a sign-in is needed, without a flapping link burying the screen in toasts.
// Plain logic: the desktop shell shows what this decides (Electron's Notification); browser mode does not
// notify (its header shows the same status).
import type { LiveState, Notice, SessionInfo, UploadTotals } from '../../preload/contract.js';
import { appStatus } from './app-status.js';

export type NotificationKind =
  | 'went-live'
  | 'ingest-switched'
  | 'reconnecting'
  | 'encoder-lost'
  | 'link-unstable'
  | 'stream-ended'
  | 'recording-saved'
  | 'uploads-done'
  | 'uploads-failed'
  | 'sign-in-needed'
  | 'action-failed';

export interface DesktopNotification {
  readonly kind: NotificationKind;
  readonly title: string;
  readonly body: string;
}

export interface NotificationPolicyOptions {
  readonly show: (notification: DesktopNotification) => void;
  /** Milliseconds; injectable for tests. */
  readonly now?: () => number;
  /** At most one notification of a kind this often. */
  readonly minIntervalMs?: number;
  /** A second drop within this long is a flapping link: one "unstable" message for the whole stretch. */
  readonly flapWindowMs?: number;
}

const DEFAULT_MIN_INTERVAL_MS = 30_000;
const DEFAULT_FLAP_WINDOW_MS = 120_000;

type LivePhase = ReturnType<typeof appStatus>['live'];

interface LiveFacts {
  readonly phase: LivePhase;
  readonly channel: string | null;
  /** The target the stream is actually published on now (not one the relay is only trying). */
  readonly publishingOn: { readonly id: string; readonly label: string } | null;
  readonly lastVideo: string | null;
  readonly lastError: string | null;
  /** On air with the encoder gone (the one on-air state's alarm): not the link's fault. */
  readonly encoderLost: { readonly doing: string; readonly youCan: string } | null;
  /** The on-air state's words for the last failover: where the stream went and why. */
  readonly movedOn: { readonly since: number; readonly message: string } | null;
}

const ON_AIR: readonly LivePhase[] = ['live', 'reconnecting'];

function liveFacts(live: LiveState): LiveFacts {
  const active = live.targets.find((target) => target.active);
  return {
    phase: appStatus(live, null).live,
    channel: live.channel?.title ?? null,
    publishingOn: active?.state === 'live' ? { id: active.id, label: active.label } : null,
    lastVideo: live.recording.lastVideo?.id ?? null,
    lastError: live.lastError,
    encoderLost: live.air.alarm?.kind === 'encoder-lost' ? { doing: live.air.alarm.doing, youCan: live.air.alarm.youCan } : null,
    movedOn: live.air.movedOn,
  };
}

export class NotificationPolicy {
  readonly #show: (notification: DesktopNotification) => void;
  readonly #now: () => number;
  readonly #minIntervalMs: number;
  readonly #flapWindowMs: number;
  readonly #lastShown = new Map<NotificationKind, number>();
  #drops: number[] = [];
  #live: LiveFacts | null = null;
  #onAir = false;
  #publishedOn: string | null = null;
  /** The failover whose words a notification used (its `since`): a later switch without new words says less. */
  #toldMoveSince: number | null = null;
  #uploads: { unfinished: number; signInPause: boolean } | null = null;
  #session: SessionInfo['status'] | null = null;

  constructor(options: NotificationPolicyOptions) {
    this.#show = options.show;
    this.#now = options.now ?? Date.now;
    this.#minIntervalMs = options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
    this.#flapWindowMs = options.flapWindowMs ?? DEFAULT_FLAP_WINDOW_MS;
  }

  /** The first state only sets the baseline: starting the app says nothing about what was already so. */
  liveChanged(live: LiveState): void {
    const next = liveFacts(live);
    const previous = this.#live;
    this.#live = next;
    if (!previous) return;
    const where = next.channel ? ` on ${next.channel}` : '';
    if (next.phase === 'live' && !ON_AIR.includes(previous.phase)) this.#offer('went-live', 'You are live', `The stream is on air${where}.`);
    if (next.phase === 'reconnecting' && previous.phase === 'live') {
      if (next.encoderLost) this.#offer('encoder-lost', 'Encoder lost', `${next.encoderLost.doing}. ${next.encoderLost.youCan}`);
      else this.#dropped();
    }
    // A switch is told when the stream is published on another target, not while the relay tries one.
    if (next.publishingOn) {
      if (this.#publishedOn !== null && this.#publishedOn !== next.publishingOn.id) {
        // The on-air state's sentence for this move says why; without a new one, where the stream went.
        const why = next.movedOn !== null && next.movedOn.since !== this.#toldMoveSince ? next.movedOn : null;
        this.#offer('ingest-switched', 'Ingest switched', why?.message ?? `The stream moved to ${next.publishingOn.label}; the encoder did not notice.`);
        if (why) this.#toldMoveSince = why.since;
      }
      this.#publishedOn = next.publishingOn.id;
    }
    // The end is told once it is over (after the "ending" step), and only for a stream that was on air.
    if (ON_AIR.includes(next.phase)) this.#onAir = true;
    if (this.#onAir && (next.phase === 'offline' || next.phase === 'failed')) {
      this.#onAir = false;
      this.#publishedOn = null;
      this.#ended(next);
    }
    if (next.lastVideo !== null && next.lastVideo !== previous.lastVideo) this.#offer('recording-saved', 'Recording saved', `The recording was saved as video ${next.lastVideo}.`);
  }

  uploadsChanged(totals: UploadTotals | null): void {
    const next = { unfinished: totals?.unfinished ?? 0, signInPause: totals?.paused === 'sign-in' };
    const previous = this.#uploads;
    this.#uploads = next;
    if (!previous || !totals) return;
    if (previous.unfinished > 0 && next.unfinished === 0) {
      if (totals.failed > 0) this.#offer('uploads-failed', 'Uploads finished with failures', `${totals.complete} uploaded, ${totals.failed} failed. The Uploads panel says why.`);
      else this.#offer('uploads-done', 'Uploads done', `${totals.complete} ${totals.complete === 1 ? 'video' : 'videos'} uploaded.`);
    }
    if (next.signInPause && !previous.signInPause) this.#signInNeeded();
  }

  sessionChanged(session: SessionInfo): void {
    const previous = this.#session;
    this.#session = session.status;
    if (previous !== null && previous !== 'expired' && session.status === 'expired') this.#signInNeeded();
  }

  /**
   * An error notice is a hotkey or tray action that failed: the streamer pressed it with the window hidden
   * behind OBS, so the banner alone would go unseen.
   */
  noticed(notice: Notice): void {
    if (notice.level === 'error') this.#offer('action-failed', 'That did not work', notice.message);
  }

  #ended(next: LiveFacts): void {
    // lastError is cleared by each go live: one here is why this stream stopped.
    if (next.lastError) this.#offer('stream-ended', 'The stream stopped', next.lastError);
    else this.#offer('stream-ended', 'Stream ended', next.channel ? `${next.channel} is off air.` : 'The stream is off air.');
  }

  #signInNeeded(): void {
    this.#offer('sign-in-needed', 'Sign-in needed', 'The platform no longer accepts your sign-in. Open the app and sign in again; uploads go on by themselves.');
  }

  /** One drop is news; a second one within the window is a flapping link, told once for the whole stretch. */
  #dropped(): void {
    const now = this.#now();
    this.#drops = [...this.#drops.filter((at) => now - at < this.#flapWindowMs), now];
    if (this.#drops.length === 1) {
      this.#offer('reconnecting', 'Reconnecting', 'The link to the platform dropped; the app is reconnecting. The encoder can keep streaming.');
      return;
    }
    const lastUnstable = this.#lastShown.get('link-unstable');
    if (lastUnstable !== undefined && now - lastUnstable < this.#flapWindowMs) return;
    this.#lastShown.set('link-unstable', now);
    const minutes = Math.round(this.#flapWindowMs / 60_000);
    this.#show({ kind: 'link-unstable', title: 'The link is unstable', body: `The link to the platform dropped ${this.#drops.length} times in the last ${minutes === 1 ? 'minute' : `${minutes} minutes`}; the app keeps reconnecting.` });
  }

  #offer(kind: NotificationKind, title: string, body: string): void {
    const now = this.#now();
    const last = this.#lastShown.get(kind);
    if (last !== undefined && now - last < this.#minIntervalMs) return;
    this.#lastShown.set(kind, now);
    this.#show({ kind, title, body });
  }
}
