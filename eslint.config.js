// Lint, including the layering rules of DESIGN.md as import restrictions per folder.
// (A config file is the one place a default export is required.)
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules.filter((name) => !name.startsWith('_')), 'node:*'];

const rawIpc = { name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'Raw IPC lives only in main/app/ipc-bridge.ts and preload/preload.ts.' };
const sandboxInternals = { group: ['**/sandbox/**', '!**/sandbox/index', '!**/sandbox/index.js'], message: 'main/ starts the sandbox only through sandbox/index.ts.' };

/** One `no-restricted-imports` setting per area: flat config replaces rule options, it does not merge them. */
function restrictImports({ paths = [], patterns = [] }) {
  return { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] };
}

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
    rules: restrictImports({
      paths: [
        { name: 'electron', message: "Only main/app/ imports 'electron', so the core runs in plain Node (CLI, browser mode, tests)." },
        { name: 'electron/main', message: "Only main/app/ imports 'electron'." },
      ],
      patterns: [sandboxInternals, { group: ['**/renderer/**'], message: 'main/ never imports the renderer.' }],
    }),
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
