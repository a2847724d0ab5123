import { useState } from 'react';
import { HexColor, PICTURE_LIMITS } from '../../../../preload/contract.js';
import { useDesignStore } from '../../state/design-slice';
import { readImage } from './read-image';
import { useShallow } from 'zustand/react/shallow';

function normalized(color: string): string {
  const digits = color.trim().replace(/^#/, '').toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

/** Page background colour (picker plus hex text, validated) and the channel picture (square, under 1 MB). */
export function DesignSection() {
  const { background, picture, busy, setBackground, removeBackground, uploadPicture, removePicture } = useDesignStore(
    useShallow((state) => ({ background: state.background, picture: state.picture, busy: state.busy, setBackground: state.setBackground, removeBackground: state.removeBackground, uploadPicture: state.uploadPicture, removePicture: state.removePicture })),
  );
  const [color, setColor] = useState(background ?? '#000000');
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = busy !== null;
  const valid = HexColor.safeParse(color).success;

  function onColor(): void {
    setProblem(null);
    if (!valid) return setProblem(`${color || 'An empty colour'} is not a hex colour; use one like #1a2b3c.`);
    void setBackground(normalized(color));
  }

  async function onPicture(file: File | undefined): Promise<void> {
    setProblem(null);
    if (!file) return;
    if (file.size >= PICTURE_LIMITS.maxBytes) return setProblem(`${file.name} is ${(file.size / 1_000_000).toFixed(2)} MB; the picture must be under 1 MB. Nothing was uploaded.`);
    const image = await readImage(file);
    if (typeof image === 'string') return setProblem(image);
    if (image.width !== image.height) return setProblem(`The picture is ${image.width} x ${image.height} px; it must be square. Nothing was uploaded.`);
    await uploadPicture(image.upload, { url: image.previewUrl, side: image.width });
  }

  return (
    <section className="look-section" aria-labelledby="design-heading" data-testid="design-section">
      <h2 id="design-heading">Design</h2>
      <fieldset disabled={waiting}>
        <p className="muted" data-testid="background-current">
          {busy === 'load' ? 'Reading the background colour…' : background === null ? 'No background colour is set.' : `Background colour: ${background}`}
          {background !== null && <span className="look-swatch" style={{ background }} aria-hidden="true" />}
        </p>
        <div className="look-row">
          <label className="field">
            Background colour
            <input type="color" value={valid ? normalized(color) : '#000000'} onChange={(event) => setColor(event.target.value)} data-testid="background-picker" />
          </label>
          <label className="field">
            Hex
            <input value={color} aria-invalid={!valid} onChange={(event) => setColor(event.target.value)} data-testid="background-hex" />
          </label>
        </div>
        <button type="button" className="button" onClick={onColor} data-testid="background-save">
          {busy === 'background' ? 'Saving…' : 'Set background colour'}
        </button>
        <button type="button" className="button" onClick={() => void removeBackground()} disabled={background === null} data-testid="background-remove">
          Remove background colour
        </button>

        <label className="field">
          Channel picture (square, under 1 MB)
          <input type="file" accept={PICTURE_LIMITS.types.join(',')} onChange={(event) => void onPicture(event.target.files?.[0])} data-testid="picture-file" />
        </label>
        {picture && (
          <figure className="look-preview" data-testid="picture-preview">
            <img src={picture.url} alt="Channel picture preview" width={Math.min(picture.side, 128)} height={Math.min(picture.side, 128)} />
            <figcaption>
              {picture.side} x {picture.side} px{busy === 'picture' ? ' · uploading…' : ''}
            </figcaption>
          </figure>
        )}
        <button type="button" className="button button-danger" onClick={() => void removePicture()} data-testid="picture-remove">
          Remove channel picture
        </button>
      </fieldset>
      {problem && (
        <p className="error" role="alert" data-testid="design-problem">
          {problem}
        </p>
      )}
    </section>
  );
}
