// `npm run dist` cannot run where Electron cannot be downloaded, so its configuration is checked here:
// loaded by electron-builder's own loader, accepted by its own schema, and holding what a shipped app
// needs (targets, app id, asar, fuses, icons of the right sizes, the built entry and no source maps).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';
import { DebugLogger } from 'builder-util';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeIcons } from '../../../scripts/make-icons.mjs';

const root = join(import.meta.dirname, '../../..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; productName: string; scripts: Record<string, string> };

let config: Configuration;
let resources: string;

beforeAll(async () => {
  config = await getConfig(root, join(root, 'electron-builder.yml'), null);
  resources = join(root, config.directories?.buildResources ?? 'build');
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function targets(platform: 'linux' | 'win' | 'mac'): string[] {
  const target = config[platform]?.target;
  const list = Array.isArray(target) ? target : [target];
  return list.map((entry) => (typeof entry === 'string' ? entry : (entry?.target ?? '')));
}

/** The `files` patterns, whichever shape the loader gave them. */
function filePatterns(): string[] {
  const files = config.files;
  const list = Array.isArray(files) ? files : [files];
  return list.flatMap((entry) => (typeof entry === 'string' ? [entry] : [entry?.filter ?? []].flat()));
}

describe('electron-builder.yml', () => {
  it("is accepted by electron-builder's schema, which refuses what it does not know", async () => {
    await validateConfiguration(config, new DebugLogger(false));
    await expect(validateConfiguration({ ...config, asarr: true } as Configuration, new DebugLogger(false))).rejects.toThrow(/asarr/);
  });

  it('names the app and builds AppImage and deb, NSIS and dmg', () => {
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*){2,}$/);
    expect(config.productName).toBe(packageJson.productName);
    expect(targets('linux')).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(config.linux?.maintainer).toMatch(/<.+@.+>/);
    expect(targets('win')).toContain('nsis');
    expect(targets('mac')).toContain('dmg');
    expect(config.directories?.output).toBe('release');
  });

  it('packs an asar without rebuilding native modules, with the fuses that lock the binary down', () => {
    expect(config.asar).toBe(true);
    expect(config.npmRebuild).toBe(false);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('ships the compiled app without source maps, and starts at the built Electron entry', () => {
    const patterns = filePatterns();
    expect(patterns).toContain('build/**/*');
    expect(patterns).toContain('package.json');
    expect(patterns).toContain('!**/*.map');
    // The entry is what tsconfig.build.json (outDir build, rootDir .) makes of main/app/electron-main.ts.
    expect(packageJson.main).toBe('build/main/app/electron-main.js');
    expect(existsSync(join(root, packageJson.main.replace(/^build\//, '').replace(/\.js$/, '.ts')))).toBe(true);
    const buildConfig = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as { compilerOptions: { outDir: string; rootDir: string } };
    expect(buildConfig.compilerOptions).toMatchObject({ outDir: 'build', rootDir: '.' });
    // Resources are not the compiled app: electron-builder's default buildResources is build/.
    expect(config.directories?.buildResources).toBe('build-resources');
    expect(packageJson.scripts.dist).toBe('node scripts/build.mjs && electron-builder --config electron-builder.yml');
  });

  it('has Linux icons of every size, each the size its name says', () => {
    const folder = join(resources, String(config.linux?.icon));
    const names = readdirSync(folder).sort();
    for (const size of [16, 32, 48, 64, 128, 256, 512]) expect(names).toContain(`${size}x${size}.png`);
    for (const name of names) {
      const size = Number(/^(\d+)x\1\.png$/.exec(name)?.[1]);
      expect(pngSize(readFileSync(join(folder, name)))).toEqual({ width: size, height: size });
    }
  });

  it('has a Windows .ico with 16 to 256 pixel images', () => {
    const ico = readFileSync(join(resources, String(config.win?.icon)));
    expect(ico.readUInt16LE(2)).toBe(1);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
      const entry = 6 + 16 * index;
      const png = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
      const { width, height } = pngSize(png);
      // The directory says 0 for 256.
      expect(ico[entry] || 256).toBe(width);
      expect(ico[entry + 1] || 256).toBe(height);
      return width;
    });
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 256]));
  });

  it('has a macOS .icns up to 1024 pixels (512 at 2x)', () => {
    const icns = readFileSync(join(resources, String(config.mac?.icon)));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const found = new Map<string, number>();
    for (let offset = 8; offset < icns.length; offset += icns.readUInt32BE(offset + 4)) {
      found.set(icns.subarray(offset, offset + 4).toString('ascii'), pngSize(icns.subarray(offset + 8, offset + icns.readUInt32BE(offset + 4))).width);
    }
    expect(Object.fromEntries(found)).toMatchObject({ icp4: 16, icp5: 32, ic07: 128, ic08: 256, ic09: 512, ic10: 1024 });
  });

  it('has the icons scripts/make-icons.mjs draws, so they can be made again', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'icons-'));
    try {
      await makeIcons(pathToFileURL(`${fresh}/`));
      for (const file of ['icon.png', 'icon.ico', 'icon.icns', 'icons/16x16.png', 'icons/512x512.png']) {
        expect((await readFile(join(fresh, file))).equals(await readFile(join(resources, file))), file).toBe(true);
      }
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });
});
