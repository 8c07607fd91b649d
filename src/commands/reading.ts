// The reading commands (tokens, quote, portfolio, orders, invites): they read with whatever wallet
// their ADDRESS names, and need nothing of the services but the service itself (the API client,
// the embedded simulator in demo mode): no wallet, journal, watchlist, scheduler or stores are
// opened (createServices would load and open them).
import { ApiError } from '../api/errors.js';
import { RequestRuleError, ResponseShapeError } from '../api/contract/ruleErrors.js';
import { openBackend } from '../services/backend.js';
import { sanitize } from '../text/sanitize.js';
import type { CommandRun, SwitchSpec } from '../commands/registry.js';
import { CommandError, clean, type HeadlessServices } from './print.js';
import { untilSignal } from '../services/signals.js';
import { createMintFacts } from '../rpc/mintFacts.js';
import { generationFor } from '../config/generation.js';

/**
 * Opens the service, runs `body` and prints what it returns (an exit code: it printed its own
 * output, as a watch does). A watch (--watch) is given the promise of the first SIGINT or SIGTERM.
 */
export async function readingCommand(
  c: CommandRun<{ '--watch'?: SwitchSpec }>,
  body: (services: HeadlessServices, stopped: Promise<void> | undefined) => Promise<string | number>,
): Promise<number> {
  const { fail, opts } = c;
  // a watch ends on the first SIGINT or SIGTERM, even one that comes while the service opens
  const stopped = opts.watch === true ? untilSignal() : undefined;
  const backend = await openBackend(c.config);
  // demo mode: a saved state that could not be used is said, as the other commands say it
  for (const note of backend.notes) fail(note);
  const told = backend.notes.length;
  const rpc = backend.rpc;
  const services = {
    api: backend.client,
    sim: backend.sim,
    mode: backend.mode,
    mintFacts: createMintFacts({
      ...(rpc ? { readAccount: (a: string) => rpc.getAccountInfo(a) } : {}),
      stateDir: c.config.stateDir,
    }),
    generation: generationFor(c.config, Date.now),
    close: () => backend.close(),
  };
  try {
    const out = await body(services, stopped);
    if (typeof out === 'number') return out;
    // tables and plain text pass the sanitiser whole (JSON escapes what a terminal could act on)
    process.stdout.write(opts.json ? out : sanitize(out, { lines: true }));
    return 0;
  } catch (e) {
    if (e instanceof CommandError) {
      fail(e.message);
      return e.exitCode;
    }
    if (e instanceof RequestRuleError) {
      fail(`request refused before sending: ${clean(e.message, 300)}`);
      return 2;
    }
    if (e instanceof ApiError || e instanceof ResponseShapeError) {
      // the client already removed the API key from these; only terminal control is stripped here
      fail(clean(e.message, 400));
      return 1;
    }
    throw e;
  } finally {
    await services.close();
    // and what went wrong while it ran or closed (the demo state not saved)
    for (const note of backend.notes.slice(told)) fail(note);
  }
}
