// What the Swap screen says beside each field and in its suggestion list: a token's verified mark,
// symbol, name, mint and price; the wallet's balance; the amount's unit.
import { fromBaseUnits } from '../../src/amount.js';
import type { Token } from '../../src/api/types.js';
import { parseSlippage, type FormCheck } from '../../src/actions/swapForm.js';
import { formatPercent, formatPrice, shortAddress } from '../../src/format.js';
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

export function fieldNotes(form: SwapForm, check: FormCheck, balances: Record<string, Balance>, maxText: string | undefined): Partial<Record<keyof SwapForm, string>> {
  const notes: Partial<Record<keyof SwapForm, string>> = {};
  if (check.input) notes.input = tokenNote(check.input, balances[check.input.id]);
  if (check.output) notes.output = tokenNote(check.output, balances[check.output.id]);
  const unit = form.mode === 'ExactOut' ? check.output : check.input;
  if (unit) notes.amount = `${unit.symbol} (${form.mode === 'ExactOut' ? 'to receive' : 'to pay'})${form.mode === 'ExactIn' && maxText !== undefined ? ` · m: max ${maxText}` : ''}`;
  const slip = parseSlippage(form.slippageBps);
  if (slip === undefined) notes.slippageBps = 'auto: the order group sets it (b: 0.50%)';
  else if (typeof slip === 'number') notes.slippageBps = `${formatPercent(slip / 100)} = ${slip} bps (s and b)`;
  return notes;
}
