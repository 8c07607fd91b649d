// Ink's output stage in the bundle: Ink's renderer imports src/terminal/output.ts (tradedeck's Output,
// which writes each text straight into the cells the frame writer diffs) in place of Ink's own
// ink/build/output.js. Nothing inside Ink is edited. The renderer is read, not changed: the build
// stops if it no longer makes and reads its Outputs as src/terminal/output.ts expects (the frame's
// Output, then <Static>'s, read in that order), so that an upgrade of Ink is checked by hand.
import { readFile } from 'node:fs/promises';

/** What src/terminal/output.ts expects of ink/build/renderer.js, in this order. */
const RENDERER_STEPS = [
  "import Output from './output.js';",
  'const output = new Output({',
  'staticOutput = new Output({',
  'output.get();',
  'staticOutput.get().output',
];

/** Throws unless the text of ink/build/renderer.js (at `path`) makes and reads its Outputs in the order expected. */
export function checkRenderer(text, path) {
  let at = 0;
  for (const step of RENDERER_STEPS) {
    const found = text.indexOf(step, at);
    if (found < 0)
      throw new Error(
        `build: ${path} no longer has "${step}" where src/terminal/output.ts expects it: check how Ink's renderer uses its Output`,
      );
    at = found + step.length;
  }
}

/** The esbuild plugin: Ink's build/output.js is `outputModule` (src/terminal/output.ts). */
export function inkOutput(outputModule) {
  return {
    name: 'ink-output',
    setup(b) {
      b.onResolve({ filter: /^\.\/output\.js$/ }, (a) =>
        /[\\/]ink[\\/]build[\\/][^\\/]+\.js$/.test(a.importer) ? { path: outputModule } : undefined,
      );
      b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]renderer\.js$/ }, async (a) => {
        const text = await readFile(a.path, 'utf8');
        checkRenderer(text, a.path);
        return { contents: text, loader: 'js' };
      });
    },
  };
}
