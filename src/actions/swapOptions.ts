// The swap parameters beyond the route controls: the order route's (GET /swap/v2/order or GET
// /ultra/v1/order: who gets the output, who pays the fees, which routers are left out, a referral,
// and the current generation's priority fee and broadcast), the swap build's (POST /swap/v1/swap
// and /swap-instructions, or GET /swap/v2/build: SOL wrapping, where the output lands, compute
// units, expiry, shared accounts, account checks), and a tip that either route takes. One table
// names each once: its Swap form field (the contract's name), the word `:swap` and the headless
// commands take (`receiver ADDR`, `--receiver ADDR`), and how what was typed is read.
import { AmountError, fromBaseUnits, toBaseUnits } from '../text/amount.js';
import { isAddress } from '../chain/base58.js';
import { BROADCAST_FEE_TYPES, CU_PRICE_PERCENTILES, INSTRUCTION_VERSIONS } from '../api/contract/index.js';
import { NATIVE_MINT } from '../chain/mints.js';
import type { BuildParams, OrderV2Params, SwapRequest } from '../api/types.js';
import type { Generation } from '../config/generation.js';
import { MAX_PRIORITY_FEE_LAMPORTS } from '../wallet/instructions.js';
import { EMPTY_FORM, type SwapForm } from '../store/swap.js';

/**
 * 'order': the order route's (s); 'build': the swap build's (b, i; any of them takes `s` to the
 * swap group); 'quote': the quote of either; 'both': taken by either route (a tip).
 */
export type OptionGroup = 'order' | 'build' | 'quote' | 'both';

export interface SwapOption {
  /** the form field, named as the contract names the parameter */
  key: keyof SwapForm;
  /** `:swap … WORD VALUE` and `--WORD VALUE` */
  word: string;
  group: OptionGroup;
  /** 'sol': an amount of SOL typed by the person, sent in lamports */
  kind: 'address' | 'routers' | 'int' | 'bool' | 'choice' | 'sol' | 'percentile';
  /** what VALUE is, for the usage line */
  value: string;
  /** whole numbers: the range; SOL amounts: the range in lamports */
  min?: bigint;
  max?: bigint;
  choices?: readonly string[];
  /** only the service's current generation takes it (GET /swap/v2/order, GET /swap/v2/build) */
  v2?: true;
}

// a JSON integer is read exactly up to 2^53 - 1 (far beyond any sensible price)
const MAX_JSON_INTEGER = BigInt(Number.MAX_SAFE_INTEGER);
/** The most SOL a priority fee or a tip may be (the inspector's bound on a priority fee): more is a typo. */
const MAX_FEE_LAMPORTS = MAX_PRIORITY_FEE_LAMPORTS;

