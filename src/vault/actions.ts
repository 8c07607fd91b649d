// The service's orders from its vault, made, changed and ended: registering the vault (nothing
// signed: the dialog states who holds it), a price or DCA order (its deposit crafted by the service,
// then inspected and simulated as a transfer from the wallet to its vault and nothing else, signed
// through the one pipeline and handed to the create call that lands it), an edit (PATCH, nothing
// signed) and a cancel (the order stops, then its withdrawal from the vault back to the wallet is
// inspected, signed and handed to the confirm-cancel call). Every dialog says the custody plainly.
import { ApiError, NATIVE_MINT, type CallOptions } from '../api/index.js';
import type { DcaCancelAnswer, Vault } from '../api/types.js';
import { amountText, amountUsd, type TokenRef } from '../actions/describe.js';
import { utcWords } from '../actions/dateInput.js';
import { durationWords } from '../text/duration.js';
import { runSigned, signingBlocked } from '../actions/run.js';
import { explainError } from '../actions/outcome.js';
import { tradeTokens } from '../actions/tokenFacts.js';
import { formatPercent, formatPrice, formatUsd, shortAddress } from '../text/format.js';
import type { ActionResult, ActionSpec, Built, ExpectedToken } from '../pipeline/types.js';
import { BuildRefusal } from '../pipeline/types.js';
import type { Services } from '../services/index.js';
import type { ConfirmLine } from '../store/confirm.js';
import { dcaTokenWords, parseDcaArgs, type OrderToken } from '../actions/orderRequest.js';
import { knownTokens, knowTokens } from '../actions/swapFlow.js';
import {
  slippageWords,
  vaultDcaPlanOf,
  type PriceTerms,
  type VaultDcaPlan,
  type VaultPlan,
  type VaultPricePlan,
} from './plan.js';
import { vaultSessionOf } from './session.js';

/** The custody, in the words every vault dialog says it. */
export const CUSTODY_WORDS =
  "these funds move to a vault that the service's custody provider holds; orders fill from it without asking you";

const ref = (t: OrderToken): TokenRef => ({ mint: t.id, symbol: t.symbol, decimals: t.decimals, usdPrice: t.usdPrice });

