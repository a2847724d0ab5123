// `companion settings set upload-timetable 01:00-07:00,600k`: saved where the app reads it (uploads.json).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { savedSetting, settingsFiles } from '../../../main/cli/saved-settings.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'timetable-setting-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('saves the full-speed hours and the limit otherwise, shows them, and takes none', async () => {
  const files = settingsFiles(dir, () => undefined);
  const setting = savedSetting('upload-timetable')!;
  expect(await setting.get(files, 'sandbox')).toBe('none');
  expect(await setting.set(files, 'sandbox', '22:30-06:00,600k')).toBe('22:30-06:00,614400');
  expect(JSON.parse(await readFile(join(dir, 'uploads.json'), 'utf8'))).toMatchObject({ timetable: { fullSpeedFrom: '22:30', fullSpeedUntil: '06:00', otherwise: 614_400 } });
  expect(await setting.get(files, 'sandbox')).toBe('22:30-06:00,614400');
  await expect(setting.set(files, 'sandbox', '25:00-06:00,600k')).rejects.toThrow(/like 01:00-07:00,600k/);
  await expect(setting.set(files, 'sandbox', '01:00-07:00')).rejects.toThrow(/like 01:00-07:00,600k/);
  expect(await setting.set(files, 'sandbox', 'none')).toBe('none');
  expect(await setting.get(files, 'sandbox')).toBe('none');
});
