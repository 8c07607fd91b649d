// The Orders screen module: limit (trigger) and DCA (recurring) orders, Active and History, paged,
// filtered by mint; create with :limit / :dca (or n), cancel with x, cancel every open limit order
// with X, all through the one signing pipeline; and the standing orders tradedeck keeps and fires
// itself (:stop, :tp, :trail, :oco, :buy-above, :buy-below, n on their list; x cancels one locally). The active lists are also polled in the background
// so fills seen while another screen is up ring the bell and land in the notifications log.
import {
  createDcaFromArgs,
  createLimitFromArgs,
  findOpenOrders,
  withdrawFromArgs,
  withdrawSide,
} from '../../src/actions/orderFlow.js';
import { cancelAllLimits, cancelFound, type CancelAllResult } from '../../src/actions/orderCancelBatches.js';
import { OrderInputError, parseCancelArgs, readComputeUnitPrice } from '../../src/actions/orderRequest.js';
import { arityOf, barExample, barHelp, barUsage, SHARED_COMMANDS } from '../../src/actions/sharedCommands.js';
import { priorityFeeText } from '../../src/actions/orderTransactions.js';
import type { ActionResult } from '../../src/pipeline/types.js';
import { createOrdersStore, type OrdersState } from '../../src/orders/store.js';
import { CommandError, knownSymbols } from '../shared/commandArgs.js';
import type { CommandContext, ScreenCommand, ScreenContext, ScreenModule } from '../shared/types.js';
import { ORDERS_KEYS, ORDERS_SCREEN } from './keys.js';
import { cancelStandingOnScreen, createStandingOnScreen } from './standing.js';
import { STANDING_ID } from '../../src/orders/standing/cancel.js';
import { isMine, standingOf } from '../../src/orders/standing/checker.js';
import { STANDING_COMMANDS, custodyOfWords, type StandingCommand } from '../../src/orders/standing/input.js';
import { applyList, fetchList, listKey, listParams, type ListParams } from './lists.js';
import { OrdersScreen } from './OrdersScreen.js';
import { createVaultDcaOnScreen, VAULT_COMMAND, vaultEventsResource, vaultResource } from './vault.js';
import { splitDcaCustody } from '../../src/vault/plan.js';

/** Active lists every 15 s (also in the background), history every 30 s while shown: 6 requests a minute at most. */
export const ACTIVE_INTERVAL_MS = 15_000;
export const HISTORY_INTERVAL_MS = 30_000;

type Ctx = CommandContext & { store: import('zustand/vanilla').StoreApi<OrdersState> };

/** Input mistakes read as command errors (the bar adds the usage). */
async function asCommand<T>(ctx: Ctx, usage: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof OrderInputError)) throw e;
    // the flash line is one line: the screen shows the whole message and the usage
    ctx.store
      .getState()
      .setOutcome({ ok: false, title: `Not sent: ${e.message}`, lines: [`usage: :${usage}`], at: ctx.services.now() });
    throw new CommandError(e.message);
  }
}

function report(ctx: Ctx, what: string, r: ActionResult): void {
  if (r.status === 'success')
    ctx.flash('success', `${what}: done${r.signature ? ` ${r.signature.slice(0, 16)}…` : ''}`);
  else if (r.status === 'cancelled') ctx.flash('info', `${what}: cancelled, nothing was signed`);
  else ctx.flash('error', `${what}: ${r.error ?? r.status}`);
}

function show(ctx: Ctx, tab: OrdersState['tab']): void {
  const st = ctx.store.getState();
  st.setTab(tab);
  st.setView('active');
  st.setDetail(false);
  ctx.goto(ORDERS_SCREEN);
}

// Usage, help and examples of the commands the command line has too: src/actions/sharedCommands.ts.
const LIMIT_USAGE = barUsage('limit');
const LIMIT_EXAMPLE = barExample('limit');
const LIMIT_PRICE_EXAMPLE = barExample('limit', 1);
const DCA_USAGE = barUsage('dca');
const DCA_EXAMPLE = barExample('dca');
const DCA_VAULT_EXAMPLE = barExample('dca', 1);
const CANCEL_USAGE = barUsage('cancel');
const CANCEL_ALL_USAGE = barUsage('cancel-all');
const WITHDRAW_USAGE = barUsage('withdraw');

