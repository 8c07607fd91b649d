// The new-order form (n): its fields, the command words they make (the same words :limit, :dca and
// :stop, :tp, :trail, :oco, :buy-above, :buy-below read, so the form and the command are one path), which field an input error names, and the
// notes beside each field (the token, its price, the limit against the market).
import type { FieldDef } from '../../components/form/FormLines.js';
import type { Token } from '../../src/api/types.js';
import { compareWithMarket, parseLimitArgs, resolveOrderToken } from '../../src/actions/orderRequest.js';
import { limitPriceBothWays } from '../../src/actions/orderTransactions.js';
import { formatPercent, formatPrice } from '../../src/text/format.js';
import type { OrderFormKind } from '../../src/orders/store.js';
import { parseStandingArgs, STANDING_COMMANDS, type StandingCommand } from '../../src/orders/standing/input.js';
import { printable } from './rows.js';

const text = (key: string, label: string, placeholder: string): FieldDef<string> => ({
  key,
  label,
  kind: 'text',
  placeholder,
});

export const FORM_FIELDS: Record<OrderFormKind, FieldDef<string>[]> = {
  limit: [
    text('amount', 'Amount', 'to sell, e.g. 1.5'),
    text('sell', 'Sell', 'symbol or mint'),
    text('buy', 'Buy', 'symbol or mint'),
    text('total', 'For', 'total, or @price'),
    text('expiry', 'Expiry', 'none, 7d, 2030-01-31'),
    text('slippage', 'Slippage', "service's, or 1%"),
    text('cu', 'Priority fee', 'auto, or N µlamports'),
    text('feeAccount', 'Fee account', 'none, or an account'),
    text('wrap', 'Wrap SOL', 'on (default) or off'),
  ],
  dca: [
    text('total', 'Total', 'to spend, e.g. 300'),
    text('from', 'From', 'symbol or mint'),
    text('to', 'Into', 'symbol or mint'),
    text('orders', 'Orders', 'how many, 2 or more'),
    text('interval', 'Every', '30m, 1h, 1d'),
    text('start', 'First order', 'now, 2h, 2030-01-31'),
    text('custody', 'Custody', 'wallet or vault'),
  ],
  // one field more (a custody) is one line here and one word of the command
  standing: [
    text('type', 'Type', 'stop, tp, trail, …'),
    text('amount', 'Amount', 'to sell or spend'),
    text('sell', 'Sell / spend', 'symbol or mint'),
    text('price', 'Trigger', '@140 (trail: 5%)'),
    text('buy', 'For', 'symbol or mint'),
    text('expiry', 'Expiry', '30d (90d at most)'),
    text('slippage', 'Slippage cap', '1% (the floor)'),
    text('custody', 'Custody', 'wallet or vault'),
  ],
};

/** Whether the form's Custody field says the vault. */
export const isVault = (v: Record<string, string>): boolean => /^vault$/i.test((v.custody ?? '').trim());

/** What each Type is, short enough for the note beside the field at 80 columns. */
const TYPE_NOTES: Record<StandingCommand, string> = {
  stop: 'stop-loss: sells as the price falls',
  tp: 'take-profit: sells as it rises',
  trail: 'trailing stop: sells D under its high',
  oco: 'take-profit + stop-loss, first wins',
  'buy-above': 'buys as the price rises',
  'buy-below': 'buys as the price falls',
};

/** The command a standing form's Type names, or undefined when it names none. */
export function standingCommandOf(type: string): StandingCommand | undefined {
  const t = type.trim().toLowerCase();
  const alias: Record<string, StandingCommand> = {
    'stop-loss': 'stop',
    sl: 'stop',
    'take-profit': 'tp',
    'trailing-stop': 'trail',
    trailing: 'trail',
  };
  return (STANDING_COMMANDS as readonly string[]).includes(t) ? (t as StandingCommand) : alias[t];
}

