// The Orders screen's actions, free of React: create a limit order or a DCA from typed words, cancel
// one order, cancel every open limit order batch by batch, withdraw from a legacy order. Each runs
// through runSigned; progress and the outcome land in the orders store.
import type { RecurringOrder, Token, TriggerOrder } from '../api/types.js';
import type { ActionResult } from '../pipeline/types.js';
import type { Services } from '../services/index.js';
import type { LegacyRecurringOrder, OrdersStore } from '../orders/store.js';
import {
  cancelDcaAction,
  cancelLimitAction,
  createDcaAction,
  createLimitAction,
  limitPriceBothWays,
  priceWithdrawAction,
  tokenAmount,
  type OrderLabel,
} from './orderTransactions.js';
import { amountUsd } from './describe.js';
import type { ConfirmLine } from '../store/confirm.js';
import { serviceTime } from '../text/format.js';
import { readDecimal, toBaseUnits } from '../text/amount.js';
import {
  parseDcaArgs,
  parseLimitArgs,
  limitTokenWords,
  dcaTokenWords,
  OrderInputError,
  type LimitRequest,
  type OrderToken,
} from './orderRequest.js';
import { PAPER_DONE, runSigned, signingBlocked } from './run.js';
import { catalogEmpty, knowTokens, loadTokens, refreshJournalView } from './swapFlow.js';
import { returnedTokens, tradeTokens } from './tokenFacts.js';
import { durationWords, untilText } from '../text/duration.js';
import { NATIVE_MINT, USDC_MINT } from '../chain/mints.js';

function catalogTokens(s: Pick<Services, 'catalog'>): Token[] {
  return Object.values(s.catalog.getState().latest);
}

/** The token of a mint as the catalog knows it (symbol, decimals), or a stand-in named by the mint. */
export function tokenOf(s: Pick<Services, 'catalog'>, mint: string): OrderToken & { known: boolean } {
  const t = s.catalog.getState().latest[mint];
  if (t) return { ...t, known: true };
  if (mint === NATIVE_MINT) return { id: mint, symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, known: true };
  if (mint === USDC_MINT) return { id: mint, symbol: 'USDC', name: 'USD Coin', decimals: 6, known: true };
  return { id: mint, symbol: `${mint.slice(0, 4)}…`, name: '', decimals: 0, known: false };
}

export function outcomeOf(result: ActionResult, what: string, at: number, paper = false) {
  const ok = result.status === 'success';
  const lines: string[] = [];
  if (result.signature) lines.push(`Signature ${result.signature}`);
  if (result.error) lines.push(result.error);
  if (result.advice && result.advice !== result.error) lines.push(result.advice);
  const title = ok
    ? `${what}: done${paper ? ` ${PAPER_DONE}` : ''}`
    : result.status === 'cancelled'
      ? `${what}: cancelled, nothing was signed or sent`
      : result.status === 'refused'
        ? `${what}: not sent`
        : `${what}: ${result.status}`;
  return { ok, title, lines, at };
}

async function runOne(
  s: Services,
  store: OrdersStore,
  what: string,
  spec: Parameters<typeof runSigned>[0],
): Promise<ActionResult> {
  const st = store.getState();
  st.setOutcome(undefined);
  st.setBatches(undefined);
  st.setRunning('Building…');
  let result: ActionResult;
  try {
    result = await runSigned(spec, s, 'execute', { onStatus: (text) => store.getState().setRunning(text) });
  } finally {
    store.getState().setRunning(undefined);
  }
  store.getState().setOutcome(outcomeOf(result, what, s.now(), s.mode === 'paper'));
  if (result.transactions.length > 0) {
    // the lists shown (and polled in the background) ask again now
    store.getState().noteSent();
    void refreshJournalView(s);
  }
  return result;
}

export function refuse(s: Services, store: OrdersStore, what: string, error: string): ActionResult {
  const result: ActionResult = { status: 'refused', error, transactions: [] };
  store.getState().setOutcome(outcomeOf(result, what, s.now()));
  return result;
}

const factOf = (t: OrderToken) => ({ mint: t.id, symbol: t.symbol, decimals: t.decimals });

