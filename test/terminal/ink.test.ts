// Ink itself, bundled as the build bundles it (scripts/ink-output.mjs: Ink's renderer imports
// src/terminal/output.ts in place of ink/build/output.js), rendering a tree in debug mode as the
// dashboard does: each frame reaches the writer as cells, <Static>'s output stays above the frame, a
// resize lays the frame out again at the new width, and Ink writes nothing to the terminal itself
// (no text, no cursor movement: the writer and the screen modes are the only ones to).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type PluginBuild } from 'esbuild';
import { checkRenderer, inkOutput } from '../../scripts/ink-output.mjs';
import { waitFor } from '../support/ink.js';
import { nth } from '../support/narrow.js';
import { removeTree } from '../support/home.js';

const root = join(import.meta.dirname, '..', '..');
const outputModule = join(root, 'src', 'terminal', 'output.ts');

// A tree with a <Static> log above a bordered box whose width follows the terminal; its exports
// change the log and the price from outside, as a service's answer would.
const APP = `
import React, { useState } from 'react';
import { Box, Static, Text, render } from 'ink';
import { takeInkFrames } from ${JSON.stringify(outputModule)};
export const control = {};
function App() {
  const [log, setLog] = useState(['started']);
  const [price, setPrice] = useState('187.41');
  control.log = (line) => setLog((l) => [...l, line]);
  control.price = setPrice;
  return (
    <Box flexDirection="column">
      <Static items={log}>{(line) => <Text key={line} color="gray">{line}</Text>}</Static>
      <Box borderStyle="round" width="100%" paddingX={1}>
        <Text bold>漢字 SOL</Text>
        <Text color="green"> {price}</Text>
      </Box>
    </Box>
  );
}
export { App, React, render, takeInkFrames };
`;

class FakeStdout extends EventEmitter {
  columns = 24;
  rows = 10;
  isTTY = true;
  readonly written: string[] = [];
  write(chunk: string, done?: () => void) {
    this.written.push(chunk);
    done?.();
    return true;
  }
}

test('Ink bundled with src/terminal/output.ts hands each frame on as cells: <Static> above, a resize laid out again, nothing written by Ink', async (t) => {
  const dir = mkdtempSync(join(root, 'node_modules', '.td-ink-'));
  t.after(() => removeTree(dir));
  const bundled = await build({
    stdin: { contents: APP, loader: 'tsx', resolveDir: root },
    bundle: true,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    // the CommonJS modules (react, signal-exit) require Node's own
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      inkOutput(outputModule),
      // (Ink loads react-devtools-core only in development, as scripts/build.mjs stubs it)
      {
        name: 'no-devtools',
        setup(b: PluginBuild) {
          b.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: 'rdc', namespace: 'stub' }));
          b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default {};', loader: 'js' }));
        },
      },
    ],
    write: false,
    logLevel: 'silent',
  });
  const file = join(dir, 'app.mjs');
  writeFileSync(file, nth(bundled.outputFiles, 0).text);
  // Ink reads whether it runs in CI (is-in-ci) when it loads, and then neither follows resizes nor
  // draws frames: load it as on a person's terminal, whatever the environment of this run
  const ciKeys = Object.keys(process.env).filter(
    (k) => k === 'CI' || k === 'CONTINUOUS_INTEGRATION' || k.startsWith('CI_'),
  );
  const saved = ciKeys.map((k) => [k, process.env[k]] as const);
  for (const k of ciKeys) delete process.env[k];
  let m;
  try {
    m = await import(pathToFileURL(file).href);
  } finally {
    for (const [k, v] of saved) process.env[k] = v;
  }

  const frames: string[][] = [];
  const stop = m.takeInkFrames((rows: Array<{ chars: string[]; styles: string[] }>) =>
    frames.push(rows.map((r) => r.chars.join(''))),
  );
  const stdout = new FakeStdout();
  const instance = m.render(m.React.createElement(m.App), {
    stdout,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  try {
    const last = () => frames[frames.length - 1];
    /** waits for a frame whose rows are `rows` (React commits a state set from outside on its own schedule) */
    const shows = (rows: string[]) =>
      waitFor(() => JSON.stringify(last()) === JSON.stringify(rows), `a frame of ${JSON.stringify(rows)}`, 10_000);
    // Ink's first render is synchronous
    assert.deepEqual(last(), [
      'started',
      '╭──────────────────────╮',
      '│ 漢字 SOL 187.41      │',
      '╰──────────────────────╯',
    ]);
    m.control.price('187.42');
    await shows(['started', '╭──────────────────────╮', '│ 漢字 SOL 187.42      │', '╰──────────────────────╯']);
    m.control.log('filled 1 SOL');
    await shows([
      'started',
      'filled 1 SOL',
      '╭──────────────────────╮',
      '│ 漢字 SOL 187.42      │',
      '╰──────────────────────╯',
    ]);
    // the terminal narrows: Ink lays the frame out again for the width stdout now says
    stdout.columns = 20;
    stdout.emit('resize');
    await shows(['started', 'filled 1 SOL', '╭──────────────────╮', '│ 漢字 SOL 187.42  │', '╰──────────────────╯']);
    // Ink's text of every frame was empty: it wrote no character and no cursor movement
    assert.ok(stdout.written.length >= frames.length, 'Ink wrote once a frame');
    assert.deepEqual([...new Set(stdout.written)], ['']);
  } finally {
    instance.unmount();
    stop();
  }
});

test("the build stops when Ink's renderer no longer makes and reads its Outputs as src/terminal/output.ts expects", () => {
  const path = join(root, 'node_modules', 'ink', 'build', 'renderer.js');
  const published = readFileSync(path, 'utf8');
  checkRenderer(published, path);
  // <Static>'s Output read before the frame's
  const swapped = published
    .replace('output.get();', 'OUTPUT_GET')
    .replace('staticOutput.get().output', 'output.get();')
    .replace('OUTPUT_GET', 'staticOutput.get().output');
  assert.throws(() => checkRenderer(swapped, path), /no longer has "staticOutput\.get\(\)\.output"/);
  assert.throws(
    () => checkRenderer(published.replace("from './output.js'", "from './grid.js'"), path),
    /check how Ink/,
  );
});

test("nothing in the program calls Ink's renderToString, whose Outputs would reach the frame writer", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  const callers = ['src', 'components', 'screens']
    .flatMap((d) => files(join(root, d)))
    // an import of it from ink, or a call
    .filter((f) => /import[^;]*\brenderToString\b[^;]*from 'ink'|\brenderToString\(/.test(readFileSync(f, 'utf8')))
    .map((f) => relative(root, f));
  assert.deepEqual(callers, []);
});
