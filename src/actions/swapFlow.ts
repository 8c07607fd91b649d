// The Swap screen's actions, free of React: load the token list for lookup, read the wallet's
// balances, run a swap through the order group (Enter, :swap) or the swap group (b), fetch the
// swap instructions (i). Every result lands in the swap store.
import { fromBaseUnits } from '../text/amount.js';
import { EXECUTE_CODES } from '../api/contract/index.js';
import { NATIVE_MINT } from '../chain/mints.js';
import { TOKEN_CATEGORIES } from '../api/contract/tokens.js';
import type { Order, PrioritizationFee, Token } from '../api/types.js';
import { slippageAdvice, slippageThatPasses } from '../pipeline/advice.js';
import type { ActionResult } from '../pipeline/types.js';
import type { Services } from '../services/index.js';
import { listKey } from '../store/tokens.js';
import type { SwapForm, SwapStore } from '../store/swap.js';
import { runSigned, signingBlocked } from './run.js';
import { routeSwapAction, orderSwapAction } from './swapTransactions.js';
import {
  checkForm,
  liveQuoteKey,
  parsePriorityFee,
  parseSlippage,
  shortfall,
  swapPath,
  tokenRef,
  tokenUniverse,
  SOL_RESERVE_LAMPORTS,
  type FormCheck,
  type FormGeneration,
  type SwapPath,
} from './swapRequest.js';
import { chooseBuild, findGeneration, orderOnRoute, buildOnRoute } from './swapRoute.js';
import { explainError, swapOutcomeOf } from './outcome.js';
import { readBalances } from './balances.js';
import { needsCard, safetyCard } from '../safety/card.js';
import { encodeBase58, isAddress } from '../chain/base58.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../wallet/instructions.js';
import { orderFieldsSet, swapWords, type OrderExtras } from './swapOptions.js';
import { refreshJournalView } from './journalView.js';
import { tradeTokens } from './tokenFacts.js';
import { lookUpTokens } from '../api/resolveToken.js';

// one universe per catalog state: every screen's resource asks for it on every catalog change
const universes = new WeakMap<object, readonly Token[]>();

/** Every token the catalog has seen, plus the well-known ones: what symbols resolve against. */
export function knownTokens(s: Pick<Services, 'catalog'>): readonly Token[] {
  const latest = s.catalog.getState().latest;
  let all = universes.get(latest);
  if (all === undefined) {
    all = Object.freeze(tokenUniverse(Object.values(latest), []));
    universes.set(latest, all);
  }
  return all;
}

export function currentCheck(s: Services, swap: SwapStore): FormCheck {
  return checkForm(swap.getState().form, knownTokens(s), s.wallet?.address, formGeneration(s));
}

/** What is known of the service's generation, as the form is read with it. */
export function formGeneration(s: Pick<Services, 'generation'>): FormGeneration {
  const generation = s.generation.current();
  const v1Why = s.generation.v1Why();
  return { ...(generation ? { generation } : {}), ...(v1Why ? { v1Why } : {}) };
}

/** The group `s` swaps through for the form, with what is known of the service's generation. */
export function formPath(s: Pick<Services, 'generation'>, form: SwapForm): SwapPath {
  return swapPath(form, s.generation.current());
}

/**
 * The group `s` swaps through, once what it depends on is known: a slippage typed goes with the
 * order route where the service serves its current generation, and with the swap group where it
 * serves only the first, so a service not asked yet is asked first (a quote, nothing signed).
 */
export async function settledPath(s: Services, swap: SwapStore): Promise<SwapPath> {
  const form = swap.getState().form;
  if (s.generation.current() === undefined && typeof parseSlippage(form.slippageBps) === 'number') {
    const { params } = currentCheck(s, swap);
    if (params) await findGeneration(s, params);
  }
  return formPath(s, swap.getState().form);
}

const LOOKUP_LIST = { interval: '24h', limit: 100 } as const;

/** Fetches every category's list once into the catalog (3 requests) so symbols and names resolve. */
export async function loadTokens(s: Services): Promise<void> {
  await Promise.allSettled(
    TOKEN_CATEGORIES.map(async (category) => {
      const tokens = await s.api.tokens.list({ category, ...LOOKUP_LIST });
      s.catalog.getState().applyList(listKey({ category, ...LOOKUP_LIST }), tokens, s.now());
    }),
  );
}