/** What every order action is given: the client, the wallet, the clock and the tokens' facts from the chain. */
export function commonOf(s: Services) {
  return {
    api: s.api,
    wallet: s.wallet!.address,
    now: s.now,
    tokens: (mints: string[]) => returnedTokens(s, mints),
  };
}

/** Words of a command line read into a limit order, then the pipeline. Input mistakes throw OrderInputError. */
export async function createLimitFromArgs(
  s: Services,
  store: OrdersStore,
  args: readonly string[],
  check?: (req: LimitRequest) => void,
): Promise<ActionResult & { orderKey?: string }> {
  if (store.getState().running) throw new OrderInputError('another order action is still running');
  await knowTokens(s, limitTokenWords(args));
  const req = parseLimitArgs(args, catalogTokens(s), s.now());
  if (req.feeAccount !== undefined && req.feeAccount === s.wallet?.address) {
    throw new OrderInputError(
      `fee-account: ${req.feeAccount} is your wallet, not a token account; give the account that collects the referral fee`,
    );
  }
  check?.(req);
  const blocked = signingBlocked(s, 'execute');
  if (blocked) return refuse(s, store, 'Limit order', blocked);
  const facts = await tradeTokens(s, [factOf(req.input), factOf(req.output)]);
  if (typeof facts === 'string') return refuse(s, store, 'Limit order', `${facts}; nothing was requested or signed`);
  let orderKey: string | undefined;
  const onOrder = (key: string) => (orderKey = key);
  const result = await runOne(s, store, 'Limit order', createLimitAction({ ...commonOf(s), req, facts, onOrder }));
  return withOrderKey(s, store, result, orderKey);
}

export async function createDcaFromArgs(
  s: Services,
  store: OrdersStore,
  args: readonly string[],
): Promise<ActionResult & { orderKey?: string }> {
  if (store.getState().running) throw new OrderInputError('another order action is still running');
  await knowTokens(s, dcaTokenWords(args));
  const req = parseDcaArgs(args, catalogTokens(s), s.now());
  const blocked = signingBlocked(s, 'execute');
  if (blocked) return refuse(s, store, 'DCA', blocked);
  const facts = await tradeTokens(s, [factOf(req.input), factOf(req.output)]);
  if (typeof facts === 'string') return refuse(s, store, 'DCA', `${facts}; nothing was requested or signed`);
  const result = await runOne(s, store, 'DCA', createDcaAction({ ...commonOf(s), req, facts }));
  // the recurring execute answer names the new order
  const answer = result.result as { order?: unknown } | undefined;
  return withOrderKey(s, store, result, typeof answer?.order === 'string' ? answer.order : undefined);
}

/** An order placed: its key in the result (`orderKey` in the headless JSON) and on the outcome's lines. */
function withOrderKey(
  s: Services,
  store: OrdersStore,
  result: ActionResult,
  orderKey: string | undefined,
): ActionResult & { orderKey?: string } {
  if (result.status !== 'success' || orderKey === undefined) return result;
  const o = store.getState().outcome;
  if (o) store.getState().setOutcome({ ...o, lines: [`Order ${orderKey}`, ...o.lines], at: s.now() });
  return { ...result, orderKey };
}

export type AnyOrder =
  | { kind: 'limit'; order: TriggerOrder }
  | { kind: 'dca'; order: RecurringOrder }
  | { kind: 'legacy'; order: LegacyRecurringOrder };

export function orderKeyOf(o: AnyOrder): string {
  return typeof o.order.orderKey === 'string' ? o.order.orderKey : '';
}

/** "2 SOL → USDC" for a limit order, "300 USDC → SOL" for a DCA. */
export function orderLabel(s: Pick<Services, 'catalog'>, o: AnyOrder, now?: number): OrderLabel {
  const key = orderKeyOf(o);
  const input = tokenOf(s, String(o.order.inputMint ?? ''));
  const output = tokenOf(s, String(o.order.outputMint ?? ''));
  const raw = o.kind === 'limit' ? o.order.rawMakingAmount : String(o.order.rawInDeposited ?? '');
  const amount = input.known && /^\d+$/.test(raw) ? tokenAmount(raw, input) : input.symbol;
  return {
    key,
    mints: [input.id, output.id],
    text: `${amount} → ${output.symbol}`,
    facts: orderFacts(o, input, output, now ?? Date.now()),
  };
}

