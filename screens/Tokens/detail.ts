// The token detail as a card: what the token is, its market (price, caps, liquidity, holders,
// supply), the change by window (the list's window marked), safety facts, links, and every other
// field the service sent (so fields the client does not know about still show), each in the one
// format of its kind: prices and USD with "$", big numbers abbreviated, percentages with "%".
import { flattenFields, MISSING, type DetailEntry, type DetailSection } from '../../components/detail/DetailPane.js';
import {
  formatCompact,
  formatCount,
  formatPct,
  formatPercent,
  formatPrice,
  INVALID,
  serviceTime,
} from '../../src/text/format.js';
import type { TokenInterval } from '../../src/api/types.js';
import { printable, statsOf, type TokenRow } from './rows.js';
import { formatAge } from '../../src/text/duration.js';

const WINDOWS: readonly TokenInterval[] = ['5m', '1h', '6h', '24h'];
/** Fields the card shows in its own sections; every other field goes under "Other fields". */
const SHOWN = new Set([
  'id',
  'symbol',
  'name',
  'decimals',
  'usdPrice',
  'mcap',
  'fdv',
  'liquidity',
  'holderCount',
  'circSupply',
  'totalSupply',
  'updatedAt',
  'priceBlockId',
  'stats5m',
  'stats1h',
  'stats6h',
  'stats24h',
  'isVerified',
  'organicScore',
  'organicScoreLabel',
  'audit',
  'tags',
  'cexes',
  'website',
  'twitter',
  'telegram',
  'icon',
  'dev',
  'launchpad',
  'partnerConfig',
  'graduatedPool',
  'graduatedAt',
  'firstPool',
  'tokenProgram',
]);

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const text = (v: unknown, max = 200): string => (typeof v === 'string' && v !== '' ? printable(v, max) : MISSING);
/** USD in the big-number form: "$225M", "$1.22B"; small amounts as a price ("$0.50"). */
const usdBig = (v: unknown): string => {
  const n = num(v);
  if (n === null) return MISSING;
  // caps, liquidity and volumes are never below zero
  const t = n >= 1000 ? formatCompact(n) : formatPrice(n);
  return t === INVALID || t === MISSING ? t : `$${t}`;
};
const yesNo = (v: unknown, yes: string, no: string): string => (v === true ? yes : v === false ? no : MISSING);
const when = (v: unknown, now: number): string => {
  if (typeof v !== 'string' || Number.isNaN(serviceTime(v))) return text(v);
  const ms = serviceTime(v);
  return `${printable(v, 40)} (${ms <= now ? `${formatAge(now - ms)} ago` : `in ${formatAge(ms - now)}`})`;
};

/** Every row, a value the service left out as "—" (a safety fact not known is said, not hidden). */
function entries(list: Array<[string, string]>): DetailEntry[] {
  return list.map(([key, value]) => ({ key, value }));
}

function windowLine(t: Record<string, unknown>, w: TokenInterval): string | undefined {
  const s = statsOf(t as never, w);
  if (!s) return undefined;
  const buys = num(s.buyVolume);
  const sells = num(s.sellVolume);
  const vol = buys !== null || sells !== null ? `vol ${usdBig((buys ?? 0) + (sells ?? 0))}` : undefined;
  const trades =
    num(s.numBuys) !== null || num(s.numSells) !== null
      ? `${formatCount(num(s.numBuys))} buys / ${formatCount(num(s.numSells))} sells`
      : undefined;
  const traders = num(s.numTraders) !== null ? `${formatCount(num(s.numTraders))} traders` : undefined;
  return [formatPct(num(s.priceChange)), vol, trades, traders].filter(Boolean).join(' · ');
}

