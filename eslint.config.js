// Flat config: typescript-eslint recommended, React hooks, and the layering rules of ARCHITECTURE.md.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const electronOnly = {
  paths: [
    { name: 'electron', message: 'electron is imported only under src/main/platform and src/preload.' },
    { name: 'electron-store', message: 'electron-store is imported only under src/main/platform.' },
  ],
}

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
      'no-restricted-imports': ['error', electronOnly],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='BrowserWindow']", message: 'Use createSecureWindow() from src/main/platform/window.ts.' },
      ],
    },
  },
  {
    files: ['src/main/platform/**', 'src/preload/**', '**/*.test.ts', 'test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/main/platform/window.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: electronOnly.paths,
          patterns: [
            { group: ['**/main/**', '**/web/**', '**/simulator/**'], message: 'The renderer never imports main, web or the simulator.' },
            { group: ['node:*', 'fs', 'path', 'child_process', 'os', 'crypto'], message: 'The renderer never imports Node modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronOnly.paths,
          patterns: [
            { group: ['node:*', 'fs', 'path', 'child_process', 'os'], message: 'src/shared is pure TypeScript: no node modules.' },
            { group: ['**/main/**', '**/renderer/**', '**/web/**', '**/simulator/**'], message: 'src/shared imports nothing outside itself.' },
          ],
        },
      ],
    },
  },
)