/** The words of `:limit` / `:dca` / `:stop`… that the form's values make (a standing form's start with its command). */
export function formArgs(kind: OrderFormKind, v: Record<string, string>): string[] {
  const w = (k: string) => (v[k] ?? '').trim();
  if (kind === 'standing') {
    const command = standingCommandOf(w('type')) ?? w('type');
    const price = w('price');
    // a stop's trigger is @PRICE (a bare number is taken as one); a trail's a distance; an OCO's two prices
    // an OCO's entry (OTOCO, from the vault) typed with its prices goes after the token received,
    // each `entry` with the word after it (none when it is last or another price's word), so that
    // an entry given twice or without its price is said as on the command line
    const entry: string[] = [];
    const rest: string[] = [];
    const typed = price.split(/\s+/).filter(Boolean);
    for (let i = 0; i < typed.length; i++) {
      const word = typed[i]!;
      if (!/^entry(=|$)/i.test(word)) rest.push(word);
      else if (word.includes('=')) entry.push(word);
      else {
        const next = typed[i + 1];
        entry.push(word, ...(next !== undefined && !/^(tp|sl|entry)(=|$)/i.test(next) ? [typed[++i]!] : []));
      }
    }
    const prices = rest.join(' ');
    const priceWords =
      command === 'oco' || command === 'trail' || prices === '' || prices.startsWith('@')
        ? prices.split(/\s+/).filter(Boolean)
        : [`@${prices.split(/\s+/)[0]}`, ...prices.split(/\s+/).slice(1)];
    return [
      command,
      w('amount'),
      w('sell'),
      ...priceWords,
      w('buy'),
      ...(w('expiry') ? ['expiry', w('expiry')] : []),
      ...(w('slippage') ? ['slippage', w('slippage')] : []),
      ...(w('custody') ? ['custody', w('custody')] : []),
      ...entry,
    ];
  }
  if (kind === 'dca')
    return [
      w('total'),
      w('from'),
      w('to'),
      w('orders'),
      w('interval'),
      ...(w('start') ? ['start', w('start')] : []),
      ...(w('custody') ? ['custody', w('custody')] : []),
    ];
  // "@160 SOL/USDC": the price and its unit are two words of the command
  const total = w('total').startsWith('@') ? w('total').split(/\s+/) : [w('total')];
  return [
    w('amount'),
    w('sell'),
    ...total,
    w('buy'),
    'expiry',
    w('expiry') || 'none',
    ...(w('slippage') ? ['slippage', w('slippage')] : []),
    'cu',
    w('cu') || 'auto',
    ...(w('feeAccount') ? ['fee-account', w('feeAccount')] : []),
    ...(w('wrap') ? ['wrap', w('wrap')] : []),
  ];
}

/** A typed-out `limit 1 SOL 150 USDC` (from a fired alert) as the form's values. */
export function valuesFromLine(line: string): { kind: OrderFormKind; values: Record<string, string> } | undefined {
  const [word, ...w] = line.trim().replace(/^:/, '').split(/\s+/);
  if (word === 'limit')
    return { kind: 'limit', values: { amount: w[0] ?? '', sell: w[1] ?? '', total: w[2] ?? '', buy: w[3] ?? '' } };
  if (word === 'dca')
    return {
      kind: 'dca',
      values: { total: w[0] ?? '', from: w[1] ?? '', to: w[2] ?? '', orders: w[3] ?? '', interval: w[4] ?? '' },
    };
  return undefined;
}

/** The field an input error speaks of (its message starts with the field's words). */
export function fieldOfError(kind: OrderFormKind, message: string): string {
  const m = message.toLowerCase();
  const table: Array<[RegExp, string]> =
    kind === 'standing'
      ? [
          [/^type/, 'type'],
          [/^(sell token|spend token)/, 'sell'],
          [/^(token received|buy token)/, 'buy'],
          [/^(price|tp|sl|distance|oco|trail|price unit|stop|buy-above|buy-below|entry)/, 'price'],
          [/^expiry/, 'expiry'],
          [/^slippage/, 'slippage'],
          [/^custody/, 'custody'],
          [/^amount/, 'amount'],
        ]
      : kind === 'limit'
        ? [
            [/^sell token/, 'sell'],
            [/^buy token/, 'buy'],
            [/^(total|price)/, 'total'],
            [/^expiry/, 'expiry'],
            [/^slippage/, 'slippage'],
            [/^cu/, 'cu'],
            [/^fee-account/, 'feeAccount'],
            [/^wrap/, 'wrap'],
            [/^amount/, 'amount'],
          ]
        : [
            [/^from token/, 'from'],
            [/^to token/, 'to'],
            [/^(orders|number)/, 'orders'],
            [/^interval/, 'interval'],
            [/^start/, 'start'],
            [/^(total|per order|amount)/, 'total'],
            [/^(custody|unexpected "(wallet|vault)")/, 'custody'],
          ];
  return table.find(([re]) => re.test(m))?.[1] ?? FORM_FIELDS[kind][0]!.key;
}

