// What every test that runs the built program needs, in one place: the checkout's root, the built
// program, and a home of its own (removed when the test ends) with none of tradedeck's variables set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** the checkout (the folder of package.json) */
export const ROOT = resolve(import.meta.dirname, '..', '..');
/** the built program (`npm run build`) */
export const CLI = join(ROOT, 'dist', 'cli.js');
/** the same program with its test hooks in (`node scripts/build.mjs --test-hooks`; `npm test` makes both) */
export const TEST_CLI = join(ROOT, 'dist-test', 'cli.js');

/** Variables a test's environment sets: a string sets one, undefined removes one it would inherit. */
export type EnvChanges = Record<string, string | undefined>;

/** tradedeck's own variables and NO_COLOR, all removed: a test sets the ones it is about. */
const UNSET: EnvChanges = {
  TRADEDECK_BASE_URL: undefined,
  TRADEDECK_API_KEY: undefined,
  TRADEDECK_RPC_URL: undefined,
  TRADEDECK_KEYPAIR: undefined,
  TRADEDECK_ADDRESS: undefined,
  TRADEDECK_ASCII: undefined,
  NO_COLOR: undefined,
};

/**
 * A fresh home under the system's temporary folder, removed after the test, and the environment
 * changes that put the program's config and state in it (HOME, XDG_CONFIG_HOME, XDG_STATE_HOME).
 */
export function tempHome(t: { after(fn: () => void): void }, name: string): { home: string; env: EnvChanges } {
  const home = mkdtempSync(join(tmpdir(), `td-${name}-`));
  t.after(() => removeTree(home));
  return { home, env: homeChanges(home) };
}

/**
 * Removes a test's folder. A program that is ending may still write in it (a last save, its journal's
 * close): the removal is tried again while a folder is not empty or busy, as the file system says.
 */
export function removeTree(path: string): void {
  rmSync(path, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
}

/** The environment changes that put config and state in `home`, with tradedeck's variables removed. */
export function homeChanges(home: string): EnvChanges {
  return { HOME: home, XDG_STATE_HOME: join(home, 'state'), XDG_CONFIG_HOME: join(home, 'config'), ...UNSET };
}

/** The whole environment of this process with `changes` applied (for spawn, which takes no removals). */
export function withChanges(changes: EnvChanges, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = { ...base };
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}
