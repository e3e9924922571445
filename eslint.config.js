import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      'apps/web/public/**',
      '**/node_modules/**',
      'data/**',
      'bench/.data/**',
      'coverage/**',
      'apps/web/placeholder/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', crypto: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': [
        'error',
        {
          // Config is parsed once (config.ts); nothing else may read the environment.
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings from AppConfig (config.ts), not process.env.',
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/cli/admin-runner.ts',
      'apps/server/test/**',
      'vitest.config.ts',
      'bench/**',
      'e2e/**',
      'deploy/test/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The wiring root builds in dependency order: nothing, not even a closure, may use a service
    // declared further down (a reordering would break at run time, not at build time).
    files: ['apps/server/src/services.ts', 'apps/server/src/wiring/**'],
    rules: {
      'no-use-before-define': 'off',
      '@typescript-eslint/no-use-before-define': ['error', { functions: true, classes: true, variables: true, typedefs: false }],
    },
  },
);
