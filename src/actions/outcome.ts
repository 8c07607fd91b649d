// What the person reads after a swap: the status, the signature, the amounts that actually moved
// (from the execute answer's swapEvents or totals), and what to do next.
import { ApiError } from '../api/errors.js';
import { RequestRuleError } from '../api/contract/ruleErrors.js';
import { formatAge } from '../text/duration.js';
import { NATIVE_MINT } from '../chain/mints.js';
import type { OrderExecuteResponse } from '../api/types.js';
import type { ActionResult } from '../pipeline/types.js';
import type { SwapOutcome } from '../store/swap.js';
import { amountText, type TokenRef } from './describe.js';

const STATUS_TITLES: Record<string, string> = {
  success: 'Success',
  failed: 'Failed',
  cancelled: 'Cancelled: nothing was signed or sent',
  refused: 'Refused: nothing was signed',
  expired: 'Expired: not executed',
  unknown: 'Outcome not known yet',
};

/** The service's error codes for "no way to trade this" (`GET /swap/v1/quote`, `GET /ultra/v1/order`). */
const NO_ROUTE_CODES = new Set(['COULD_NOT_FIND_ANY_ROUTE']);

/** Plain words for an error thrown while building (quote or order), including rate limits. */
export function explainError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) {
      const wait = err.retryAfterMs !== undefined ? ` for about ${formatAge(err.retryAfterMs + 999)}` : '';
      return `Rate limited by the service (HTTP 429): wait${wait} and try again; the free tier allows about 60 requests a minute.`;
    }
    if (err.status === 401) return 'The service refused the API key (HTTP 401). Check TRADEDECK_API_KEY.';
    if (err.status === 403)
      return 'The API key has no access to this operation (HTTP 403): a plan or permission the key lacks.';
    if (err.errorCode !== undefined && NO_ROUTE_CODES.has(err.errorCode))
      return 'no route for this pair and amount: the service found no way to trade it; try another amount or pair';
    return err.message;
  }
  if (err instanceof RequestRuleError) return `Not sent: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

function sumEvents(
  events: OrderExecuteResponse['swapEvents'],
  mint: string,
  side: 'input' | 'output',
): bigint | undefined {
  if (!Array.isArray(events)) return undefined;
  let total = 0n;
  let seen = false;
  for (const e of events) {
    const m = side === 'input' ? e.inputMint : e.outputMint;
    const a = side === 'input' ? e.inputAmount : e.outputAmount;
    if (m === mint && typeof a === 'string' && /^\d+$/.test(a)) {
      total += BigInt(a);
      seen = true;
    }
  }
  return seen ? total : undefined;
}

function raw(v: unknown): bigint | undefined {
  return typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : undefined;
}

/** The amounts that moved, as the execute answer reports them. */
export function actualAmounts(r: OrderExecuteResponse, input: TokenRef, output: TokenRef, sentTo?: string): string[] {
  const paid = raw(r.inputAmountResult) ?? raw(r.totalInputAmount) ?? sumEvents(r.swapEvents, input.mint, 'input');
  const got = raw(r.outputAmountResult) ?? raw(r.totalOutputAmount) ?? sumEvents(r.swapEvents, output.mint, 'output');
  const lines: string[] = [];
  if (paid !== undefined || got !== undefined) {
    const out = got === undefined ? '?' : amountText(got, output);
    lines.push(
      `Paid ${paid === undefined ? '?' : amountText(paid, input)}, ${sentTo ? `${out} went to ${sentTo} (not this wallet)` : `received ${out}`}`,
    );
  }
  if (Array.isArray(r.swapEvents) && r.swapEvents.length > 1)
    lines.push(`${r.swapEvents.length} swap events along the route`);
  return lines;
}

/**
 * `received`: for a swap sent by RPC (whose answer has no amounts), how much the wallet's balance
 * of the output token changed once it confirmed (for SOL, after the network fees).
 */
export function swapOutcomeOf(
  result: ActionResult,
  via: 'order' | 'swap',
  input: TokenRef,
  output: TokenRef,
  at: number,
  received?: bigint,
  sentTo?: string,
): SwapOutcome {
  const lines: string[] = [];
  const execute =
    via === 'order' && result.result && typeof result.result === 'object'
      ? (result.result as OrderExecuteResponse)
      : undefined;
  if (result.status === 'success') {
    if (execute) lines.push(...actualAmounts(execute, input, output, sentTo));
    // the wallet's balance does not show what went to another account
    else if (sentTo) lines.push(`Confirmed on chain; the output went to ${sentTo} (not this wallet).`);
    else if (via === 'swap' && received !== undefined && received > 0n) {
      lines.push(
        `Received ${amountText(received, output)} (the wallet's ${output.symbol} balance change${output.mint === NATIVE_MINT ? ', after network fees' : ''})`,
      );
    } else if (via === 'swap') lines.push('Confirmed on chain; balances below are refreshed.');
  }
  if (result.status === 'unknown')
    lines.push(
      'The journal keeps it; its outcome is checked again at the next start. Do not swap again until it is known.',
    );
  if (result.code !== undefined && result.status !== 'success') lines.push(`Code ${result.code}`);
  return {
    status: result.status,
    via,
    title: STATUS_TITLES[result.status] ?? result.status,
    ...(result.signature ? { signature: result.signature } : {}),
    ...(result.error ? { error: result.error } : {}),
    ...(result.advice ? { advice: result.advice } : {}),
    lines,
    ...(execute ? { execute } : {}),
    ...(sentTo ? { sentTo } : {}),
    at,
  };
}
