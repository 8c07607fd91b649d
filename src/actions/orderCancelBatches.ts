// Cancelling several limit orders: every open one (X with nothing marked, :cancel-all), the ones
// marked on the Orders screen (Space, then X) or named by key (`cancel K1 K2 ...`). The service
// batches five cancels per transaction; each transaction goes through runSigned on its own
// (confirm dialog, journal, execute, reconciliation), with progress said as "cancelling 6–10 of 12".
// A batch that fails or is declined does not stop the others; the outcome lists every batch.
import type { TriggerOrder } from '../api/types.js';
import type { ActionResult } from '../pipeline/types.js';
import type { Services } from '../services/index.js';
import type { BatchState, OrdersStore } from '../orders/store.js';
import { batchesOutcome, batchProgress, consistentCount, inBatches } from '../orders/batches.js';
import { cancelAllBatchAction, cancelMarkedBatchAction, type CancelAllPlan } from './orderTransactions.js';
import { cancelOne, commonOf, orderLabel, refuse, type AnyOrder } from './orderFlow.js';
import { OrderInputError } from './orderRequest.js';
import { paperTitle, runSigned, signingBlocked } from './run.js';
import { refreshJournalView } from './swapFlow.js';

/** What a cancel-all did: each batch, or nothing at all because no limit order was open. */
export interface CancelAllResult {
  batches: BatchState[];
  /** no open limit order: nothing was built, signed or sent */
  nothingOpen: boolean;
}

/** The service's answer to cancelOrders for a maker with no open order (POST /trigger/v1/cancelOrders, 400). */
const NOTHING_TO_CANCEL = /no orders to cancel/i;

export interface CancelManyOptions {
  /** how to run it again where it runs ("X retries what is still open") */
  retryHint?: string;
  /** computeUnitPrice of the cancel transactions (the screen's cancel fee when not given) */
  computeUnitPrice?: string;
  /** how the outcome names the run ("Cancel 7 marked") */
  what?: string;
}

/** At most this many pages of open orders are read to list them in the cancel-all dialog. */
const LIST_PAGES = 10;

/**
 * The open limit orders of the wallet (the first LIST_PAGES pages) and how many there are in all
 * (the pages in between full, counted from the last); count undefined when a page could not be read.
 */
async function openLimits(s: Services): Promise<{ count?: number; orders: TriggerOrder[] }> {
  const user = s.wallet!.address;
  try {
    const first = await s.api.trigger.list({ user, orderStatus: 'active' });
    const pages = Number(first.totalPages);
    const orders = first.orders.slice();
    if (orders.length === 0) return { count: 0, orders };
    if (!Number.isSafeInteger(pages) || pages <= 1) return { count: orders.length, orders };
    let last = first;
    for (let page = 2; page <= Math.min(pages, LIST_PAGES); page++) {
      last = await s.api.trigger.list({ user, orderStatus: 'active', page });
      orders.push(...last.orders);
    }
    if (pages > LIST_PAGES) last = await s.api.trigger.list({ user, orderStatus: 'active', page: pages });
    return { count: first.orders.length * (pages - 1) + last.orders.length, orders };
  } catch {
    // cancelOrders says what is wrong
    return { orders: [] };
  }
}

function startBatches(s: Services, store: OrdersStore, what: string): boolean {
  if (store.getState().running) throw new OrderInputError('another order action is still running');
  const blocked = signingBlocked(s, 'execute');
  if (blocked) {
    refuse(s, store, what, blocked);
    return false;
  }
  store.getState().setOutcome(undefined);
  store.getState().setBatches(undefined);
  return true;
}

function finishBatches(
  s: Services,
  store: OrdersStore,
  what: string,
  batches: BatchState[],
  retryHint: string,
  signed: boolean,
): void {
  const outcome = batchesOutcome(what, batches, retryHint);
  store.getState().setOutcome({ ...outcome, title: paperTitle(s, outcome.title), at: s.now() });
  if (signed) {
    store.getState().noteSent();
    void refreshJournalView(s);
  }
}