const rawText = (v: unknown): string | undefined => (typeof v === 'string' && /^\d+$/.test(v) ? v : undefined);

/**
 * What identifies an order in its cancel dialog: the pair, the amounts with their USD values, the
 * limit price both ways and the expiry (a limit order), or the deposit, what was used, each order
 * and the interval (a DCA). Amounts of a token whose decimals are not known are left out.
 */
function orderFacts(
  o: AnyOrder,
  input: OrderToken & { known: boolean },
  output: OrderToken & { known: boolean },
  now: number,
): ConfirmLine[] {
  const ref = (t: OrderToken) => ({ mint: t.id, symbol: t.symbol, decimals: t.decimals, usdPrice: t.usdPrice });
  const amount = (v: unknown, t: OrderToken & { known: boolean }) => {
    const raw = rawText(v);
    return raw !== undefined && t.known ? amountUsd(raw, ref(t)) : '—';
  };
  const lines: ConfirmLine[] = [{ label: 'Pair', value: `${input.symbol} → ${output.symbol}` }];
  if (o.kind === 'limit') {
    const making = rawText(o.order.rawMakingAmount);
    const taking = rawText(o.order.rawTakingAmount);
    lines.push({ label: 'Sells', value: amount(making, input) }, { label: 'For', value: amount(taking, output) });
    const left = rawText(o.order.rawRemainingMakingAmount);
    if (left !== undefined && left !== making) lines.push({ label: 'Not filled', value: amount(left, input) });
    if (making && taking && input.known && output.known && making !== '0' && taking !== '0') {
      lines.push({
        label: 'Limit price',
        value: limitPriceBothWays({ input, output, making: BigInt(making), taking: BigInt(taking) }),
      });
    }
    const at = typeof o.order.expiredAt === 'string' ? serviceTime(o.order.expiredAt) : NaN;
    lines.push({
      label: 'Expiry',
      value: Number.isFinite(at) ? (at > now ? `in ${untilText(at - now)}` : 'expired') : 'no expiry',
    });
    return lines;
  }
  lines.push(
    { label: 'Deposited', value: amount(o.order.rawInDeposited, input) },
    { label: 'Used', value: amount(o.order.rawInUsed, input) },
    { label: 'Received', value: amount(o.order.rawOutReceived, output) },
  );
  if (o.kind === 'dca') {
    const freq = Number(o.order.cycleFrequency);
    lines.push({
      label: 'Each order',
      value: `${amount(o.order.rawInAmountPerCycle, input)}${Number.isFinite(freq) && freq > 0 ? `, every ${durationWords(freq)}` : ''}`,
    });
  }
  return lines;
}

/**
 * `x` and `:cancel`: one order, through its group's cancelOrder. A limit order's cancel is sent at
 * `computeUnitPrice` (the screen's cancel fee when not given); a DCA's cancel takes none.
 */
export async function cancelOne(
  s: Services,
  store: OrdersStore,
  o: AnyOrder,
  computeUnitPrice?: string,
): Promise<ActionResult> {
  if (store.getState().running) throw new OrderInputError('another order action is still running');
  if (o.kind !== 'limit' && computeUnitPrice !== undefined && computeUnitPrice !== 'auto') {
    throw new OrderInputError(
      'cu: a DCA order is cancelled through the recurring group, which takes no priority fee; leave cu out',
    );
  }
  const label = orderLabel(s, o, s.now());
  const blocked = signingBlocked(s, 'execute');
  if (blocked) return refuse(s, store, 'Cancel', blocked);
  const common = { ...commonOf(s), order: label };
  const spec =
    o.kind === 'limit'
      ? cancelLimitAction({ ...common, computeUnitPrice: computeUnitPrice ?? store.getState().cancelFee })
      : cancelDcaAction({ ...common, recurringType: o.kind === 'legacy' ? 'price' : 'time' });
  const result = await runOne(s, store, `Cancel ${label.text}`, spec);
  if (result.status === 'success') {
    store.getState().markClosed([label.key]);
    store.getState().unmark([label.key]);
  }
  return result;
}

