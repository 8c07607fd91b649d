// The Swap form's notes as shown (a balance short of the amount or of the most an ExactOut quote
// may take, a balance that could not be read) and the line under it about the advanced fields.
import { NATIVE_MINT } from '../../src/chain/mints.js';
import { shortfall, tokenRef, type FormCheck } from '../../src/actions/swapRequest.js';
import { shortAddress } from '../../src/text/format.js';
import type { SwapState } from '../../src/store/swap.js';
import { fieldNotes } from './notes.js';

/** With the advanced fields hidden, an output sent elsewhere or a foreign payer is still said under the form. */
function hiddenDestination(check: FormCheck, wallet: string | undefined): string | undefined {
  const native = check.build.nativeDestinationAccount !== wallet ? check.build.nativeDestinationAccount : undefined;
  const away = check.order.receiver ?? native ?? check.build.destinationTokenAccount;
  const parts = [
    ...(away ? [`output goes to ${shortAddress(away)}, NOT your wallet`] : []),
    ...(check.order.payer ? [`fees paid by ${shortAddress(check.order.payer)}`] : []),
  ];
  return parts.length ? `⚠ ${parts.join(' · ')} (a shows the advanced fields)` : undefined;
}

export function swapNotes(
  st: Pick<SwapState, 'form' | 'balances' | 'balanceError' | 'quote'>,
  check: FormCheck,
  o: {
    max: string | undefined;
    wallet: string | undefined;
    quoteKey: string | undefined;
    /** SOL's USD price (the priority fee and tip notes) */
    solUsd: number | null | undefined;
  },
) {
  const { form, balances, quote } = st;
  const notes = fieldNotes(form, check, balances, o.max, o.wallet, o.solUsd);
  // Warned as soon as the amount (or, for ExactOut, the most the quote may take) exceeds the balance.
  const need =
    form.mode === 'ExactIn'
      ? check.amount
      : quote && quote.key === o.quoteKey
        ? BigInt(quote.quote.otherAmountThreshold)
        : undefined;
  const short =
    check.input && need !== undefined
      ? shortfall(tokenRef(check.input), need, balances[check.input.id]?.raw, balances[NATIVE_MINT]?.raw)
      : undefined;
  if (short) notes.amount = `⚠ ${short}`;
  if (st.balanceError && notes.input) notes.input = `${notes.input} · ${st.balanceError}`;
  return notes;
}

/** The line under the form: how to show or hide the advanced fields, or where the output goes. */
export function advancedLine(
  advanced: boolean,
  check: FormCheck,
  wallet: string | undefined,
  shown: { start: number; end: number; total: number },
): string {
  const scrolled = shown.start > 0 || shown.end < shown.total;
  if (advanced)
    return `a hides the advanced parameters${scrolled ? ` · fields ${shown.start + 1}-${shown.end} of ${shown.total} (j/k scroll)` : ' (route: quote and b; receiver..tip: s; wrap..bundle: b)'}`;
  return hiddenDestination(check, wallet) ?? 'a: advanced parameters (routes, receiver, payer, fees, build options)';
}
