// How a process ends on a signal. The first SIGINT, SIGTERM or SIGHUP runs every cleanup
// registered with atExit (the services closed: state saved, deliveries given their moment) and
// then exits with 128 + the signal's number, whatever the process was doing (a notification's
// retry wait included). A program that ends in its own way on a signal (the dashboard, a watch, the
// simulator's server) takes the signals over with onSignal and closes the same services itself.
// Locks are let go on every exit, signal or not (src/state/lock.ts).

type Cleanup = () => unknown;

const cleanups = new Set<Cleanup>();
const takers = new Set<(signal: NodeJS.Signals) => void>();
const CODES: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
/** a cleanup that hangs does not keep the process: it exits this long after the signal */
const EXIT_WITHIN_MS = 8_000;
let installed = false;
let exiting = false;

async function runCleanups(): Promise<void> {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch {
      // best effort at exit
    }
  }
}

function received(signal: NodeJS.Signals): void {
  if (takers.size > 0) {
    for (const t of [...takers]) t(signal);
    return;
  }
  if (exiting) return;
  exiting = true;
  const code = CODES[signal] ?? 1;
  setTimeout(() => process.exit(code), EXIT_WITHIN_MS).unref();
  void runCleanups().finally(() => process.exit(code));
}

function install(): void {
  if (installed) return;
  installed = true;
  // `on`, not `once`: Ink's signal-exit re-raises a signal when it finds itself the only listener
  for (const signal of Object.keys(CODES) as NodeJS.Signals[]) process.on(signal, () => received(signal));
}

/** Runs `fn` when a signal ends the process (unless a taker ends it); returns the way to take it back. */
export function atExit(fn: Cleanup): () => void {
  cleanups.add(fn);
  install();
  return () => void cleanups.delete(fn);
}

/** The signals are this program's to handle (it closes its services itself); returns the way to give them back. */
export function onSignal(handler: (signal: NodeJS.Signals) => void): () => void {
  takers.add(handler);
  install();
  return () => void takers.delete(handler);
}

/** Resolves on the first SIGINT, SIGTERM or SIGHUP; a second one then ends the process the usual way. */
export function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const off = onSignal(() => {
      off();
      resolve();
    });
  });
}
