// The last five minutes of bitrate as plain SVG: the encoder's (dashed) and each destination's, with
// what happened drawn as vertical marks (each with its words as a tooltip, and listed under the plot).
// Gaps (nothing measured) break the lines. The SVG has a title and a description for screen readers.
import { memo, useId } from 'react';
import type { LiveHistory } from '../../../../preload/contract.js';
import { formatKbps } from './time-format';

const WINDOW_MS = 5 * 60_000;
const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 64, right: 10, top: 10, bottom: 24 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
/** How many of the latest marks are listed under the plot and read out (all are drawn). */
const RECENT_MARKS = 8;

const MARK_WORDS: Record<LiveHistory['marks'][number]['kind'], string> = {
  switch: 'switch',
  drop: 'drop',
  'encoder-lost': 'encoder lost',
  'encoder-back': 'encoder back',
  'bridge-started': 'holding',
  'bridge-ended': 'holding ended',
  congestion: 'congestion',
};

/** A round top for the y axis: 500, 1000, 2000, 2500, 5000, 10000… */
function niceTop(max: number): number {
  const floor = Math.max(max, 500);
  const magnitude = 10 ** Math.floor(Math.log10(floor));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= floor) ?? 10;
  return step * magnitude;
}

/** An SVG path through the points, broken at each null; a lone point is a dot. */
export function linePath(values: readonly (number | null)[], x: (index: number) => number, y: (kbps: number) => number): string {
  const parts: string[] = [];
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    const lone = !drawing && (values[index + 1] ?? null) === null;
    parts.push(`${drawing ? 'L' : 'M'}${x(index).toFixed(1)} ${y(value).toFixed(1)}${lone ? ' l0.1 0' : ''}`);
    drawing = true;
  });
  return parts.join(' ');
}

function clock(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

function lastValue(values: readonly (number | null)[]): number | null {
  for (let index = values.length - 1; index >= 0; index--) if (values[index] !== null) return values[index] ?? null;
  return null;
}

/** `labels`: the destinations' names as the panel lists them, by series id (the relay's own otherwise). */
export const HealthPlot = memo(function HealthPlot({ history, labels }: { history: LiveHistory; labels?: ReadonlyMap<string, string> }) {
  const id = useId();
  const start = history.endAt - WINDOW_MS;
  const count = history.input.length;
  const timeX = (at: number) => PAD.left + ((at - start) / WINDOW_MS) * PLOT_W;
  const pointX = (index: number) => timeX(history.endAt - (count - index - 0.5) * history.stepMs);
  const all = [...history.input, ...history.series.flatMap((line) => line.kbps)].filter((kbps): kbps is number => kbps !== null);
  const top = niceTop(Math.max(0, ...all));
  const y = (kbps: number) => PAD.top + PLOT_H - (Math.min(kbps, top) / top) * PLOT_H;
  const lines = [{ id: 'input', label: 'Encoder (input)', kbps: history.input, className: 'plot-input' }, ...history.series.map((line, index) => ({ ...line, label: labels?.get(line.id) ?? line.label, className: `plot-series plot-series-${index % 6}` }))];
  const summary = lines.map((line) => `${line.label}: ${formatKbps(lastValue(line.kbps))} now`).join('. ');
  const marks = history.marks.filter((mark) => mark.at >= start);
  return (
    <figure className="health-plot" data-testid="health-plot">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>Bitrate over the last 5 minutes</title>
        <desc id={`${id}-desc`}>
          {count === 0 ? 'Nothing measured yet: the plot fills while live.' : `${summary}.`}
          {marks.length > 0 && ` ${marks.length} event${marks.length === 1 ? '' : 's'} marked${marks.length > RECENT_MARKS ? `, the last ${RECENT_MARKS}` : ''}: ${marks.slice(-RECENT_MARKS).map((mark) => mark.label).join('; ')}.`}
        </desc>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction} className="plot-grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * fraction)} y2={y(top * fraction)} />
            <text x={PAD.left - 6} y={y(top * fraction) + 4} textAnchor="end">
              {top * fraction >= 1000 ? `${(top * fraction) / 1000} Mb/s` : `${Math.round(top * fraction)} kb/s`}
            </text>
          </g>
        ))}
        {[5, 4, 3, 2, 1, 0].map((minutes) => (
          <text key={minutes} className="plot-axis" x={timeX(history.endAt - minutes * 60_000)} y={HEIGHT - 6} textAnchor={minutes === 5 ? 'start' : minutes === 0 ? 'end' : 'middle'}>
            {minutes === 0 ? 'now' : `−${minutes} min`}
          </text>
        ))}
        {marks.map((mark) => (
          <g key={`${mark.at}-${mark.kind}-${mark.destination ?? ''}`} className={`plot-mark plot-mark-${mark.kind}`} data-kind={mark.kind}>
            <title>{`${clock(mark.at)} ${mark.label}`}</title>
            <line x1={timeX(mark.at)} x2={timeX(mark.at)} y1={PAD.top} y2={PAD.top + PLOT_H} />
            <rect x={timeX(mark.at) - 4} y={PAD.top} width={8} height={PLOT_H} />
          </g>
        ))}
        {lines.map((line) => (
          <path key={line.id} className={line.className} d={linePath(line.kbps, pointX, y)} data-series={line.id} data-points={line.kbps.filter((kbps) => kbps !== null).length} />
        ))}
      </svg>
      <figcaption>
        <ul className="plot-legend" aria-label="Lines">
          {lines.map((line) => (
            <li key={line.id}>
              <span className={`plot-swatch ${line.className}`} aria-hidden="true" />
              {line.label} <span className="hint">{formatKbps(lastValue(line.kbps))}</span>
            </li>
          ))}
        </ul>
        {marks.length > 0 && (
          <ul className="plot-marks" aria-label="Events" data-testid="plot-marks">
            {marks.slice(-RECENT_MARKS).map((mark) => (
              <li key={`${mark.at}-${mark.kind}-${mark.destination ?? ''}`} className={`plot-mark-${mark.kind}`}>
                <span className="plot-mark-kind">{MARK_WORDS[mark.kind]}</span> {clock(mark.at)} {mark.label}
              </li>
            ))}
          </ul>
        )}
      </figcaption>
    </figure>
  );
});