const OPTIONS = [
  { key: 'receiver', word: 'receiver', group: 'order', kind: 'address', value: 'ADDR' },
  { key: 'excludeRouters', word: 'exclude-routers', group: 'order', kind: 'routers', value: 'R,R' },
  { key: 'payer', word: 'payer', group: 'order', kind: 'address', value: 'ADDR' },
  { key: 'referralAccount', word: 'referral-account', group: 'order', kind: 'address', value: 'ADDR' },
  { key: 'referralFee', word: 'referral-fee', group: 'order', kind: 'int', value: 'BPS', min: 50n, max: 255n },
  {
    key: 'priorityFeeLamports',
    word: 'priority-fee-sol',
    group: 'order',
    kind: 'sol',
    value: 'SOL',
    min: 1n,
    max: MAX_FEE_LAMPORTS,
    v2: true,
  },
  {
    key: 'broadcastFeeType',
    word: 'broadcast-fee-type',
    group: 'order',
    kind: 'choice',
    value: 'maxCap|exactFee',
    choices: BROADCAST_FEE_TYPES,
    v2: true,
  },
  {
    key: 'jitoTipLamports',
    word: 'jito-tip-sol',
    group: 'both',
    kind: 'sol',
    value: 'SOL',
    // the first generation's manual mode asked at least 1000 lamports of a tip
    min: 1000n,
    max: MAX_FEE_LAMPORTS,
    v2: true,
  },
  {
    key: 'instructionVersion',
    word: 'instruction-version',
    group: 'quote',
    kind: 'choice',
    value: 'V1|V2',
    choices: INSTRUCTION_VERSIONS,
  },
  { key: 'wrapAndUnwrapSol', word: 'wrap-and-unwrap-sol', group: 'build', kind: 'bool', value: 'true|false' },
  { key: 'destinationTokenAccount', word: 'destination-token-account', group: 'build', kind: 'address', value: 'ADDR' },
  {
    key: 'nativeDestinationAccount',
    word: 'native-destination-account',
    group: 'build',
    kind: 'address',
    value: 'ADDR',
  },
  {
    key: 'dynamicComputeUnitLimit',
    word: 'dynamic-compute-unit-limit',
    group: 'build',
    kind: 'bool',
    value: 'true|false',
  },
  {
    key: 'computeUnitPriceMicroLamports',
    word: 'compute-unit-price-micro-lamports',
    group: 'build',
    kind: 'int',
    value: 'N',
    min: 0n,
    max: MAX_JSON_INTEGER,
  },
  {
    key: 'blockhashSlotsToExpiry',
    word: 'blockhash-slots-to-expiry',
    group: 'build',
    kind: 'int',
    value: 'N',
    min: 1n,
    max: 255n,
  },
  {
    key: 'useSharedAccounts',
    word: 'use-shared-accounts',
    group: 'build',
    kind: 'choice',
    value: 'auto|true|false',
    choices: ['auto', 'true', 'false'],
  },
  {
    key: 'skipUserAccountsRpcCalls',
    word: 'skip-user-accounts-rpc-calls',
    group: 'build',
    kind: 'bool',
    value: 'true|false',
  },
  {
    key: 'buildMode',
    word: 'build-mode',
    group: 'build',
    kind: 'choice',
    value: 'default|fast',
    choices: ['default', 'fast'],
    v2: true,
  },
  {
    key: 'computeUnitPricePercentile',
    word: 'compute-unit-price-percentile',
    group: 'build',
    kind: 'percentile',
    value: 'auto|medium|high|veryHigh|BPS',
    v2: true,
  },
  { key: 'forJitoBundle', word: 'for-jito-bundle', group: 'build', kind: 'bool', value: 'true|false', v2: true },
] as const satisfies readonly SwapOption[];
export const SWAP_OPTIONS: readonly SwapOption[] = OPTIONS;

/** The word of each option (`receiver`, `priority-fee-sol`, …): the headless option is `--WORD`. */
export type SwapOptionWord = (typeof OPTIONS)[number]['word'];

/** The option a word after the tokens of `:swap` (or a headless flag without `--`) names. */
export function optionByWord(word: string): SwapOption | undefined {
  return SWAP_OPTIONS.find((o) => o.word === word);
}

/** Every option at its default (what `:swap` starts from: it sends what it names and nothing left over). */
export function optionDefaults(): Partial<SwapForm> {
  return Object.fromEntries(SWAP_OPTIONS.map((o) => [o.key, EMPTY_FORM[o.key]]));
}

const show = (text: string) => JSON.stringify(text.length > 48 ? `${text.slice(0, 47)}…` : text);

/**
 * A value typed after an option's word (a `:swap` word or a headless flag) as the form holds it, or
 * the message (without the option's name) saying what is wrong.
 */
export function optionValue(o: SwapOption, given: string | boolean): Partial<SwapForm> | string {
  if (given === true) return `needs a value (${o.value})`;
  const text = String(given).trim();
  if (text === '') return `needs a value (${o.value}), got nothing`;
  if (o.kind === 'bool') {
    if (text !== 'true' && text !== 'false') return `true or false (got ${show(text)})`;
    return { [o.key]: text === 'true' };
  }
  if (o.kind === 'choice') {
    const choice = o.choices!.find((c) => c.toLowerCase() === text.toLowerCase());
    return choice === undefined ? `one of ${o.choices!.join(', ')} (got ${show(text)})` : { [o.key]: choice };
  }
  const problem = checkText(o, text);
  return problem ?? { [o.key]: o.kind === 'percentile' ? percentileText(text) : text };
}

/** A compute-unit price percentile as the form keeps it: a level's own spelling, or the number of bps. */
function percentileText(text: string): string {
  return CU_PRICE_PERCENTILES.find((l) => l.toLowerCase() === text.toLowerCase()) ?? text.toLowerCase();
}

