// `:alert SOL > 250` (and the same line typed after `a` on a token row, or `n` / `e` on the Alerts
// view) read into an alert: the token resolved through the one catalog (a mint address always
// works), the condition checked, and a sentence saying what was set.
import { resolveToken } from '../api/resolveToken.js';
import type { Token } from '../api/types.js';
import { isAddress } from '../chain/base58.js';
import { formatPrice } from '../text/format.js';
import type { AlertsStore } from './store.js';
import { printableSymbol } from './store.js';
import {
  AlertInputError,
  alreadyHolds,
  conditionText,
  parseCondition,
  splitAlertLine,
  type Alert,
  type AlertCondition,
} from './model.js';

export interface ReadAlert {
  mint: string;
  symbol: string;
  condition: AlertCondition;
}

/** "SOL > 250" -> the mint, its symbol and the condition; AlertInputError naming what is wrong. */
export function readAlertLine(text: string, latest: Record<string, Token>): ReadAlert {
  const { token, condition } = splitAlertLine(text);
  const parsed = parseCondition(condition);
  const r = resolveToken(token, Object.values(latest));
  if (r.ok) return { mint: r.token.id, symbol: r.token.symbol, condition: parsed };
  if (isAddress(token)) return { mint: token, symbol: '', condition: parsed };
  throw new AlertInputError(`token: ${r.error.replace(/^token:? ?/, '')}`);
}

/** What setting (or changing) an alert says: the condition, the price now, and a note when it already holds. */
export function setText(a: Alert, latest: Record<string, Token>, verb = 'alert set'): string {
  const symbol = printableSymbol(latest[a.mint]?.symbol ?? a.symbol) || `${a.mint.slice(0, 6)}…`;
  const price = latest[a.mint]?.usdPrice ?? undefined;
  const now = typeof price === 'number' ? ` (now ${formatPrice(price, { symbol: true })})` : ' (no price seen yet)';
  const holds = alreadyHolds(a.condition, typeof price === 'number' ? price : undefined)
    ? ': it holds already, so it fires at the next refresh'
    : '';
  return `${verb}: ${symbol} ${conditionText(a.condition)}${now}${holds}`;
}

/** Reads the line and adds the alert; returns the sentence to flash. */
export function addAlertFromLine(
  alerts: AlertsStore,
  latest: Record<string, Token>,
  text: string,
): { alert: Alert; message: string } {
  const read = readAlertLine(text, latest);
  const alert = alerts.getState().add(read.mint, read.symbol, read.condition);
  return { alert, message: setText(alert, latest) };
}
