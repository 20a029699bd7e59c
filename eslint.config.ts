import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { SRC_LAYERS } from './scripts/modules.ts';

/**
 * src/ is layered from the bottom up (SRC_LAYERS); a folder may import only
 * from the folders below it, and nothing below may import the root files
 * (main.tsx, start.tsx, App.tsx), which wire the layers together.
 */
function layerRules() {
  return SRC_LAYERS.map((layer, index) => {
    const higher = SRC_LAYERS.slice(index + 1);
    const patterns = [
      { regex: '^(\\.\\./)+(main|start|App)\\.tsx?$', message: 'Only the root files (main, start, App) wire the layers together.' },
    ];
    const syntax = [LAZY_ONLY, NO_TOP_LEVEL_AWAIT];
    if (higher.length > 0) {
      const message = `src/${layer} sits below ${higher.join(', ')} (docs/architecture.md, "Layers"): move what both need further down.`;
      patterns.unshift({ regex: `^(\\.\\./)+(${higher.join('|')})/`, message });
      // no-restricted-imports does not see import(); an arrow up through it is refused here.
      syntax.push({ selector: `ImportExpression > Literal[value=/^(\\.\\.\\/)+(${higher.join('|')})\\//]`, message });
    }
    return {
      files: [`src/${layer}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns }], 'no-restricted-syntax': ['error', ...syntax] },
    };
  });
}

/** What loads later is decided by the file name: import() only of *.lazy.* files (and catalogs). */
const LAZY_ONLY = {
  selector: 'ImportExpression > Literal[value=/^\\./]:not([value=/\\.lazy\\.tsx?$/]):not([value=/\\/locales\\//])',
  message: 'Load code later only through a *.lazy.ts(x) file, so the build and the catalogs put it in a later chunk.',
};

/**
 * No top-level await in src/: a chunk with one is an async module, and so is every chunk that imports from it.
 * WebKit's module loader (Safari, WebKitGTK 2.50) resolves the second of two import()s sharing such a chunk
 * before the chunk has run (src/start.tsx).
 */
const NO_TOP_LEVEL_AWAIT = {
  selector: ':matches(AwaitExpression, ForOfStatement[await=true]):not(:function :matches(AwaitExpression, ForOfStatement))',
  message: 'No top-level await in the app: start the work from a function (src/start.tsx says why).',
};

export default defineConfig(
  {
    ignores: [
      'dist',
      'bench-dist',
      'coverage',
      '.devstack',
      'src/locales/*/messages.js',
      'devstack/abp/bin',
      'devstack/abp/obj',
      'reports',
      '.stryker-tmp',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  // The service worker runs in the worker's scope.
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Every file of the project: no circle anywhere (tests/build/circles.test.ts reads the same files).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx'] })],
    },
    rules: {
      // A circle of static imports makes the order of evaluation, and so what is defined when, depend on
      // who imports first; one through import() does not, but it still ties two rooms into one that can
      // be neither moved nor tested apart. Circles of types only, which this rule does not see, are
      // counted by tests/build/circles.test.ts.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  { files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'], rules: { 'no-restricted-syntax': ['error', LAZY_ONLY, NO_TOP_LEVEL_AWAIT] } },
  ...layerRules(),
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['../src/*', '**/src/**', 'react', 'react-dom'] }],
    },
  },
  // The local stack sits below the scripts (bench, soak, checks), which start it; what both need lives in devstack/.
  {
    files: ['devstack/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+scripts/',
              message: 'devstack/ sits below scripts/ (docs/architecture.md, "Layout"): move what both need into devstack/.',
            },
          ],
        },
      ],
    },
  },
);
