// Making a standing order: its words read (input.ts), its tokens' decimals checked against the
// chain, its terms stated in one dialog (the sentence of what will later be signed without asking,
// the price both ways, USD on both sides), and once confirmed, recorded in the journal (synced)
// and then added to the state directory's file, armed. Nothing is signed now. A key that cannot
// sign unattended (a Ledger) and a wallet that cannot sign at all are refused before the dialog.
import { randomBytes } from 'node:crypto';
import { knownTokens, knowTokens } from '../../actions/swapFlow.js';
import { amountUsd, rateBothWays, type TokenRef } from '../../actions/describe.js';
import { OrderInputError, priceFloat, type OrderToken } from '../../actions/orderRequest.js';
import { signingBlocked } from '../../actions/run.js';
import { tradeTokens } from '../../actions/tokenFacts.js';
import { utcWords } from '../../actions/dateInput.js';
import { formatPercent, formatPrice, shortAddress } from '../../text/format.js';
import type { Services } from '../../services/index.js';
import type { ConfirmLine, ConfirmView } from '../../store/confirm.js';
import { unattendedRefusal } from '../../wallet/keypair.js';
import { updateStanding } from './file.js';
import {
  custodyOfWords,
  parseStandingArgs,
  standingTokenWords,
  type StandingCommand,
  type StandingRequest,
} from './input.js';
import { createVaultOrder, type Outcome } from '../../vault/actions.js';
import { vaultPlanOf } from './vaultPlan.js';
import { createRecord, recordStanding } from './records.js';
import {
  floatPriceText,
  isBuy,
  lessCap,
  outputAt,
  priceText,
  scaledPrice,
  termsDigest,
  trailTrigger,
  type StandingOrder,
  type StandingTerms,
} from './terms.js';
import { distanceWords, KIND_NAMES, pairTokens, priceWords, symbolOf, termsSentence } from './words.js';
import { durationWords } from '../../text/duration.js';

export interface CreateResult {
  status: 'success' | 'cancelled' | 'refused' | 'failed';
  /** the orders armed (two for an OCO) */
  orders: StandingOrder[];
  /** what went wrong, or what was done, in one line */
  message: string;
  /** custody vault: the service's order placed from the vault instead */
  vault?: Outcome;
}

/** Why this services' wallet may not have standing orders, or undefined when it may. */
export function standingBlocked(s: Services): string | undefined {
  const blocked = signingBlocked(s);
  if (blocked) return blocked;
  const unattended = unattendedRefusal(s.wallet!);
  if (unattended) return `standing orders: ${unattended}`;
  if (!s.rpc)
    return 'standing orders need an RPC (--rpc-url): their swap is simulated before it is signed and sent through it';
  return undefined;
}

const newId = () => `s-${randomBytes(4).toString('hex')}`;

/** A token of the request as the dialog's lines price it. */
const ref = (t: OrderToken): TokenRef => ({
  mint: t.id,
  symbol: symbolOf({ mint: t.id, symbol: t.symbol, decimals: t.decimals }),
  decimals: t.decimals,
  usdPrice: t.usdPrice ?? null,
});

/** The terms of each leg of a request, as they will be recorded. */
function termsOf(s: Services, r: StandingRequest, now: number): StandingTerms[] {
  const ids = r.legs.map(newId);
  const token = (t: OrderToken) => ({
    mint: t.id,
    symbol: symbolOf({ mint: t.id, symbol: t.symbol, decimals: t.decimals }),
    decimals: t.decimals,
  });
  return r.legs.map((leg, i) => {
    const base: StandingTerms = {
      version: 1,
      // one id per leg
      id: ids[i]!,
      kind: leg.kind,
      wallet: s.wallet!.address,
      mode: s.mode,
      network: s.network,
      sell: token(r.sell),
      buy: token(r.buy),
      base: r.base.id,
      quote: r.quote.id,
      amount: r.amount.toString(),
      capBps: r.capBps,
      expiresAt: r.expiresAt,
      createdAt: now,
      ...(r.legs.length > 1 ? { oco: ids[1 - i] } : {}),
    };
    if (leg.trail) {
      const armed = r.market === undefined ? undefined : floatPriceText(r.market);
      if (armed === undefined)
        throw new OrderInputError(
          `trail: ${r.base.symbol}'s price in ${r.quote.symbol} is not known now (no USD price in the token lists), and a trailing stop starts from the price when it is armed; try again once the lists have it`,
        );
      return { ...base, trail: leg.trail, armedPrice: armed };
    }
    const trigger = leg.trigger!;
    return { ...base, trigger: priceText(trigger), floor: lessCap(outputAt(base, trigger), r.capBps).toString() };
  });
}

