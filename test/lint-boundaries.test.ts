// The layering the linter enforces (tools/lint/eslint.config.mjs), checked on made-up files: each
// import across a boundary is refused with its message, each allowed one passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import { ROOT } from './support/home.js';
import { nth } from './support/narrow.js';
import { TYPED_RULES } from '../tools/lint/eslint.config.mjs';

// a made-up file is in no TypeScript project: the rules that read types are left out here
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: Object.fromEntries(Object.keys(TYPED_RULES).map((rule) => [rule, 'off'])),
  },
});

/** The boundary messages eslint gives `code` as if it were the file at `path`. */
async function refusals(path: string, code: string): Promise<string[]> {
  const result = nth(await eslint.lintText(code, { filePath: `${ROOT}/${path}` }), 0);
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

test('src/ never loads React, Ink, components/ or screens/ (only src/main/cli.ts starts the dashboard)', async () => {
  assert.match(
    (await refusals('src/x.ts', "import { Box } from 'ink';\nexport const b = Box;\n")).join(),
    /never loads React or Ink/,
  );
  assert.match(
    (await refusals('src/x.ts', "export const r = await import('react');\n")).join(),
    /never loads React or Ink/,
  );
  assert.match(
    (await refusals('src/x.ts', "export const d = await import('../screens/shell/dashboard.js');\n")).join(),
    /never reaches into the terminal UI/,
  );
  assert.match(
    (
      await refusals('src/x.ts', "import { theme } from '../components/base/theme.js';\nexport const t = theme;\n")
    ).join(),
    /never reaches into the terminal UI/,
  );
  assert.deepEqual(
    await refusals('src/main/cli.ts', "export const d = await import('../../screens/shell/dashboard.js');\n"),
    [],
  );
  assert.deepEqual(
    await refusals('src/x.ts', "import { sanitize } from './sanitize.js';\nexport const s = sanitize;\n"),
    [],
  );
});

test('a component never imports a screen or the program, but for the two text modules', async () => {
  assert.match(
    (
      await refusals(
        'components/x.tsx',
        "import { createApiClient } from '../src/api/index.js';\nexport const c = createApiClient;\n",
      )
    ).join(),
    /never import the program/,
  );
  assert.match(
    (
      await refusals(
        'components/fields/x.tsx',
        "import { SCREENS } from '../../screens/index.js';\nexport const s = SCREENS;\n",
      )
    ).join(),
    /never import a screen/,
  );
  assert.deepEqual(
    await refusals(
      'components/x.tsx',
      "import { sanitize } from '../src/text/sanitize.js';\nexport const s = sanitize;\n",
    ),
    [],
  );
});

test('a screen never imports another screen, the registry or the shell; the shell may import a screen', async () => {
  assert.match(
    (
      await refusals('screens/Swap/x.ts', "import { rowsOf } from '../Orders/rows.js';\nexport const r = rowsOf;\n")
    ).join(),
    /never imports another screen/,
  );
  assert.match(
    (await refusals('screens/Swap/x.ts', "export const r = await import('../Orders/rows.js');\n")).join(),
    /never imports another screen/,
  );
  assert.match(
    (
      await refusals('screens/Tokens/x.ts', "import { SCREENS } from '../index.js';\nexport const s = SCREENS;\n")
    ).join(),
    /screen registry/,
  );
  assert.match(
    (
      await refusals(
        'screens/Swap/x.ts',
        "import { buildKeymap } from '../shell/keymap.js';\nexport const b = buildKeymap;\n",
      )
    ).join(),
    /never imports the shell/,
  );
  assert.deepEqual(
    await refusals(
      'screens/Swap/x.ts',
      "import type { ScreenModule } from '../shared/types.js';\nimport { parseSwap } from './fields.js';\nexport type M = ScreenModule;\nexport const p = parseSwap;\n",
    ),
    [],
  );
  assert.deepEqual(
    await refusals(
      'screens/shell/x.ts',
      "import { JournalView } from '../Journal/JournalView.js';\nexport const j = JournalView;\n",
    ),
    [],
  );
});

test('screens/shared/ imports no screen, nor the shell or the registry; every screen and the shell import it', async () => {
  for (const spec of ['../Orders/rows.js', '../shell/keymap.js', '../index.js']) {
    assert.match(
      (await refusals('screens/shared/x.ts', `import { a } from '${spec}';\nexport const b = a;\n`)).join(),
      /screens\/shared\/ is below every screen and the shell/,
      spec,
    );
  }
  assert.deepEqual(
    await refusals(
      'screens/shared/x.ts',
      "import { useCommands } from '../../components/keys/index.js';\nexport const u = useCommands;\n",
    ),
    [],
  );
  for (const file of ['screens/Orders/x.ts', 'screens/shell/x.ts']) {
    assert.deepEqual(
      await refusals(file, "import { useShell } from '../shared/context.js';\nexport const u = useShell;\n"),
      [],
      file,
    );
  }
});