const tokenCompletion = (positions: number[]) => (index: number, _p: string, ctx: CommandContext) =>
  positions.includes(index) ? knownSymbols(ctx) : [];

export const ORDER_COMMANDS: ScreenCommand<OrdersState>[] = [
  {
    name: 'limit',
    usage: LIMIT_USAGE,
    help: barHelp('limit'),
    complete: tokenCompletion([1, 3]),
    async run(args, ctx) {
      if (args.length === 0) {
        ctx.store
          .getState()
          .setNotice([
            ':limit creates a limit order (trigger group) here on the Orders screen:',
            `  :${LIMIT_USAGE}`,
            `  e.g. ${LIMIT_EXAMPLE}  sells 2 SOL for 300 USDC in total`,
            `  ${LIMIT_PRICE_EXAMPLE}  buys GOLLA at 0.45 USDC each`,
            "  @price is in the pair's USDC, USDT or SOL per one of the other token;",
            '  @160 SOL/USDC writes it in exchange notation: 1 SOL costs 160 USDC',
            '  :limit 2 SOL @150 USDC expiry 7d  sells SOL at 150 USDC each, for 7 days',
          ]);
        show(ctx, 'limit');
        ctx.flash('info', `:limit makes a limit order (Orders). e.g. ${LIMIT_EXAMPLE} [expiry 7d]`);
        return;
      }
      show(ctx, 'limit');
      const r = await asCommand(ctx, LIMIT_USAGE, () => createLimitFromArgs(ctx.services, ctx.store, args));
      report(ctx, 'limit order', r);
    },
  },
  {
    name: 'dca',
    usage: DCA_USAGE,
    help: barHelp('dca', ' (recurring buys)'),
    complete: tokenCompletion([1, 2]),
    async run(args, ctx) {
      if (args.length === 0) {
        ctx.store
          .getState()
          .setNotice([
            ':dca creates a recurring (DCA) order here on the Orders screen:',
            `  :${DCA_USAGE}`,
            `  e.g. ${DCA_EXAMPLE}  300 USDC into SOL, 3 orders, one an hour`,
            '  minimums: $100 in total, 2 orders, $50 per order; interval 30m, 1h, 1d, 1w',
            '  start 2h (or start 2030-01-31) runs the first order later instead of now',
            "  custody vault: the service's DCA from your vault instead (10 USD a round),",
            `  e.g. ${DCA_VAULT_EXAMPLE}`,
          ]);
        show(ctx, 'dca');
        ctx.flash('info', `:dca makes recurring buys (Orders). e.g. ${DCA_EXAMPLE}`);
        return;
      }
      show(ctx, custodyOfWords(args.slice(5)) === 'vault' ? 'vault' : 'dca');
      const { custody, words } = await asCommand(ctx, DCA_USAGE, async () => splitDcaCustody(args));
      if (custody === 'vault') {
        const v = await asCommand(ctx, DCA_USAGE, () => createVaultDcaOnScreen(ctx.services, ctx.store, words));
        if (v.status === 'success') ctx.flash('success', `DCA from the vault: ${v.message}`);
        else if (v.status === 'cancelled') ctx.flash('info', 'DCA from the vault: not placed, nothing was signed');
        else ctx.flash('error', `DCA from the vault: ${v.message}`);
        return;
      }
      const r = await asCommand(ctx, DCA_USAGE, () => createDcaFromArgs(ctx.services, ctx.store, words));
      report(ctx, 'DCA', r);
    },
  },
  ...STANDING_COMMANDS.map(standingCommand),
  VAULT_COMMAND,
  {
    name: 'cancel',
    usage: CANCEL_USAGE,
    help: barHelp(
      'cancel',
      ': a limit or DCA order, or several limit orders (5 per transaction); cu: the priority fee (confirm first); s-… a standing order (nothing signed)',
    ),
    complete: (_index, _p, ctx) => {
      const lists = Object.values(ctx.store.getState().lists);
      const standing = standingOf(ctx.services)
        .store.getState()
        .orders.filter((o) => o.status.state === 'armed' && isMine(ctx.services, o.terms))
        .map((o) => o.terms.id);
      return [
        ...new Set([
          ...lists.flatMap((l) => [...(l?.trigger ?? []), ...(l?.time ?? [])].map((o) => o.orderKey)),
          ...standing,
        ]),
      ];
    },
    async run(args, ctx) {
      let req: ReturnType<typeof parseCancelArgs>;
      try {
        req = parseCancelArgs(args, { keys: 'one-or-more' });
      } catch (e) {
        throw e instanceof OrderInputError ? new CommandError(e.message) : e;
      }
      const standingIds = req.keys.filter((k) => STANDING_ID.test(k));
      if (standingIds.length > 0) {
        if (standingIds.length < req.keys.length)
          throw new CommandError(
            "standing orders (s-…) are cancelled apart from the service's orders: one kind at a time",
          );
        show(ctx, 'standing');
        await cancelStandingOnScreen(ctx.services, ctx.store, standingIds);
        const o = ctx.store.getState().outcome;
        if (o) ctx.flash(o.ok ? 'success' : 'error', o.title);
        return;
      }
      ctx.goto(ORDERS_SCREEN);
      const r = await asCommand(ctx, CANCEL_USAGE, async () =>
        cancelFound(
          ctx.services,
          ctx.store,
          await findOpenOrders(ctx.services, ctx.store, req.keys),
          req.computeUnitPrice,
          ':cancel again retries the ones not done',
        ),
      );
      if ('batches' in r) reportBatches(ctx, 'cancel', r);
      else report(ctx, 'cancel', r);
    },
  },
  {
    name: 'cancel-fee',
    usage: 'cancel-fee auto|<microlamports>',
    help: 'the priority fee of the cancels x and X send (per compute unit; auto: the service chooses)',
    run(args, ctx) {
      if (args.length !== 1)
        throw new CommandError(
          args.length === 0
            ? `give auto or microlamports per compute unit (now ${ctx.store.getState().cancelFee})`
            : `unexpected "${args.slice(1).join(' ')}"`,
        );
      let fee: string;
      try {
        // one word (checked above)
        fee = readComputeUnitPrice(args[0]!, 'cancel-fee');
      } catch (e) {
        // the bar names the command already
        throw e instanceof OrderInputError ? new CommandError(e.message.replace(/^cancel-fee: /, '')) : e;
      }
      ctx.store.getState().setCancelFee(fee);
      ctx.goto(ORDERS_SCREEN);
      ctx.flash('info', `cancels (x, X) now pay a priority fee of ${priorityFeeText(fee)}`);
    },
  },
  {
    name: 'withdraw',
    usage: WITHDRAW_USAGE,
    help: barHelp('withdraw', ': from its input (in) or output (out), an amount or all (confirm first)'),
    async run(args, ctx) {
      const { min, max } = arityOf(SHARED_COMMANDS.withdraw.args);
      if (args.length < min || args.length > max)
        throw new CommandError('give the order key, in or out, and an amount (or all)');
      if (!withdrawSide(args[1]))
        throw new CommandError(`"${args[1]}": say in (the deposit left) or out (what it bought)`);
      show(ctx, 'dca');
      const r = await asCommand(ctx, WITHDRAW_USAGE, () => withdrawFromArgs(ctx.services, ctx.store, args));
      report(ctx, 'withdraw', r);
    },
  },
  {
    name: 'cancel-all',
    usage: CANCEL_ALL_USAGE,
    help: barHelp('cancel-all', ' (5 per transaction, each confirmed); cu: the priority fee'),
    async run(args, ctx) {
      let req: ReturnType<typeof parseCancelArgs>;
      try {
        req = parseCancelArgs(args, { keys: 'none' });
      } catch (e) {
        throw e instanceof OrderInputError ? new CommandError(e.message) : e;
      }
      show(ctx, 'limit');
      const r = await asCommand(ctx, CANCEL_ALL_USAGE, () =>
        cancelAllLimits(ctx.services, ctx.store, undefined, undefined, req.computeUnitPrice),
      );
      reportBatches(ctx, 'cancel-all', r);
    },
  },
];

