// The Studio actions, free of React: check the create form (every field, the image file) before
// anything is requested, launch through the pipeline and remember the pool; check the claim form,
// claim through the pipeline and show how the quote balance moved. Every result lands in the store.
import { AmountError, fromBaseUnits, toBaseUnits } from '../text/amount.js';
import { readBalances } from './balances.js';
import { isAddress } from '../chain/base58.js';
import type { ActionResult } from '../pipeline/types.js';
import type { Services } from '../services/index.js';
import { findPool, loadPools, poolsOf, rememberPool, type LaunchedPool } from '../studio/pools.js';
import type { ClaimField, StudioOutcome, StudioStore } from '../studio/store.js';
import { checkLaunch, errorLines, type QuoteToken } from '../studio/validate.js';
import { resolveToken } from '../api/resolveToken.js';
import { claimAmountText, claimFeeAction, createPoolAction, MAX_CLAIM } from './studioTransactions.js';
import { tradeTokens } from './tokenFacts.js';
import { runSigned, signingBlocked } from './run.js';
import { knownTokens } from './swapFlow.js';
import { explainError } from './outcome.js';
import { sanitize } from '../text/sanitize.js';

export const cleanText = (s: string, max = 200) => sanitize(s).slice(0, max);

const TITLES: Record<string, string> = {
  cancelled: 'Cancelled: nothing was signed or sent',
  refused: 'Refused: nothing was signed',
  expired: 'Expired: nothing was sent',
  failed: 'Failed',
  unknown: 'Sent; outcome not known yet (the journal keeps it)',
};

function outcomeOf(s: Services, what: string, r: ActionResult, lines: string[]): StudioOutcome {
  const ok = r.status === 'success';
  const title = ok ? `${what}: done` : `${what}: ${TITLES[r.status] ?? r.status}`;
  const extra = [...lines];
  if (r.signature) extra.push(`Signature ${r.signature}`);
  if (r.error) extra.push(cleanText(r.error));
  if (r.advice) extra.push(cleanText(r.advice));
  return { ok, title, lines: extra, at: s.now() };
}

/** Reads the remembered pools into the store. */
export async function loadLaunched(s: Services, store: StudioStore): Promise<void> {
  try {
    // the pools launched where this session trades: demo pools are not listed against the real service
    const pools = poolsOf(await loadPools(s.stateDir), s.network);
    store.getState().setPools(pools);
    if (!store.getState().selected && pools[0]) store.getState().select(pools[0].pool);
  } catch (e) {
    store.getState().setPools([], cleanText(e instanceof Error ? e.message : String(e)));
  }
}

/** The wallet's raw balance of each mint, by RPC; missing ones are left out. */
export async function refreshStudioBalances(
  s: Services,
  store: StudioStore,
  mints: string[],
): Promise<Record<string, bigint>> {
  // a balance that cannot be read shows as "—"
  const { balances } = await readBalances(s, mints);
  store.getState().setBalances(balances);
  return balances;
}

