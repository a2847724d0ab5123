// Lint, including the layering rules of DESIGN.md as import restrictions per folder.
// (A config file is the one place a default export is required.)
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules.filter((name) => !name.startsWith('_')), 'node:*'];

const rawIpc = { name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'Raw IPC lives only in main/app/ipc-bridge.ts and preload/preload.ts.' };
const sandboxInternals = { group: ['**/sandbox/**', '!**/sandbox/index', '!**/sandbox/index.js'], message: 'main/ starts the sandbox only through sandbox/index.ts.' };

// Import zones inside main/ (docs/architecture.md): engines know nothing of what uses them, features know
// nothing of the hosts that run them, and only the hosts reach the composition root.
const ENGINES = ['platform', 'relay', 'uploads', 'vault', 'log', 'images'];
const HOSTS = ['app', 'web', 'cli'];
const FEATURES = readdirSync(new URL('./main', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ENGINES.includes(entry.name) && !HOSTS.includes(entry.name))
  .map((entry) => entry.name);
const COMPOSITION_ROOT = ['core', 'companion', 'dispatch'];
/** A relative import of one of these folders of main/, from any depth inside main/. */
const intoFolders = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})/`, message });
const intoRoot = (message) => ({ regex: `^(\\.\\./)+(${COMPOSITION_ROOT.join('|')})\\.js$`, message });
const engineZone = [
  intoFolders([...FEATURES, ...HOSTS], `An engine (main/{${ENGINES.join(',')}}/) never imports a feature or a host: pass what it needs in.`),
  intoRoot('An engine never imports the composition root (core, companion, dispatch).'),
];
const featureZone = [
  intoFolders(HOSTS, `A feature never imports a host (main/{${HOSTS.join(',')}}/): the hosts run the features, not the other way round.`),
  intoRoot('A feature never imports the composition root (core, companion, dispatch): take what it needs in its constructor.'),
];

/** One `no-restricted-imports` setting per area: flat config replaces rule options, it does not merge them. */
function restrictImports({ paths = [], patterns = [] }) {
  return { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] };
}

const mainPaths = [
  { name: 'electron', message: "Only main/app/ imports 'electron', so the core runs in plain Node (CLI, browser mode, tests)." },
  { name: 'electron/main', message: "Only main/app/ imports 'electron'." },
];
const mainPatterns = [sandboxInternals, { group: ['**/renderer/**'], message: 'main/ never imports the renderer.' }];

const layering = [
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: restrictImports({
      paths: [{ name: 'electron', message: 'The renderer talks to main only through window.companion (the contract).' }],
      patterns: [
        { group: nodeBuiltins, message: 'The renderer has no Node: ask main through the contract.' },
        { group: ['**/main/**', '**/sandbox/**'], message: 'The renderer imports nothing from main/ or sandbox/: use the contract.' },
        { group: ['**/preload/**', '!**/preload/contract', '!**/preload/contract.js'], message: 'From preload/ the renderer imports the contract only.' },
      ],
    }),
  },
  {
    files: ['preload/**/*.ts'],
    rules: restrictImports({
      paths: [rawIpc],
      patterns: [
        { group: nodeBuiltins, message: 'The preload imports electron and the contract only.' },
        { group: ['**/main/**', '**/renderer/**', '**/sandbox/**'], message: 'The preload imports electron and the contract only.' },
      ],
    }),
  },
  {
    files: ['preload/preload.ts'],
    rules: restrictImports({
      patterns: [
        { group: nodeBuiltins, message: 'The preload imports electron and the contract only.' },
        { group: ['**/main/**', '**/renderer/**', '**/sandbox/**'], message: 'The preload imports electron and the contract only.' },
      ],
    }),
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/app/**'],
    rules: restrictImports({ paths: mainPaths, patterns: mainPatterns }),
  },
  {
    files: ENGINES.map((folder) => `main/${folder}/**/*.ts`),
    rules: restrictImports({ paths: mainPaths, patterns: [...mainPatterns, ...engineZone] }),
  },
  {
    files: FEATURES.map((folder) => `main/${folder}/**/*.ts`),
    rules: restrictImports({ paths: mainPaths, patterns: [...mainPatterns, ...featureZone] }),
  },
  {
    files: ['main/app/**/*.ts'],
    ignores: ['main/app/ipc-bridge.ts'],
    rules: restrictImports({ paths: [rawIpc], patterns: [sandboxInternals, { group: ['**/renderer/**'], message: 'main/ never imports the renderer.' }] }),
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The sandbox is a plain Node server.' }],
          patterns: [{ group: ['**/main/**', '**/renderer/**'], allowTypeImports: true, message: 'The sandbox shares types with main/, never code.' }],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['build/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Flat config replaces a rule's options: the named-exports rule is repeated beside the renderer's own.
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector: 'CallExpression[callee.name=/^use[A-Z]\\w*Store$/][arguments.length=0]',
          message: 'Subscribe with a selector (per field, or useShallow for several), never to a whole store: every change of it would render the component again.',
        },
      ],
    },
  },
  ...layering,
  {
    files: ['*.config.{ts,js,mjs}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