/** The dialog's lines: what is sold and received (USD both sides), the trigger both ways, the market, the cap, the end. */
function dialogOf(s: Services, r: StandingRequest, legs: StandingTerms[]): ConfirmView {
  const sell = ref(r.sell);
  const buy = ref(r.buy);
  const summary: ConfirmLine[] = [];
  // a request has one leg at least (an OCO two)
  const first = legs[0]!;
  const verb = isBuy(first.kind) ? 'Spends' : 'Sells';
  summary.push({ label: verb, value: amountUsd(r.amount, sell) });
  for (const t of legs) {
    const name = legs.length > 1 ? `${KIND_NAMES[t.kind]}: ` : '';
    if (t.kind === 'trailing-stop') {
      const high = scaledPrice(t.armedPrice)!;
      const now = outputAt(t, trailTrigger(t, high));
      summary.push({
        label: 'Trigger',
        value: `${distanceWords(t)} below the highest ${r.base.symbol} price since armed (${priceWords(high, pairTokens(t).quote)} now), rising with it: now ${rateBothWays(t.amount, now.toString(), sell, buy)}`,
      });
    } else {
      const e = outputAt(t, scaledPrice(t.trigger)!);
      summary.push({
        label: `${name ? `${name.slice(0, -2)} at` : 'Trigger'}`,
        value: rateBothWays(t.amount, e.toString(), sell, buy),
      });
    }
    const least =
      t.floor ?? lessCap(outputAt(t, trailTrigger(t, scaledPrice(t.armedPrice) ?? 0n)), t.capBps).toString();
    summary.push({
      label: legs.length > 1 ? `${KIND_NAMES[t.kind]} gets` : 'For at least',
      value: `${amountUsd(least, buy)}${t.kind === 'trailing-stop' ? ' now; it rises with the high' : ''}`,
    });
  }
  if (r.market !== undefined) {
    const trigger = first.kind === 'trailing-stop' ? undefined : scaledPrice(first.trigger);
    const pct = trigger === undefined ? undefined : ((priceFloat(trigger) - r.market) / r.market) * 100;
    summary.push({
      label: 'Market now',
      value: `1 ${r.base.symbol} = ${formatPrice(r.market)} ${r.quote.symbol} (token list USD prices)${pct !== undefined && legs.length === 1 ? `: the trigger is ${formatPercent(Math.abs(pct))} ${pct < 0 ? 'below' : 'above'} it` : ''}`,
    });
  } else summary.push({ label: 'Market now', value: 'unknown (no USD price in the token lists)', emphasis: 'warn' });
  summary.push({
    label: 'Slippage cap',
    value: `${formatPercent(r.capBps / 100)}: the swap is signed only if it gives at least the floor (the trigger less the cap)`,
  });
  summary.push({
    label: 'Expires',
    value: `${utcWords(r.expiresAt)} (in ${durationWords(Math.round((r.expiresAt - s.now()) / 1000))}${/default/.test(r.expiryText) ? ', the default; expiry 90d at most' : ''}): unfired, it ends then`,
  });
  summary.push({ label: 'Wallet', value: s.wallet!.address });
  summary.push({
    label: 'Fires',
    value:
      'while a tradedeck runs on this state directory (the dashboard or tradedeck watch), in your custody: a swap through the swap group, inspected and simulated, signed only within these terms',
  });
  const title =
    legs.length > 1
      ? `OCO, the first to fire cancels the other: ${legs
          .map((t) =>
            termsSentence(t)
              .replace(/, once, until .*$/, '')
              .replace(/^When /, 'when '),
          )
          .join(
            '; ',
          )}; once, until ${utcWords(r.expiresAt)}, from wallet ${shortAddress(s.wallet!.address)}; tradedeck signs this without asking when it fires`
      : termsSentence(first);
  const warnings: string[] = [];
  if (s.mode === 'paper')
    warnings.push("paper mode: nothing real is signed or sent; it fills on paper at the service's quotes");
  return {
    title,
    summary,
    facts: [
      `Nothing is signed now: the order is recorded in the journal and kept in ${'standing.json'} of the state directory`,
    ],
    warnings,
    confirmLabel: legs.length > 1 ? 'Arm both' : 'Arm it',
    signsNothing: true,
    cancelLabel: 'Cancel',
  };
}