/**
 * A mint typed in that no list holds is read from the chain (its decimals) and remembered in the
 * catalog, shown by its short address until a list names it. Resolves whether it is known now.
 */
export async function resolveMint(s: Pick<Services, 'catalog' | 'mintFacts'>, text: string): Promise<boolean> {
  const mint = text.trim();
  if (!isAddress(mint) || knownTokens(s).some((t) => t.id === mint)) return knownTokens(s).some((t) => t.id === mint);
  try {
    const { decimals } = await s.mintFacts.get(mint);
    s.catalog.getState().remember([
      {
        id: mint,
        symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}`,
        name: 'not in the token lists (read over RPC)',
        decimals,
      } as Token,
    ]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the catalog know the tokens typed words name, whatever list is on screen: the one lookup
 * of src/api/resolveToken.ts (what the catalog holds, then every category list, then the service's search),
 * and a mint no list holds by its decimals over RPC. Every `:` command and form that reads a token
 * asks this first, so `:swap 5000 USDC COWAL` finds COWAL with another category on screen.
 */
export async function knowTokens(s: Services, words: readonly string[]): Promise<void> {
  if (catalogEmpty(s)) await loadTokens(s);
  const { added } = await lookUpTokens(words, {
    known: () => knownTokens(s),
    lists: async () => {
      await loadTokens(s);
      return knownTokens(s);
    },
    search: (word) => s.api.tokens.search({ query: word }),
  });
  if (added.length > 0) s.catalog.getState().remember(added);
  await Promise.all(words.map((w) => resolveMint(s, w)));
}

/** Whether the catalog holds any token yet. */
export function catalogEmpty(s: Pick<Services, 'catalog'>): boolean {
  return Object.keys(s.catalog.getState().latest).length === 0;
}

/** The wallet's balance of each mint (native SOL by getBalance, tokens by their token accounts). */
export async function refreshBalances(s: Services, swap: SwapStore, mints: string[]): Promise<void> {
  if (!s.rpc || !s.wallet) return;
  const { balances, problems } = await readBalances(s, mints);
  swap.getState().setBalances(balances, s.now());
  if (problems.length) swap.getState().setBalanceError(`balance unavailable: ${problems[0]}`);
}

/** The `max` amount for the input token: the whole balance, less a reserve for fees when it is SOL. */
export function maxAmountText(swap: SwapStore, check: FormCheck): string | undefined {
  const t = check.input;
  if (!t) return undefined;
  const b = swap.getState().balances[t.id];
  if (!b) return undefined;
  const usable = t.id === NATIVE_MINT ? (b.raw > SOL_RESERVE_LAMPORTS ? b.raw - SOL_RESERVE_LAMPORTS : 0n) : b.raw;
  return fromBaseUnits(usable, t.decimals, { group: false });
}

function fail(s: Services, swap: SwapStore, via: 'order' | 'swap', text: string): void {
  swap.getState().setOutcome({ status: 'refused', via, title: 'Not sent', error: text, lines: [], at: s.now() });
}

function firstError(check: FormCheck): string | undefined {
  const [field, message] = Object.entries(check.errors)[0] ?? [];
  return field ? message : undefined;
}

/**
 * Runs the swap in the form: 'order' executes through the order group (ExactIn only), 'swap'
 * builds through the swap group and sends by RPC. Returns the pipeline's result (undefined when
 * the form or the wallet stopped it before anything was requested).
 */
export async function executeSwapForm(
  s: Services,
  swap: SwapStore,
  via: 'order' | 'swap',
): Promise<ActionResult | undefined> {
  const st = swap.getState();
  if (st.running) return undefined;
  const blocked = signingBlocked(s, via === 'order' ? 'execute' : 'rpc');
  if (blocked) return (fail(s, swap, via, blocked), undefined);
  const check = currentCheck(s, swap);
  const problem = firstError(check) ?? (!check.filled ? 'fill in From, To and Amount first' : undefined);
  if (problem || !check.params || !check.input || !check.output || check.amount === undefined)
    return (fail(s, swap, via, problem ?? 'the form is incomplete'), undefined);
  if (via === 'order' && st.form.mode === 'ExactOut') {
    return (
      fail(
        s,
        swap,
        via,
        'the order group swaps an exact input only: switch Mode to ExactIn, or press b to build an ExactOut swap through the swap group',
      ),
      undefined
    );
  }
  const orderOnly = orderFieldsSet(st.form);
  const choice = via === 'swap' ? chooseBuild(st.form, s.generation) : undefined;
  if (choice && 'refused' in choice) return (fail(s, swap, via, `${choice.refused}; nothing was requested`), undefined);
  if (via === 'swap' && orderOnly.length) {
    return (
      fail(
        s,
        swap,
        via,
        `${orderOnly.join(', ')}: the order group's only (s); the swap group (b) has no such parameter, so nothing was requested`,
      ),
      undefined
    );
  }
  const wallet = s.wallet!.address;
  // what the amount means is the chain's to say: the decimals it was read with must be the mint's
  const refs = [tokenRef(check.input), tokenRef(check.output)] as const;
  const facts = await tradeTokens(s, refs);
  if (typeof facts === 'string') return (fail(s, swap, via, `${facts}; nothing was requested or signed`), undefined);
  // tradeTokens answers one fact per ref, in order
  const input = { ...refs[0], program: facts[0]!.program };
  const output = { ...refs[1], program: facts[1]!.program };
  // Balances as they are now: the form's warning and the check on what the service builds read them.
  st.setOutcome(undefined);
  st.setRunning('Checking balances…');
  try {
    await refreshBalances(s, swap, [input.mint, output.mint, NATIVE_MINT]);
  } finally {
    swap.getState().setRunning(undefined);
  }
  const accounts = await checkAccounts(s, check);
  if (typeof accounts === 'string')
    return (fail(s, swap, via, `${accounts}; nothing was requested or signed`), undefined);
  const checkFunds = (need: bigint) =>
    shortfall(input, need, swap.getState().balances[input.mint]?.raw, swap.getState().balances[NATIVE_MINT]?.raw);
  if (st.form.mode === 'ExactIn') {
    const short = checkFunds(check.amount);
    if (short) return (fail(s, swap, via, `${short}; nothing was requested or signed`), undefined);
  }
  // Buying a token (not SOL, USDC or USDT): its safety card leads the confirm dialog, from the
  // token lists (fetched once more when none seen so far holds the mint).
  if (needsCard(output.mint) && !s.catalog.getState().latest[output.mint]) await loadTokens(s);
  const safety = needsCard(output.mint)
    ? safetyCard(output.mint, s.catalog.getState().latest[output.mint], s.now())
    : undefined;
  // fees and rent are in SOL: their USD value needs SOL's price even when neither side is SOL
  const solUsd = s.catalog.getState().latest[NATIVE_MINT]?.usdPrice;
  const order =
    via === 'order'
      ? orderSwapAction({
          route: s,
          wallet,
          input,
          output,
          amount: check.amount,
          excludeDexes: check.params.excludeDexes,
          extras: check.order,
          ...(check.slippageBps !== undefined ? { slippageBps: check.slippageBps } : {}),
          checkFunds,
          safety,
          solUsd,
          now: s.now,
        })
      : undefined;
  const spec =
    order ??
    routeSwapAction({
      route: s,
      wallet,
      input,
      output,
      params: check.params,
      feeAccount: st.form.feeAccount.trim() || undefined,
      why: formPath(s, st.form).why,
      choice: choice && !('refused' in choice) ? choice : { generation: undefined, v1Because: [] },
      priorityFee: priorityFeeOf(st.form),
      build: check.build,
      buildV2: check.buildV2,
      ...(s.rpc ? { unitsOf: (tx: string) => unitsOf(s, tx) } : {}),
      destinationOwner: accounts.destinationOwner,
      checkFunds,
      safety,
      solUsd,
      now: s.now,
    });
  swap.getState().setRunning('Building…');
  let result: ActionResult;
  try {
    result = await runSigned(spec, s, via === 'order' ? 'execute' : 'rpc', {
      onStatus: (text) => swap.getState().setRunning(text),
    });
  } finally {
    swap.getState().setRunning(undefined);
  }
  // a slippage failure: the first generation says so by its program code (6001); the current one's
  // execute names no cause (-1001, -2001), so the market is asked again in either case
  if (
    order &&
    (result.code === EXECUTE_CODES.slippageExceeded ||
      (result.status === 'failed' && (result.code === -1001 || result.code === -2001)))
  )
    result = await withPassingSlippage(s, result, order.lastOrder(), check.order);
  // the output's destination when it is not this wallet: the outcome says so instead of "received"
  const native = check.build.nativeDestinationAccount;
  const sentTo =
    via === 'order'
      ? check.order.receiver
      : native !== undefined && native !== wallet
        ? native
        : check.build.destinationTokenAccount !== undefined && accounts.destinationOwner !== wallet
          ? check.build.destinationTokenAccount
          : undefined;
  // in paper mode a swap that went through was filled on paper, and says so
  const marked = (o: ReturnType<typeof swapOutcomeOf>) =>
    o.status === 'success' && s.mode === 'paper'
      ? { ...o, title: 'Filled on paper (nothing real was signed or sent)' }
      : o;
  // the route it went through, and what was found of the service on the way (said once)
  const taken = spec.lastRoute();
  const routed = (o: ReturnType<typeof swapOutcomeOf>) =>
    taken ? { ...o, route: taken.path, ...(taken.found ? { found: taken.found } : {}) } : o;
  swap.getState().setOutcome(routed(marked(swapOutcomeOf(result, via, input, output, s.now(), undefined, sentTo))));
  const before = swap.getState().balances[output.mint]?.raw;
  if (result.transactions.length > 0) {
    await refreshBalances(s, swap, [input.mint, output.mint, NATIVE_MINT]);
    void refreshJournalView(s);
    // Sent by RPC, the swap group reports no amounts: what arrived is read from the wallet.
    const after = swap.getState().balances[output.mint]?.raw;
    if (via === 'swap' && result.status === 'success' && !sentTo && before !== undefined && after !== undefined) {
      swap.getState().setOutcome(routed(marked(swapOutcomeOf(result, via, input, output, s.now(), after - before))));
    }
  }
  return result;
}

