import { useState } from 'react';
import { LOGO_LIMITS, LogoSettings, type BrandingType, type LogoPosition } from '../../../../preload/contract.js';
import { useBrandingStore } from '../../state/branding-slice';
import { readImage } from './read-image';
import { useShallow } from 'zustand/react/shallow';

const TYPE_LABELS: Record<BrandingType, string> = { co: 'Co-branding', full: 'Full branding', no: 'No branding' };
const POSITIONS: readonly LogoPosition[] = ['top-left', 'top-middle', 'top-right', 'middle-left', 'middle-right', 'bottom-left', 'bottom-middle', 'bottom-right'];

/** Branding type, logo (checked in the browser before upload) and its settings, and removal. */
export function BrandingSection() {
  const { type, logo, settings, busy, setType, uploadLogo, saveSettings, remove } = useBrandingStore(
    useShallow((state) => ({ type: state.type, logo: state.logo, settings: state.settings, busy: state.busy, setType: state.setType, uploadLogo: state.uploadLogo, saveSettings: state.saveSettings, remove: state.remove })),
  );
  const [chosenType, setChosenType] = useState<BrandingType>(type ?? 'co');
  const [problem, setProblem] = useState<string | null>(null);
  const [position, setPosition] = useState<LogoPosition>(settings?.position ?? 'bottom-right');
  const [margin, setMargin] = useState(String(settings?.margin ?? 10));
  const [link, setLink] = useState(settings?.link ?? '');
  const waiting = busy !== null;

  async function onLogo(file: File | undefined): Promise<void> {
    setProblem(null);
    if (!file) return;
    const image = await readImage(file);
    if (typeof image === 'string') return setProblem(image);
    if (image.width > LOGO_LIMITS.maxSide || image.height > LOGO_LIMITS.maxSide) {
      return setProblem(`The logo is ${image.width} x ${image.height} px; it may be at most ${LOGO_LIMITS.maxSide} x ${LOGO_LIMITS.maxSide} px. Nothing was uploaded.`);
    }
    await uploadLogo(image.upload, { url: image.previewUrl, width: image.width, height: image.height });
  }

  function onSettings(): void {
    setProblem(null);
    const parsed = LogoSettings.safeParse({ position, margin: margin.trim() === '' ? Number.NaN : Number(margin), link: link.trim() });
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      return setProblem(field === 'margin' ? 'The margin is a whole number of pixels, 0 to 10000.' : 'The link is a full web address (https://...) or empty.');
    }
    void saveSettings(parsed.data);
  }

  return (
    <section className="look-section" aria-labelledby="branding-heading" data-testid="branding-section">
      <h2 id="branding-heading">Branding</h2>
      <fieldset disabled={waiting}>
        <label className="field">
          Branding type
          <select value={chosenType} onChange={(event) => setChosenType(event.target.value as BrandingType)} data-testid="branding-type">
            {(['co', 'full', 'no'] as const).map((value) => (
              <option key={value} value={value}>
                {TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={() => void setType(chosenType)} data-testid="branding-type-save">
          {busy === 'type' ? 'Saving…' : 'Save type'}
        </button>
        <p className="muted" data-testid="branding-current">
          {type === null ? 'The platform does not say which branding is set; save one to set it.' : `Set in this session: ${TYPE_LABELS[type]}.`}
        </p>

        <label className="field">
          Logo (JPEG, PNG or GIF, at most {LOGO_LIMITS.maxSide} x {LOGO_LIMITS.maxSide} px)
          <input type="file" accept={LOGO_LIMITS.types.join(',')} onChange={(event) => void onLogo(event.target.files?.[0])} data-testid="logo-file" />
        </label>
        {logo && (
          <figure className="look-preview" data-testid="logo-preview">
            <img src={logo.url} alt="Logo preview" width={logo.width} height={logo.height} />
            <figcaption>
              {logo.width} x {logo.height} px{busy === 'logo' ? ' · uploading…' : ''}
            </figcaption>
          </figure>
        )}

        <div className="look-row">
          <label className="field">
            Logo position
            <select value={position} onChange={(event) => setPosition(event.target.value as LogoPosition)} data-testid="logo-position">
              {POSITIONS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            Margin (px)
            <input inputMode="numeric" value={margin} onChange={(event) => setMargin(event.target.value)} data-testid="logo-margin" />
          </label>
          <label className="field">
            Link (optional)
            <input type="url" value={link} placeholder="https://" onChange={(event) => setLink(event.target.value)} data-testid="logo-link" />
          </label>
        </div>
        <button type="button" className="button" onClick={onSettings} data-testid="logo-settings-save">
          {busy === 'settings' ? 'Saving…' : 'Save logo settings'}
        </button>
        <button type="button" className="button button-danger" onClick={() => void remove()} data-testid="branding-remove">
          Remove branding and logo
        </button>
      </fieldset>
      {problem && (
        <p className="error" role="alert" data-testid="branding-problem">
          {problem}
        </p>
      )}
    </section>
  );
}