/** A plausible router name: letters, digits and `_ . + -` (no space, comma or control character), 1 to 32 of them. */
const ROUTER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,31}$/;

/** An amount of SOL as typed (read by the one amount parser) in lamports, or what is wrong with it. */
export function solLamports(o: Pick<SwapOption, 'min' | 'max'>, text: string): bigint | string {
  let lamports: bigint;
  try {
    lamports = toBaseUnits(text, 9, 'SOL');
  } catch (e) {
    if (e instanceof AmountError) return `${e.message.replace(/^SOL: /, '')} (an amount of SOL, e.g. 0.0001)`;
    throw e;
  }
  const sol = (n: bigint) => fromBaseUnits(n, 9);
  if (o.min !== undefined && lamports < o.min)
    return `at least ${sol(o.min)} SOL (${o.min} lamports), got ${sol(lamports)} SOL`;
  if (o.max !== undefined && lamports > o.max)
    return `at most ${sol(o.max)} SOL, got ${sol(lamports)} SOL (the value is in SOL, not lamports)`;
  return lamports;
}

/** The rule of a text option (address, router list, whole number in range, SOL, percentile); undefined when it holds. */
function checkText(o: SwapOption, text: string): string | undefined {
  if (o.kind === 'address')
    return isAddress(text) ? undefined : `must be a base58 address of 32 bytes (got ${show(text)})`;
  if (o.kind === 'int') {
    if (!/^\d+$/.test(text)) return `must be a whole number from ${o.min} to ${o.max} (got ${show(text)})`;
    const n = BigInt(text);
    return n < o.min! || n > o.max! ? `must be from ${o.min} to ${o.max} (got ${show(text)})` : undefined;
  }
  if (o.kind === 'sol') {
    const lamports = solLamports(o, text);
    return typeof lamports === 'string' ? lamports : undefined;
  }
  if (o.kind === 'percentile') {
    if (text.toLowerCase() === 'auto' || CU_PRICE_PERCENTILES.some((l) => l.toLowerCase() === text.toLowerCase()))
      return undefined;
    if (/^\d+$/.test(text) && BigInt(text) <= 10_000n) return undefined;
    return `auto, medium, high, veryHigh, or basis points from 0 to 10000 (got ${show(text)})`;
  }
  if (o.kind === 'routers') {
    // which names exist is the service's to say: only what cannot be a name is refused here
    const items = text.split(',').map((r) => r.trim());
    const empty = items.findIndex((r) => r === '');
    if (empty >= 0) return `item ${empty + 1} is empty (router names separated by single commas)`;
    const odd = items.find((r) => !ROUTER_NAME.test(r));
    if (odd !== undefined)
      return `${show(odd)} is not a router name (letters, digits and _ . + -, without spaces or control characters)`;
    const twice = items.find((r, i) => items.indexOf(r) !== i);
    if (twice !== undefined) return `"${twice}" is given twice`;
  }
  return undefined;
}

/** The order route's parameters the form adds to GET /swap/v2/order (or GET /ultra/v1/order). */
export type OrderExtras = Pick<
  OrderV2Params,
  | 'receiver'
  | 'payer'
  | 'excludeRouters'
  | 'referralAccount'
  | 'referralFee'
  | 'priorityFeeLamports'
  | 'jitoTipLamports'
  | 'broadcastFeeType'
>;
/** The swap build's parameters the form adds to POST /swap/v1/swap and swap-instructions. */
export type BuildExtras = Pick<
  SwapRequest,
  | 'wrapAndUnwrapSol'
  | 'destinationTokenAccount'
  | 'nativeDestinationAccount'
  | 'dynamicComputeUnitLimit'
  | 'computeUnitPriceMicroLamports'
  | 'blockhashSlotsToExpiry'
  | 'useSharedAccounts'
  | 'skipUserAccountsRpcCalls'
>;
/** What only GET /swap/v2/build takes of the form: fast routing, the compute-unit price's percentile, Jito bundles, a tip. */
export type BuildV2Extras = Pick<BuildParams, 'mode' | 'computeUnitPricePercentile' | 'forJitoBundle' | 'tipAmount'>;

export interface OptionsCheck {
  order: OrderExtras;
  build: BuildExtras;
  buildV2: BuildV2Extras;
  /** the tip asked (either route), lamports */
  tipLamports?: bigint;
  errors: Partial<Record<keyof SwapForm, string>>;
}