/**
 * `X` (nothing marked) and `:cancel-all`: cancelOrders without `orders` (every open limit order,
 * five per transaction), then each transaction in turn through its own dialog; running it again
 * retries what is still open. With no open limit order it says so and builds nothing. The orders
 * are counted first (two list pages at most) so that progress names them. The transactions pay
 * `cu` as their priority fee (the screen's cancel fee when not given).
 */
export async function cancelAllLimits(
  s: Services,
  store: OrdersStore,
  openOrders?: number,
  retryHint = 'X retries what is still open',
  cu?: string,
): Promise<CancelAllResult> {
  if (!startBatches(s, store, 'Cancel all')) return { batches: [], nothingOpen: false };
  const computeUnitPrice = cu ?? store.getState().cancelFee;
  const nothing = (): CancelAllResult => {
    store
      .getState()
      .setOutcome({ ok: true, title: 'Cancel all: nothing to cancel (no open limit orders)', lines: [], at: s.now() });
    return { batches: [], nothingOpen: true };
  };
  let count = openOrders;
  // the dialog lists what it cancels: the list on screen when it holds them all, else the service's
  let listed: readonly TriggerOrder[] = store.getState().lists['limit/active']?.trigger ?? [];
  if (count === undefined || count === 0 || listed.length !== count) {
    // the list seen may be old, not loaded or one page of several: ask the service before building anything
    store.getState().setRunning('Looking for open limit orders…');
    try {
      const open = await openLimits(s);
      count = open.count;
      listed = open.orders;
    } finally {
      store.getState().setRunning(undefined);
    }
    if (count === 0) return nothing();
  }
  store.getState().setRunning('Asking the service for the cancel transactions…');
  const plan: CancelAllPlan = {
    transactions: [],
    builtAt: s.now(),
    openOrders: count,
    orders: listed.map((order) => orderLabel(s, { kind: 'limit', order }, s.now())),
    refetched: false,
    computeUnitPrice,
  };
  // what the cancels may return: the mints of the open orders listed, when the list holds them all
  const common = {
    ...commonOf(s),
    plan,
    ...(listed.length && listed.length === count
      ? { mints: listed.flatMap((o) => [String(o.inputMint), String(o.outputMint)]) }
      : {}),
  };
  const batches: BatchState[] = [];
  const publish = () => store.getState().setBatches(batches.map((b) => ({ ...b })));
  let signed = false;
  let total = 0;
  try {
    for (let index = 0; ; index++) {
      if (index > 0 && index >= total) break;
      if (index > 0) {
        batches[index] = { index, status: 'running' };
        publish();
      }
      const result = await runSigned(cancelAllBatchAction({ ...common, index }), s, 'execute', {
        onStatus: (text) => {
          const n = total || plan.transactions.length;
          const known = plan.refetched ? undefined : consistentCount(count, n);
          const where = n
            ? `${batchProgress(index, n, known)} (transaction ${index + 1} of ${n})`
            : `transaction ${index + 1}`;
          store.getState().setRunning(`Cancel all: ${where}: ${text}`);
        },
      });
      // closed in the meantime (by a fill, an expiry or another program): nothing left to cancel
      if (index === 0 && result.stage === 'build' && NOTHING_TO_CANCEL.test(result.error ?? '')) {
        store.getState().setBatches(undefined);
        return nothing();
      }
      if (index === 0) {
        // the first build made the plan: now every batch is known
        total = plan.transactions.length;
        for (let i = 0; i < plan.transactions.length; i++)
          batches[i] = { index: i, status: i === 0 ? 'running' : 'waiting' };
        if (plan.transactions.length === 0) batches[0] = { index: 0, status: 'failed' };
      }
      if (result.transactions.length > 0) signed = true;
      batches[index] = {
        index,
        status: result.status === 'success' ? 'success' : result.status,
        signature: result.signature,
        error: result.error,
      };
      publish();
      // the service could not build: stop here
      if (index === 0 && result.stage === 'build') break;
    }
  } finally {
    store.getState().setRunning(undefined);
  }
  if (batches.some((b) => b.status === 'success')) {
    const open = store.getState().lists['limit/active']?.trigger ?? [];
    store.getState().markClosed(open.map((o) => o.orderKey));
  }
  finishBatches(s, store, 'Cancel all', batches, retryHint, signed);
  return { batches, nothingOpen: false };
}

