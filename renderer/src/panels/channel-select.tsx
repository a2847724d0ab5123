import type { ChannelChoice } from '../../../preload/contract.js';

/** The user's channels as a labelled choice, the default one and those managed for others marked; a prompt while none is chosen. */
export function ChannelSelect({
  label,
  channels,
  chosenId,
  disabled,
  testId,
  id,
  onChoose,
}: {
  label: string;
  channels: readonly ChannelChoice[];
  chosenId: string | null;
  disabled: boolean;
  testId: string;
  /** For a button beside an error about the channel, which moves the focus here. */
  id?: string;
  onChoose: (channelId: string) => void;
}) {
  return (
    <label className="field">
      {label}
      <select id={id} value={chosenId ?? ''} disabled={disabled} onChange={(event) => onChoose(event.target.value)} data-testid={testId}>
        {chosenId === null && <option value="">Choose a channel…</option>}
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channel.title}
            {channel.isDefault ? ' (default)' : ''}
            {channel.managedFor !== null ? ` (managed for ${channel.managedFor})` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