/**
 * `:stop 2 SOL @140 USDC` and the rest (headless too): reads the words, asks the person once, and
 * arms the order. Throws OrderInputError (one line) for what was typed wrong; nothing is stored then.
 */
export async function createStanding(
  s: Services,
  command: StandingCommand,
  args: readonly string[],
): Promise<CreateResult> {
  // custody vault: the service's order from its vault, signed once now (a Ledger may make one)
  const vault = custodyOfWords(args) === 'vault';
  const blocked = vault ? signingBlocked(s, 'execute') : standingBlocked(s);
  if (blocked) return { status: 'refused', orders: [], message: blocked };
  await knowTokens(s, standingTokenWords(command, args));
  const now = s.now();
  const req = parseStandingArgs(command, args, knownTokens(s), now);
  if (req.custody === 'vault') {
    const r = await createVaultOrder(s, vaultPlanOf(req));
    const status = r.status === 'success' || r.status === 'cancelled' || r.status === 'refused' ? r.status : 'failed';
    return { status, orders: [], message: r.message, vault: r };
  }
  // what the amounts mean is the chain's to say
  const facts = await tradeTokens(s, [
    { mint: req.sell.id, symbol: req.sell.symbol, decimals: req.sell.decimals },
    { mint: req.buy.id, symbol: req.buy.symbol, decimals: req.buy.decimals },
  ]);
  if (typeof facts === 'string') return { status: 'refused', orders: [], message: `${facts}; nothing was stored` };
  const legs = termsOf(s, req, now);
  const answer = await s.confirm.getState().ask(dialogOf(s, req, legs));
  if (answer !== true) return { status: 'cancelled', orders: [], message: 'not armed: nothing was stored' };
  const journal = s.journal!;
  const armedAt = s.now();
  try {
    // the journal first: an order is never in the file without its confirmed terms recorded
    for (const t of legs) await recordStanding(journal, createRecord(t, termsDigest(t), armedAt));
    const orders = legs.map((t): StandingOrder => ({ terms: t, status: { state: 'armed', at: armedAt } }));
    await updateStanding(s.stateDir, (all) => ({ orders: [...all, ...orders], result: undefined }));
    const what =
      legs.length > 1 ? `OCO ${legs.map((t) => t.id).join(' + ')}` : `${KIND_NAMES[legs[0]!.kind]} ${legs[0]!.id}`;
    return {
      status: 'success',
      orders,
      message: `${what} armed until ${utcWords(req.expiresAt)} (${durationWords(Math.round((req.expiresAt - armedAt) / 1000))}); it fires while a tradedeck runs on this state directory`,
    };
  } catch (e) {
    return { status: 'failed', orders: [], message: `not armed: ${e instanceof Error ? e.message : String(e)}` };
  }
}