/** `w` on a legacy price-based order: withdraw all of the input (In) or of the output (Out). */
export async function withdrawLegacy(
  s: Services,
  store: OrdersStore,
  o: AnyOrder,
  side: 'In' | 'Out',
  amount?: bigint,
): Promise<ActionResult> {
  if (o.kind !== 'legacy') throw new OrderInputError('only legacy price-based orders have a withdraw');
  const label = orderLabel(s, o);
  const blocked = signingBlocked(s, 'execute');
  if (blocked) return refuse(s, store, 'Withdraw', blocked);
  const token = tokenOf(s, String(side === 'In' ? o.order.inputMint : o.order.outputMint));
  return runOne(
    s,
    store,
    `Withdraw ${side}`,
    priceWithdrawAction({ ...commonOf(s), order: label, side, amount, token }),
  );
}

/** The side word of a withdraw, or undefined: `in` (the deposit left) or `out` (what it bought). */
export function withdrawSide(text: string | undefined): 'In' | 'Out' | undefined {
  const t = (text ?? '').toLowerCase();
  return t === 'in' ? 'In' : t === 'out' ? 'Out' : undefined;
}

/**
 * `:withdraw` and `tradedeck withdraw`: ORDER in|out [AMOUNT|all] on a legacy price-based order,
 * the amount in token units of the side's token (all when left out).
 */
export async function withdrawFromArgs(
  s: Services,
  store: OrdersStore,
  args: readonly string[],
): Promise<ActionResult> {
  if (args.length < 2 || args.length > 3)
    throw new OrderInputError('give the order key, in or out, and an amount (or all)');
  const side = withdrawSide(args[1]);
  if (!side) throw new OrderInputError(`"${args[1]}": say in (the deposit left) or out (what it bought)`);
  const text = args[2];
  if (text !== undefined && text.toLowerCase() !== 'all') checkAmountShape(text);
  // two or three words (checked above)
  const o = await findOpenOrder(s, store, args[0]!);
  if (o.kind !== 'legacy')
    throw new OrderInputError('only legacy price-based orders have a withdraw; this one is cancelled with cancel');
  if (catalogEmpty(s)) await loadTokens(s);
  const token = tokenOf(s, String(side === 'In' ? o.order.inputMint : o.order.outputMint));
  let amount: bigint | undefined;
  if (text !== undefined && text.toLowerCase() !== 'all') {
    // a number of an unknown token could mean base units or token units: only `all` is unambiguous
    if (!token.known)
      throw new OrderInputError(
        `amount: the decimals of ${token.id} are not known, so "${text}" is ambiguous; withdraw all`,
      );
    try {
      amount = toBaseUnits(text, token.decimals, 'amount');
    } catch (e) {
      throw new OrderInputError(e instanceof Error ? e.message : String(e));
    }
  }
  return withdrawLegacy(s, store, o, side, amount);
}

/** An amount's rules that do not depend on the token (the one grammar; not zero), checked before the order is looked up. */
function checkAmountShape(text: string): void {
  let parts: { whole: string; frac: string };
  try {
    parts = readDecimal(text, 'amount');
  } catch (e) {
    throw new OrderInputError(e instanceof Error ? e.message : String(e));
  }
  if (/^0*$/.test(parts.whole + parts.frac)) throw new OrderInputError('amount: must be greater than zero (or all)');
}

/** Pages read at most per list when looking an order up (the service pages at 10 orders). */
const FIND_MAX_PAGES = 100;

/**
 * Reads a paged list from page 1 until `stop` says so, the list ends (its last page, or an empty
 * page) or FIND_MAX_PAGES; the reason it could not go on, if a page failed.
 */
async function readPages<R extends { page?: number; totalPages?: number }>(
  fetch: (page: number) => Promise<R>,
  take: (r: R) => number,
  stop: () => boolean,
  what: string,
): Promise<string | undefined> {
  for (let page = 1; page <= FIND_MAX_PAGES && !stop(); page++) {
    let r: R;
    try {
      r = await fetch(page);
    } catch (err) {
      return `page ${page} of your ${what} could not be read (${err instanceof Error ? err.message : String(err)})`;
    }
    const taken = take(r);
    const total = Number(r.totalPages);
    if (taken === 0 || !Number.isFinite(total) || page >= total) return undefined;
  }
  return undefined;
}

