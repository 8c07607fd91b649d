// What the Swap screen says beside each field and in its suggestion list: a token's verified mark,
// symbol, name, mint and price; the wallet's balance; the amount's unit.
import { fromBaseUnits, groupDigits } from '../../src/text/amount.js';
import type { Token } from '../../src/api/types.js';
import { parseSlippage, type FormCheck } from '../../src/actions/swapRequest.js';
import { formatPercent, formatPrice, shortAddress } from '../../src/text/format.js';
import { usdText } from '../../src/actions/describe.js';
import type { Balance, SwapForm } from '../../src/store/swap.js';

export function tokenNote(t: Token, balance: Balance | undefined): string {
  const price = typeof t.usdPrice === 'number' ? ` $${formatPrice(t.usdPrice)}` : '';
  // the exact balance, as `m` (max) types it: an amount reads the same everywhere
  const bal = balance ? ` bal ${fromBaseUnits(balance.raw, t.decimals)}` : '';
  return `${t.isVerified ? '✓' : '?'} ${t.symbol} ${shortAddress(t.id)}${price}${bal}`;
}

export function suggestionText(t: Token): string {
  const price = typeof t.usdPrice === 'number' ? `$${formatPrice(t.usdPrice)}` : '';
  return `${t.isVerified ? '✓' : ' '} ${t.symbol.padEnd(8)} ${t.name.slice(0, 22).padEnd(22)} ${shortAddress(t.id, 6, 6).padEnd(13)} ${price}`;
}

/** An amount as `m` types it ("10000.5") as every amount reads ("10,000.5"). */
const groupedAmount = (text: string) => text.replace(/^\d+/, (whole) => groupDigits(whole));

export function fieldNotes(
  form: SwapForm,
  check: FormCheck,
  balances: Record<string, Balance>,
  maxText: string | undefined,
  wallet?: string,
  solUsd?: number | null,
): Partial<Record<keyof SwapForm, string>> {
  const notes: Partial<Record<keyof SwapForm, string>> = {};
  if (check.input) notes.input = tokenNote(check.input, balances[check.input.id]);
  if (check.output) notes.output = tokenNote(check.output, balances[check.output.id]);
  const unit = form.mode === 'ExactOut' ? check.output : check.input;
  if (unit)
    notes.amount = `${unit.symbol} (${form.mode === 'ExactOut' ? 'to receive' : 'to pay'})${form.mode === 'ExactIn' && maxText !== undefined ? ` · m: max ${groupedAmount(maxText)}` : ''}`;
  const slip = parseSlippage(form.slippageBps);
  if (slip === undefined) notes.slippageBps = 'auto: the order group sets it (b: 0.50%)';
  else if (typeof slip === 'number') notes.slippageBps = `${formatPercent(slip / 100)} = ${slip} bps (s and b)`;
  // where the output goes and who pays, said beside the field as soon as it reads as an address
  const own = (key: 'receiver' | 'payer' | 'nativeDestinationAccount') =>
    wallet !== undefined && form[key].trim() === wallet;
  if (check.order.receiver) notes.receiver = `⚠ output goes to ${shortAddress(check.order.receiver)}, NOT your wallet`;
  else if (own('receiver')) notes.receiver = 'this wallet (the default)';
  if (check.order.payer) notes.payer = `⚠ ${shortAddress(check.order.payer)} pays fees and must sign too`;
  else if (own('payer')) notes.payer = 'this wallet (the default)';
  if (check.build.destinationTokenAccount)
    notes.destinationTokenAccount = '⚠ output to this token account (owner read before the dialog)';
  if (check.build.nativeDestinationAccount && !own('nativeDestinationAccount'))
    notes.nativeDestinationAccount = `⚠ SOL goes to ${shortAddress(check.build.nativeDestinationAccount)}, NOT your wallet`;
  if (!form.wrapAndUnwrapSol) notes.wrapAndUnwrapSol = 'uses your wrapped SOL account (b)';
  // amounts of SOL stated back as read, in SOL and USD
  const sol = (lamports: number | bigint) =>
    `${fromBaseUnits(BigInt(lamports), 9)} SOL${usdText(BigInt(lamports), 9, solUsd)}`;
  if (check.order.priorityFeeLamports !== undefined)
    notes.priorityFeeLamports = `${sol(check.order.priorityFeeLamports)} priority fee (s)`;
  if (check.tipLamports !== undefined) notes.jitoTipLamports = `⚠ ${sol(check.tipLamports)} tip leaves the wallet`;
  return notes;
}
