// The Portfolio screen's model, free of React: a positions response grouped by platform, then by
// element, each element described as rows of known columns plus generic key/value lines for every
// variant or field this code does not know (never dropped). Service text is made printable here.
import type { FetcherReport, Portfolio } from '../api/types.js';
import { formatAmount, formatPercent, formatPrice, formatUsd, INVALID, MISSING } from '../text/format.js';
import { sanitize } from '../text/sanitize.js';

export { MISSING };

/** Text from the service made safe to draw on one line; missing values are "—". */
export function printable(value: unknown, max = 200): string {
  if (value === null || value === undefined) return MISSING;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return sanitize(text).slice(0, max);
}

export interface KeyValue {
  key: string;
  value: string;
}

/** Every leaf of a value as dotted keys (a.b[0].c = 1); null and absent are "—". */
export function keyValues(value: unknown, prefix: string): KeyValue[] {
  if (value === null || value === undefined) return [{ key: prefix, value: MISSING }];
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ key: prefix, value: '[]' }];
    // a list of plain values (tags) reads as one line
    if (value.every((v) => v === null || typeof v !== 'object'))
      return [{ key: prefix, value: value.map((v) => (v === null ? MISSING : printable(v, 60))).join(', ') }];
    return value.flatMap((v, i) => keyValues(v, `${prefix}[${i}]`));
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [{ key: prefix, value: '{}' }];
    return entries.flatMap(([k, v]) => keyValues(v, prefix ? `${prefix}.${printable(k, 40)}` : printable(k, 40)));
  }
  return [{ key: prefix, value: leafText(prefix, value) }];
}

/**
 * A plain value in the format of its kind, told by its field's name: a rate (`apr`, `apy`, a
 * fraction) in percent, a USD value (`value`, `...Value`, `...Usd`) in USD; anything else as it came.
 */
function leafText(key: string, value: unknown): string {
  const name =
    key
      .replace(/\[\d+\]$/, '')
      .split('.')
      .pop() ?? '';
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (/^(apr|apy)$/i.test(name)) return formatPercent(value * 100);
    if (/^value$|Value$|Usd$/.test(name)) return formatUsd(value);
  }
  return printable(value);
}

