// Non-interactive commands: print JSON or plain tables, never load Ink or React.
import type { Config } from '../config.js';
import { describeConfig } from '../config.js';
import { maskSecret, ApiError, RequestRuleError, ResponseShapeError } from '../api/errors.js';
import { openBackend } from '../runtime.js';
import { sanitize } from '../sanitize.js';
import { COMMAND_SPECS, ORDER_SIGNING_COMMANDS, type OrderSigningCommand } from '../args.js';
import { tokensCommand, tokensQuery } from './tokens.js';
import { quoteCommand } from './quote.js';
import { portfolioCommand, ordersCommand, platformsOf, mintFilterText } from './account.js';
import { invitesCommand } from './invites.js';
import { checkAddressArgument } from './wallet.js';

import { CommandError, printJson, printTable, clean, outputMode } from './print.js';
import { watchTokens, watchInterval, untilSignal } from './watch.js';

/**
 * Exit codes: 0 done; 1 the service, the network or the transaction failed (or a prompt was
 * answered no); 2 a usage error or a rule refused before the request it is about was sent.
 */
export async function runHeadless(command: string, positionals: string[], given: Record<string, string | boolean>, config: Config): Promise<number> {
  quietOnClosedPipe();
  // a message may quote the service or an argument: printed only through the sanitiser
  const fail = (message: string) => process.stderr.write(`tradedeck ${command}: ${sanitize(message, { lines: true })}\n`);
  let flags: Record<string, string | boolean>;
  try {
    checkArguments(command, positionals, given);
    // every command below reads flags.json: true for JSON (a pipe, a file, --json), false for tables;
    // flags.indent (no such option exists) is JSON indented for a person who asked on a terminal
    const json = outputMode(given, process.stdout.isTTY === true) === 'json';
    flags = { ...given, json, indent: json && process.stdout.isTTY === true && given.ndjson !== true && given.watch !== true };
  } catch (e) {
    if (e instanceof CommandError) {
      fail(e.message);
      return e.exitCode;
    }
    throw e;
  }
  if (command === 'demo') return demoCommand(positionals, flags, config, fail);
  if (command === 'config') {
    const described = describeConfig(config, maskSecret);
    const demoKey = await demoKeyInUse(config);
    if (demoKey) described.wallet = demoKey;
    process.stdout.write(flags.json ? printJson(described, flags.indent === true) : printTable(['SETTING', 'VALUE'], Object.entries(described).map(([k, v]) => [k, clean(v, 300)])));
    return 0;
  }
  // signing commands build their own services (wallet, journal, confirmation)
  if (command === 'watch') return (await import('./watchEvents.js')).watchEventsCommand(flags, config, fail);
  if (command === 'export') return (await import('./export.js')).exportCommand(positionals, flags, config, fail);
  if (command === 'journal') return (await import('./journal.js')).journalCommand(positionals, flags, config, fail);
  if (command === 'swap') return (await import('./swap.js')).swapCommand(positionals, flags, config, fail);
  if (command === 'studio') return (await import('./studio.js')).studioCommand(positionals, flags, config, fail);
  if ((ORDER_SIGNING_COMMANDS as readonly string[]).includes(command)) {
    return (await import('./orderSigning.js')).orderSigningCommand(command as OrderSigningCommand, positionals, flags, config, fail);
  }
  // These commands read with whatever wallet their ADDRESS names, and need nothing of the services
  // but the service itself (the API client, the embedded simulator in demo mode): no wallet,
  // journal, watchlist, scheduler or stores are opened (createServices would load and open them).
  // a watch ends on the first SIGINT or SIGTERM, even one that comes while the service opens
  const stopped = flags.watch === true ? untilSignal() : undefined;
  const backend = await openBackend(config);
  // demo mode: a saved state that could not be used is said, as the other commands say it
  for (const note of backend.notes) fail(note);
  const told = backend.notes.length;
  const services = { api: backend.client, sim: backend.sim, mode: backend.mode, close: () => backend.close() };
  try {
    let out: string;
    switch (command) {
      case 'tokens':
        if (stopped) {
          const code = await watchTokens(services, flags, { write: (t) => process.stdout.write(t), fail, tty: process.stdout.isTTY === true, stopped });
          // A request dropped on stop may leave the client's retry timer behind (it waits out the
          // service's Retry-After, up to a minute): the watch is over, so the program does not wait.
          setTimeout(() => process.exit(), 500).unref();
          return code;
        }
        out = await tokensCommand(services, flags);
        break;
      case 'quote': out = await quoteCommand(services, positionals, flags, (line) => fail(line)); break;
      case 'portfolio': out = await portfolioCommand(services, config, positionals, flags); break;
      case 'orders': out = await ordersCommand(services, config, positionals, flags); break;
      case 'invites': out = await invitesCommand(services, config, positionals, flags); break;
      default: throw new CommandError(`unknown command "${command}"`, 2);
    }
    // tables and plain text pass the sanitiser whole (JSON escapes what a terminal could act on)
    process.stdout.write(flags.json ? out : sanitize(out, { lines: true }));
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

/** In demo mode without a key file of the person's: the demo key's path, said as such. */
async function demoKeyInUse(config: Config): Promise<string | undefined> {
  if (config.mode !== 'demo' || !config.keypairIsDefault || !config.keypairPath) return undefined;
  const { existsSync } = await import('node:fs');
  if (existsSync(config.keypairPath)) return undefined;
  const { demoKeyPath } = await import('../demo.js');
  const path = demoKeyPath(config.stateDir);
  return `demo key ${path}${existsSync(path) ? '' : ' (made at the first demo start)'}; ${config.keypairPath} not found`;
}

/** `tradedeck demo reset`: removes the demo key and the simulator state, and says which files went. */
async function demoCommand(positionals: string[], flags: Record<string, string | boolean>, config: Config, fail: (m: string) => void): Promise<number> {
  if (positionals[0] !== 'reset') {
    fail(`unknown demo action "${clean(positionals[0] ?? '', 40)}" (usage: tradedeck ${COMMAND_SPECS.demo.usage})`);
    return 2;
  }
  const { resetDemo } = await import('../demo.js');
  const removed = await resetDemo(config.stateDir);
  if (flags.json) {
    process.stdout.write(printJson({ stateDir: config.stateDir, removed }, flags.indent === true));
    return 0;
  }
  const lines = removed.length
    ? ['removed:', ...removed.map((p) => `  ${p}`), 'the next demo start makes a new demo key and a fresh simulator']
    : [`nothing to remove: no demo key or simulator state in ${config.stateDir}`];
  lines.push('kept: the journal, watchlist, alerts and the rest of the state directory');
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** What can be checked before the service is opened: how many arguments, ADDRESS, flag pairs. */
function checkArguments(command: string, positionals: string[], flags: Record<string, string | boolean>): void {
  const spec = COMMAND_SPECS[command];
  if (!spec) throw new CommandError(`unknown command "${command}"`, 2);
  const usage = `usage: tradedeck ${spec.usage}`;
  if (positionals.length > spec.max) {
    const stray = positionals.slice(spec.max).map((p) => `"${clean(p, 40)}"`).join(' ');
    throw new CommandError(`unexpected argument${positionals.length - spec.max > 1 ? 's' : ''} ${stray} (${usage})`, 2);
  }
  if (positionals.length < spec.min) {
    throw new CommandError(command === 'quote' ? `${usage} (for example: tradedeck quote 1.5 SOL USDC)` : usage, 2);
  }
  if (['portfolio', 'orders', 'invites'].includes(command) && positionals[0] !== undefined) checkAddressArgument(positionals[0]);
  if (command === 'orders' && flags.limit && flags.dca) {
    throw new CommandError('--limit and --dca: give one of them (without either, both kinds are listed)', 2);
  }
  if (command === 'portfolio') platformsOf(flags);
  if (command === 'orders') mintFilterText(flags);
  if (command === 'tokens') {
    tokensQuery(flags);
    if (flags.watch === true) watchInterval(flags);
    else if (flags['interval-ms'] !== undefined) throw new CommandError('--interval-ms goes with --watch', 2);
  }
}

/**
 * A reader that stops early (`| head -1`) closes the pipe: the next write to stdout fails with
 * EPIPE. That is a normal end, so the program leaves quietly with exit 0. Other stdout errors end
 * it with one line on stderr; stderr write errors are ignored (there is nowhere to report them).
 */
function quietOnClosedPipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    process.stderr.write(`tradedeck: cannot write the output: ${e.code ?? e.message}\n`);
    process.exit(1);
  });
  process.stderr.on('error', () => {});
}