/** The wallet's vault, or null when it has none (HTTP 404). */
export async function findVault(s: Services): Promise<Vault | null> {
  const session = vaultSessionOf(s);
  try {
    return await session.authed((o) => s.api.triggerV2.vault(o));
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export interface Outcome {
  status: 'success' | 'cancelled' | 'refused' | 'failed' | 'unknown' | 'expired';
  message: string;
  /** the service's order id */
  id?: string;
  signature?: string;
  vault?: string;
}

/**
 * The wallet's vault, registered first when it has none: that asks the person (nothing is signed;
 * the dialog says who holds the vault). undefined when the person said no.
 */
export async function ensureVault(s: Services): Promise<Vault | undefined> {
  const found = await findVault(s);
  if (found) return checkedVault(s, found);
  const yes = await s.confirm.getState().ask({
    title: `Register a vault for wallet ${shortAddress(s.wallet!.address)} with the service`,
    summary: [
      { label: 'Custody', value: CUSTODY_WORDS, emphasis: 'warn' },
      { label: 'Wallet', value: s.wallet!.address },
      {
        label: 'What it is',
        value: "one vault per wallet, for all of the wallet's orders of the service's current generation",
      },
    ],
    facts: ['Nothing is signed now: the service makes the vault; deposits to it are each confirmed'],
    warnings: [],
    confirmLabel: 'Register',
    signsNothing: true,
  });
  if (yes !== true) return undefined;
  const session = vaultSessionOf(s);
  try {
    return checkedVault(s, await session.authed((o) => s.api.triggerV2.registerVault(o)));
  } catch (e) {
    // made meanwhile (HTTP 409): the one there is
    if (e instanceof ApiError && e.status === 409) {
      const again = await findVault(s);
      if (again) return checkedVault(s, again);
    }
    throw e;
  }
}

function checkedVault(s: Services, v: Vault): Vault {
  if (v.userPubkey !== s.wallet!.address)
    throw new BuildRefusal(`the service named a vault of another wallet (${v.userPubkey}); nothing was sent`);
  if (v.vaultPubkey === s.wallet!.address)
    throw new BuildRefusal('the service named the wallet itself as its vault; nothing was sent');
  return v;
}

function expectedToken(facts: ExpectedToken[], mint: string): ExpectedToken {
  return facts.find((f) => f.mint === mint)!;
}

/** Lines every order dialog shows: what is deposited, the custody, the vault. */
function depositLines(p: VaultPlan, vault: string): ConfirmLine[] {
  return [
    {
      label: 'You deposit',
      value: `${amountUsd(p.amount, ref(p.sell))} from your wallet to your vault ${shortAddress(vault)}`,
    },
    { label: 'Custody', value: CUSTODY_WORDS, emphasis: 'warn' },
  ];
}

/** A trigger in USD a token (a price: its digits however small, not rounded to cents). */
const legPrice = (usd: number | undefined) => (usd === undefined ? '?' : formatPrice(usd, { symbol: true }));
/** The same trigger the other way round: what one USD is in the token there ("$1 = 0.007143 SOL"). */
const perUsd = (usd: number | undefined, sym: string) =>
  usd === undefined || !(usd > 0) ? '' : `; $1 = ${formatPrice(1 / usd)} ${sym}`;

/** The price order's sentence and lines. */
function priceDialog(p: VaultPricePlan, s: Services, vault: string): { title: string; summary: ConfirmLine[] } {
  const t = p.terms;
  const sym = p.trigger.symbol;
  let title: string;
  const summary: ConfirmLine[] = [];
  const sale = `sell ${amountText(p.amount, ref(p.sell))} for ${p.buy.symbol}`;
  if (t.orderType === 'oco') {
    title = `OCO from the vault: when ${sym} is at or above ${legPrice(t.tpPriceUsd)} (take-profit) or at or below ${legPrice(t.slPriceUsd)} (stop-loss), ${sale}; the first to fill cancels the other`;
    summary.push({
      label: 'Take-profit',
      value: `${sym} at or above ${legPrice(t.tpPriceUsd)} (USD${perUsd(t.tpPriceUsd, sym)})`,
    });
    summary.push({
      label: 'Stop-loss',
      value: `${sym} at or below ${legPrice(t.slPriceUsd)} (USD${perUsd(t.slPriceUsd, sym)})`,
    });
  } else if (t.orderType === 'otoco') {
    const entry = `${t.triggerCondition === 'above' ? 'rises to' : 'falls to'} ${legPrice(t.triggerPriceUsd)}`;
    title = `OTOCO from the vault: when ${sym} ${entry}, spend ${amountText(p.amount, ref(p.sell))} on ${sym}; then a take-profit at ${legPrice(t.tpPriceUsd)} and a stop-loss at ${legPrice(t.slPriceUsd)} on what it bought`;
    summary.push({ label: 'Entry', value: `${sym} ${entry} (USD${perUsd(t.triggerPriceUsd, sym)}): buys ${sym}` });
    summary.push({
      label: 'Then',
      value: `take-profit at or above ${legPrice(t.tpPriceUsd)}, stop-loss at or below ${legPrice(t.slPriceUsd)}, once the entry filled`,
    });
  } else if (t.trailingBps !== undefined) {
    title = `Trailing stop from the vault: when ${sym} falls ${formatPercent(t.trailingBps / 100)} below its highest price since created, ${sale}`;
    summary.push({
      label: 'Trigger',
      value: `${formatPercent(t.trailingBps / 100)} (${t.trailingBps} bps) below ${sym}'s high (USD); the service moves it up with the price`,
    });
  } else {
    const buying = p.trigger.id === p.buy.id;
    const side = t.triggerCondition === 'above' ? 'at or above' : 'at or below';
    const what = buying ? `spend ${amountText(p.amount, ref(p.sell))} on ${p.buy.symbol}` : sale;
    const name = buying ? `Buy ${t.triggerCondition}` : t.triggerCondition === 'below' ? 'Stop-loss' : 'Take-profit';
    title = `${name} from the vault: when ${sym} is ${side} ${legPrice(t.triggerPriceUsd)}, ${what}`;
    summary.push({
      label: 'Trigger',
      value: `${sym} ${side} ${legPrice(t.triggerPriceUsd)} (the service watches its USD price${perUsd(t.triggerPriceUsd, sym)})`,
    });
  }
  if (typeof p.trigger.usdPrice === 'number')
    summary.push({ label: 'Market now', value: `${sym} ${legPrice(p.trigger.usdPrice)} (token list USD price)` });
  summary.push(...depositLines(p, vault));
  summary.push({
    label: 'Slippage',
    value: slippageWords(p),
    ...(p.slippageGiven ? {} : { emphasis: 'warn' as const }),
  });
  summary.push({
    label: 'Expires',
    value: `${utcWords(p.expiresAt)} (${p.expiryText}; the service needs an end): unfilled, its funds stay in the vault until you cancel it`,
  });
  summary.push({
    label: 'Fills',
    value:
      "by the service's keeper when the USD price crosses, without asking you; the output goes to your wallet; it may fill in parts",
  });
  void s;
  return { title, summary };
}

function dcaDialog(p: VaultDcaPlan, vault: string): { title: string; summary: ConfirmLine[] } {
  return {
    title: `DCA from the vault: ${amountText(p.amount, ref(p.sell))} into ${p.buy.symbol} over ${p.orderCount} rounds, one every ${durationWords(p.intervalSeconds)}`,
    summary: [
      {
        label: 'Rounds',
        value: `${p.orderCount} of ${amountText(p.amount / BigInt(p.orderCount), ref(p.sell))} (about ${formatUsd(p.perRoundUsd)}) each; the service takes 10 USD a round at least`,
      },
      { label: 'Starts', value: p.startText },
      ...depositLines(p, vault),
      { label: 'Slippage', value: 'set by the service for each round (its DCA takes none)' },
      {
        label: 'Fills',
        value: "by the service's keeper each interval, without asking you; each round's output goes to your wallet",
      },
    ],
  };
}

/** POST /trigger/v2/orders/price's body beside the deposit. */
function priceBody(p: VaultPricePlan, wallet: string): PriceTerms & Record<string, unknown> {
  return {
    ...p.terms,
    userPubkey: wallet,
    inputMint: p.sell.id,
    inputAmount: p.amount.toString(),
    outputMint: p.buy.id,
    triggerMint: p.trigger.id,
    expiresAt: p.expiresAt,
  };
}

/**
 * Makes the order: the vault (registered first if needed), the deposit crafted and checked against
 * what was asked, the dialog, and the create call that lands the signed deposit.
 */
export async function createVaultOrder(s: Services, p: VaultPlan): Promise<Outcome> {
  try {
    return await placeVaultOrder(s, p);
  } catch (e) {
    return failure(e);
  }
}

/**
 * `dca TOTAL FROM TO ORDERS INTERVAL [start …]` from the vault (the `:` bar, the form, `tradedeck dca
 * --vault`; the custody words taken off already): its tokens looked up, its words read with the
 * service's DCA rules (10 USD a round, 60 s to 365 days, a start within its limit) before anything
 * is sent, then placed. Throws OrderInputError (one line) for what was typed wrong.
 */
export async function createVaultDca(s: Services, words: readonly string[]): Promise<Outcome> {
  await knowTokens(s, dcaTokenWords(words));
  const plan = vaultDcaPlanOf(parseDcaArgs(words, knownTokens(s), s.now(), false), s.now());
  return createVaultOrder(s, plan);
}

/** What went wrong before or around the pipeline (the login, the vault's reading), in one line. */
function failure(e: unknown): Outcome {
  if (e instanceof BuildRefusal) return { status: 'refused', message: e.message };
  return { status: 'failed', message: `nothing was signed: ${explainError(e)}` };
}

async function placeVaultOrder(s: Services, p: VaultPlan): Promise<Outcome> {
  const blocked = signingBlocked(s, 'execute');
  if (blocked) return { status: 'refused', message: blocked };
  const facts = await tradeTokens(s, [
    { mint: p.sell.id, symbol: p.sell.symbol, decimals: p.sell.decimals },
    { mint: p.buy.id, symbol: p.buy.symbol, decimals: p.buy.decimals },
  ]);
  if (typeof facts === 'string') return { status: 'refused', message: `${facts}; nothing was sent` };
  const vault = await ensureVault(s);
  if (!vault) return { status: 'cancelled', message: 'no vault registered: nothing was sent' };
  const session = vaultSessionOf(s);
  const wallet = s.wallet!.address;
  const sellFacts = expectedToken(facts, p.sell.id);
  const spec: ActionSpec = {
    group: 'vault',
    action: p.family === 'price' ? `create-${p.terms.orderType}` : 'create-dca',
    async build(): Promise<Built> {
      const d = await session.authed((o) =>
        s.api.triggerV2.craftDeposit(
          {
            inputMint: p.sell.id,
            outputMint: p.buy.id,
            userAddress: wallet,
            amount: p.amount.toString(),
            ...(p.family === 'price'
              ? { orderType: 'price' as const, orderSubType: p.terms.orderType }
              : { orderType: 'dca' as const }),
          },
          o,
        ),
      );
      // what the service says it built must be what was asked: the vault, the mint, the amount
      if (d.receiverAddress !== vault.vaultPubkey)
        throw new BuildRefusal(
          `the deposit pays ${d.receiverAddress}, not the wallet's vault ${vault.vaultPubkey}; nothing was signed`,
        );
      if (d.mint !== p.sell.id || BigInt(d.amount) !== p.amount)
        throw new BuildRefusal(`the deposit is not the ${p.sell.symbol} amount asked; nothing was signed`);
      return {
        requestId: d.requestId,
        transactions: [d.transaction],
        allowedSigners: [],
        builtAt: s.now(),
        submit: 'execute',
        summary: {
          pay: `${amountText(p.amount, ref(p.sell))}`,
          vault: vault.vaultPubkey,
          inputMint: p.sell.id,
          outputMint: p.buy.id,
          amount: p.amount.toString(),
          kind: p.family === 'price' ? p.terms.orderType : 'dca',
        },
        // a transfer from the wallet to its vault and nothing else: at most the deposit paid, all of it at the vault
        expect: {
          tokens: [sellFacts],
          pays: { [p.sell.id]: p.amount },
          receives: { [p.sell.id]: p.amount },
          receiver: vault.vaultPubkey,
          named: [vault.vaultPubkey],
        },
        decimals: { [p.sell.id]: p.sell.decimals, [p.buy.id]: p.buy.decimals },
        // SOL deposited is sent as SOL: no more than the deposit leaves the wallet
        ...(p.sell.id === NATIVE_MINT ? { maxLamports: p.amount } : {}),
      };
    },
    describe: () => {
      const d = p.family === 'price' ? priceDialog(p, s, vault.vaultPubkey) : dcaDialog(p, vault.vaultPubkey);
      return {
        title: d.title,
        lines: [],
        summary: d.summary,
        warnings: [],
        confirmLabel: 'Deposit and place',
        ages: 'transaction',
      };
    },
    async execute(body) {
      const o = (c: CallOptions) => c;
      const made =
        p.family === 'price'
          ? await session.authed((c) =>
              s.api.triggerV2.createPriceOrder(
                {
                  ...priceBody(p, wallet),
                  depositRequestId: body.requestId,
                  depositSignedTx: body.signedTransaction,
                } as never,
                o(c),
              ),
            )
          : await session.authed((c) =>
              s.api.triggerV2.createDcaOrder(
                {
                  depositRequestId: body.requestId,
                  depositSignedTx: body.signedTransaction,
                  userPubkey: wallet,
                  inputMint: p.sell.id,
                  outputMint: p.buy.id,
                  inputAmount: p.amount.toString(),
                  orderCount: p.orderCount,
                  intervalSeconds: p.intervalSeconds,
                  orderType: 'time_based',
                  ...(p.beginFillAt ? { beginFillAt: p.beginFillAt } : {}),
                },
                o(c),
              ),
            );
      return { status: 'Success', signature: made.txSignature ?? null, id: made.id } as never;
    },
  };
  const r = await runSigned(spec, s, 'execute');
  const id = (r.result as { id?: unknown } | undefined)?.id;
  return outcomeOf(r, typeof id === 'string' ? id : undefined, vault.vaultPubkey, 'placed');
}

function outcomeOf(r: ActionResult, id: string | undefined, vault: string, done: string): Outcome {
  const status = r.status === 'success' ? 'success' : r.status;
  const message =
    r.status === 'success'
      ? `order ${id ?? '?'} ${done}${r.signature ? ` (transaction ${r.signature})` : ''}`
      : r.status === 'cancelled'
        ? 'not confirmed: nothing was signed'
        : `${r.status}: ${r.error ?? 'no reason given'}${r.advice ? ` (${r.advice})` : ''}`;
  return {
    status,
    message,
    vault,
    ...(id ? { id } : {}),
    ...(r.signature ? { signature: r.signature } : {}),
  };
}

/** An order of the vault as the cancel and edit name it. */
export interface VaultOrderRef {
  id: string;
  family: 'price' | 'dca';
  /** price orders: single, oco or otoco */
  orderType?: string;
  inputMint: string;
  outputMint: string;
  /** what the order still holds in the vault, when the listing says it (raw, of inputMint) */
  remaining?: string;
  /** a line that says which order it is */
  label: string;
  /** an OCO's or OTOCO's legs now (USD), to check an edit of one of them against the other */
  tpPriceUsd?: number;
  slPriceUsd?: number;
  /** whether it trails (its trigger cannot be set) */
  trailing?: boolean;
}

/**
 * Ends the order: the service stops its fills and gives the withdrawal of its funds from the vault
 * to the wallet; that transaction is inspected, simulated, confirmed and signed, and handed to the
 * confirm-cancel call that lands it.
 */
export async function cancelVaultOrder(s: Services, order: VaultOrderRef): Promise<Outcome> {
  try {
    return await withdrawVaultOrder(s, order);
  } catch (e) {
    return failure(e);
  }
}

async function withdrawVaultOrder(s: Services, order: VaultOrderRef): Promise<Outcome> {
  const blocked = signingBlocked(s, 'execute');
  if (blocked) return { status: 'refused', message: blocked };
  const vault = await findVault(s);
  if (!vault) return { status: 'refused', message: 'this wallet has no vault with the service: nothing to cancel' };
  checkedVault(s, vault);
  const session = vaultSessionOf(s);
  const known = await tradeTokensOf(s, [order.inputMint, order.outputMint]);
  let refund: DcaCancelAnswer | undefined;
  const spec: ActionSpec = {
    group: 'vault',
    action: order.family === 'price' ? 'cancel-price' : 'cancel-dca',
    async build(): Promise<Built> {
      const c =
        order.family === 'price'
          ? await session.authed((o) => s.api.triggerV2.cancelPriceOrder({ orderId: order.id }, o))
          : (refund = await session.authed((o) => s.api.triggerV2.cancelDcaOrder({ id: order.id }, o)));
      return {
        requestId: c.requestId,
        transactions: [c.transaction],
        // the vault signs its own withdrawal (the service's custody provider)
        allowedSigners: [vault.vaultPubkey],
        builtAt: s.now(),
        submit: 'execute',
        summary: { order: order.id, label: order.label, vault: vault.vaultPubkey },
        // it pays nothing but fees and gets back what the order held (either of its mints)
        expect: {
          tokens: known,
          pays: {},
          receives: {},
          mayReceive: [order.inputMint, order.outputMint],
        },
      };
    },
    describe: () => ({
      title: `Cancel ${order.label} and withdraw its funds from the vault to your wallet`,
      lines: [],
      summary: [
        { label: 'Order', value: order.id },
        {
          label: 'From',
          value: `your vault ${shortAddress(vault.vaultPubkey)}, which the service's custody provider holds`,
        },
        ...(refund
          ? [
              {
                label: 'Refund',
                value: `${refund.refundAmount ?? '?'} base units, ${refund.roundsRemaining ?? '?'} rounds not run`,
              },
            ]
          : []),
        {
          label: 'If declined',
          value:
            'the order stopped filling when this withdrawal was asked for: it stays stopped, its funds in the vault, until you cancel it again',
          emphasis: 'warn',
        },
      ],
      warnings: [],
      confirmLabel: 'Withdraw',
      cancelLabel: 'Not now',
      ages: 'transaction',
    }),
    async execute(body) {
      const done =
        order.family === 'price'
          ? await session.authed((o) =>
              s.api.triggerV2.confirmCancelPriceOrder(
                { orderId: order.id, signedTransaction: body.signedTransaction, cancelRequestId: body.requestId },
                o,
              ),
            )
          : await session.authed((o) =>
              s.api.triggerV2.confirmCancelDcaOrder(
                { id: order.id, signedTransaction: body.signedTransaction, cancelRequestId: body.requestId },
                o,
              ),
            );
      return { status: 'Success', signature: done.txSignature ?? null, id: done.id } as never;
    },
  };
  const r = await runSigned(spec, s, 'execute');
  return outcomeOf(r, order.id, vault.vaultPubkey, 'cancelled, its funds withdrawn to the wallet');
}

async function tradeTokensOf(s: Services, mints: string[]): Promise<ExpectedToken[]> {
  const latest = s.catalog.getState().latest;
  const tokens = mints.flatMap((m) => {
    const t = latest[m];
    return t ? [{ mint: m, symbol: t.symbol, decimals: t.decimals }] : [];
  });
  const facts = await tradeTokens(s, tokens);
  return typeof facts === 'string' ? [] : facts;
}

/** The changes an edit may make (PATCH /trigger/v2/orders/price/{orderId}); USD prices, bps. */
export interface VaultEdit {
  triggerPriceUsd?: number;
  trailingBps?: number;
  slippageBps?: number;
  tpPriceUsd?: number;
  slPriceUsd?: number;
}

/** Changes an open price order after the person confirms (nothing is signed: the login token is enough). */
export async function editVaultOrder(s: Services, order: VaultOrderRef, edit: VaultEdit): Promise<Outcome> {
  if (order.family !== 'price')
    return { status: 'refused', message: 'a DCA of the service cannot be changed: cancel it and place another' };
  // what the service would refuse is said before anything is sent
  const tp = edit.tpPriceUsd ?? order.tpPriceUsd;
  const sl = edit.slPriceUsd ?? order.slPriceUsd;
  if (tp !== undefined && sl !== undefined && tp <= sl && (edit.tpPriceUsd ?? edit.slPriceUsd) !== undefined)
    return {
      status: 'refused',
      message: `tp ${legPrice(tp)} would not be above sl ${legPrice(sl)}: the take-profit must stay above the stop-loss; nothing was sent`,
    };
  const single = order.orderType !== 'oco' && order.orderType !== 'otoco';
  if (single && (edit.tpPriceUsd ?? edit.slPriceUsd) !== undefined)
    return {
      status: 'refused',
      message: 'tp and sl: this order has one trigger; change it with price P; nothing was sent',
    };
  if (order.orderType === 'oco' && (edit.triggerPriceUsd ?? edit.trailingBps) !== undefined)
    return { status: 'refused', message: 'an OCO has tp and sl, no other trigger; nothing was sent' };
  if (order.trailing && edit.triggerPriceUsd !== undefined)
    return {
      status: 'refused',
      message: 'price: a trailing order has no fixed trigger; change its trail N%; nothing was sent',
    };
  if (!order.trailing && edit.trailingBps !== undefined)
    return {
      status: 'refused',
      message: 'trail: only an order that trails already can change its distance; nothing was sent',
    };
  const lines: ConfirmLine[] = [{ label: 'Order', value: `${order.id} (${order.label})` }];
  if (edit.triggerPriceUsd !== undefined) lines.push({ label: 'Trigger', value: legPrice(edit.triggerPriceUsd) });
  if (edit.tpPriceUsd !== undefined) lines.push({ label: 'Take-profit', value: legPrice(edit.tpPriceUsd) });
  if (edit.slPriceUsd !== undefined) lines.push({ label: 'Stop-loss', value: legPrice(edit.slPriceUsd) });
  if (edit.trailingBps !== undefined)
    lines.push({ label: 'Trailing', value: `${formatPercent(edit.trailingBps / 100)} (${edit.trailingBps} bps)` });
  if (edit.slippageBps !== undefined)
    lines.push({ label: 'Slippage', value: `${formatPercent(edit.slippageBps / 100)} (${edit.slippageBps} bps)` });
  lines.push({ label: 'Custody', value: 'the funds stay in the vault; nothing is deposited or withdrawn' });
  const yes = await s.confirm.getState().ask({
    title: `Change ${order.label} in the vault`,
    summary: lines,
    facts: ['Nothing is signed: the service changes the order on your login'],
    warnings: [],
    confirmLabel: 'Change it',
    signsNothing: true,
  });
  if (yes !== true) return { status: 'cancelled', message: 'not changed: nothing was sent' };
  const session = vaultSessionOf(s);
  const type = order.orderType === 'oco' || order.orderType === 'otoco' ? order.orderType : 'single';
  const legs =
    type === 'single'
      ? { triggerPriceUsd: edit.triggerPriceUsd, trailingBps: edit.trailingBps, slippageBps: edit.slippageBps }
      : {
          tpPriceUsd: edit.tpPriceUsd,
          slPriceUsd: edit.slPriceUsd,
          ...(type === 'otoco' ? { triggerPriceUsd: edit.triggerPriceUsd, slippageBps: edit.slippageBps } : {}),
          ...(type === 'oco' && edit.slippageBps !== undefined
            ? { tpSlippageBps: edit.slippageBps, slSlippageBps: edit.slippageBps }
            : {}),
        };
  const body = Object.fromEntries(Object.entries(legs).filter(([, v]) => v !== undefined));
  try {
    await session.authed((o) =>
      s.api.triggerV2.editPriceOrder({ orderId: order.id, orderType: type, ...body } as never, o),
    );
  } catch (e) {
    return { status: 'failed', message: `not changed: ${explainError(e)}` };
  }
  return { status: 'success', id: order.id, message: `order ${order.id} changed` };
}
