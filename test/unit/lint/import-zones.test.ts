// The import zones inside main/ (eslint.config.js, docs/architecture.md), proved on the real lint config:
// a probe file placed in each zone imports across it, and the lint answers as the zones say.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The zone messages the lint gives for `import { x } from '<from>'` in a file at `at`. */
async function zoneErrors(at: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { probe } from '${from}';\nexport const used = probe;\n`, { filePath: `${root}/${at}` });
  return result!.messages.filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
}

describe('import zones inside main/', () => {
  it.each([
    ['main/relay/probe.ts', '../live/live-service.js', 'feature'],
    ['main/uploads/deeper/probe.ts', '../../upload-service/upload-service.js', 'feature'],
    ['main/platform/probe.ts', '../cli/companion.js', 'host'],
    ['main/vault/probe.ts', '../core.js', 'composition root'],
  ])('an engine (%s) may not import %s (a %s)', async (at, from) => {
    expect((await zoneErrors(at, from)).join('\n')).toContain('An engine');
  });

  it.each([
    ['main/live/probe.ts', '../web/browser-mode-server.js'],
    ['main/session/probe.ts', '../app/login-window.js'],
    ['main/admin/channels/probe.ts', '../../cli/companion.js'],
    ['main/upload-service/probe.ts', '../core.js'],
  ])('a feature (%s) may not import %s', async (at, from) => {
    expect((await zoneErrors(at, from)).join('\n')).toContain('A feature');
  });

  it.each([
    ['main/relay/probe.ts', '../log/redacting-logger.js'],
    ['main/uploads/probe.ts', '../platform/platform-error.js'],
    ['main/live/probe.ts', '../relay/relay.js'],
    ['main/live/probe.ts', '../session/session-service.js'],
    ['main/cli/probe.ts', '../live/live-service.js'],
    ['main/cli/probe.ts', '../core.js'],
    ['main/web/probe.ts', '../dispatch.js'],
  ])('%s may import %s', async (at, from) => {
    expect(await zoneErrors(at, from)).toEqual([]);
  });
});
