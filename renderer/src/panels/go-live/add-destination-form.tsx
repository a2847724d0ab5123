// Adds a destination: another channel of the account (from the channel list), or any RTMP/RTMPS address
// with its stream key (typed into a password field; the app keeps it in the keychain).
import { useState, type FormEvent } from 'react';
import type { ChannelChoice, DestinationInput } from '../../../../preload/contract.js';

/** The address's host, as the name of a destination the streamer did not name. */
function hostOf(url: string): string {
  return url.trim().replace(/^rtmps?:\/\//i, '').split('/')[0] ?? url;
}

export function AddDestinationForm({ channels, exceptChannelId, busy, onAdd }: { channels: readonly ChannelChoice[]; exceptChannelId: string | null; busy: boolean; onAdd: (destination: DestinationInput) => void }) {
  const others = channels.filter((channel) => channel.id !== exceptChannelId);
  const [kind, setKind] = useState<'channel' | 'url'>(others.length > 0 ? 'channel' : 'url');
  const [channelId, setChannelId] = useState('');
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const chosenChannel = others.find((channel) => channel.id === channelId)?.id ?? others[0]?.id ?? '';
  const urlLooksRight = /^rtmps?:\/\/[^/\s]+\/\S+/i.test(url.trim());
  const ready = kind === 'channel' ? chosenChannel !== '' : urlLooksRight && key.trim() !== '';

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!ready) return;
    if (kind === 'channel') onAdd({ channelId: chosenChannel });
    else onAdd({ label: label.trim() || hostOf(url), url: url.trim(), key: key.trim() });
    setKey('');
    setUrl('');
    setLabel('');
  }

  return (
    <form className="add-destination" onSubmit={submit} aria-label="Add destination" data-testid="add-destination">
      <fieldset className="protect-choice">
        <legend>Add a destination</legend>
        <label className="checkbox">
          <input type="radio" name="destination-kind" checked={kind === 'channel'} disabled={others.length === 0} onChange={() => setKind('channel')} />
          Another of your channels
        </label>
        <label className="checkbox">
          <input type="radio" name="destination-kind" checked={kind === 'url'} onChange={() => setKind('url')} />
          An RTMP address (another platform)
        </label>
      </fieldset>
      {kind === 'channel' ? (
        <label className="field">
          Channel
          <select value={chosenChannel} onChange={(event) => setChannelId(event.target.value)} data-testid="destination-channel">
            {others.map((channel) => (
              <option key={channel.id} value={channel.id}>
                {channel.title}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <div className="add-destination-fields">
          <label className="field">
            Name
            <input type="text" value={label} placeholder="e.g. Second platform" onChange={(event) => setLabel(event.target.value)} data-testid="destination-label" />
          </label>
          <label className="field field-wide">
            Server address
            <input type="text" inputMode="url" value={url} placeholder="rtmp://live.example.com/app" onChange={(event) => setUrl(event.target.value)} data-testid="destination-url" spellCheck={false} />
          </label>
          <label className="field">
            Stream key
            <input type="password" value={key} autoComplete="off" onChange={(event) => setKey(event.target.value)} data-testid="destination-key" />
          </label>
          {url.trim() !== '' && !urlLooksRight && <p className="hint">An address looks like rtmp://host/app or rtmps://host/app.</p>}
        </div>
      )}
      <button type="submit" className="button" disabled={busy || !ready} data-testid="add-destination-button">
        Add destination
      </button>
    </form>
  );
}
