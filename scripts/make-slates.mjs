// Encodes the holding slate the encoder-drop bridge (main/relay/encoder-bridge.ts) sends while the
// encoder is away: a still "Stream will resume shortly" card as H.264 at the common sizes and frame
// rates, and silence as AAC at the common sample rates (mono and stereo), each a short FLV loop (video: one keyframe and
// near-empty P frames, two seconds; audio: two seconds). Video and audio are separate files so that
// 16 + 4 files cover every pairing. Needs ffmpeg with libx264 and drawtext; run it once with
// `node scripts/make-slates.mjs` and commit assets/slates/ (the build copies it next to the app).
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const SLATE_SIZES = [
  [1920, 1080],
  [1280, 720],
  [854, 480],
  [640, 360],
];
export const SLATE_RATES = [25, 30, 50, 60];
export const SILENCE_RATES = [44100, 48000];
export const SILENCE_LAYOUTS = ['mono', 'stereo'];
/** Seconds in each loop: one group of pictures. */
export const LOOP_SECONDS = 2;

const dir = fileURLToPath(new URL('../assets/slates/', import.meta.url));
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

export const slateName = (width, height, fps) => `slate-${width}x${height}-${fps}.flv`;
export const silenceName = (rate, layout) => `silence-${rate}-${layout}.flv`;

function ffmpeg(args) {
  // bitexact: the same bytes on each run of the same ffmpeg, so a re-run shows no needless diff.
  const result = spawnSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ffmpeg ${args.join(' ')}`);
}

async function main() {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const [width, height] of SLATE_SIZES) {
    for (const fps of SLATE_RATES) {
      const text = `drawtext=fontfile=${FONT}:text='Stream will resume shortly':fontcolor=white:fontsize=${Math.round(height / 14)}:x=(w-text_w)/2:y=(h-text_h)/2`;
      const frames = fps * LOOP_SECONDS;
      ffmpeg([
        '-f', 'lavfi', '-i', `color=c=0x141922:s=${width}x${height}:r=${fps}`, '-vf', text, '-frames:v', String(frames),
        '-c:v', 'libx264', '-preset', 'slow', '-tune', 'stillimage', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-threads', '1',
        '-g', String(frames), '-keyint_min', String(frames), '-bf', '0', '-x264-params', 'scenecut=0', '-crf', '28',
        '-an', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-f', 'flv', `${dir}${slateName(width, height, fps)}`,
      ]);
    }
  }
  for (const rate of SILENCE_RATES) {
    for (const layout of SILENCE_LAYOUTS) {
      ffmpeg([
        '-f', 'lavfi', '-i', `anullsrc=r=${rate}:cl=${layout}`, '-t', String(LOOP_SECONDS), '-c:a', 'aac', '-b:a', '64k',
        '-vn', '-fflags', '+bitexact', '-flags:a', '+bitexact', '-f', 'flv', `${dir}${silenceName(rate, layout)}`,
      ]);
    }
  }
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(`${dir}${name}`)).size;
  console.log(`assets/slates: ${(await readdir(dir)).length} files, ${(total / 1024).toFixed(0)} KiB`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
