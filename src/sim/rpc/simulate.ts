// RPC simulateTransaction as a node answers it, with the state after the transaction of the
// accounts asked for (`accounts: {addresses, encoding}`). A message the simulator handed out runs
// its own effect on a dry run (nothing it changes is kept); one it did not (a rewritten message)
// is interpreted instruction by instruction as a chain would run it. Either way the fee is taken
// from the fee payer as a node's simulation takes it.
import { isAddress } from '../../chain/base58.js';
import { NATIVE_MINT } from '../../chain/mints.js';
import type { SimCore } from '../engine/core.js';
import { SimInsufficientFunds, type LedgerView } from '../engine/ledger.js';
import { triggerBookOf } from '../groups/trigger-book.js';
import { recurringBookOf } from '../groups/recurring-book.js';
import { studioBookOf } from '../groups/studio-pools.js';
import { triggerV2Of } from '../groups/trigger-v2.js';
import type { SimEffectResult } from '../engine/kernel.js';
import { accountAt, nodeAccount, type SimAccount } from '../engine/accounts.js';
import { interpretMessage, type NodeError } from './interpret.js';
import { loadMessage } from '../engine/message.js';

type Json = Record<string, unknown>;

/** A request the node refuses (JSON-RPC error -32602). */
export class SimulateParamsError extends Error {}

/**
 * Runs `fn` on a dry run of the whole simulator: balances, order books, studio pools and the
 * identifier stream are as they were afterwards, and the market takes no trade or listing.
 * Returns what `fn` returned and the balances as it left them.
 */
function dryRun<T>(core: SimCore, fn: () => T): { result: T; after: LedgerView } {
  const v2 = triggerV2Of(core.kernel);
  const restore = [
    triggerBookOf(core.kernel),
    recurringBookOf(core.kernel),
    studioBookOf(core.kernel),
    v2?.prices,
    v2?.dcas,
  ].map((b) => b?.checkpoint());
  const ids = core.ids.position();
  try {
    return core.market.holding(() => core.ledger.dryRun(fn));
  } finally {
    for (const put of restore) put?.();
    core.ids.seek(ids);
  }
}

/** The node's form of a failed effect: an error of the instruction after the compute-budget ones. */
function effectError(code: number): NodeError {
  if (code === -1005) return 'BlockhashNotFound';
  if (code === -32002) return 'AlreadyProcessed';
  if (code <= 0) return 'SignatureFailure';
  return { InstructionError: [2, { Custom: code }] };
}

function addressesOf(config: Json): string[] | undefined {
  const accounts = config.accounts;
  if (accounts === undefined || accounts === null) return undefined;
  if (typeof accounts !== 'object' || Array.isArray(accounts))
    throw new SimulateParamsError('accounts must be a configuration object');
  const { addresses, encoding } = accounts as Json;
  if (encoding !== undefined && encoding !== 'base64')
    throw new SimulateParamsError(`unsupported accounts encoding ${String(encoding)}; the simulator answers base64`);
  if (!Array.isArray(addresses) || addresses.some((a) => typeof a !== 'string' || !isAddress(a)))
    throw new SimulateParamsError('accounts.addresses must be an array of base58 public keys');
  return addresses as string[];
}

/** The `value` of a simulateTransaction answer for a base-64 wire transaction. */
export async function simulateValue(core: SimCore, base64: string, config: Json): Promise<Json> {
  const addresses = addressesOf(config);
  const m = loadMessage(core, base64);
  if (typeof m !== 'string' && addresses && addresses.length > m.accounts.length)
    throw new SimulateParamsError(`Too many accounts provided; max ${m.accounts.length}`);
  const answer = (err: NodeError | null, logs: string[], after: (a: string) => Promise<SimAccount | null>) =>
    (async (): Promise<Json> => ({
      err,
      logs,
      // a failed simulation leaves every account asked for unread, as a node answers it
      accounts: addresses
        ? err === null
          ? await Promise.all(addresses.map(async (a) => ((x) => (x ? nodeAccount(x) : null))(await after(a))))
          : addresses.map(() => null)
        : null,
    }))();
  if (typeof m === 'string') return answer(m, [], async () => null);

  const c = core.tx.simulation(base64, config.sigVerify === true);
  if (c.issued) {
    const { result, after } = dryRun(core, (): SimEffectResult => {
      if (!c.chargesFees) {
        // the node's fee, taken before the effect runs
        if (core.ledger.balance(m.feePayer, NATIVE_MINT) < m.fee)
          return { ok: false, code: 0, error: 'InsufficientFundsForFee' };
        core.ledger.debit(m.feePayer, NATIVE_MINT, m.fee);
      }
      try {
        return c.effect(c.signature);
      } catch (err) {
        if (!(err instanceof SimInsufficientFunds)) throw err;
        return { ok: false, code: 1, error: `insufficient funds: ${err.message}` };
      }
    });
    if (!result.ok) {
      const err = result.error === 'InsufficientFundsForFee' ? result.error : effectError(result.code);
      return answer(err, [`Program log: simulated: ${result.error}`], async () => null);
    }
    return answer(
      null,
      ['Program log: simulated: success'],
      async (a) => (await accountAt(core, a, after))?.account ?? null,
    );
  }
  if (c.code !== -3) return answer(effectError(c.code), [`Program log: simulated: ${c.error}`], async () => null);
  // not a message this simulator handed out: its blockhash must still be a recent one
  const slot = core.clock.slot();
  let recent = false;
  for (let s = slot; s >= Math.max(0, slot - 150) && !recent; s--) recent = core.clock.blockhash(s) === m.blockhash;
  if (!recent) return answer('BlockhashNotFound', [], async () => null);
  const run = await interpretMessage(core, m);
  return answer(run.err, run.logs, async (a) =>
    run.after.has(a) ? run.after.get(a)! : ((await accountAt(core, a))?.account ?? null),
  );
}