export interface OptionsContext {
  /** this wallet: a receiver or payer equal to it is the default, and left out of the request */
  wallet?: string;
  inputMint?: string;
  outputMint?: string;
  /** a priority fee other than auto is set (the exact compute unit price replaces it) */
  priorityFee: boolean;
  /** the generation the service is known to serve (undefined: not known yet, or the current one tried first) */
  generation?: Generation;
  /** why the first generation (api-version v1, or what the service serves), for the message */
  v1Why?: string;
}

/** The options only the current generation takes that are filled in, by their field names. */
export function v2FieldsSet(form: SwapForm): Array<keyof SwapForm> {
  return SWAP_OPTIONS.filter((o) => o.v2 && isSet(form, o)).map((o) => o.key);
}

/** Whether an option is away from its default. */
function isSet(form: SwapForm, o: SwapOption): boolean {
  const v = form[o.key];
  return typeof v === 'boolean' ? v !== EMPTY_FORM[o.key] : String(v).trim() !== '' && v !== EMPTY_FORM[o.key];
}

/** Reads the option fields of the form; every error names the contract's field. */
export function checkOptions(form: SwapForm, ctx: OptionsContext): OptionsCheck {
  const errors: OptionsCheck['errors'] = {};
  const text = (key: keyof SwapForm): string | undefined => {
    const t = String(form[key]).trim();
    if (t === '') return undefined;
    const o = SWAP_OPTIONS.find((x) => x.key === key)!;
    const problem = checkText(o, t);
    if (problem) errors[key] = `${key}${o.kind === 'sol' ? ' (in SOL)' : ''}: ${problem}`;
    return problem ? undefined : t;
  };
  const notMint = (key: keyof SwapForm, address: string | undefined): string | undefined => {
    if (address !== undefined && (address === ctx.inputMint || address === ctx.outputMint)) {
      errors[key] = `${key}: ${address.slice(0, 8)}… is a token's mint, not a wallet`;
      return undefined;
    }
    return address;
  };
  const ownOrOther = (a: string | undefined) => (a !== undefined && a === ctx.wallet ? undefined : a);
  const lamportsOf = (key: 'priorityFeeLamports' | 'jitoTipLamports'): bigint | undefined => {
    const t = text(key);
    if (t === undefined) return undefined;
    const v = solLamports(
      SWAP_OPTIONS.find((o) => o.key === key)!,
      t,
    );
    return typeof v === 'bigint' ? v : undefined;
  };

  const receiver = ownOrOther(notMint('receiver', text('receiver')));
  const payer = ownOrOther(notMint('payer', text('payer')));
  const routers = text('excludeRouters');
  const referralAccount = notMint('referralAccount', text('referralAccount'));
  const referralFee = text('referralFee');
  if (referralFee !== undefined && referralAccount === undefined && !errors.referralAccount) {
    errors.referralFee = 'referralFee: goes with referralAccount (the account the referral fee is paid to)';
  }
  const priority = lamportsOf('priorityFeeLamports');
  const tip = lamportsOf('jitoTipLamports');
  const broadcast = form.broadcastFeeType === '' ? undefined : form.broadcastFeeType;
  if (broadcast !== undefined && priority === undefined && tip === undefined && !errors.priorityFeeLamports)
    errors.broadcastFeeType =
      'broadcastFeeType: goes with a priority fee or a tip (the service ignores it without one)';
  const order: OrderExtras = {
    ...(receiver ? { receiver } : {}),
    ...(payer ? { payer } : {}),
    ...(routers ? { excludeRouters: routers.split(',').map((r) => r.trim()) } : {}),
    ...(referralAccount ? { referralAccount } : {}),
    ...(referralFee ? { referralFee: Number(referralFee) } : {}),
    ...(priority !== undefined ? { priorityFeeLamports: Number(priority) } : {}),
    ...(tip !== undefined ? { jitoTipLamports: Number(tip) } : {}),
    ...(broadcast !== undefined && !errors.broadcastFeeType ? { broadcastFeeType: broadcast } : {}),
  };

  const destination = notMint('destinationTokenAccount', text('destinationTokenAccount'));
  if (destination !== undefined && destination === ctx.wallet) {
    errors.destinationTokenAccount =
      "destinationTokenAccount: that is this wallet's address, not a token account (leave it empty for the wallet's own token account)";
  }
  const native = notMint('nativeDestinationAccount', text('nativeDestinationAccount'));
  if (native !== undefined) {
    if (destination !== undefined)
      errors.nativeDestinationAccount = 'nativeDestinationAccount: give either it or destinationTokenAccount, not both';
    else if (ctx.outputMint !== undefined && ctx.outputMint !== NATIVE_MINT)
      errors.nativeDestinationAccount = 'nativeDestinationAccount: only when To is SOL (it receives the native coin)';
    else if (form.instructionVersion !== 'V2')
      errors.nativeDestinationAccount =
        'nativeDestinationAccount: needs instruction version V2 (Ix version on the form, instruction-version V2 as an option)';
    else if (!form.wrapAndUnwrapSol)
      errors.nativeDestinationAccount =
        'nativeDestinationAccount: needs wrapAndUnwrapSol on (the SOL is unwrapped into it)';
  }
  const cuPrice = text('computeUnitPriceMicroLamports');
  if (cuPrice !== undefined && ctx.priorityFee) {
    errors.computeUnitPriceMicroLamports =
      'computeUnitPriceMicroLamports: give either it or a priority fee, not both (set the priority fee to auto)';
  }
  const slots = text('blockhashSlotsToExpiry');
  const build: BuildExtras = {
    ...(form.wrapAndUnwrapSol ? {} : { wrapAndUnwrapSol: false }),
    ...(destination !== undefined && !errors.destinationTokenAccount ? { destinationTokenAccount: destination } : {}),
    ...(native !== undefined && !errors.nativeDestinationAccount ? { nativeDestinationAccount: native } : {}),
    ...(form.dynamicComputeUnitLimit ? { dynamicComputeUnitLimit: true } : {}),
    ...(cuPrice !== undefined && !errors.computeUnitPriceMicroLamports
      ? { computeUnitPriceMicroLamports: Number(cuPrice) }
      : {}),
    ...(slots !== undefined ? { blockhashSlotsToExpiry: Number(slots) } : {}),
    ...(form.useSharedAccounts === 'auto' ? {} : { useSharedAccounts: form.useSharedAccounts === 'true' }),
    ...(form.skipUserAccountsRpcCalls ? { skipUserAccountsRpcCalls: true } : {}),
  };
  const percentile = text('computeUnitPricePercentile');
  const buildV2: BuildV2Extras = {
    ...(form.buildMode === 'fast' ? { mode: 'fast' as const } : {}),
    ...(percentile !== undefined && percentile.toLowerCase() !== 'auto'
      ? {
          computeUnitPricePercentile: /^\d+$/.test(percentile)
            ? Number(percentile)
            : (percentile as (typeof CU_PRICE_PERCENTILES)[number]),
        }
      : {}),
    ...(form.forJitoBundle ? { forJitoBundle: true } : {}),
    ...(tip !== undefined ? { tipAmount: tip.toString() } : {}),
  };
  // what only the current generation takes, where the service is known to serve only the first
  if (ctx.generation === 'v1')
    for (const key of v2FieldsSet(form))
      errors[key] ??=
        `${key}: only the service's current generation (/swap/v2) takes it, and ${ctx.v1Why ?? 'the first generation (/ultra/v1) is in use'}; clear it`;
  return { order, build, buildV2, ...(tip !== undefined ? { tipLamports: tip } : {}), errors };
}

