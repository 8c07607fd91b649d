// The swap parameters beyond the route controls: the order group's (GET /ultra/v1/order: who gets
// the output, who pays the fees, which routers are left out, a referral) and the swap build's
// (POST /swap/v1/swap and /swap/v1/swap-instructions: SOL wrapping, where the output lands, compute
// units, expiry, shared accounts, account checks). One table names each once: its Swap form field
// (the contract's name), the word `:swap` and the headless commands take (`receiver ADDR`,
// `--receiver ADDR`), and how what was typed is read.
import { isAddress } from '../api/base58.js';
import { INSTRUCTION_VERSIONS, ROUTERS } from '../api/contract/index.js';
import { NATIVE_MINT } from '../api/mints.js';
import type { OrderParams, SwapRequest } from '../api/types.js';
import { EMPTY_FORM, type SwapForm } from '../store/swap.js';

/** 'order': GET /ultra/v1/order (s); 'build': POST /swap/v1/swap and swap-instructions (b, i); 'quote': the quote of either. */
export type OptionGroup = 'order' | 'build' | 'quote';

export interface SwapOption {
  /** the form field, named as the contract names the parameter */
  key: keyof SwapForm;
  /** `:swap … WORD VALUE` and `--WORD VALUE` */
  word: string;
  group: OptionGroup;
  kind: 'address' | 'routers' | 'int' | 'bool' | 'choice';
  /** what VALUE is, for the usage line */
  value: string;
  min?: bigint;
  max?: bigint;
  choices?: readonly string[];
}

// a JSON integer is read exactly up to 2^53 - 1 (far beyond any sensible price)
const MAX_JSON_INTEGER = BigInt(Number.MAX_SAFE_INTEGER);

export const SWAP_OPTIONS: readonly SwapOption[] = [
  { key: 'receiver', word: 'receiver', group: 'order', kind: 'address', value: 'ADDR' },
  { key: 'excludeRouters', word: 'exclude-routers', group: 'order', kind: 'routers', value: 'R,R' },
  { key: 'payer', word: 'payer', group: 'order', kind: 'address', value: 'ADDR' },
  { key: 'referralAccount', word: 'referral-account', group: 'order', kind: 'address', value: 'ADDR' },
  { key: 'referralFee', word: 'referral-fee', group: 'order', kind: 'int', value: 'BPS', min: 50n, max: 255n },
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
];

/** The option a word after the tokens of `:swap` (or a headless flag without `--`) names. */
export function optionByWord(word: string): SwapOption | undefined {
  return SWAP_OPTIONS.find((o) => o.word === word);
}

/** Every option at its default (what `:swap` starts from: it sends what it names and nothing left over). */
export function optionDefaults(): Partial<SwapForm> {
  return {
    receiver: '',
    excludeRouters: '',
    payer: '',
    referralAccount: '',
    referralFee: '',
    instructionVersion: 'V1',
    wrapAndUnwrapSol: true,
    destinationTokenAccount: '',
    nativeDestinationAccount: '',
    dynamicComputeUnitLimit: false,
    computeUnitPriceMicroLamports: '',
    blockhashSlotsToExpiry: '',
    useSharedAccounts: 'auto',
    skipUserAccountsRpcCalls: false,
  };
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
  return problem ?? { [o.key]: text };
}

/** The rule of a text option (address, router list, whole number in range); undefined when it holds. */
function checkText(o: SwapOption, text: string): string | undefined {
  if (o.kind === 'address')
    return isAddress(text) ? undefined : `must be a base58 address of 32 bytes (got ${show(text)})`;
  if (o.kind === 'int') {
    if (!/^\d+$/.test(text)) return `must be a whole number from ${o.min} to ${o.max} (got ${show(text)})`;
    const n = BigInt(text);
    return n < o.min! || n > o.max! ? `must be from ${o.min} to ${o.max} (got ${show(text)})` : undefined;
  }
  if (o.kind === 'routers') {
    const items = text.split(',').map((r) => r.trim());
    const empty = items.findIndex((r) => r === '');
    if (empty >= 0)
      return `item ${empty + 1} is empty (router names separated by single commas: ${ROUTERS.join(', ')})`;
    const unknown = items.find((r) => !(ROUTERS as readonly string[]).includes(r));
    if (unknown !== undefined) return `unknown router ${show(unknown)} (routers: ${ROUTERS.join(', ')})`;
    const twice = items.find((r, i) => items.indexOf(r) !== i);
    if (twice !== undefined) return `"${twice}" is given twice`;
    if (items.length === ROUTERS.length) return 'leaves out every router: nothing would route the swap';
  }
  return undefined;
}

