import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/drizzle/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**', '**/*.config.{js,ts}', 'apps/server/**', 'e2e/**', 'bench/**'], languageOptions: { globals: globals.node } },
  { files: ['apps/web/**'], languageOptions: { globals: globals.browser } },
  ...webImportBoundaries(),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);

/**
 * Web imports flow one way: shared code → features → app (with the text catalogues in
 * src/locales). Shared code imports no feature and no app code; a feature imports shared code,
 * @lvb/contracts and its own files, never another feature or the app.
 */
function webImportBoundaries() {
  const src = 'apps/web/src';
  const features = readdirSync(new URL(`./${src}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  const upperLayers = {
    regex: '^@/(app|locales|main)(/|$)',
    message: 'Only the app composes pages and catalogues; import shared code or your own feature instead.',
  };
  return [
    {
      files: [`${src}/shared/**`],
      rules: rule([
        { ...upperLayers, regex: '^(@/|(\\.\\./)+)(app|locales|main)(/|$)' },
        {
          regex: '^(@/|(\\.\\./)+)features(/|$)',
          message: 'Shared code may not import a feature; move what both need into src/shared.',
        },
      ]),
    },
    ...features.flatMap((feature) => {
      const otherFeature = {
        regex: `^@/features/(?!${feature}/)`,
        message: 'A feature may not import another feature; move what both need into src/shared, or let the app compose them.',
      };
      const outside = (depth) => ({
        regex: `^(\\.\\./){${depth},}`,
        message: 'Reach outside the feature through @/shared, not a relative path.',
      });
      // A later block replaces the rule's options, so files at the feature's root repeat the list.
      return [
        { files: [`${src}/features/${feature}/**`], rules: rule([upperLayers, otherFeature, outside(2)]) },
        { files: [`${src}/features/${feature}/*.{ts,tsx}`], rules: rule([upperLayers, otherFeature, outside(1)]) },
      ];
    }),
  ];
}