/** Checks the whole create form (image file included) and, when every field holds, launches. */
export async function launchFromForm(s: Services, store: StudioStore): Promise<ActionResult | undefined> {
  const st = store.getState();
  if (st.running) return undefined;
  const blocked = signingBlocked(s, 'rpc');
  if (blocked) {
    st.setOutcome({ ok: false, title: `Launch: not possible: ${blocked}`, lines: [], at: s.now() });
    return undefined;
  }
  const { errors, launch } = await checkLaunch(st.form, knownTokens(s));
  st.setErrors(errors);
  if (!launch) {
    const lines = errorLines(errors);
    st.setOutcome({
      ok: false,
      title: `Not sent: ${lines.length} field${lines.length === 1 ? '' : 's'} to fix`,
      lines,
      at: s.now(),
    });
    return undefined;
  }
  // the quote token's decimals are sent as the curve's: they must be the chain's
  const quoteFacts = await tradeTokens(s, [
    { mint: launch.quote.mint, symbol: launch.quote.symbol, decimals: launch.tokenQuoteDecimal },
  ]);
  if (typeof quoteFacts === 'string') {
    st.setOutcome({ ok: false, title: `Launch: not sent: ${quoteFacts}`, lines: [], at: s.now() });
    return undefined;
  }
  st.setOutcome(undefined);
  st.setRunning('Requesting the pool transaction…');
  const wallet = s.wallet!.address;
  const spec = createPoolAction({
    api: s.api,
    wallet,
    launch,
    // tradeTokens answers one fact per token asked
    quote: quoteFacts[0]!,
    now: () => s.now(),
    onStatus: (t) => store.getState().setRunning(t),
  });
  let lastCreated: ReturnType<typeof spec.createdOf>;
  const watched = {
    ...spec,
    build: async () => {
      const built = await spec.build();
      lastCreated = spec.createdOf(built);
      return built;
    },
  };
  let r: ActionResult;
  try {
    r = await runSigned(watched, s, 'rpc', { onStatus: (t) => store.getState().setRunning(t) });
  } finally {
    store.getState().setRunning(undefined);
  }
  const lines: string[] = [];
  const pool = lastCreated?.pool;
  const mint = lastCreated?.mint;
  if ((r.status === 'success' || r.status === 'unknown') && pool && mint) {
    lines.push(`Pool ${pool}`, `Mint ${mint}`);
    const entry: LaunchedPool = {
      pool,
      mint,
      name: launch.tokenName,
      symbol: launch.tokenSymbol,
      quoteMint: launch.quote.mint,
      quoteSymbol: launch.quote.symbol,
      quoteDecimals: launch.tokenQuoteDecimal,
      creator: wallet,
      feeBps: launch.feeBps,
      initialMarketCap: launch.initialMarketCap,
      migrationMarketCap: launch.migrationMarketCap,
      launchedAt: new Date(s.now()).toISOString(),
      ...(r.signature ? { signature: r.signature } : {}),
      status: r.status === 'success' ? 'success' : 'unknown',
      network: s.network,
    };
    try {
      store.getState().setPools(poolsOf(await rememberPool(s.stateDir, entry), s.network));
      store.getState().select(pool);
    } catch (e) {
      lines.push(
        `could not remember the pool in ${s.stateDir}: ${cleanText(e instanceof Error ? e.message : String(e))}`,
      );
    }
  }
  const out = outcomeOf(s, `Launch ${cleanText(launch.tokenSymbol, 12)}`, r, lines);
  store.getState().setOutcome(out);
  if (r.status === 'success') {
    store.getState().setForm({ name: '', symbol: '', image: '' });
    store.getState().setView('list');
    void refreshStudioBalances(s, store, [launch.quote.mint]);
  }
  return r;
}

export interface ClaimPlan {
  pool: string;
  known?: LaunchedPool;
  quote?: QuoteToken;
  max: bigint;
}

/** The claim form read into a plan, or each wrong field's message (nothing requested). */
export function checkClaim(
  s: Services,
  store: StudioStore,
): { errors: Partial<Record<ClaimField, string>>; plan?: ClaimPlan } {
  const { claim, pools } = store.getState();
  const errors: Partial<Record<ClaimField, string>> = {};
  const text = claim.pool.trim();
  const known = text ? findPool(pools, text) : undefined;
  if (text === '') errors.pool = 'required: pick a launched pool (select it and press c) or paste a pool address';
  else if (!known && !isAddress(text))
    errors.pool = `"${cleanText(text, 20)}" is neither a launched pool nor a base58 address`;
  else if (known && s.wallet && known.creator !== s.wallet.address)
    errors.pool = `launched by ${known.creator.slice(0, 4)}…, not this wallet: only the creator can claim`;
  let quote: QuoteToken | undefined;
  if (known)
    quote = {
      mint: known.quoteMint,
      symbol: known.quoteSymbol || known.quoteMint.slice(0, 6),
      decimals: known.quoteDecimals,
      usdPrice: s.catalog.getState().latest[known.quoteMint]?.usdPrice,
    };
  else if (claim.quote.trim() !== '') {
    const r = resolveToken(claim.quote, knownTokens(s));
    if (r.ok)
      quote = { mint: r.token.id, symbol: r.token.symbol, decimals: r.token.decimals, usdPrice: r.token.usdPrice };
    else errors.quote = r.error.replace(/^token:?\s*/, '');
  }
  let max: bigint | undefined;
  const m = claim.max.trim().toLowerCase();
  if (m === '' || m === 'max' || m === 'all') max = MAX_CLAIM;
  else if (!quote)
    errors.max = errors.quote
      ? 'needs the quote token to read an amount'
      : 'give the quote token to read an amount in it, or use max';
  else {
    try {
      max = toBaseUnits(m, quote.decimals, 'amount');
      if (max === 0n) errors.max = 'must be greater than 0 (or max)';
      else if (max > MAX_CLAIM)
        errors.max = `at most ${fromBaseUnits(MAX_CLAIM, quote.decimals)} ${quote.symbol} (or max)`;
    } catch (e) {
      if (!(e instanceof AmountError)) throw e;
      errors.max = e.message.replace(/^amount:\s*/, '') + ' (or max)';
    }
  }
  if (Object.keys(errors).length > 0 || max === undefined) return { errors };
  return { errors, plan: { pool: known?.pool ?? text, known, quote, max } };
}