/**
 * After a slippage failure: the same order asked again (no taker, so nothing to sign) says what the
 * market gives now, and the advice offers the slippage that would have passed.
 */
async function withPassingSlippage(
  s: Services,
  result: ActionResult,
  quoted: Order | undefined,
  extras: OrderExtras,
): Promise<ActionResult> {
  if (!quoted) return result;
  try {
    // with the same taker and options, so the same fees apply; the transaction it builds is never signed
    const { order: now } = await orderOnRoute(s, {
      inputMint: quoted.inputMint,
      outputMint: quoted.outputMint,
      amount: quoted.inAmount,
      ...(quoted.taker ? { taker: quoted.taker } : {}),
      ...extras,
    });
    const passing = slippageThatPasses(BigInt(quoted.outAmount), BigInt(now.outAmount));
    // the current generation's failure names no cause: without a price that moved, it was not slippage
    if (passing === undefined && result.code !== EXECUTE_CODES.slippageExceeded) return result;
    return { ...result, advice: slippageAdvice(passing) };
  } catch {
    return result;
  }
}

function priorityFeeOf(form: SwapForm): PrioritizationFee {
  const fee = parsePriorityFee(form.priorityFee ?? 'auto');
  return typeof fee === 'string' ? 'auto' : fee;
}

/**
 * `:swap AMOUNT FROM TO [fee …] [WORD VALUE]…`: fills the form (so the Swap screen shows what was
 * asked; the order and build options not named go back to their defaults) and executes through
 * the path the Swap screen would take.
 */