/** `:stop 2 SOL @140 USDC` and the other standing orders: one dialog, then armed (nothing is signed now). */
function standingCommand(name: StandingCommand): ScreenCommand<OrdersState> {
  const usage = barUsage(name);
  const example = barExample(name);
  return {
    name,
    usage,
    help: barHelp(name, ', kept here and fired by tradedeck'),
    complete: tokenCompletion(name === 'oco' ? [1, 6] : [1, 3]),
    async run(args, ctx) {
      const vault = custodyOfWords(args) === 'vault';
      show(ctx, vault ? 'vault' : 'standing');
      if (args.length === 0) {
        ctx.store
          .getState()
          .setNotice([
            `:${name}: ${SHARED_COMMANDS[name].summary}`,
            `  :${usage}`,
            `  e.g. ${example}`,
            "  the price is in the pair's USDC, USDT or SOL per one of the other token;",
            '  the floor is the trigger less the slippage cap (1%): the swap is signed without',
            '  asking only when it gives at least that; it fires while a tradedeck runs here;',
            "  custody vault: the service's order from your vault instead (it holds the funds)",
          ]);
        ctx.flash('info', `:${name} makes a standing order (Orders, t). e.g. ${example}`);
        return;
      }
      const r = await asCommand(ctx, usage, () => createStandingOnScreen(ctx.services, ctx.store, name, args));
      if (r.status === 'success') ctx.flash('success', r.message);
      else if (r.status === 'cancelled')
        ctx.flash(
          'info',
          vault ? `${name}: not placed, nothing was deposited` : `${name}: not armed, nothing was stored`,
        );
      else ctx.flash('error', `${name}: ${r.message}`);
    },
  };
}