export function tokenSections(row: TokenRow, now: number): DetailSection[] {
  const token = row.token as Record<string, unknown> | undefined;
  const head: DetailSection = {
    title: `${row.symbol || '?'} ${row.name}`.trim(),
    entries: [
      { key: 'mint', value: row.mint },
      { key: 'rank', value: row.rank === null ? '× not in the current list' : String(row.rank) },
      { key: 'starred', value: row.starred ? 'yes' : 'no' },
      { key: 'prices seen', value: row.history.length ? `${row.history.length} since start` : 'none yet' },
    ],
  };
  if (!token)
    return [head, { title: 'Data', entries: [{ key: '(none)', value: 'no data has been seen for this token yet' }] }];
  const market: DetailSection = {
    title: 'Market',
    entries: entries([
      ['price', formatPrice(num(token.usdPrice), { symbol: true })],
      ['market cap', usdBig(token.mcap)],
      ['FDV', usdBig(token.fdv)],
      ['liquidity', usdBig(token.liquidity)],
      ['holders', formatCount(num(token.holderCount))],
      ['circulating', formatCompact(num(token.circSupply))],
      ['total supply', formatCompact(num(token.totalSupply))],
      ['decimals', typeof token.decimals === 'number' ? String(token.decimals) : MISSING],
      ['updated', when(token.updatedAt, now)],
    ]),
  };
  const change: DetailSection = {
    title: `Price change by window (the list shows ${row.interval})`,
    entries: WINDOWS.flatMap((w) => {
      const line = windowLine(token, w);
      return line === undefined ? [] : [{ key: w === row.interval ? `${w} (list)` : w, value: line }];
    }),
  };
  const audit = (token.audit ?? {}) as Record<string, unknown>;
  const score = num(token.organicScore);
  const safety: DetailSection = {
    title: 'Safety',
    entries: entries([
      ['verified', yesNo(token.isVerified, 'yes ✓', 'no')],
      [
        'organic score',
        token.organicScoreLabel !== undefined || score !== null
          ? `${text(token.organicScoreLabel, 20)}${score !== null ? ` (${Math.round(score)}/100)` : ''}`
          : MISSING,
      ],
      ['mint authority', yesNo(audit.mintAuthorityDisabled, 'disabled ✓', 'ENABLED: more can be minted')],
      ['freeze authority', yesNo(audit.freezeAuthorityDisabled, 'disabled ✓', 'ENABLED: accounts can be frozen')],
      [
        'top holders hold',
        num(audit.topHoldersPercentage) === null ? MISSING : formatPercent(num(audit.topHoldersPercentage)),
      ],
      ['dev mints', num(audit.devMints) === null ? MISSING : formatCount(num(audit.devMints))],
      ['flagged suspicious', yesNo(audit.isSus, 'YES', 'no')],
      [
        'tags',
        Array.isArray(token.tags) && token.tags.length
          ? token.tags.map((t) => printable(String(t), 30)).join(', ')
          : MISSING,
      ],
      [
        'listed on',
        Array.isArray(token.cexes) && token.cexes.length
          ? token.cexes.map((t) => printable(String(t), 30)).join(', ')
          : MISSING,
      ],
    ]),
  };
  const pool = (token.firstPool ?? {}) as Record<string, unknown>;
  const links: DetailSection = {
    title: 'Origin and links',
    entries: entries([
      ['first pool', text(pool.id, 60)],
      ['pool created', when(pool.createdAt, now)],
      ['launchpad', text(token.launchpad)],
      ['graduated pool', text(token.graduatedPool, 60)],
      ['graduated', when(token.graduatedAt, now)],
      ['developer', text(token.dev, 60)],
      ['token program', text(token.tokenProgram, 60)],
      ['website', text(token.website, 300)],
      ['twitter', text(token.twitter, 300)],
      ['telegram', text(token.telegram, 300)],
      ['icon', text(token.icon, 300)],
    ]),
  };
  const otherEntries = Object.entries(token)
    .filter(([key]) => !SHOWN.has(key))
    .flatMap(([key, value]) =>
      flattenFields(value, key).map((e) => ({ key: printable(e.key, 60), value: printable(e.value, 500) })),
    );
  const sections = [head, market, change, safety, links];
  if (otherEntries.length) sections.push({ title: 'Other fields', entries: otherEntries });
  return sections.filter((s) => s.entries.length > 0);
}