export async function claimFromForm(s: Services, store: StudioStore): Promise<ActionResult | undefined> {
  const st = store.getState();
  if (st.running) return undefined;
  const blocked = signingBlocked(s, 'rpc');
  if (blocked) {
    st.setOutcome({ ok: false, title: `Claim: not possible: ${blocked}`, lines: [], at: s.now() });
    return undefined;
  }
  const { errors, plan } = checkClaim(s, store);
  st.setClaimErrors(errors);
  if (!plan) {
    const lines = Object.entries(errors).map(
      ([k, v]) => `${k === 'pool' ? 'Pool' : k === 'max' ? 'Max amount' : 'Quote token'}: ${v}`,
    );
    st.setOutcome({
      ok: false,
      title: `Not sent: ${lines.length} field${lines.length === 1 ? '' : 's'} to fix`,
      lines,
      at: s.now(),
    });
    return undefined;
  }
  // an amount typed in the quote token was read with its decimals: they must be the chain's
  const quoteFacts = plan.quote
    ? await tradeTokens(s, [{ mint: plan.quote.mint, symbol: plan.quote.symbol, decimals: plan.quote.decimals }])
    : [];
  if (typeof quoteFacts === 'string') {
    st.setOutcome({ ok: false, title: `Claim: not sent: ${quoteFacts}`, lines: [], at: s.now() });
    return undefined;
  }
  st.setOutcome(undefined);
  st.setRunning('Reading your balance…');
  let r: ActionResult;
  let before: bigint | undefined;
  try {
    if (plan.quote) before = (await refreshStudioBalances(s, store, [plan.quote.mint]))[plan.quote.mint];
    store.getState().setRunning('Requesting the claim transaction…');
    const spec = claimFeeAction({
      api: s.api,
      wallet: s.wallet!.address,
      pool: plan.pool,
      quote: plan.quote,
      max: plan.max,
      known: plan.known,
      quoteFacts,
      now: () => s.now(),
    });
    r = await runSigned(spec, s, 'rpc', { onStatus: (t) => store.getState().setRunning(t) });
  } catch (e) {
    r = { status: 'failed', error: explainError(e), transactions: [] };
  } finally {
    store.getState().setRunning(undefined);
  }
  const lines: string[] = [];
  if (r.status === 'success' && plan.quote) {
    const after = (await refreshStudioBalances(s, store, [plan.quote.mint]))[plan.quote.mint];
    const q = plan.quote;
    const fmt = (v: bigint | undefined) => (v === undefined ? '—' : `${fromBaseUnits(v, q.decimals)} ${q.symbol}`);
    if (before !== undefined && after !== undefined) {
      const got = after - before;
      lines.push(
        got > 0n
          ? `Claimed +${fromBaseUnits(got, q.decimals)} ${q.symbol}: balance ${fmt(before)} → ${fmt(after)}`
          : `Nothing had accrued yet: balance ${fmt(after)} (the network fee is paid in SOL)`,
      );
    } else lines.push(`Balance ${fmt(after)}`);
  }
  if (r.status !== 'success') lines.push(`Asked for ${claimAmountText(plan.max, plan.quote)}`);
  store
    .getState()
    .setOutcome(outcomeOf(s, `Claim ${plan.known ? cleanText(plan.known.symbol, 12) : 'fees'}`, r, lines));
  if (r.status === 'success') store.getState().setView('list');
  return r;
}
