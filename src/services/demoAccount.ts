// Demo mode's continuity: one demo key and one simulator state in the state directory, so the
// dashboard and every headless demo command see the same wallet, balances, orders and pools.
// `tradedeck demo reset` removes both.
//
// Two processes at once (the dashboard and a headless command in another terminal) each load the
// state when they start and save it after their own changes and when they end: the last to save
// wins. A command run while the dashboard is open sees the dashboard's last save, and what it
// changes is overwritten when the dashboard saves next (docs/demo.md).
import { link, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { readStateFile, writeStateFile } from '../state/file.js';

export const DEMO_KEY_FILE = 'demo-key.json';

export function demoKeyPath(stateDir: string): string {
  return join(stateDir, DEMO_KEY_FILE);
}

/** The simulator state of a seed (another --seed is another market, so another file). */
export function demoStateName(seed: number): string {
  return `demo-sim-${seed}.json`;
}

/**
 * The demo key file (0600 in the 0700 state directory), created the first time. Two processes
 * creating it at once both end up with the same key: the file is put in place with link(), which
 * never replaces one that appeared meanwhile.
 */
export async function ensureDemoKey(
  stateDir: string,
  file = DEMO_KEY_FILE,
): Promise<{ path: string; created: boolean }> {
  const path = join(stateDir, file);
  const { createDemoKeyFile } = await import('../wallet/keypair.js');
  try {
    await readFile(path);
    return { path, created: false };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const made = await createDemoKeyFile(join(stateDir, `demo-key.${process.pid}.tmp`));
  try {
    await link(made, path);
    return { path, created: true };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return { path, created: false };
    throw e;
  } finally {
    await rm(join(stateDir, `demo-key.${process.pid}.tmp`), { recursive: true, force: true });
  }
}

/**
 * The saved simulator state's text (demo: of a seed; paper: its own file), or undefined when there
 * is none yet; the simulator reads it (src/sim/snapshot.ts) as it restores it.
 */
export function loadDemoState(stateDir: string, name: string): Promise<string | undefined> {
  return readStateFile(join(stateDir, name));
}

export function saveDemoState(stateDir: string, name: string, text: string): Promise<void> {
  return writeStateFile(stateDir, name, text);
}

/** Moves an unusable state file aside (kept for a look, never read again); returns its new path. */
export async function setDemoStateAside(stateDir: string, name: string): Promise<string> {
  const from = join(stateDir, name);
  const to = `${from}.unusable`;
  await rename(from, to);
  return to;
}

/**
 * Removes the files of the state directory that `ours` names (a missing directory or file is no
 * error); returns the paths removed, in name order. `demo reset` and `paper reset` both use it.
 */
export async function removeStateFiles(stateDir: string, ours: (name: string) => boolean): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(stateDir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const removed: string[] = [];
  for (const name of names.filter(ours).sort()) {
    try {
      await unlink(join(stateDir, name));
      removed.push(join(stateDir, name));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  return removed;
}

/**
 * `tradedeck demo reset`: everything the demo made goes: the demo key, every seed's simulator state,
 * and the Studio pools launched in it (kept in studio-pools.json beside those launched for real).
 * Returns the files removed and how many pools were taken out.
 */
export async function resetDemo(stateDir: string): Promise<{ removed: string[]; pools: number }> {
  // the demo wallet's address, while its key is still there: pools it created are the demo's too
  let demoWallet: string | undefined;
  try {
    const { loadKeypairFile } = await import('../wallet/keypair.js');
    await readFile(demoKeyPath(stateDir));
    demoWallet = (await loadKeypairFile(demoKeyPath(stateDir))).address;
  } catch {
    // no demo key (or one that cannot be read): the pools said to be the simulator's still go
  }
  const { forgetPools } = await import('../studio/pools.js');
  const pools = await forgetPools(stateDir, (p) => p.network === DEMO_NETWORK || p.creator === demoWallet);
  const removed = await removeStateFiles(
    stateDir,
    (n) => n === DEMO_KEY_FILE || /^demo-sim--?\d+\.json(\.unusable)?$/.test(n),
  );
  return { removed, pools };
}

/** What demo mode names its network (Services.network): the embedded simulator. */
export const DEMO_NETWORK = 'simulator';

/** The address of the key kept in the state directory as `file` (made there the first time). */
export async function stateKeyAddress(stateDir: string, file = DEMO_KEY_FILE): Promise<string> {
  const { loadKeypairFile } = await import('../wallet/keypair.js');
  return (await loadKeypairFile((await ensureDemoKey(stateDir, file)).path)).address;
}