export async function swapFromCommand(s: Services, swap: SwapStore, args: string[]): Promise<ActionResult | undefined> {
  if (args.length < 3) throw new Error(`usage: ${SWAP_COMMAND_USAGE} (for example :swap 1.5 SOL USDC)`);
  // three words at least (checked above)
  const [amount, from, to, ...rest] = args as [string, string, string, ...string[]];
  const options = swapWords(rest);
  await knowTokens(s, [from, to]);
  swap.getState().setForm({ amount, input: from, output: to, mode: 'ExactIn', ...options });
  const check = currentCheck(s, swap);
  const problem = check.errors.input ?? check.errors.output ?? check.errors.amount ?? Object.values(check.errors)[0];
  if (problem) throw new Error(problem);
  // a priority fee or a build option is the swap group's: the path the Swap screen would take
  return executeSwapForm(s, swap, (await settledPath(s, swap)).via);
}

export const SWAP_COMMAND_USAGE =
  ':swap AMOUNT FROM TO [slippage 1%] [fee auto|LAMPORTS|medium|high|veryHigh [MAX]] [OPTION VALUE]… (:help swap lists the options)';

/** The compute units an unsigned transaction uses, simulated on the person's RPC; undefined when it does not say. */
async function unitsOf(s: Services, tx: string): Promise<number | undefined> {
  try {
    const r = await s.rpc!.simulate(tx, { before: [s.wallet!.address], after: [] });
    return r.err === null || r.err === undefined ? r.unitsConsumed : undefined;
  } catch {
    return undefined;
  }
}

