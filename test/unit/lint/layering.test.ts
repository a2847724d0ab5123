// The layering rules of DESIGN.md, shown by linting small files placed (virtually) in each folder.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('layering rules', () => {
  it('fail on a renderer file importing node:fs, fs, electron or main/', async () => {
    expect(await restrictedImports('renderer/src/bad.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toHaveLength(1);
    expect(await restrictedImports('renderer/src/bad.ts', "import { readFileSync } from 'fs';\nexport const x = readFileSync;\n")).toHaveLength(1);
    expect(await restrictedImports('renderer/src/bad.ts', "import { shell } from 'electron';\nexport const x = shell;\n")).toHaveLength(1);
    expect(await restrictedImports('renderer/src/bad.ts', "import { Companion } from '../../main/companion.js';\nexport const x = Companion;\n")).toHaveLength(1);
  });

  it('allow the renderer the contract', async () => {
    expect(await restrictedImports('renderer/src/good.ts', "import { contract } from '../../preload/contract';\nexport const x = contract;\n")).toEqual([]);
  });

  it("fail on main/ code outside main/app importing 'electron', and pass inside main/app", async () => {
    const code = "import { app } from 'electron';\nexport const x = app;\n";
    expect(await restrictedImports('main/live/bad.ts', code)).toHaveLength(1);
    expect(await restrictedImports('main/companion.ts', code)).toHaveLength(1);
    expect(await restrictedImports('main/app/window.ts', code)).toEqual([]);
  });

  it('keep raw ipcMain and ipcRenderer inside the two IPC wrappers', async () => {
    expect(await restrictedImports('main/app/window.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n")).toHaveLength(1);
    expect(await restrictedImports('main/app/ipc-bridge.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n")).toEqual([]);
    expect(await restrictedImports('preload/preload-bridge.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n")).toHaveLength(1);
    expect(await restrictedImports('preload/preload.ts', "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n")).toEqual([]);
  });

  it('keep the preload to electron and the contract', async () => {
    expect(await restrictedImports('preload/preload.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toHaveLength(1);
    expect(await restrictedImports('preload/preload.ts', "import { Companion } from '../main/companion.js';\nexport const x = Companion;\n")).toHaveLength(1);
  });

  it('let main/ reach the sandbox only through sandbox/index.ts, and the sandbox reach main/ only for types', async () => {
    expect(await restrictedImports('main/cli/x.ts', "import { y } from '../../sandbox/oauth/server.js';\nexport const x = y;\n")).toHaveLength(1);
    expect(await restrictedImports('main/cli/x.ts', "import { y } from '../../sandbox/index.js';\nexport const x = y;\n")).toEqual([]);
    expect(await restrictedImports('sandbox/x.ts', "import { Companion } from '../main/companion.js';\nexport const x = Companion;\n")).toHaveLength(1);
    expect(await restrictedImports('sandbox/x.ts', "import type { Companion } from '../main/companion.js';\nexport type X = Companion;\n")).toEqual([]);
  });

  it('make the renderer subscribe to stores with a selector, never to a whole store', async () => {
    const [whole] = await eslint.lintText("import { useLiveStore } from './state/live-slice';\nexport function useIt() { return useLiveStore(); }\n", { filePath: 'renderer/src/bad.ts' });
    expect(whole?.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)).toEqual([expect.stringContaining('Subscribe with a selector')]);
    const [selected] = await eslint.lintText("import { useLiveStore } from './state/live-slice';\nexport function useIt() { return useLiveStore((state) => state.live); }\n", { filePath: 'renderer/src/good.ts' });
    expect(selected?.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toEqual([]);
  });
});