/** What of the build parameters only the swap group honours, in words (why `s` goes through it). */
export function buildReasons(form: SwapForm): string[] {
  const why: string[] = [];
  if (!form.wrapAndUnwrapSol) why.push('no SOL wrapping');
  if (form.destinationTokenAccount.trim()) why.push('destination token account');
  if (form.nativeDestinationAccount.trim()) why.push('native destination account');
  if (form.dynamicComputeUnitLimit) why.push('dynamic compute unit limit');
  if (form.computeUnitPriceMicroLamports.trim()) why.push('compute unit price');
  if (form.blockhashSlotsToExpiry.trim()) why.push('blockhash slots to expiry');
  if (form.useSharedAccounts !== 'auto') why.push('shared accounts');
  if (form.skipUserAccountsRpcCalls) why.push('no user account checks');
  if (form.buildMode === 'fast') why.push('fast build');
  if (form.computeUnitPricePercentile.trim() && form.computeUnitPricePercentile.trim().toLowerCase() !== 'auto')
    why.push('compute unit price percentile');
  if (form.forJitoBundle) why.push('for a Jito bundle');
  return why;
}

/**
 * What of the swap group's parameters only its first generation (POST /swap/v1/swap) takes, in
 * words: where the service serves both, these build through /swap/v1 rather than /swap/v2/build.
 */