/** The fields of `obj` not in `known`, as key/value lines under `prefix`. */
export function extraFields(obj: unknown, known: readonly string[], prefix: string): KeyValue[] {
  if (!isRecord(obj)) return [];
  return Object.entries(obj)
    .filter(([k]) => !known.includes(k))
    .flatMap(([k, v]) => keyValues(v, prefix ? `${prefix}.${printable(k, 40)}` : printable(k, 40)));
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** What names a mint: the catalog first, then the response's tokenInfo. */
export interface TokenNames {
  symbolOf(mint: string): string | undefined;
}

/** tokenInfo of a response as mint -> { symbol, name, decimals, price }; a missing or odd tokenInfo is empty. */
export function tokenInfoOf(
  p: Partial<Portfolio> | undefined,
): Record<string, { symbol?: string; name?: string; decimals?: number; price?: number }> {
  const out: Record<string, { symbol?: string; name?: string; decimals?: number; price?: number }> = {};
  const info = p?.tokenInfo;
  if (!isRecord(info)) return out;
  for (const [key, v] of Object.entries(info)) {
    // seen both keyed by mint, and nested one level by network (solana: { mint: {...} })
    if (
      isRecord(v) &&
      typeof v.symbol !== 'string' &&
      typeof v.address !== 'string' &&
      Object.values(v).some(isRecord)
    ) {
      for (const [mint, inner] of Object.entries(v)) if (isRecord(inner)) out[mint] = pickInfo(inner);
    } else if (isRecord(v)) out[typeof v.address === 'string' ? v.address : key] = pickInfo(v);
  }
  return out;
}

function pickInfo(v: Record<string, unknown>) {
  return {
    symbol: typeof v.symbol === 'string' ? printable(v.symbol, 16) : undefined,
    name: typeof v.name === 'string' ? printable(v.name, 60) : undefined,
    decimals: num(v.decimals) ?? undefined,
    price: num(v.price) ?? undefined,
  };
}

/** One row of an element's table: cells in the element's column order. */
export interface ElementTable {
  columns: Array<{ title: string; align: 'left' | 'right'; width: number }>;
  rows: string[][];
}

export interface ElementView {
  type: string;
  /** the known variant, or null: then everything is in `fields` */
  known: KnownType | null;
  title: string;
  value: number | null;
  tables: Array<{ caption?: string } & ElementTable>;
  /** fields not rendered in a table (unknown variants: all of them) */
  fields: KeyValue[];
}

export interface PlatformView {
  id: string;
  name: string;
  value: number;
  /** 0..1 of the positive total */
  share: number;
  elements: ElementView[];
}

export type KnownType = 'multiple' | 'liquidity' | 'leverage' | 'borrowlend' | 'trade';

export function knownType(type: unknown): KnownType | null {
  if (type === 'multiple' || type === 'liquidity' || type === 'leverage' || type === 'trade') return type;
  if (type === 'borrowlend' || type === 'borrow-lend') return 'borrowlend';
  return null;
}

const PLATFORM_NAMES: Record<string, string> = {
  wallet: 'Wallet',
  'jupiter-exchange': 'Jupiter',
  raydium: 'Raydium',
  drift: 'Drift',
  kamino: 'Kamino',
  marginfi: 'marginfi',
  orca: 'Orca',
  meteora: 'Meteora',
};

/** A platform's display name: the response's own when it carries one, else a known name, else the id. */
export function platformName(id: string, p?: Partial<Portfolio>): string {
  const given = (p as { platforms?: unknown } | undefined)?.platforms;
  const found = Array.isArray(given)
    ? given.find((x) => isRecord(x) && x.id === id)
    : isRecord(given)
      ? given[id]
      : undefined;
  if (isRecord(found) && typeof found.name === 'string' && found.name.trim()) return printable(found.name, 40);
  return PLATFORM_NAMES[id] ?? printable(id, 40);
}

export interface BuildOptions {
  names: TokenNames;
  sort: 'value' | 'name';
  reverse?: boolean;
}

export interface PortfolioView {
  owner: string;
  netWorth: number;
  platforms: PlatformView[];
  /** fetchers whose status is not a success */
  failed: Array<{ id: string; status: string; duration: number | null; platform: string }>;
  elementCount: number;
}

const SUCCESS = ['succeeded', 'success', 'ok'];

/** A fetcher id names its platform ("raydium-clmm" -> raydium) when a platform id starts it. */
function fetcherPlatform(report: FetcherReport, ids: string[], p: Partial<Portfolio>): string {
  const id = printable(report.id, 60);
  const hit = ids.filter((x) => id === x || id.startsWith(`${x}-`)).sort((a, b) => b.length - a.length)[0];
  if (hit) return `${platformName(hit, p)} (${id})`;
  // a split has one part at least
  const head = id.split('-')[0]!;
  return PLATFORM_NAMES[head] ? `${PLATFORM_NAMES[head]} (${id})` : id;
}

export function elementValue(e: unknown): number | null {
  if (!isRecord(e)) return null;
  const v = num(e.value);
  if (v !== null) return v;
  const data = isRecord(e.data) ? e.data : undefined;
  const dv = num(data?.value);
  if (dv !== null) return dv;
  const sumOf = (items: unknown[]) => items.reduce<number>((s, a) => s + (num(isRecord(a) ? a.value : null) ?? 0), 0);
  const assets = list(data?.assets);
  if (assets.length) return sumOf(assets);
  // leverage groups and liquidity pools carry their own values
  const groups = [data?.isolated, data?.cross].filter(isRecord);
  if (groups.some((g) => num(g.value) !== null)) return sumOf(groups);
  const pools = list(data?.liquidities);
  if (pools.some((l) => isRecord(l) && num(l.value) !== null)) return sumOf(pools);
  return null;
}

/**
 * Each element's view, made once for the response's element and the names it was made with: a
 * sort (or anything else that leaves both as they were) only orders them again. With hundreds of
 * positions, making every view again cost a key of the sort most of its time.
 */
const views = new WeakMap<object, { names: TokenNames; view: ElementView }>();

function keptView(e: unknown, names: TokenNames): ElementView {
  if (!isRecord(e)) return elementView(e, names);
  const kept = views.get(e);
  if (kept && kept.names === names) return kept.view;
  const view = elementView(e, names);
  views.set(e, { names, view });
  return view;
}

export function buildPortfolioView(p: Partial<Portfolio> | undefined, o: BuildOptions): PortfolioView {
  const elements = list(p?.elements);
  const byPlatform = new Map<string, unknown[]>();
  for (const e of elements) {
    const id = isRecord(e) && typeof e.platformId === 'string' && e.platformId !== '' ? e.platformId : '(no platform)';
    const group = byPlatform.get(id) ?? [];
    group.push(e);
    byPlatform.set(id, group);
  }
  const platforms: PlatformView[] = [...byPlatform.entries()].map(([id, els]) => {
    const views = els.map((e) => keptView(e, o.names));
    return {
      id: printable(id, 60),
      name: platformName(id, p),
      value: views.reduce((s, v) => s + (v.value ?? 0), 0),
      share: 0,
      elements: views,
    };
  });
  const netWorth = platforms.reduce((s, x) => s + x.value, 0);
  const positive = platforms.reduce((s, x) => s + Math.max(0, x.value), 0);
  for (const x of platforms) x.share = positive > 0 ? Math.max(0, x.value) / positive : 0;
  const dir = o.reverse ? -1 : 1;
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  platforms.sort((a, b) => dir * (o.sort === 'name' ? byName(a, b) : b.value - a.value || byName(a, b)));
  for (const x of platforms)
    x.elements.sort(
      (a, b) => dir * (o.sort === 'name' ? a.title.localeCompare(b.title) : (b.value ?? 0) - (a.value ?? 0)),
    );
  const ids = [...byPlatform.keys()];
  const failed = list(p?.fetcherReports)
    .filter((r): r is FetcherReport => isRecord(r))
    .filter((r) => !SUCCESS.includes(String(r.status).toLowerCase()))
    .map((r) => ({
      id: printable(r.id, 60),
      status: printable(r.status, 30),
      duration: num(r.duration),
      platform: fetcherPlatform(r, ids, p ?? {}),
    }));
  return { owner: printable(p?.owner, 60), netWorth, platforms, failed, elementCount: elements.length };
}

// ---------- element variants ----------

const ELEMENT_KEYS = ['type', 'label', 'platformId', 'name', 'value', 'data'];
const ASSET_KEYS = ['type', 'networkId', 'value', 'data'];
const ASSET_DATA_KEYS = ['address', 'amount', 'price'];

/** A portfolio value (a holding's worth, a total): the one USD value format. */
const usd = (n: number | null): string => formatUsd(n);
/** A price per token (entry, mark, liquidation): the one price format, with its "$". */
const price = (n: number | null): string => formatPrice(n, { symbol: true });
export { usd as formatValue, price as formatTokenPrice };

/** A rate given as a fraction (0.0961) in percent ("9.61%"). */
function pct(n: number | null): string {
  return n === null ? MISSING : formatPercent(n * 100);
}

function mintName(mint: unknown, names: TokenNames): string {
  if (typeof mint !== 'string' || mint === '') return MISSING;
  const s = names.symbolOf(mint);
  return s ? printable(s, 16) : `${printable(mint.slice(0, 4))}…${printable(mint.slice(-4))}`;
}

/** An asset (`data.assets[]` of a `multiple` element of GET /portfolio/v1/positions/{address}) as cells: token, amount, price, value; its extra fields as key/values. */
function assetCells(a: unknown, names: TokenNames, prefix: string, extras: KeyValue[]): string[] {
  if (!isRecord(a)) {
    extras.push(...keyValues(a, prefix));
    return [MISSING, MISSING, MISSING, MISSING];
  }
  const d = isRecord(a.data) ? a.data : {};
  extras.push(...extraFields(a, ASSET_KEYS, prefix), ...extraFields(d, ASSET_DATA_KEYS, `${prefix}.data`));
  if (a.data !== undefined && !isRecord(a.data)) extras.push(...keyValues(a.data, `${prefix}.data`));
  return [mintName(d.address, names), formatAmount(num(d.amount)), price(num(d.price)), usd(num(a.value))];
}

const ASSET_COLUMNS: ElementTable['columns'] = [
  { title: 'Token', align: 'left', width: 10 },
  { title: 'Amount', align: 'right', width: 14 },
  { title: 'Price', align: 'right', width: 11 },
  { title: 'Value', align: 'right', width: 13 },
];

function assetTable(assets: unknown, names: TokenNames, prefix: string, extras: KeyValue[], caption?: string) {
  const rows = list(assets).map((a, i) => assetCells(a, names, `${prefix}[${i}]`, extras));
  return { caption, columns: ASSET_COLUMNS, rows };
}

export function elementView(e: unknown, names: TokenNames): ElementView {
  const rec = isRecord(e) ? e : {};
  const type = printable(rec.type, 40);
  const known = knownType(rec.type);
  const titleParts = [rec.label, rec.name]
    .filter((x) => typeof x === 'string' && x.trim() !== '')
    .map((x) => printable(x, 40));
  const title = titleParts.length ? [...new Set(titleParts)].join(' · ') : type;
  const value = elementValue(e);
  if (!isRecord(e)) return { type, known: null, title, value, tables: [], fields: keyValues(e, 'element') };
  if (!known)
    return {
      type,
      known: null,
      title,
      value,
      tables: [],
      fields: extraFields(rec, ['type', 'label', 'name', 'platformId'], ''),
    };

  const fields: KeyValue[] = extraFields(rec, ELEMENT_KEYS, '');
  const data = isRecord(rec.data) ? rec.data : {};
  if (rec.data !== undefined && !isRecord(rec.data)) fields.push(...keyValues(rec.data, 'data'));
  const tables: ElementView['tables'] = [];
  switch (known) {
    case 'multiple': {
      tables.push(assetTable(data.assets, names, 'data.assets', fields));
      fields.push(...extraFields(data, ['assets'], 'data'));
      break;
    }
    case 'liquidity': {
      list(data.liquidities).forEach((l, i) => {
        const lp = isRecord(l) ? l : {};
        const p = `data.liquidities[${i}]`;
        const yields = list(lp.yields);
        const apr = isRecord(yields[0]) ? num(yields[0].apr) : null;
        const caption = `${printable(lp.name ?? `pool ${i + 1}`, 40)}  value ${usd(num(lp.value))}  APR ${pct(apr)}  rewards ${usd(num(lp.rewardAssetsValue))}`;
        tables.push(assetTable(lp.assets, names, `${p}.assets`, fields, caption));
        if (list(lp.rewardAssets).length)
          tables.push(assetTable(lp.rewardAssets, names, `${p}.rewardAssets`, fields, 'rewards'));
        if (isRecord(l))
          fields.push(
            ...extraFields(
              lp,
              ['assets', 'assetsValue', 'rewardAssets', 'rewardAssetsValue', 'value', 'yields', 'name'],
              p,
            ),
          );
        else fields.push(...keyValues(l, p));
        yields.slice(1).forEach((y, j) => fields.push(...keyValues(y, `${p}.yields[${j + 1}]`)));
        if (isRecord(yields[0])) fields.push(...extraFields(yields[0], ['apr', 'apy'], `${p}.yields[0]`));
      });
      fields.push(...extraFields(data, ['liquidities'], 'data'));
      break;
    }
    case 'leverage': {
      const columns: ElementTable['columns'] = [
        { title: 'Market', align: 'left', width: 7 },
        { title: 'Side', align: 'left', width: 5 },
        { title: 'Size', align: 'right', width: 9 },
        { title: 'Entry', align: 'right', width: 10 },
        { title: 'Mark', align: 'right', width: 10 },
        { title: 'Liq.', align: 'right', width: 10 },
        { title: 'Lev', align: 'right', width: 6 },
        { title: 'PnL', align: 'right', width: 11 },
      ];
      for (const group of ['isolated', 'cross']) {
        const g = data[group];
        if (g === undefined) continue;
        const gr = isRecord(g) ? g : {};
        const rows = list(gr.positions).map((pos, i) => {
          const x = isRecord(pos) ? pos : {};
          const p = `data.${group}.positions[${i}]`;
          if (isRecord(pos))
            fields.push(
              ...extraFields(
                x,
                [
                  'address',
                  'side',
                  'size',
                  'sizeValue',
                  'collateralValue',
                  'entryPrice',
                  'markPrice',
                  'liquidationPrice',
                  'leverage',
                  'pnlValue',
                  'value',
                ],
                p,
              ),
            );
          else fields.push(...keyValues(pos, p));
          const lev = num(x.leverage);
          return [
            mintName(x.address, names),
            printable(x.side, 8),
            formatAmount(num(x.size)),
            price(num(x.entryPrice)),
            price(num(x.markPrice)),
            price(num(x.liquidationPrice)),
            lev === null ? MISSING : `${lev.toFixed(1)}x`,
            signedUsd(num(x.pnlValue)),
          ];
        });
        tables.push({ caption: `${group}  value ${usd(num(gr.value))}`, columns, rows });
        if (isRecord(g)) fields.push(...extraFields(gr, ['positions', 'value'], `data.${group}`));
        else fields.push(...keyValues(g, `data.${group}`));
      }
      fields.push(...extraFields(data, ['isolated', 'cross'], 'data'));
      break;
    }
    case 'borrowlend': {
      const health = num(data.healthRatio);
      tables.push(
        assetTable(
          data.suppliedAssets,
          names,
          'data.suppliedAssets',
          fields,
          `supplied ${usd(num(data.suppliedValue))}`,
        ),
      );
      tables.push(
        assetTable(
          data.borrowedAssets,
          names,
          'data.borrowedAssets',
          fields,
          `borrowed ${usd(num(data.borrowedValue))}  health ${pct(health)}`,
        ),
      );
      // yields are listed per asset, in the order of the assets: named by the asset's token
      const yieldLines = (key: string, assets: string, side: string) =>
        list(data[key]).flatMap((ys, i) => {
          const asset = list(data[assets])[i];
          const name = isRecord(asset) && isRecord(asset.data) ? mintName(asset.data.address, names) : `asset ${i + 1}`;
          const all = list(ys);
          return all.flatMap((y, j) => {
            const label = `${side} ${name} APR${all.length > 1 ? ` (${j + 1})` : ''}`;
            return isRecord(y) && num(y.apr) !== null ? [{ key: label, value: pct(num(y.apr)) }] : keyValues(y, label);
          });
        });
      fields.push(
        ...yieldLines('suppliedYields', 'suppliedAssets', 'supplied'),
        ...yieldLines('borrowedYields', 'borrowedAssets', 'borrowed'),
      );
      if (data.collateralRatio !== undefined)
        fields.push({ key: 'collateralRatio', value: printable(data.collateralRatio) });
      if (list(data.rewardAssets).length)
        tables.push(assetTable(data.rewardAssets, names, 'data.rewardAssets', fields, 'rewards'));
      fields.push(
        ...extraFields(
          data,
          [
            'suppliedAssets',
            'suppliedValue',
            'suppliedYields',
            'borrowedAssets',
            'borrowedValue',
            'borrowedYields',
            'collateralRatio',
            'healthRatio',
            'rewardAssets',
            'value',
          ],
          'data',
        ),
      );
      break;
    }
    case 'trade': {
      const filled = num(data.filledPercentage);
      const caption = `${mintName(data.inputAddress, names)} → ${mintName(data.outputAddress, names)}  filled ${pct(filled)}  in ${formatAmount(num(data.initialInputAmount))}  expected out ${formatAmount(num(data.expectedOutputAmount))}`;
      tables.push(assetTable(data.assets, names, 'data.assets', fields, caption));
      fields.push(
        ...extraFields(
          data,
          [
            'assets',
            'inputAddress',
            'outputAddress',
            'initialInputAmount',
            'expectedOutputAmount',
            'filledPercentage',
            'withdrawnOutputAmount',
            'inputPrice',
            'outputPrice',
          ],
          'data',
        ),
      );
      for (const k of ['withdrawnOutputAmount', 'inputPrice', 'outputPrice'])
        if (data[k] !== undefined) fields.push({ key: k, value: printable(data[k]) });
      break;
    }
  }
  return { type, known, title, value, tables, fields };
}

/** A gain or loss in USD: "+" for a gain, "-" for a loss (formatUsd gives the minus). */
function signedUsd(n: number | null): string {
  if (n === null) return MISSING;
  return (n > 0 && usd(n) !== INVALID ? '+' : '') + usd(n);
}

export { signedUsd };
