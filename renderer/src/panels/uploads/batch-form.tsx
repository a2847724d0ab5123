import type { ChannelChoice } from '../../../../preload/contract.js';
import type { UploadBatch } from '../../state/uploads-slice';
import { ChannelSelect } from '../channel-select';

/** What every file added next gets: the channel, a description, public or private. */
export function BatchForm({
  channels,
  batch,
  disabled,
  onChange,
}: {
  channels: readonly ChannelChoice[] | null;
  batch: UploadBatch;
  disabled: boolean;
  onChange: (change: Partial<UploadBatch>) => void;
}) {
  return (
    <div className="batch-form">
      {channels && channels.length > 0 ? (
        <ChannelSelect label="Upload to" channels={channels} chosenId={batch.channelId} disabled={disabled} testId="upload-channel" onChoose={(id) => onChange({ channelId: id })} />
      ) : (
        <p className="hint">{channels ? 'Your account has no channel to upload to yet.' : 'Loading your channels…'}</p>
      )}
      <label className="field field-wide">
        Description for these videos (optional)
        <textarea rows={2} value={batch.description} disabled={disabled} maxLength={5000} onChange={(event) => onChange({ description: event.target.value })} data-testid="upload-description" />
      </label>
      <fieldset className="protect-choice" disabled={disabled}>
        <legend>Who can watch them</legend>
        <label className="checkbox">
          <input type="radio" name="upload-protect" checked={batch.protect === 'public'} onChange={() => onChange({ protect: 'public' })} />
          Public
        </label>
        <label className="checkbox">
          <input type="radio" name="upload-protect" checked={batch.protect === 'private'} onChange={() => onChange({ protect: 'private' })} />
          Private
        </label>
      </fieldset>
    </div>
  );
}
