// Flat config: typescript-eslint recommended, React hooks, the layering rules of ARCHITECTURE.md as import
// zones, and no import cycles (import-x/no-cycle). ESLint replaces (does not merge) a rule's options per file, so
// each folder's entry lists every zone it lies in; test/contract/layers.test.ts proves each zone fires on a wrong
// import and that the tree obeys them, and test/contract/importCycles.test.ts that a planted cycle fails.
import { readdirSync } from 'node:fs'
import { URL } from 'node:url'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

const electronPaths = [
  { name: 'electron', message: 'electron is imported only under src/main/platform and src/preload.' },
  { name: 'electron-store', message: 'electron-store is imported only under src/main/platform.' },
]
const composition = 'appCore|index|embeddedSimulator'
const EFFECT_HOOK = '/^use(Layout|Insertion)?Effect$/'
// One folder per panel under src/renderer/src/features: each is a zone of its own.
const features = readdirSync(new URL('./src/renderer/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
// The renderer's stores: one folder per panel's state, above the shared stores (app, profiles, settings,
// workspace, runs, form, jobs, tools); the hand-offs, effects and start-up at the root, above them all.
const storePanels = ['text', 'compare', 'history', 'video', 'images', 'embeddings', 'cases', 'evals', 'check']
const storeTop = 'handoffs|effects|startup|otherPanels'
const storeFolders = readdirSync(new URL('./src/renderer/src/stores', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const zone = {
  services: {
    regex: `^(\\.\\./)+(ipc|platform|adapters|${composition})(/|$)|(^|/)(main/(ipc|platform|adapters)|web|simulator)(/|$)`,
    message: 'Services depend only on their ports: no IPC, platform, adapter, host or composition code.',
  },
  platformServices: {
    regex: '^\\.\\./services/(?!mediaResponse$)',
    allowTypeImports: true,
    message: 'The platform provides adapters: it names services only as types (the ports it implements).',
  },
  platformCompose: {
    regex: `^\\.\\./(${composition}|ipc/domain|ipc/handlers)(/|$)`,
    message: 'The platform does not compose the app: src/main/index.ts is the one composition root.',
  },
  adapters: {
    regex: `^\\.\\./(ipc|platform|${composition})(/|$)`,
    message: 'Adapters implement service ports with Node: no IPC, platform or composition code.',
  },
  web: { regex: '(^|/)main/platform(/|$)', message: 'Browser mode composes the same core with Node adapters, never the Electron platform.' },
  sharedNode: { group: ['node:*', 'fs', 'path', 'child_process', 'os', 'crypto'], message: 'src/shared is pure TypeScript: no Node modules.' },
  sharedOut: { group: ['**/main/**', '**/renderer/**', '**/web/**', '**/simulator/**'], message: 'src/shared imports nothing outside itself.' },
  catalog: { regex: '^\\.\\./wire(/|$)|(^|/)shared/wire(/|$)', message: 'The catalog names formats through shared/format.ts, never the wire layer.' },
  ipcNode: {
    group: ['node:*', 'fs', 'path', 'child_process', 'os', 'crypto', 'stream', 'buffer'],
    message: 'IPC handlers hold no logic: they call services, which do the Node work.',
  },
  handlers: {
    regex: '^\\.\\./\\.\\./(?!services/|security/)\\w',
    message: 'IPC handlers hold no logic: they reach main only through services (and security policy).',
  },
  rendererOut: { group: ['**/main/**', '**/web/**', '**/simulator/**'], message: 'The renderer never imports main, web or the simulator.' },
  rendererNode: { group: ['node:*', 'fs', 'path', 'child_process', 'os', 'crypto'], message: 'The renderer never imports Node modules.' },
  stores: { regex: '^(\\.\\./)+features(/|$)', message: 'A store never imports a feature: features render stores, not the reverse.' },
  storeEntry: { regex: '(^|/)stores/\\w+/', message: 'A store folder is reached through its entry (stores/<name>), never its files.' },
  storeFolder: {
    regex: `^\\.{1,2}/(${storeFolders.join('|')})/`,
    message: 'Another store folder is reached through its entry (../<name>), never its files.',
  },
  storeShared: {
    regex: `^\\.\\./(${[...storePanels, storeTop].join('|')})(/|$)`,
    message: "A shared store (app, profiles, settings, workspace, runs, form, jobs) never imports a panel's state or the hand-offs.",
  },
  storePanel: (name) => ({
    regex: `^\\.\\./((?!${name}(/|$))(${storePanels.join('|')})|${storeTop})(/|$)`,
    message: "A panel's state imports only itself and the shared stores: hand-offs between panels live in stores/handoffs.",
  }),
  feature: (name) => ({
    regex: `^(\\.\\./)+((features/)?(?!${name}(/|$))(${features.join('|')})|panels|App)(/|$)`,
    message: 'A feature imports only itself, components, stores, ipc and shared: never another feature or the app shell.',
  }),
  pureView: {
    regex: '^(\\.\\./)+(stores|ipc|widgets|features|panels|App)(/|$)',
    allowTypeImports: true,
    message: 'components/ is pure view: data and callbacks in, never a store, a call to main, a widget or a feature (connected widgets live in widgets/).',
  },
  widget: {
    regex: '^(\\.\\./)+(features|panels|App)(/|$)',
    message: 'A widget is shared by panels: it imports components, stores and ipc, never a feature or the app shell.',
  },
  simulator: {
    regex: '^(\\.\\./)+(main|renderer|web|preload|test|bench|scripts)(/|$)',
    message: 'The simulator imports only src/shared, itself, Node and its npm packages: never main, renderer, web or tests.',
  },
  client: {
    regex: '^(\\./|(\\.\\./)+)ipc/(client|wsBridge)$',
    message: 'Components reach main through their store or a call module in ipc/ (appCalls, textCalls, …), never the client.',
  },
}
const restrict = (files, patterns, more = {}) => ({
  files,
  ...more,
  rules: { 'no-restricted-imports': ['error', { paths: electronPaths, patterns }] },
})

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'resources/**', '.tmp/**'] },
  js.configs.recommended,
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: electronPaths }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='BrowserWindow']", message: 'Use createSecureWindow() from src/main/platform/window.ts.' },
      ],
    },
  },
  restrict(['src/main/services/**'], [zone.services]),
  restrict(['src/main/adapters/**'], [zone.adapters]),
  restrict(['src/main/ipc/**'], [zone.ipcNode]),
  restrict(['src/main/ipc/handlers/**'], [zone.ipcNode, zone.handlers]),
  restrict(['src/web/**'], [zone.web]),
  restrict(['src/shared/**'], [zone.sharedNode, zone.sharedOut]),
  restrict(['src/shared/catalog/**'], [zone.sharedNode, zone.sharedOut, zone.catalog]),
  restrict(['src/simulator/**'], [zone.simulator]),
  {
    files: ['src/shared/format.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration, ExportAllDeclaration, ExportNamedDeclaration[source]', message: 'shared/format.ts is a leaf: it imports nothing.' },
      ],
    },
  },
  { files: ['src/main/platform/**', 'src/preload/**', '**/*.test.ts', 'test/**'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/main/platform/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [zone.platformServices, zone.platformCompose] }] },
  },
  { files: ['src/main/platform/window.ts'], rules: { 'no-restricted-syntax': 'off' } },
  {
    files: ['src/renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='BrowserWindow']", message: 'Use createSecureWindow() from src/main/platform/window.ts.' },
        {
          // An effect returning anything but its cleanup (a promise from scrollIntoView, a value) is called as
          // a function when the component unmounts: the error that blanked the window after the Gateway check.
          selector: `CallExpression:matches([callee.name=${EFFECT_HOOK}], [callee.property.name=${EFFECT_HOOK}]) > ArrowFunctionExpression:not([body.type='BlockStatement'], [body.type='ArrowFunctionExpression'], [body.type='UnaryExpression'][body.operator='void'])`,
          message: 'Give an effect a block body and return its cleanup explicitly: an expression body returns whatever the call answers.',
        },
      ],
    },
  },
  restrict(['src/renderer/**'], [zone.rendererOut, zone.rendererNode]),
  restrict(['src/renderer/src/stores/**'], [zone.rendererOut, zone.rendererNode, zone.stores, zone.storeFolder]),
  restrict(['src/renderer/src/stores/*/**'], [zone.rendererOut, zone.rendererNode, zone.stores, zone.storeFolder, zone.storeShared], {
    ignores: storePanels.map((name) => `src/renderer/src/stores/${name}/**`),
  }),
  ...storePanels.map((name) =>
    restrict([`src/renderer/src/stores/${name}/**`], [zone.rendererOut, zone.rendererNode, zone.stores, zone.storeFolder, zone.storePanel(name)]),
  ),
  restrict(['src/renderer/src/**'], [zone.rendererOut, zone.rendererNode, zone.client, zone.storeEntry], {
    ignores: ['src/renderer/src/stores/**', 'src/renderer/src/ipc/**'],
  }),
  ...features.map((name) =>
    restrict([`src/renderer/src/features/${name}/**`], [zone.rendererOut, zone.rendererNode, zone.client, zone.storeEntry, zone.feature(name)]),
  ),
  restrict(['src/renderer/src/components/**'], [zone.rendererOut, zone.rendererNode, zone.client, zone.storeEntry, zone.pureView], {
    ignores: ['**/*.test.{ts,tsx}'],
  }),
  restrict(['src/renderer/src/widgets/**'], [zone.rendererOut, zone.rendererNode, zone.client, zone.storeEntry, zone.widget]),
  {
    // No import cycles in the source: modules in a loop cannot be understood, tested or loaded apart. The rule
    // follows value imports; test/contract/importCycles.test.ts holds type-only ones to the same.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
)