/**
 * `X` with orders marked, and `cancel K1 K2 ...`: cancelOrders with `orders` naming five at a time,
 * one transaction per batch, each built when its turn comes (so none waits out its blockhash
 * behind the dialogs of the others). The orders of a batch that landed are unmarked; the others
 * stay marked, so X again retries them.
 */
export async function cancelLimitOrders(
  s: Services,
  store: OrdersStore,
  orders: readonly TriggerOrder[],
  opts: CancelManyOptions = {},
): Promise<CancelAllResult> {
  if (orders.length === 0) throw new OrderInputError('no order to cancel: Space marks the order under the cursor');
  const what = opts.what ?? `Cancel ${orders.length} marked`;
  if (!startBatches(s, store, what)) return { batches: [], nothingOpen: false };
  const retryHint = opts.retryHint ?? 'X retries the ones still marked';
  const computeUnitPrice = opts.computeUnitPrice ?? store.getState().cancelFee;
  const groups = inBatches(orders);
  const batches: BatchState[] = groups.map((_, index) => ({ index, status: 'waiting' }));
  const publish = () => store.getState().setBatches(batches.map((b) => ({ ...b })));
  let signed = false;
  try {
    for (const [index, group] of groups.entries()) {
      batches[index] = { index, status: 'running' };
      publish();
      const progress = batchProgress(index, groups.length, orders.length);
      const labels = group.map((order) => orderLabel(s, { kind: 'limit', order }, s.now()));
      const spec = cancelMarkedBatchAction({
        ...commonOf(s),
        orders: labels,
        progress,
        index,
        of: groups.length,
        computeUnitPrice,
      });
      let result: ActionResult;
      try {
        result = await runSigned(spec, s, 'execute', {
          onStatus: (text) => store.getState().setRunning(`${progress}: ${text}`),
        });
      } finally {
        store.getState().setRunning(undefined);
      }
      if (result.transactions.length > 0) signed = true;
      batches[index] = {
        index,
        status: result.status === 'success' ? 'success' : result.status,
        signature: result.signature,
        error: result.error,
      };
      publish();
      if (result.status === 'success') {
        const keys = group.map((o) => o.orderKey);
        store.getState().markClosed(keys);
        store.getState().unmark(keys);
      }
    }
  } finally {
    store.getState().setRunning(undefined);
  }
  finishBatches(s, store, what, batches, retryHint, signed);
  return { batches, nothingOpen: false };
}

/**
 * `:cancel` and `tradedeck cancel` with the orders found: one order keeps its own dialog (a limit
 * or a DCA order); several must all be limit orders, cancelled five to a transaction.
 */
export async function cancelFound(
  s: Services,
  store: OrdersStore,
  found: readonly AnyOrder[],
  computeUnitPrice: string | undefined,
  retryHint?: string,
): Promise<ActionResult | CancelAllResult> {
  if (found.length === 1) return cancelOne(s, store, found[0]!, computeUnitPrice);
  const other = found.find((o) => o.kind !== 'limit');
  if (other) {
    throw new OrderInputError(
      `order ${String(other.order.orderKey)}: a ${other.kind === 'legacy' ? 'legacy ' : ''}DCA order; several keys cancel limit orders together, so cancel it on its own`,
    );
  }
  return cancelLimitOrders(
    s,
    store,
    found.map((o) => o.order as TriggerOrder),
    {
      computeUnitPrice,
      retryHint: retryHint ?? 'run it again for the ones not done',
      what: `Cancel ${found.length} limit orders`,
    },
  );
}
