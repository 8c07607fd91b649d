// The detail view of one order (Enter): every field with a label and units, the trades, and the
// transactions as explorer links in plain text. Legacy price-based recurring orders are marked.
import { flattenFields, type DetailEntry, type DetailSection } from '../../components/detail/DetailPane.js';
import { formatPercent, formatPrice, MISSING, serviceTime } from '../../src/text/format.js';
import type { Services } from '../../src/services/index.js';
import {
  amountOf,
  countdown,
  cyclesOf,
  nextCycleAt,
  nextCycleText,
  printable,
  tokenView,
  type OrderRow,
  type TokenView,
} from './rows.js';
import { durationWords } from '../../src/text/duration.js';

/** A transaction as a plain-text explorer link (the configured template, --explorer-url). */
export function explorerLink(s: Pick<Services, 'explorer'>, sig: unknown): string {
  if (typeof sig !== 'string' || sig === '') return MISSING;
  const link = s.explorer(sig);
  // demo and paper transactions are on no explorer: the signature itself
  return printable(link ?? sig, 300);
}

const e = (key: string, value: unknown): DetailEntry => ({
  key,
  value: value === undefined || value === null || value === '' ? MISSING : printable(value, 400),
});

function when(iso: unknown, now: number): string {
  if (typeof iso !== 'string') return MISSING;
  const t = serviceTime(iso);
  return Number.isFinite(t) ? `${printable(iso, 40)} (${countdown(t, now)})` : printable(iso, 40);
}

function tradeEntries(
  s: Pick<Services, 'explorer'>,
  trades: unknown,
  input: TokenView,
  output: TokenView,
  now: number,
): DetailEntry[] {
  if (!Array.isArray(trades) || trades.length === 0) return [{ key: 'trades', value: 'none yet' }];
  return trades.flatMap((raw, i) => {
    const t = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const inText = amountOf(t.rawInputAmount, t.inputAmount, input);
    const outText = amountOf(t.rawOutputAmount, t.outputAmount, output);
    const inN = Number(t.inputAmount);
    const outN = Number(t.outputAmount);
    // in exchange notation: what one input token fetched, in the output
    const price = inN > 0 && outN > 0 ? `${input.symbol}/${output.symbol} ${formatPrice(outN / inN)}` : MISSING;
    const feeToken = t.feeMint === input.mint ? input : output;
    return [
      e(`#${i + 1} time`, when(t.confirmedAt, now)),
      e(`#${i + 1} in → out`, `${inText} → ${outText} at ${price}`),
      e(`#${i + 1} fee`, amountOf(t.rawFeeAmount, t.feeAmount, feeToken)),
      e(`#${i + 1} action`, t.action),
      e(`#${i + 1} tx`, explorerLink(s, t.txId)),
    ];
  });
}

/** The trigger's slippage in the dialog's words: none set (absent or "0") is the service's default. */
export function slippageText(bps: unknown): string {
  const n =
    typeof bps === 'string' && /^\d+$/.test(bps)
      ? Number(bps)
      : typeof bps === 'number' && Number.isInteger(bps) && bps >= 0
        ? bps
        : undefined;
  if (bps === undefined || bps === null || n === 0) return "the service's default";
  if (n === undefined) return printable(bps, 12);
  return `${formatPercent(n / 100)} when it fills (${n} bps)`;
}

/** A per-cycle bound the service sends as 0 (or not at all) when none was set. */
function unsetOr(raw: unknown, none: string, shown: () => string): string {
  return raw === undefined || raw === null || raw === '0' || raw === 0 ? none : shown();
}

const SHOWN_LIMIT = new Set([
  'orderKey',
  'userPubkey',
  'inputMint',
  'outputMint',
  'makingAmount',
  'takingAmount',
  'remainingMakingAmount',
  'remainingTakingAmount',
  'rawMakingAmount',
  'rawTakingAmount',
  'rawRemainingMakingAmount',
  'rawRemainingTakingAmount',
  'slippageBps',
  'expiredAt',
  'createdAt',
  'updatedAt',
  'status',
  'openTx',
  'closeTx',
  'programVersion',
  'trades',
]);

function others(order: Record<string, unknown>, shown: Set<string>): DetailSection[] {
  const rest = Object.entries(order).filter(([k]) => !shown.has(k));
  if (rest.length === 0) return [];
  return [
    { title: 'Other fields', entries: rest.flatMap(([k, v]) => flattenFields(v, k)).map((x) => e(x.key, x.value)) },
  ];
}