/** The order group's parameters the form adds to GET /ultra/v1/order. */
export type OrderExtras = Pick<
  OrderParams,
  'receiver' | 'payer' | 'excludeRouters' | 'referralAccount' | 'referralFee'
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

export interface OptionsCheck {
  order: OrderExtras;
  build: BuildExtras;
  errors: Partial<Record<keyof SwapForm, string>>;
}

export interface OptionsContext {
  /** this wallet: a receiver or payer equal to it is the default, and left out of the request */
  wallet?: string;
  inputMint?: string;
  outputMint?: string;
  /** a priority fee other than auto is set (the exact compute unit price replaces it) */
  priorityFee: boolean;
}

/** Reads the option fields of the form; every error names the contract's field. */
export function checkOptions(form: SwapForm, ctx: OptionsContext): OptionsCheck {
  const errors: OptionsCheck['errors'] = {};
  const text = (key: keyof SwapForm): string | undefined => {
    const t = String(form[key]).trim();
    if (t === '') return undefined;
    const o = SWAP_OPTIONS.find((x) => x.key === key)!;
    const problem = checkText(o, t);
    if (problem) errors[key] = `${key}: ${problem}`;
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

  const receiver = ownOrOther(notMint('receiver', text('receiver')));
  const payer = ownOrOther(notMint('payer', text('payer')));
  const routers = text('excludeRouters');
  const referralAccount = notMint('referralAccount', text('referralAccount'));
  const referralFee = text('referralFee');
  if (referralFee !== undefined && referralAccount === undefined && !errors.referralAccount) {
    errors.referralFee = 'referralFee: goes with referralAccount (the account the referral fee is paid to)';
  }
  const order: OrderExtras = {
    ...(receiver ? { receiver } : {}),
    ...(payer ? { payer } : {}),
    ...(routers ? { excludeRouters: routers.split(',').map((r) => r.trim()) as OrderExtras['excludeRouters'] } : {}),
    ...(referralAccount ? { referralAccount } : {}),
    ...(referralFee ? { referralFee: Number(referralFee) } : {}),
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
  return { order, build, errors };
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
  return why;
}

/** The order group's options that are filled in, by their field names. */
export function orderFieldsSet(form: SwapForm): Array<keyof SwapForm> {
  return SWAP_OPTIONS.filter((o) => o.group === 'order' && String(form[o.key]).trim() !== '').map((o) => o.key);
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
    const word = words[i].toLowerCase();
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
        !['fee', 'slippage'].includes(words[i].toLowerCase()) &&
        !optionByWord(words[i].toLowerCase());
        i++
      )
        fee.push(words[i]);
      if (fee.length === 0)
        throw new Error('fee: give auto, lamports (25000) or a level with its most lamports (high 50000)');
      patch.priorityFee = fee.join(' ');
      continue;
    }
    const o = optionByWord(word);
    if (!o)
      throw new Error(
        `unexpected "${words[i].slice(0, 40)}" (after the tokens: slippage 1%, fee auto|N|LEVEL [MAX], ${SWAP_OPTIONS.map((x) => x.word).join(', ')}, each with its value)`,
      );
    if (i + 1 >= words.length) throw new Error(`${o.word}: needs a value (${o.value})`);
    const v = optionValue(o, words[i + 1]);
    if (typeof v === 'string') throw new Error(`${o.word}: ${v}`);
    Object.assign(patch, v);
    i += 2;
  }
  return patch;
}
