// `tradedeck sim`: serves the simulator until SIGINT/SIGTERM.
import { isAddress } from '../chain/base58.js';
import type { SimGroup } from '../sim/engine/kernel.js';
import { GROUPS } from '../sim/http/faults.js';
import { startSim, type SimOptions } from '../sim/index.js';
import { untilSignal } from '../services/signals.js';
import { reflow } from '../text/reflow.js';

const SYNOPSIS = `usage: tradedeck sim [--host H] [--port N] [--seed S] [--time-scale X]
                     [--fund ADDRESS]... [--latency MS] [--fault-rate P]
                     [--rate-limit N] [--rate-limit-groups a,b] [--api-key K]
                     [--only-v1]`;

const USAGE = `${SYNOPSIS}
Serves the simulated trading service (HTTP, and Solana JSON-RPC at /rpc and
/rpc/<name>) on loopback by default.

Point tradedeck at it from another terminal:
  tradedeck --base-url http://127.0.0.1:PORT --api-key any --keypair KEY.json
API key  every group but portfolio needs one, as the real service does.
         Without --api-key here any non-empty key is accepted (give it to
         tradedeck with --api-key or TRADEDECK_API_KEY); with --api-key K,
         only K is.
RPC      the swap and studio groups send transactions over JSON-RPC. A base
         URL on this machine (127.0.0.1, ::1, localhost) makes <base-url>/rpc
         the default RPC, so nothing goes to the public mainnet RPC; say it
         with --rpc-url http://127.0.0.1:PORT/rpc, or name another.
Wallet   --fund ADDRESS (or POST /__sim/fund) gives an address the default
         basket (100 SOL, 10,000 USDC, ...). Nothing is kept after it stops.

Options:
  --host H                 address to listen on (default 127.0.0.1)
  --port N                 port (default 0: any free port, printed at start)
  --seed S                 the market's seed (default 1)
  --time-scale X           simulated seconds per real second (default 1; 0
                           freezes time)
  --fund ADDRESS           give ADDRESS the default basket (repeatable)
  --latency MS             delay every answer by MS milliseconds
  --fault-rate P           answer this share (0..1) of requests with a fault:
                           a 5xx, a reset connection, a body cut or garbled
  --rate-limit N           at most N requests a sliding minute per API key
                           (429 beyond)
  --paid-rate-limit N      the same for a key starting paid- (default 10 x
                           --rate-limit)
  --rate-limit-groups a,b  the groups it applies to (default all)
  --api-key K              accept only this API key
  --only-v1                serve only the service's first generation: the
                           current one's paths (/swap/v2, /trigger/v2) answer
                           404, as a service without them does`;

class FlagError extends Error {}

function number(flag: string, text: string, check: (n: number) => boolean, rule: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || !check(n)) throw new FlagError(`${flag}: ${rule} (got "${text}")`);
  return n;
}

export function parseSimArgs(argv: string[]): SimOptions | 'help' {
  const o: SimOptions = {};
  const fund: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    let flag = argv[i]!;
    let value: string | undefined;
    const eq = flag.indexOf('=');
    if (flag.startsWith('--') && eq > 0) {
      value = flag.slice(eq + 1);
      flag = flag.slice(0, eq);
    }
    if (flag === '--help' || flag === '-h') return 'help';
    const take = (): string => {
      if (value !== undefined) return value;
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new FlagError(`${flag}: needs a value`);
      return next;
    };
    switch (flag) {
      case '--host':
        o.host = take();
        if (o.host.trim() === '') throw new FlagError('--host: must not be empty');
        break;
      case '--port':
        o.port = number(
          flag,
          take(),
          (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
          'must be an integer 0..65535',
        );
        break;
      case '--seed':
        o.seed = number(flag, take(), Number.isSafeInteger, 'must be an integer');
        break;
      case '--time-scale':
        o.timeScale = number(flag, take(), (n) => n >= 0 && n <= 10_000, 'must be a number 0..10000');
        break;
      case '--fund': {
        const a = take();
        if (!isAddress(a)) throw new FlagError(`--fund: "${a}" is not a base58 public key`);
        fund.push(a);
        break;
      }
      case '--latency':
        o.latencyMs = number(flag, take(), (n) => n >= 0 && n <= 60_000, 'must be milliseconds 0..60000');
        break;
      case '--fault-rate':
        o.faultRate = number(flag, take(), (n) => n >= 0 && n <= 1, 'must be a probability 0..1');
        break;
      case '--rate-limit':
        o.rateLimitPerMinute = number(
          flag,
          take(),
          (n) => Number.isInteger(n) && n >= 0,
          'must be an integer >= 0 (requests per minute)',
        );
        break;
      case '--paid-rate-limit':
        o.paidRateLimitPerMinute = number(
          flag,
          take(),
          (n) => Number.isInteger(n) && n >= 0,
          'must be an integer >= 0 (requests per minute)',
        );
        break;
      case '--rate-limit-groups': {
        const groups = take()
          .split(',')
          .map((g) => g.trim())
          .filter(Boolean);
        const unknown = groups.filter((g) => !GROUPS.includes(g as SimGroup));
        if (groups.length === 0 || unknown.length)
          throw new FlagError(
            `--rate-limit-groups: unknown group ${unknown.join(', ') || '(none given)'}; groups are ${GROUPS.join(', ')}`,
          );
        o.rateLimitGroups = groups as SimGroup[];
        break;
      }
      case '--api-key':
        o.apiKey = take();
        if (o.apiKey.trim() === '') throw new FlagError('--api-key: must not be empty');
        break;
      case '--only-v1':
        if (value !== undefined) throw new FlagError('--only-v1: takes no value');
        o.onlyV1 = true;
        break;
      default:
        throw new FlagError(`${flag}: unknown flag`);
    }
  }
  if (fund.length) o.fund = fund;
  return o;
}

export async function runSimCommand(argv: string[]): Promise<number> {
  let options: SimOptions | 'help';
  try {
    options = parseSimArgs(argv);
  } catch (err) {
    if (!(err instanceof FlagError)) throw err;
    process.stderr.write(`tradedeck sim: ${err.message}\n${SYNOPSIS}\n(tradedeck sim --help says more)\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(
      reflow(USAGE, process.stdout.isTTY && (process.stdout.columns ?? 0) >= 20 ? process.stdout.columns : 80),
    );
    return 0;
  }
  let sim;
  try {
    sim = await startSim(options);
  } catch (err) {
    process.stderr.write(`tradedeck sim: cannot start: ${(err as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`listening on ${sim.url}\n`);
  await untilSignal();
  await sim.stop();
  return 0;
}
