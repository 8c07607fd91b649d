// The program as installed (dist/cli.js). The build makes one script per mode (main: argument
// parsing and configuration; dashboard; headless; sim), each a single file run through node:vm with
// a V8 code cache: the functions a mode compiled on an earlier launch are read back instead of
// parsed and compiled again. The cache sits in dist/.cache, or where the user may not write in dist
// (a system-wide install) in $XDG_CACHE_HOME/tradedeck, else ~/.cache/tradedeck; a file V8 no
// longer accepts (another Node, another build) is written again, and deleting the cache only costs
// one slower start.
// A launch without a cache writes two: an early one as soon as the mode's script has run (so a
// program closed or killed at once still leaves one), and the full one, with what the start-up
// compiled: the dashboard's once it has drawn its first frame, another mode's at exit; at the
// latest once the mode has run SAVE_AFTER_MS. A dashboard that ends before its first frame (a key
// file refused, no terminal) writes no full one: it would hold none of the first frame's code, and
// no later launch would replace it. A launch that found only the early one still writes the full one. V8 takes a cache back only under the flags it was
// made under: the dashboard sets its flags once start-up is over (DASHBOARD_V8_FLAGS), after the
// caches still due are written; a script compiled after that has caches named *.d.v8.
// TRADEDECK_CODE_CACHE=0 turns it off. This file imports nothing of tradedeck's own.
import { accessSync, constants, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/** mode name -> its script's file name in dist (content-hashed): filled in by the build */
declare const __TD_MODES__: Record<string, string>;

type Exports = Record<string, unknown>;
type ModeBody = (
  require: NodeJS.Require,
  url: string,
  loadMode: (name: string) => Promise<Exports>,
  /** the mode's start-up is over (the dashboard calls it once its first frame is drawn) */
  started: () => void,
) => Promise<Exports>;

// the build makes this file CommonJS (dist/package.json): Node's ES module loader costs a launch ~15 ms
const dist = __dirname;
const useCache = process.env.TRADEDECK_CODE_CACHE !== '0';
/** at the latest, a mode's full cache is written once it has run this long: the code of the first frame is compiled by then */
const SAVE_AFTER_MS = 2500;

let dirs: string[] | undefined;

/**
 * Where this user's caches are: dist/.cache when they may write in dist (an install of their own,
 * a checkout), else only their own cache directory. A user who cannot write in dist does not read
 * caches there either: made by another user's Node, V8 might refuse them on every launch.
 */
function cacheDirs(): string[] {
  if (dirs === undefined) {
    const user = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tradedeck');
    try {
      accessSync(dist, constants.W_OK);
      dirs = [join(dist, '.cache'), user];
    } catch {
      dirs = [user];
    }
  }
  return dirs;
}

type CacheKind = 'full' | 'early';
/**
 * V8 takes a code cache back only in a process whose flags are those it was made under, and the
 * dashboard changes flags once its start-up is over (DASHBOARD_V8_FLAGS): a script compiled after
 * that has caches of its own, beside those of scripts compiled under node's own flags.
 */
let flagged = false;
const cacheName = (file: string, kind: CacheKind, asFlagged = flagged) =>
  `${file}${asFlagged ? '.d' : ''}${kind === 'full' ? '' : '.early'}.v8`;

function readCache(file: string): { data: Buffer; kind: CacheKind } | undefined {
  for (const kind of ['full', 'early'] as const) {
    for (const dir of cacheDirs()) {
      try {
        return { data: readFileSync(join(dir, cacheName(file, kind))), kind };
      } catch {
        // not there: the next place, or none
      }
    }
  }
  return undefined;
}

function writeCache(file: string, script: Script, kind: CacheKind, asFlagged: boolean): void {
  const data = script.createCachedData();
  for (const dir of cacheDirs()) {
    try {
      mkdirSync(dir, { recursive: true });
      const path = join(dir, cacheName(file, kind, asFlagged));
      const tmp = `${path}.${process.pid}`;
      writeFileSync(tmp, data);
      renameSync(tmp, path);
      return;
    } catch {
      // not writable here: the next place; with none, the next launch compiles again
    }
  }
}

const loaded = new Map<string, Promise<Exports>>();

function loadMode(name: string): Promise<Exports> {
  let exports = loaded.get(name);
  if (exports === undefined) {
    exports = runMode(name);
    loaded.set(name, exports);
  }
  return exports;
}

/**
 * Seconds after activity stops (start-up, a tour of the screens), V8's memory reducer collects the
 * whole heap, and again 0.5 s later while the last one freed memory. On the dashboard it made two;
 * the heap held the same 11.2-11.3 MB after two as after one (the first costs about 40 ms of CPU,
 * the second about 10). One is enough.
 */
const MEMORY_REDUCER_FLAGS = ['--memory-reducer-single-gc'];

/**
 * Every data refresh leaves garbage in the old generation: what a render keeps until the next one
 * (the rows, the lists it was drawn from) outlives two scavenges. By default V8 lets the old
 * generation grow 8 MB past what survived the last full collection before collecting again, and
 * keeps the pages it grew into: left open on Tokens, the old generation went from 10 to 17 MB and
 * the process from 73 to 84 MB between minutes 2 and 10. Growing it as for a small device (2 MB
 * past the survivors, or 1.3 times them) holds it at 10-11 MB, for about 30 ms more CPU a minute
 * (one more full collection a minute or so). The young generation keeps its starting size too,
 * rather than doubling in a burst of keys and staying doubled for a while.
 */
const HEAP_FLAGS = ['--optimize-for-size', '--semi-space-growth-factor=1'];

/**
 * The dashboard repeats the same work every refresh. With V8's default interrupt budget (67584 on
 * Node 20) its optimising compiler keeps compiling functions that run a few times a minute: about
 * 35 compilations and 250 ms of CPU on V8's worker threads in the first idle minute, half of the
 * dashboard's idle CPU. Eight times that budget leaves optimisation to code that really is hot
 * (scrolling, the simulator's trades in demo mode).
 *
 * These flags are set SAVE_AFTER_MS after the dashboard starts, once the caches due are written,
 * and no V8 flag is on node's command line: Node's own modules (node:http, node:crypto,
 * node:fs/promises, node:tty, node:v8...) load from the code cache built into node only under
 * node's own flags. With any flag of V8's set, each is compiled from its source instead: start-up
 * loads about fifty of them, and took about 12 ms longer.
 */
const DASHBOARD_V8_FLAGS = ['--interrupt-budget=540672', ...MEMORY_REDUCER_FLAGS, ...HEAP_FLAGS];

/** cache writes still to come: written before the flags change */
const pending = new Set<() => void>();

function runMode(name: string): Promise<Exports> {
  const file = __TD_MODES__[name];
  if (name === 'dashboard' && !flagged) {
    // before the full cache's own timer (both run out at once: timers keep their order)
    setTimeout(() => {
      for (const write of [...pending]) write();
      // node:v8 is loaded here, not at start (it takes a millisecond or two)
      const { setFlagsFromString } = createRequire(__filename)('node:v8') as typeof import('node:v8');
      for (const flag of DASHBOARD_V8_FLAGS) setFlagsFromString(flag);
      flagged = true;
    }, SAVE_AFTER_MS).unref();
  }
  if (file === undefined) return Promise.reject(new Error(`no mode "${name}" in this build`));
  const path = join(dist, file);
  const source = readFileSync(path, 'latin1');
  const cache = useCache ? readCache(file) : undefined;
  const script = new Script(source, { filename: path, cachedData: cache?.data });
  const usable = cache !== undefined && script.cachedDataRejected !== true;
  const asFlagged = flagged;
  /** one write of a kind, at its time or before the flags change, whichever is first */
  const writer = (kind: CacheKind) => {
    const write = () => {
      if (!pending.delete(write)) return;
      process.off('exit', write);
      writeCache(file, script, kind, asFlagged);
    };
    pending.add(write);
    return write;
  };
  if (useCache && !usable) setImmediate(writer('early'));
  let started = () => {};
  if (useCache && (!usable || cache.kind === 'early')) {
    const full = writer('full');
    // (after the frame: the write waits for what is queued)
    if (name === 'dashboard') started = () => setImmediate(full);
    else process.once('exit', full);
    setTimeout(full, SAVE_AFTER_MS).unref();
  }
  const body = script.runInThisContext() as ModeBody;
  return body(createRequire(path), pathToFileURL(path).href, loadMode, () => started());
}

loadMode('main').catch((err: unknown) => {
  process.stderr.write(`tradedeck: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
