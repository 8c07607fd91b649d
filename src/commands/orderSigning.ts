// `tradedeck limit|dca|cancel|cancel-all|withdraw`: the Orders screen's commands without the screen, through
// the same parsing, checks and signing pipeline, confirmed as every signing command is (see
// signing.ts). `cancel s-…` cancels standing orders, locally, with the same confirmation. Exit codes: 0 done, 1 failed or cancelled, 2 usage, an input rule or signing unavailable.
import type { Config } from '../config/config.js';
import type { OptionsOf, OutputOptions } from '../commands/registry.js';
import { signingBlocked } from '../actions/run.js';
import {
  createDcaFromArgs,
  createLimitFromArgs,
  findOpenOrders,
  withdrawFromArgs,
  withdrawSide,
} from '../actions/orderFlow.js';
import { cancelAllLimits, cancelFound } from '../actions/orderCancelBatches.js';
import {
  compareWithMarket,
  limitRisk,
  OrderInputError,
  parseCancelArgs,
  type LimitRequest,
} from '../actions/orderRequest.js';
import { limitPriceBothWays } from '../actions/orderTransactions.js';
import { ORDER_SIGNING_USAGE, type OrderSigningCommand } from '../commands/args.js';
import type { ActionResult } from '../pipeline/types.js';
import { createOrdersStore, type OrdersStore } from '../orders/store.js';
import { clean, exitCodeOf, fitText, printJson } from './print.js';
import { openSigningSession } from './signing.js';
import { cancelStanding, STANDING_ID } from '../orders/standing/cancel.js';

/**
 * --yes signs what the dialog would ask a typed "yes" for only with --allow-off-market: a script
 * that mistypes a price (or reads one the wrong way round) stops here, before any request.
 */
function refuseOffMarket(req: LimitRequest): void {
  const risk = limitRisk(compareWithMarket(req));
  if (risk)
    throw new OffMarketError(
      `price ${limitPriceBothWays(req)}: ${risk}; nothing was sent. Check the price, or add --allow-off-market to --yes to place it anyway`,
    );
}

/** A price the dialog would ask a typed "yes" for, refused under --yes (not a usage mistake: no usage line). */
class OffMarketError extends OrderInputError {}

/** every outcome of paper mode says so: `"paper": true` */
export function paperMark(s: { mode: string }): { paper?: true } {
  return s.mode === 'paper' ? { paper: true } : {};
}

function report(store: OrdersStore, opts: OutputOptions, status: string, extra: Record<string, unknown> = {}): void {
  const o = store.getState().outcome;
  if (opts.json)
    process.stdout.write(printJson({ status, ...extra, title: o?.title, lines: o?.lines ?? [] }, opts.indent));
  else process.stdout.write(fitText([o?.title ?? status, ...(o?.lines ?? [])].map((l) => clean(l, 300)).join('\n')));
}

export async function orderSigningCommand(
  command: OrderSigningCommand,
  positionals: string[],
  opts: OptionsOf<'limit'>,
  config: Config,
  fail: (line: string) => void,
): Promise<number> {
  // the side word is known before anything is opened or asked
  if (command === 'withdraw' && !withdrawSide(positionals[1])) {
    return (
      fail(
        `"${clean(positionals[1] ?? '', 40)}": say in (the deposit left) or out (what it bought) (usage: tradedeck ${ORDER_SIGNING_USAGE.withdraw})`,
      ),
      2
    );
  }
  // the keys and the compute unit price of a cancel are read before anything is opened or asked
  let cancel: ReturnType<typeof parseCancelArgs> | undefined;
  if (command === 'cancel' || command === 'cancel-all') {
    try {
      cancel = parseCancelArgs(positionals, { keys: command === 'cancel' ? 'one-or-more' : 'none' });
    } catch (e) {
      if (!(e instanceof OrderInputError)) throw e;
      return (fail(`${clean(e.message, 300)} (usage: tradedeck ${ORDER_SIGNING_USAGE[command]})`), 2);
    }
  }
  // a standing order (s-…) is cancelled here, locally: nothing is signed
  const standingIds = cancel?.keys.filter((k) => STANDING_ID.test(k)) ?? [];
  if (command === 'cancel' && standingIds.length > 0 && standingIds.length < cancel!.keys.length) {
    fail(
      `standing orders (s-…) are cancelled apart from the service's orders: give one kind at a time (usage: tradedeck ${ORDER_SIGNING_USAGE.cancel})`,
    );
    return 2;
  }
  const session = await openSigningSession(config, opts.yes === true, fail);
  if (typeof session === 'number') return session;
  const s = session.services;
  try {
    for (const n of s.notices) fail(n.text);
    if (command === 'cancel' && standingIds.length > 0) {
      const r = await cancelStanding(s, standingIds);
      if (opts.json) process.stdout.write(printJson({ status: r.status, ids: r.ids, message: r.message }, opts.indent));
      else process.stdout.write(fitText(clean(r.message, 300)));
      return r.status === 'success' ? 0 : r.status === 'refused' ? 2 : 1;
    }
    const blocked = signingBlocked(s, 'execute');
    if (blocked) return (fail(blocked), 2);
    const store = createOrdersStore({ tab: command === 'dca' || command === 'withdraw' ? 'dca' : 'limit' });
    if (process.stderr.isTTY)
      store.subscribe(
        (st, prev) => st.running && st.running !== prev.running && process.stderr.write(`${clean(st.running, 300)}\n`),
      );
    if (command === 'cancel-all') {
      if (cancel?.computeUnitPrice !== undefined) store.getState().setCancelFee(cancel.computeUnitPrice);
      const { batches, nothingOpen } = await cancelAllLimits(
        s,
        store,
        undefined,
        'run cancel-all again for what is still open',
      );
      const ok = nothingOpen || (batches.length > 0 && batches.every((b) => b.status === 'success'));
      report(store, opts, nothingOpen ? 'nothing to cancel' : ok ? 'success' : 'failed', { batches, ...paperMark(s) });
      return ok ? 0 : 1;
    }
    if (command === 'cancel') {
      const done = await cancelFound(
        s,
        store,
        await findOpenOrders(s, store, cancel!.keys),
        cancel!.computeUnitPrice,
        'run cancel again with the keys not done',
      );
      if ('batches' in done) {
        const ok = done.batches.length > 0 && done.batches.every((b) => b.status === 'success');
        report(store, opts, ok ? 'success' : 'failed', { batches: done.batches, ...paperMark(s) });
        return ok ? 0 : 1;
      }
      report(store, opts, done.status, { signature: done.signature, ...paperMark(s) });
      return exitCodeOf(done.status);
    }
    let result: ActionResult & { orderKey?: string };
    if (command === 'limit')
      result = await createLimitFromArgs(
        s,
        store,
        positionals,
        opts.yes === true && opts.allowOffMarket !== true ? refuseOffMarket : undefined,
      );
    else if (command === 'dca') result = await createDcaFromArgs(s, store, positionals);
    else result = await withdrawFromArgs(s, store, positionals);
    report(store, opts, result.status, {
      signature: result.signature,
      ...(result.orderKey !== undefined ? { orderKey: result.orderKey } : {}),
      ...paperMark(s),
    });
    return exitCodeOf(result.status);
  } catch (e) {
    if (e instanceof OrderInputError) {
      fail(
        e instanceof OffMarketError
          ? clean(e.message, 400)
          : `${clean(e.message, 300)} (usage: tradedeck ${ORDER_SIGNING_USAGE[command]})`,
      );
      return 2;
    }
    throw e;
  } finally {
    await session.close();
  }
}