/** A token mint's account size (a token account is 165 bytes, or more with extensions). */
const MINT_SIZE = 82;

/**
 * The accounts the output goes to, read over RPC before anything is requested: a receiver must be
 * a wallet (not a token account or mint, whose tokens would be lost), a destination token account
 * found must be one holding the output token (its owner is said in the dialog), a native destination
 * must not be a token account. Without an RPC the dialog still says where the output goes.
 */
async function checkAccounts(s: Services, check: FormCheck): Promise<{ destinationOwner?: string } | string> {
  const rpc = s.rpc;
  if (!rpc) return {};
  const tokenOwned = (owner: string) => owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM;
  const read = async (field: string, address: string) => {
    try {
      return await rpc.getAccountInfo(address);
    } catch (err) {
      throw new Error(`${field}: could not read ${address} over RPC (${explainError(err)})`, { cause: err });
    }
  };
  try {
    for (const [field, address] of [
      ['receiver', check.order.receiver],
      ['nativeDestinationAccount', check.build.nativeDestinationAccount],
    ] as const) {
      if (!address) continue;
      const info = await read(field, address);
      if (info && tokenOwned(info.owner))
        return `${field}: ${address} is a token account or a mint, not a wallet (give the wallet address that should own the output)`;
      if (info?.executable) return `${field}: ${address} is a program, not a wallet`;
    }
    const dest = check.build.destinationTokenAccount;
    if (!dest) return {};
    const info = await read('destinationTokenAccount', dest);
    // not found: the service assumes it exists (the swap then fails on chain); the dialog says its owner was not read
    if (!info) return {};
    if (!tokenOwned(info.owner))
      return `destinationTokenAccount: ${dest} is not a token account (a wallet or another program's account)`;
    if (info.data.length < 64 || info.data.length === MINT_SIZE)
      return `destinationTokenAccount: ${dest} is a mint, not a token account`;
    const mint = encodeBase58(info.data.subarray(0, 32));
    if (check.output && mint !== check.output.id)
      return `destinationTokenAccount: ${dest} holds another token (${mint}), not ${check.output.symbol}`;
    return { destinationOwner: encodeBase58(info.data.subarray(32, 64)) };
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * `i`: the swap group's instructions for the current quote, grouped by kind in the view: GET
 * /swap/v2/build where the service serves it (and the form asks nothing only the first generation
 * takes), else POST /swap/v1/swap-instructions.
 */
export async function fetchInstructions(s: Services, swap: SwapStore): Promise<void> {
  const check = currentCheck(s, swap);
  const st = swap.getState();
  if (!check.params) return fail(s, swap, 'swap', firstError(check) ?? 'fill in From, To and Amount first');
  const user = s.wallet?.address;
  if (!user) return fail(s, swap, 'swap', 'no wallet: the instructions are built for a wallet address');
  const choice = chooseBuild(st.form, s.generation);
  if ('refused' in choice) return fail(s, swap, 'swap', choice.refused);
  st.setRunning('Fetching the swap instructions…');
  try {
    if (choice.generation !== 'v1' && check.params.swapMode !== 'ExactOut') {
      const p = check.params;
      const routed = await buildOnRoute(s, {
        inputMint: p.inputMint,
        outputMint: p.outputMint,
        amount: p.amount,
        taker: user,
        ...(p.slippageBps !== undefined ? { slippageBps: p.slippageBps } : {}),
        ...(p.dexes ? { dexes: p.dexes } : {}),
        ...(p.excludeDexes ? { excludeDexes: p.excludeDexes } : {}),
        ...(p.maxAccounts !== undefined ? { maxAccounts: p.maxAccounts } : {}),
        ...(p.platformFeeBps !== undefined ? { platformFeeBps: p.platformFeeBps } : {}),
        ...(st.form.feeAccount.trim() ? { feeAccount: st.form.feeAccount.trim() } : {}),
        ...(check.build.wrapAndUnwrapSol === false ? { wrapAndUnwrapSol: false } : {}),
        ...(check.build.destinationTokenAccount
          ? { destinationTokenAccount: check.build.destinationTokenAccount }
          : {}),
        ...(check.build.blockhashSlotsToExpiry !== undefined
          ? { blockhashSlotsToExpiry: check.build.blockhashSlotsToExpiry }
          : {}),
        ...check.buildV2,
      });
      if (routed.generation === 'v2') {
        const r = routed.answer;
        swap.getState().setInstructions(
          {
            route: 'GET /swap/v2/build',
            computeBudgetInstructions: r.computeBudgetInstructions,
            setupInstructions: r.setupInstructions,
            swapInstruction: r.swapInstruction,
            cleanupInstruction: r.cleanupInstruction ?? null,
            otherInstructions: [...r.otherInstructions, ...(r.tipInstruction ? [r.tipInstruction] : [])],
            addressLookupTableAddresses: Object.keys(r.addressesByLookupTableAddress ?? {}),
          },
          s.now(),
        );
        swap.getState().setInstructionsOpen(true);
        return;
      }
    }
    const quote = await s.api.swap.quote(check.params);
    const fee = priorityFeeOf(st.form);
    const response = await s.api.swap.instructions({
      userPublicKey: user,
      quoteResponse: quote,
      ...(st.form.feeAccount.trim() ? { feeAccount: st.form.feeAccount.trim() } : {}),
      ...(check.params.asLegacyTransaction ? { asLegacyTransaction: true } : {}),
      // the instructions of the swap `b` would build: the same priority fee and build options
      ...(fee !== 'auto' ? { prioritizationFeeLamports: fee } : {}),
      ...check.build,
    });
    swap.getState().setInstructions({ route: 'POST /swap/v1/swap-instructions', ...response }, s.now());
    swap.getState().setInstructionsOpen(true);
  } catch (err) {
    fail(s, swap, 'swap', explainError(err));
  } finally {
    swap.getState().setRunning(undefined);
  }
}

// the journal view is filled by journalView.ts; the flows here refresh it after signing
export { refreshJournalView };

/**
 * `f`: the reverse trade, keeping what the amount means. ExactIn with a live quote: the new input
 * is what the quote would have given (1 SOL for about 149.88 USDC flips to paying 149.88 USDC for
 * SOL). ExactOut: the amount is already in the token that becomes the input, so it stays and the
 * mode becomes ExactIn (receive exactly 1 USDC flips to pay 1 USDC). ExactIn with no live quote:
 * the number would be read in the other token, so the amount is emptied. Returns the sentence
 * that says on screen what happened.
 */
export function flipForm(
  s: Pick<Services, 'catalog'> & Partial<Pick<Services, 'wallet' | 'generation'>>,
  swap: SwapStore,
): string {
  const st = swap.getState();
  const { form, quote } = st;
  const check = checkForm(form, knownTokens(s), s.wallet?.address);
  const swapped = { input: form.output, output: form.input };
  const inSym = check.input?.symbol ?? form.input.trim();
  const outSym = check.output?.symbol ?? form.output.trim();
  if (form.amount.trim() === '') {
    st.setForm({ ...swapped, mode: 'ExactIn' });
    return `flipped: ${outSym || 'the output'} is now paid for ${inSym || 'the input'}`;
  }
  if (form.mode === 'ExactOut') {
    st.setForm({ ...swapped, mode: 'ExactIn' });
    return `flipped: you now pay ${form.amount.trim()} ${outSym} for ${inSym} (the amount stays on ${outSym}; mode ExactIn)`;
  }
  const liveKey = check.params
    ? liveQuoteKey(swapPath(form, s.generation?.current()).via, check.params, check.order)
    : undefined;
  const fresh = quote && liveKey !== undefined && quote.key === liveKey ? quote.quote : undefined;
  if (fresh && check.output && /^\d+$/.test(fresh.outAmount) && BigInt(fresh.outAmount) > 0n) {
    const amount = fromBaseUnits(fresh.outAmount, check.output.decimals, { group: false });
    st.setForm({ ...swapped, amount, mode: 'ExactIn' });
    return `flipped: you now pay ${amount} ${outSym} (what ${form.amount.trim()} ${inSym} was quoted to buy) for ${inSym}`;
  }
  st.setForm({ ...swapped, amount: '', mode: 'ExactIn' });
  return `flipped: amount cleared (no live quote to convert ${form.amount.trim()} ${inSym} into ${outSym}); type it in ${outSym}`;
}