export function orderSections(s: Pick<Services, 'catalog' | 'explorer'>, row: OrderRow, now: number): DetailSection[] {
  const o = row.order as Record<string, unknown>;
  const input = tokenView(s, o.inputMint);
  const output = tokenView(s, o.outputMint);
  const pair = [
    e('pair', `${input.symbol} → ${output.symbol}`),
    e('input mint', input.mint),
    e('output mint', output.mint),
  ];
  if (row.kind === 'limit') {
    const lr = row;
    return [
      {
        title: `Limit order ${lr.key}`,
        entries: [
          e('status', lr.status),
          ...pair,
          e('sell (making)', amountOf(o.rawMakingAmount, o.makingAmount, input, 9)),
          e('for (taking)', amountOf(o.rawTakingAmount, o.takingAmount, output, 9)),
          e('remaining to sell', amountOf(o.rawRemainingMakingAmount, o.remainingMakingAmount, input, 9)),
          e('remaining to get', amountOf(o.rawRemainingTakingAmount, o.remainingTakingAmount, output, 9)),
          e('filled', lr.filled),
          e('limit price', lr.price),
          e('vs market', lr.market === MISSING ? 'unknown (no USD price)' : `${lr.market} (token list prices)`),
          e('slippage', slippageText(o.slippageBps)),
          e('expires', o.expiredAt === null ? 'no expiry' : when(o.expiredAt, now)),
          e('created', when(o.createdAt, now)),
          e('updated', when(o.updatedAt, now)),
          e('maker', o.userPubkey),
          e('program version', o.programVersion),
        ],
      },
      { title: 'Trades', entries: tradeEntries(s, o.trades, input, output, now) },
      {
        title: 'Transactions',
        entries: [
          e('open tx', explorerLink(s, o.openTx)),
          e('close tx', o.closeTx ? explorerLink(s, o.closeTx) : 'not closed'),
        ],
      },
      ...others(o, SHOWN_LIMIT),
    ];
  }
  const legacy = row.kind === 'legacy';
  const freq =
    typeof o.cycleFrequency === 'string' ? Number(o.cycleFrequency) : (o.cycleFrequency as number | undefined);
  const cycles = !legacy ? cyclesOf(row.order as never) : undefined;
  const entries: DetailEntry[] = [
    e('status', row.status),
    e('type', legacy ? 'legacy price-based (deprecated): c cancels, w withdraws' : 'time (DCA)'),
    ...pair,
    e('deposited', amountOf(o.rawInDeposited, o.inDeposited, input, 9)),
    e('used', amountOf(o.rawInUsed, o.inUsed, input, 9)),
    e('withdrawn (in)', amountOf(o.rawInWithdrawn, o.inWithdrawn, input, 9)),
    e('received', amountOf(o.rawOutReceived, o.outReceived, output, 9)),
    e('withdrawn (out)', amountOf(o.rawOutWithdrawn, o.outWithdrawn, output, 9)),
  ];
  if (!legacy) {
    entries.push(
      e('per cycle', amountOf(o.rawInAmountPerCycle, o.inAmountPerCycle, input, 9)),
      e('cycles', `${cycles?.done ?? 0} done of ${cycles?.total ?? MISSING}`),
      e('every', freq && Number.isFinite(freq) ? `${durationWords(freq)} (${freq} s)` : MISSING),
      e('next cycle', row.next !== MISSING ? row.next : nextCycleText(nextCycleAt(row.order as never), now)),
      e('average price', row.avg),
      e(
        'min out / cycle',
        unsetOr(o.rawMinOutAmount, 'none', () => amountOf(o.rawMinOutAmount, o.minOutAmount, output, 9)),
      ),
      e(
        'max out / cycle',
        unsetOr(o.rawMaxOutAmount, 'no limit', () => amountOf(o.rawMaxOutAmount, o.maxOutAmount, output, 9)),
      ),
    );
  } else {
    entries.push(
      e('left to use', amountOf(o.rawInLeft, o.inLeft, input, 9)),
      e('increment (USDC)', o.incrementUsdcValue),
      e('interval', typeof o.orderInterval === 'number' ? `${durationWords(o.orderInterval)}` : o.orderInterval),
      e('next', o.nextExecutionAt),
    );
  }
  entries.push(
    e('closed by you', o.userClosed === true ? 'yes' : 'no'),
    e('created', when(o.createdAt, now)),
    e('updated', when(o.updatedAt, now)),
    e('user', o.userPubkey),
  );
  const shown = new Set([
    'orderKey',
    'userPubkey',
    'inputMint',
    'outputMint',
    'trades',
    'openTx',
    'closeTx',
    'createdAt',
    'updatedAt',
    'userClosed',
    'cycleFrequency',
    'recurringType',
    ...Object.keys(o).filter(
      (k) => /^(raw)?(in|out)[A-Z]/.test(k) || /^(raw)?[a-z]*(Amount|Deposited|Used|Received|Withdrawn|Left)/.test(k),
    ),
  ]);
  if (legacy) for (const k of ['incrementUsdcValue', 'orderInterval', 'nextExecutionAt']) shown.add(k);
  return [
    { title: `${legacy ? 'LEGACY price-based recurring order' : 'DCA order'} ${row.key}`, entries },
    { title: 'Trades', entries: tradeEntries(s, o.trades, input, output, now) },
    {
      title: 'Transactions',
      entries: [
        e('open tx', explorerLink(s, o.openTx)),
        e('close tx', o.closeTx ? explorerLink(s, o.closeTx) : 'not closed'),
      ],
    },
    ...others(o, shown),
  ];
}
