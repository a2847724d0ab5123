// The confidence monitor on the Go live panel, in browser mode with an ffmpeg encoder: "No preview" before
// the encoder sends, then a picture of its test pattern decoded by the browser's WebCodecs (read back from
// the canvas: lit and many-coloured, not a blank frame), and "No preview" again once it stops. Where this
// Chromium cannot decode H.264 the monitor must say so instead, and the test notes which case ran.
import { expect, test } from '@playwright/test';
import { revealStreamKey } from './support/reveal-stream-key.js';
import { sharedApp } from './support/shared-app.js';

const live = sharedApp();

test('the monitor shows the encoder\'s picture while it sends, and "No preview" before and after', async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  await page.goto(`${live.app.url}#/go-live`);
  const noPreview = page.getByTestId('confidence-monitor').getByText('No preview', { exact: true });
  await expect(noPreview).toBeVisible();
  const key = await revealStreamKey(page);
  const h264 = await page.evaluate(async () => typeof VideoDecoder !== 'undefined' && (await VideoDecoder.isConfigSupported({ codec: 'avc1.42E01E' })).supported === true);
  testInfo.annotations.push({ type: 'h264-decoding', description: h264 ? 'this Chromium decodes H.264 with WebCodecs: the picture is checked' : 'this Chromium cannot decode H.264: "No preview" is checked instead' });
  const encoder = live.encoders.publish(`${live.app.ingestUrl}/${key}`, 30);

  if (!h264) {
    await expect(page.getByText('This browser cannot show H.264 video')).toBeVisible({ timeout: 15_000 });
    await expect(noPreview).toBeVisible();
    return;
  }
  const picture = page.getByRole('img', { name: 'Preview of what is being relayed' });
  await expect(picture).toBeVisible({ timeout: 15_000 });
  await expect(noPreview).toHaveCount(0);
  const pixels = await picture.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set<number>();
    let lit = 0;
    for (let at = 0; at < data.length; at += 4) {
      if (data[at]! + data[at + 1]! + data[at + 2]! > 96) lit += 1;
      colours.add(((data[at]! >> 4) << 8) | ((data[at + 1]! >> 4) << 4) | (data[at + 2]! >> 4));
    }
    return { width: canvas.width, height: canvas.height, lit: lit / (data.length / 4), colours: colours.size };
  });
  // ffmpeg's testsrc2 at 640x360, drawn 240 wide: bright and colourful over most of the frame.
  expect(pixels).toMatchObject({ width: 240, height: 135 });
  expect(pixels.lit).toBeGreaterThan(0.5);
  expect(pixels.colours).toBeGreaterThan(20);
  const shot = testInfo.outputPath('confidence-monitor.png');
  await page.getByTestId('confidence-monitor').screenshot({ path: shot });
  await testInfo.attach('confidence-monitor', { path: shot, contentType: 'image/png' });

  encoder.stop();
  await expect(noPreview).toBeVisible({ timeout: 10_000 });
  await expect(picture).toBeHidden();
});
