// What belongs to one channel of one account while the app follows it: the cloud recorder, the channel
// watcher (status and viewers) and what they last told, the autorecord mode set from here, and the
// "record when live" switch they apply. Forgotten together when the channel or the account changes.
import type { LiveState } from '../../preload/contract.js';
import type { PlatformApi } from '../platform/endpoints/index.js';
import { ChannelWatcher, type ChannelActivity } from './channel-watcher.js';
import { Recorder, type RecorderEvent } from './recorder.js';

export interface ChannelRef {
  readonly id: string;
  readonly title: string;
  /** The owner, when the user manages the channel for them (known once the channel list was read). */
  readonly managedFor: string | null;
}

export class ChannelHelpers {
  readonly #onChange: () => void;
  readonly #onRecorderEvent: ((event: RecorderEvent) => void) | undefined;
  #recorder: Recorder | null = null;
  #watcher: ChannelWatcher | null = null;
  #activity: ChannelActivity | null = null;
  #autorecord: LiveState['autorecord'] = null;
  #recordWhenLive = false;

  /** `onRecorderEvent`: each of the recorder's events, before the change it makes is told. */
  constructor(onChange: () => void, onRecorderEvent?: (event: RecorderEvent) => void) {
    this.#onChange = onChange;
    this.#onRecorderEvent = onRecorderEvent;
  }

  /** The channel's status and viewers, as the watcher last read them. */
  get activity(): ChannelActivity | null {
    return this.#activity;
  }

  get autorecord(): LiveState['autorecord'] {
    return this.#autorecord;
  }

  setRecordWhenLive(on: boolean): void {
    this.#recordWhenLive = on;
    this.#recorder?.setRecordWhenLive(on);
  }

  recording(): LiveState['recording'] {
    return this.#recorder?.summary() ?? { state: 'idle', since: null, limitSeconds: null, recordWhenLive: this.#recordWhenLive, lastVideo: null };
  }

  recorder(api: PlatformApi, channel: ChannelRef): Recorder {
    this.#recorder ??= new Recorder({
      platform: api,
      channelId: channel.id,
      managedFor: channel.managedFor,
      recordWhenLive: this.#recordWhenLive,
      onEvent: (event) => {
        this.#onRecorderEvent?.(event);
        this.#onChange();
      },
    });
    return this.#recorder;
  }

  async setAutorecord(api: PlatformApi, channel: ChannelRef, mode: NonNullable<LiveState['autorecord']>): Promise<void> {
    await this.recorder(api, channel).setAutorecord(mode);
    this.#autorecord = mode;
  }

  /** The watcher, which tells the recorder when the channel goes live or off air. */
  watcher(api: PlatformApi, channel: ChannelRef): ChannelWatcher {
    if (this.#watcher) return this.#watcher;
    const recorder = this.recorder(api, channel);
    this.#watcher = new ChannelWatcher({
      channels: api.channels,
      channelId: channel.id,
      managedFor: channel.managedFor,
      onEvent: (event) => {
        if (event.type === 'channel-changed') {
          this.#activity = event.activity;
          if (event.activity.status !== event.previous?.status) recorder.channelStatus(event.activity.status);
        }
        this.#onChange();
      },
    });
    return this.#watcher;
  }

  /** Another channel or account: the recorder is closed and all it and the watcher told is forgotten. */
  forget(): void {
    this.#recorder?.close();
    this.#recorder = null;
    this.#watcher = null;
    this.#activity = null;
    this.#autorecord = null;
  }
}
