// What each form value means, shown right of the field: the quote token it resolved to (with its
// USD price and your balance), the fee in percent, durations in words, the remembered pool.
import { fromBaseUnits } from '../../src/text/amount.js';
import type { Token } from '../../src/api/types.js';
import { formatPercent, formatPrice, shortAddress } from '../../src/text/format.js';
import { durationWords } from '../../src/text/duration.js';
import { resolveToken } from '../../src/api/resolveToken.js';
import { findPool, type LaunchedPool } from '../../src/studio/pools.js';
import { NAME_MAX, type StudioForm } from '../../src/studio/preset.js';
import type { ClaimForm, ClaimField } from '../../src/studio/store.js';
import { parseFieldDuration, parseNumber, type StudioField } from '../../src/studio/validate.js';
import { sanitize } from '../../src/text/sanitize.js';

export const printable = (s: string, max = 24) => sanitize(s).slice(0, max);

function tokenNote(
  text: string,
  tokens: readonly Token[],
  balances: Record<string, bigint>,
): { note: string; token?: Token } {
  const r = resolveToken(text, tokens);
  if (!r.ok) return { note: '' };
  const t = r.token as Token;
  const price = typeof t.usdPrice === 'number' ? `$${formatPrice(t.usdPrice)}` : '$—';
  const bal = balances[t.id];
  return {
    note: `${printable(t.symbol, 10)} ${shortAddress(t.id)} ${price} bal ${bal === undefined ? '—' : fromBaseUnits(bal, t.decimals, { maxFraction: 4 })}`,
    token: t,
  };
}

const capUsd = (text: string, t: Token | undefined) => {
  const n = parseNumber(text);
  if (!Number.isFinite(n) || !t) return '';
  return typeof t.usdPrice === 'number' ? `≈ $${formatPrice(n * t.usdPrice)}` : '≈ $—';
};

/** A duration field in words with its unit ("30 days after the cliff"); `zero` says what 0 means. */
const duration = (text: string, what: string, zero: string) => {
  const s = parseFieldDuration(text);
  return s === undefined ? '' : s === 0 ? zero : `${durationWords(s)} ${what}`;
};

/** A count of tokens or parts; `zero` says what 0 means. */
const count = (text: string, what: string, zero: string) => {
  const n = parseNumber(text);
  return !Number.isFinite(n) ? '' : n === 0 ? zero : what;
};

export function createNotes(
  form: StudioForm,
  tokens: readonly Token[],
  balances: Record<string, bigint>,
): Partial<Record<StudioField, string>> {
  const q = tokenNote(form.quote, tokens, balances);
  const fee = Number(form.feeBps);
  return {
    name: form.name.trim() ? `${[...form.name].length}/${NAME_MAX} characters` : 'required',
    symbol: form.symbol.trim() ? '' : 'required',
    image: form.image.trim() ? 'checked when you press s' : 'required; type read from its bytes',
    quote: q.note,
    initialCap: capUsd(form.initialCap, q.token),
    migrationCap: capUsd(form.migrationCap, q.token),
    quoteDecimals:
      form.quoteDecimals.trim() === '' && q.token ? `auto: ${q.token.decimals} (${printable(q.token.symbol, 10)})` : '',
    feeBps: /^\d+$/.test(form.feeBps.trim()) ? `${formatPercent(fee / 100)} per trade` : '',
    antiSniping: 'Enter toggles',
    lpLocked: form.lpLocked ? 'Enter toggles' : 'unlocked: LP can be pulled',
    vestTotal: count(form.vestTotal, 'tokens of 1,000,000,000', 'tokens: no vesting'),
    vestCliff: count(form.vestCliff, 'tokens unlock at the cliff', 'tokens: none at the cliff'),
    vestPeriods: count(form.vestPeriods, 'releases after the cliff', 'releases'),
    vestDuration: duration(form.vestDuration, 'after the cliff', 'seconds: none'),
    vestCliffAfter: duration(form.vestCliffAfter, 'after migration', 'seconds: the cliff at migration'),
  };
}

export function claimNotes(
  claim: ClaimForm,
  pools: readonly LaunchedPool[],
  tokens: readonly Token[],
  balances: Record<string, bigint>,
): Partial<Record<ClaimField, string>> {
  const known = claim.pool.trim() ? findPool(pools, claim.pool) : undefined;
  const max = claim.max.trim().toLowerCase();
  return {
    pool: known
      ? `${printable(known.symbol, 10)} (${printable(known.name, 16)}) launched here`
      : claim.pool.trim()
        ? 'pasted: not launched from here'
        : 'Enter to paste; or pick in the list',
    max:
      max === '' || max === 'max'
        ? 'everything accrued (m)'
        : `in ${known ? printable(known.quoteSymbol, 10) : 'the quote token'}`,
    quote: known ? `the pool's: ${printable(known.quoteSymbol, 10)}` : tokenNote(claim.quote, tokens, balances).note,
  };
}