export function v1BuildReasons(form: SwapForm): string[] {
  const why: string[] = [];
  if (form.mode === 'ExactOut') why.push('ExactOut');
  if (form.onlyDirectRoutes) why.push('direct routes only');
  if (!form.restrictIntermediateTokens) why.push('unrestricted intermediate tokens');
  if (/^\d+$/.test(form.maxAccounts.trim()) && Number(form.maxAccounts.trim()) > 64) why.push('max accounts above 64');
  if (form.asLegacyTransaction) why.push('legacy transaction');
  if (form.instructionVersion !== 'V1') why.push(`instruction version ${form.instructionVersion}`);
  if (form.priorityFee.trim() !== '' && form.priorityFee.trim().toLowerCase() !== 'auto') why.push('priority fee');
  if (form.dynamicComputeUnitLimit) why.push('dynamic compute unit limit');
  if (form.computeUnitPriceMicroLamports.trim()) why.push('compute unit price');
  if (form.useSharedAccounts !== 'auto') why.push('shared accounts');
  if (form.skipUserAccountsRpcCalls) why.push('no user account checks');
  return why;
}

/** The order route's options that are filled in, by their field names. */
export function orderFieldsSet(form: SwapForm): Array<keyof SwapForm> {
  return SWAP_OPTIONS.filter((o) => o.group === 'order' && isSet(form, o)).map((o) => o.key);
}

/**
 * The words after `:swap AMOUNT FROM TO`: `slippage 1%|50bps|auto`, `fee LEVEL|LAMPORTS [MAX]` and
 * `WORD VALUE` pairs of the table above. Returns the form fields they set and every other field of
 * the form but the tokens and the amount at its default (the route controls too): a `:swap` sends
 * what it names and nothing left over from the form. A slippage is kept as typed and read with the
 * form (its message names it).
 */
export function swapWords(words: string[]): Partial<SwapForm> {
  const { input: _input, output: _output, amount: _amount, ...defaults } = EMPTY_FORM;
  const patch: Partial<SwapForm> = { ...defaults, ...optionDefaults(), priorityFee: 'auto' };
  const seen = new Set<string>();
  for (let i = 0; i < words.length;) {
    const typed = words[i]!;
    const word = typed.toLowerCase();
    if (seen.has(word)) throw new Error(`${word}: given twice`);
    seen.add(word);
    if (word === 'slippage') {
      const value = words[i + 1];
      if (value === undefined || value.trim() === '')
        throw new Error('slippage: give a value (1%, 50bps, or auto for the order group to choose)');
      patch.slippageBps = value.toLowerCase() === 'auto' ? '' : value;
      i += 2;
      continue;
    }
    if (word === 'fee') {
      const fee: string[] = [];
      for (
        i++;
        i < words.length &&
        fee.length < 2 &&
        !['fee', 'slippage'].includes(words[i]!.toLowerCase()) &&
        !optionByWord(words[i]!.toLowerCase());
        i++
      )
        fee.push(words[i]!);
      if (fee.length === 0)
        throw new Error('fee: give auto, lamports (25000) or a level with its most lamports (high 50000)');
      patch.priorityFee = fee.join(' ');
      continue;
    }
    const o = optionByWord(word);
    if (!o)
      throw new Error(
        `unexpected "${typed.slice(0, 40)}" (after the tokens: slippage 1%, fee auto|N|LEVEL [MAX], ${SWAP_OPTIONS.map((x) => x.word).join(', ')}, each with its value)`,
      );
    const value = words[i + 1];
    if (value === undefined) throw new Error(`${o.word}: needs a value (${o.value})`);
    const v = optionValue(o, value);
    if (typeof v === 'string') throw new Error(`${o.word}: ${v}`);
    Object.assign(patch, v);
    i += 2;
  }
  return patch;
}
