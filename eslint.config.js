import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.wrangler/', 'bench-results/', 'shots/', 'coverage/', 'worker/worker-configuration.d.ts'] },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', fetch: 'readonly', setTimeout: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    // Typed rules, for the files tsconfig.json covers (the scripts through allowJs): a promise
    // nobody awaits, or one handed where a plain function is expected, loses its rejection.
    files: ['**/*.{ts,tsx}', 'scripts/**/*.mjs'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
    },
  },
  {
    // A test's stand-in for an async API is written `async () => value`: no await to require.
    files: ['tests/**'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // React's rules for hooks and components, where components are: the islands and the views
    // (the compiler-based rules of the recommended set included). Missing effect dependencies
    // are an error, not the preset's warning, which `npm run lint` would let through.
    files: ['client/**/*.{ts,tsx}', 'worker/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
);
