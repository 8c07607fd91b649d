// The linter's rules: eslint's and typescript-eslint's recommended sets, three rules that read the
// types (a promise nobody awaits or voids, a switch over a union that misses a member, an assertion
// that changes no type), the two React hooks rules, and the layering of the tree as import
// boundaries (the design's layers: src/ is the program without a terminal UI, components/ are
// widgets that know nothing of the program, screens/ are modules that do not reach into each other).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = join(import.meta.dirname, '..', '..');
/**
 * every screen module: a folder under screens/ (shell/ is the frame that holds them, shared/ what
 * they all use of it; neither is a screen)
 */
const screens = readdirSync(join(root, 'screens'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'shell' && e.name !== 'shared')
  .map((e) => e.name);

const reactOrInk = {
  regex: '^(react|ink)(/|$)|^(react|ink)-',
  message: 'src/ runs without a terminal UI (headless commands, the simulator): it never loads React or Ink.',
};

/** The rules that read the types (typescript-eslint asks TypeScript 6 for them through tsconfig.json). */
export const TYPED_RULES = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/switch-exhaustiveness-check': 'error',
  '@typescript-eslint/no-unnecessary-type-assertion': 'error',
};

/** The rules that keep a part of the tree from importing what `patterns` match, statically or with import(). */
function boundary(patterns) {
  return {
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': [
      'error',
      // esquery's regular expressions cannot hold a slash: \x2F stands for it
      ...patterns.map((p) => ({
        selector: `ImportExpression > Literal.source[value=/${p.regex.replaceAll('/', '\\x2F')}/]`,
        message: p.message,
      })),
    ],
  };
}

export default tseslint.config(
  { ignores: ['dist/', 'dist-test/', 'node_modules/', 'tools/lint/node_modules/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // a Node program: Node's globals (the language's own come with ecmaVersion), none of a browser's
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // tsc checks these (noUnusedLocals, noUnusedParameters); an `_` prefix marks one kept on purpose
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // the rules with type information, over the program (the tests are checked by tsc and the
    // untyped rules)
    files: ['src/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'screens/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: TYPED_RULES,
  },
  {
    files: ['test/**'],
    rules: {
      // tests read raw bodies and terminal output: untyped JSON and escape sequences are their material
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['components/**/*.{ts,tsx}', 'screens/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**'],
    rules: boundary([
      reactOrInk,
      {
        regex: '(^|/)(components|screens)/',
        message: 'src/ never reaches into the terminal UI (only src/main/cli.ts starts it).',
      },
    ]),
  },
  {
    files: ['src/main/cli.ts'],
    rules: boundary([reactOrInk, { regex: '(^|/)components/', message: 'src/ never reaches into components/.' }]),
  },
  {
    files: ['components/**'],
    rules: boundary([
      { regex: '(^|/)screens/', message: 'components/ are widgets: they never import a screen.' },
      // the two dependency-free text modules (what the terminal can show, and what it may be sent)
      // are the only part of src/ a widget may use
      {
        regex: '(^|/)src/(?!text/(sanitize|locale)\\.js$)',
        message: 'components/ never import the program (src/); pass what a widget needs as props.',
      },
    ]),
  },
  ...screens.map((name) => ({
    files: [`screens/${name}/**`],
    rules: boundary([
      {
        regex: `^(\\.\\./)+(screens/)?(${screens.filter((s) => s !== name).join('|')})(/|$)`,
        message: 'a screen never imports another screen: hand off through the shell.',
      },
      { regex: '^\\.\\./(index|first)\\.js$', message: 'a screen never imports the screen registry.' },
      {
        regex: '^(\\.\\./)+(screens/)?shell(/|$)',
        message: 'a screen never imports the shell: what screens use of it is in screens/shared/.',
      },
    ]),
  })),
  {
    files: ['screens/shared/**'],
    rules: boundary([
      {
        regex: `^(\\.\\./)+(screens/)?(shell|${screens.join('|')})(/|$)|^\\.\\./(index|first)\\.js$`,
        message: 'screens/shared/ is below every screen and the shell: it never imports either, or the registry.',
      },
    ]),
  },
);
