// The demo's labels, captions and chapters, so a fresh sandbox shows them and its caption search finds
// something: an English caption on "Q&A night", chapters on "Launch stream", two labels.
import { checkWebVtt } from '../captions/webvtt-check.js';
import { captionsOf } from './captions.js';
import { chaptersOf } from './chapters.js';
import { labelsOf, nextLabelColor } from './labels.js';
import type { SandboxData } from './model.js';

const QA_NIGHT_CAPTION = `WEBVTT

00:00:05.000 --> 00:00:09.000
Welcome back to Q&amp;A night, everyone!

00:00:12.500 --> 00:00:17.000
First question: which microphone do I use on stream?

00:01:02.000 --> 00:01:06.000
<v Host>The microphone is a dynamic one, plugged into the mixer.

00:02:30.000 --> 00:02:34.500
Next time we will talk about lighting.
`;

export function seedVideoAnnotations(data: SandboxData): void {
  const videoId = (title: string) => data.videos.find((video) => video.title === title)?.id;
  const qaNight = videoId('Q&A night');
  const launch = videoId('Launch stream');
  if (qaNight) {
    const checked = checkWebVtt(new TextEncoder().encode(QA_NIGHT_CAPTION));
    if (!checked.valid) throw new Error('The seeded caption is not valid WebVTT.');
    captionsOf(data).captions.push({ videoId: qaNight, language: 'en', isDefault: true, isVisible: true, vtt: QA_NIGHT_CAPTION, cues: checked.cues, activeAt: 0 });
  }
  if (launch) {
    const chapters = chaptersOf(data);
    for (const [title, position] of [['Intro', 0], ['Countdown', 120], ['On air', 600]] as const) {
      chapters.chapters.push({ id: String(chapters.nextChapterId++), videoId: launch, title, position });
    }
  }
  const labels = labelsOf(data);
  for (const name of ['Highlights', 'Needs captions']) {
    labels.labels.push({ id: labels.nextLabelId++, ownerId: '1001', name, color: nextLabelColor(labels, '1001') });
  }
  if (launch) labels.videoLabels[launch] = [labels.labels[0]!.id];
}