function tokenNote(text: string | undefined, catalog: readonly Token[]): string | undefined {
  if (!text?.trim()) return undefined;
  try {
    const t = resolveOrderToken(text, 'token', catalog);
    return `${printable(t.symbol, 12)}${typeof t.usdPrice === 'number' ? ` $${formatPrice(t.usdPrice)}` : ''}`;
  } catch (e) {
    return `✗ ${e instanceof Error ? e.message.replace(/^token:? ?/, '') : String(e)}`;
  }
}

/** Beside each field: the token and its price; for the limit, its price both ways and against the market, as much as fits in `noteWidth`. */
export function formNotes(
  kind: OrderFormKind,
  v: Record<string, string>,
  catalog: readonly Token[],
  nowMs: number,
  noteWidth = Infinity,
): Record<string, string | undefined> {
  if (kind === 'standing') {
    const command = standingCommandOf(v.type ?? '');
    const notes: Record<string, string | undefined> = {
      type: command ? TYPE_NOTES[command] : `${v.type ? '✗ ' : ''}stop, tp, trail, oco, buy-above or buy-below`,
      sell: tokenNote(v.sell, catalog),
      buy: tokenNote(v.buy, catalog),
      price:
        command === 'trail'
          ? 'below the high: 5% or 5 (in For)'
          : command === 'oco'
            ? isVault(v)
              ? 'tp 180 sl 140 [entry 150: buy first]'
              : 'tp 180 sl 140'
            : command
              ? 'in For per one Sell (a buy: Sell per For)'
              : 'oco: tp 180 sl 140',
      expiry: v.expiry ? undefined : 'unfired, it ends then',
      slippage: v.slippage ? undefined : isVault(v) ? "service's; 20% for a stop" : 'floor = trigger less this',
      custody: isVault(v) ? "the service's vault holds the funds" : 'wallet (default): yours; vault',
    };
    if (command) {
      try {
        const r = parseStandingArgs(command, formArgs('standing', v).slice(1), catalog, nowMs);
        const m = r.market;
        if (m !== undefined)
          notes.price = `${r.base.symbol} now ${formatPrice(m)} ${r.quote.symbol}`.slice(0, Math.max(8, noteWidth));
        notes.expiry = r.expiryText;
      } catch {
        // the error shows when the person submits; notes speak only of what reads
      }
    }
    return notes;
  }
  if (kind === 'dca')
    return {
      from: tokenNote(v.from, catalog),
      to: tokenNote(v.to, catalog),
      interval: v.interval ? undefined : 'between two buys',
      start: v.start ? undefined : 'when the first buy runs',
      custody: isVault(v) ? "the service's vault holds the funds" : "wallet (default): service's order; vault",
    };
  const notes: Record<string, string | undefined> = {
    sell: tokenNote(v.sell, catalog),
    buy: tokenNote(v.buy, catalog),
    feeAccount: v.feeAccount ? undefined : 'the token account a referral fee goes to',
    wrap: v.wrap ? undefined : 'when SOL is a side; off: your wSOL',
  };
  try {
    const req = parseLimitArgs(formArgs('limit', v), catalog, nowMs);
    const c = compareWithMarket(req);
    const both = limitPriceBothWays(req);
    // a split has one part at least
    const one = both.split(' · ')[0]!;
    const pct = c.pricePct === undefined ? undefined : formatPercent(c.pricePct, { signed: true });
    // the fullest statement that fits beside the field (the dialog says all of it): the market
    // comparison before the price's other direction
    const vs =
      pct === undefined
        ? []
        : [`${pct} vs market${c.worse ? ', fills at once' : ''}`, `${pct}${c.worse ? ', fills now' : ' vs mkt'}`];
    const choices = [...vs.slice(0, 1).map((v) => `${both} · ${v}`), ...vs.map((v) => `${one} · ${v}`), both, one];
    // `both` and `one` are always among the choices
    notes.total = choices.find((t) => [...t].length <= noteWidth) ?? choices[choices.length - 1];
    notes.expiry = req.expiryText;
  } catch {
    // the error shows when the person submits; notes speak only of what reads
  }
  return notes;
}