function reportBatches(ctx: Ctx, what: string, { batches, nothingOpen }: CancelAllResult): void {
  const ok = batches.filter((b) => b.status === 'success').length;
  if (nothingOpen) ctx.flash('info', `${what}: nothing to cancel (no open limit orders)`);
  else if (batches.length > 0)
    ctx.flash(ok === batches.length ? 'success' : 'error', `${what}: ${ok} of ${batches.length} transactions done`);
  else
    ctx.flash(
      'error',
      `${what}: ${ctx.store.getState().outcome?.lines[0] ?? ctx.store.getState().outcome?.title ?? 'nothing done'}`,
    );
}

const list = (id: string, tab: 'limit' | 'dca', view: 'active' | 'history') => ({
  id,
  intervalMs: view === 'active' ? ACTIVE_INTERVAL_MS : HISTORY_INTERVAL_MS,
  background: view === 'active',
  // after an order was placed or closed
  refreshWhen: (st: OrdersState) => st.sent,
  params: (ctx: ScreenContext<OrdersState>) => listParams(ctx, tab, view),
  key: (p: ListParams) => listKey(p),
  fetch: (p: ListParams, signal: AbortSignal, ctx: ScreenContext<OrdersState>) => fetchList(p, signal, ctx),
  apply: (p: ListParams, data: Awaited<ReturnType<typeof fetchList>>, at: number, ctx: ScreenContext<OrdersState>) =>
    applyList(p, data, at, ctx),
});

export const ordersScreen: ScreenModule<OrdersState> = {
  id: ORDERS_SCREEN,
  title: 'Orders',
  key: '3',
  list: (st) => !st.formOpen,
  createStore: () => createOrdersStore(),
  resources: [
    list('limitActive', 'limit', 'active'),
    list('dcaActive', 'dca', 'active'),
    list('limitHistory', 'limit', 'history'),
    list('dcaHistory', 'dca', 'history'),
    vaultResource('vaultActive', 'active', ACTIVE_INTERVAL_MS),
    vaultResource('vaultHistory', 'history', HISTORY_INTERVAL_MS),
    // fills and expiries of the vault's orders, at the active lists' interval, once logged in
    vaultEventsResource('vaultEvents', ACTIVE_INTERVAL_MS),
  ],
  keys: ORDERS_KEYS,
  commands: ORDER_COMMANDS,
  Component: OrdersScreen,
};