/**
 * Finds an open order by its key (or a unique start of it): in the lists seen, else asking the
 * service page by page, limit and DCA lists both, until the key turns up or the lists end. A start
 * of a key is matched against every page, so it never picks one order while another unread one
 * starts the same.
 */
export async function findOpenOrder(s: Services, store: OrdersStore, text: string): Promise<AnyOrder> {
  // one order found per text asked (or it throws)
  return (await findOpenOrders(s, store, [text]))[0]!;
}

/** Every key of `texts` found as findOpenOrder finds one, the pages read once for all of them. */
export async function findOpenOrders(s: Services, store: OrdersStore, texts: readonly string[]): Promise<AnyOrder[]> {
  const wanted = texts.map((t) => t.trim());
  if (wanted.length === 0 || wanted.some((w) => !w))
    throw new OrderInputError('which order? give its order key (Enter on a row shows it)');
  const seen: AnyOrder[] = [];
  for (const snap of Object.values(store.getState().lists)) {
    if (!snap) continue;
    seen.push(...snap.trigger.map((order) => ({ kind: 'limit' as const, order })));
    seen.push(...snap.time.map((order) => ({ kind: 'dca' as const, order })));
    seen.push(...snap.legacy.map((order) => ({ kind: 'legacy' as const, order })));
  }
  const exact = (list: AnyOrder[], w: string) => list.find((o) => orderKeyOf(o) === w);
  if (wanted.every((w) => exact(seen, w))) return wanted.map((w) => exact(seen, w)!);
  const user = s.wallet?.address;
  if (!user) throw new OrderInputError('no wallet: orders are listed for a wallet address');
  const fetched: AnyOrder[] = [];
  const found = () => wanted.every((w) => exact(seen, w) ?? exact(fetched, w));
  const failures = await Promise.all([
    readPages(
      (page) => s.api.trigger.list({ user, orderStatus: 'active', page }),
      (r) => (r.orders ?? []).map((order) => fetched.push({ kind: 'limit' as const, order })).length,
      found,
      'open limit orders',
    ),
    readPages(
      (page) =>
        s.api.recurring.list({ user, orderStatus: 'active', recurringType: 'all', page, includeFailedTx: false }),
      (r) => {
        const time = (r.time ?? []).map((order) => ({ kind: 'dca' as const, order }));
        const legacy = ((r.price ?? []) as LegacyRecurringOrder[]).map((order) => ({ kind: 'legacy' as const, order }));
        fetched.push(...time, ...legacy);
        return time.length + legacy.length;
      },
      found,
      'open recurring orders',
    ),
  ]);
  const all = [...seen, ...fetched];
  const unread = failures.filter((f): f is string => f !== undefined);
  const one = (w: string): AnyOrder => {
    const hit = exact(seen, w) ?? exact(fetched, w);
    if (hit) return hit;
    const starts = [...new Map(all.filter((o) => orderKeyOf(o).startsWith(w)).map((o) => [orderKeyOf(o), o])).values()];
    if (starts.length > 1) throw new OrderInputError(`"${w}" starts ${starts.length} order keys; give more of it`);
    // a start of a key is trusted only when every list was read whole
    const [only] = starts;
    if (only && unread.length === 0) return only;
    if (only)
      throw new OrderInputError(
        `"${w}" starts order key ${orderKeyOf(only)}, but ${unread.join('; ')}, so another may start the same: give the whole key`,
      );
    if (unread.length) throw new OrderInputError(`no order with key ${w} among the orders read: ${unread.join('; ')}`);
    throw new OrderInputError(`no order with key ${w} among your orders`);
  };
  const orders = wanted.map(one);
  const twice = orders.find((o, i) => orders.findIndex((p) => orderKeyOf(p) === orderKeyOf(o)) !== i);
  if (twice) throw new OrderInputError(`order ${orderKeyOf(twice)}: given twice`);
  return orders;
}
