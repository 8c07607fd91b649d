// `tradedeck portfolio` and `tradedeck orders`: a wallet's positions and its limit and DCA orders.
import type { OptionsOf } from '../commands/registry.js';
import type { HeadlessServices } from './print.js';
import type { Config } from '../config/config.js';
import type {
  Portfolio,
  PortfolioElement,
  RecurringListResponse,
  RecurringOrder,
  TriggerListResponse,
  TriggerOrder,
} from '../api/types.js';
import { formatAmount, formatUsd } from '../text/format.js';
import { groupDigits } from '../text/amount.js';
import { printTable, printJson, clean, fitText, formatTime } from './print.js';
import { resolveWallet, walletLine } from './wallet.js';
import { tokenLabels, labelsFrom, tokensFor, type TokenLabels } from './symbols.js';
import { CommandError } from './print.js';
import { isAddress } from '../chain/base58.js';
import { resolveToken } from '../api/resolveToken.js';
import type { LegacyRecurringOrder } from '../orders/store.js';

/** Listings are paged (10 per page); at most this many pages are read per listing. */
export const MAX_PAGES = 10;

// ---------- portfolio ----------

export async function portfolioCommand(
  services: HeadlessServices,
  config: Config,
  positionals: string[],
  opts: OptionsOf<'portfolio'>,
): Promise<string> {
  const platforms = platformsOf(opts);
  const wallet = await resolveWallet(services, config, positionals[0]);
  const portfolio = await services.api.portfolio.positions({
    address: wallet.address,
    ...(platforms ? { platforms } : {}),
  });
  if (opts.json) return printJson(portfolio, opts.indent);
  const labels = portfolioLabels(portfolio);
  const rows: string[][] = [];
  let total = 0;
  for (const el of portfolio.elements) {
    if (typeof el.value === 'number' && Number.isFinite(el.value)) total += el.value;
    const lines = positionLines(el);
    const type = clean(el.type, 16);
    const platform = clean(el.platformId ?? el.label, 24);
    const name = clean(el.name ?? el.label, 28);
    if (lines.length === 0) rows.push([type, platform, name, '', '', formatUsd(numberOr(el.value))]);
    for (const p of lines) {
      const decimals = labels.decimals(p.mint);
      rows.push([
        type,
        platform,
        p.note ? `${name} · ${p.note}` : name,
        labels.symbol(p.mint),
        formatAmount(typeof p.amount === 'number' ? p.amount : undefined, Math.min(decimals ?? 6, 6)),
        formatUsd(numberOr(p.usd)),
      ]);
    }
  }
  const failed = (portfolio.fetcherReports ?? []).filter((r) => r.status === 'failed').map((r) => clean(r.id, 40));
  return (
    walletLine(wallet) +
    (rows.length === 0
      ? 'no positions\n'
      : printTable(['TYPE', 'PLATFORM', 'POSITION', 'ASSET', 'AMOUNT', 'VALUE'], rows, {
          right: new Set([4, 5]),
          fit: [
            ['drop', 0],
            ['cut', 2, 14],
            ['cut', 1, 8],
            ['cut', 3, 6],
            ['drop', 1],
          ],
        })) +
    `total ${formatUsd(total)}\n` +
    (failed.length
      ? fitText(`incomplete: these sources failed and their positions may be missing: ${failed.join(', ')}`)
      : '')
  );
}

/** A platform id as the portfolio names them (`platformId`): lower-case letters, digits and dashes. */
const PLATFORM_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * `--platforms ID,ID`: the ids of GET /portfolio/v1/positions/{address}'s `platforms` filter,
 * checked before anything is sent; undefined without the option.
 */
export function platformsOf(opts: Pick<OptionsOf<'portfolio'>, 'platforms'>): string[] | undefined {
  const given = opts.platforms;
  if (given === undefined) return undefined;
  const text = String(given);
  const ids = text.split(',').map((s) => s.trim());
  if (text.trim() === '')
    throw new CommandError(
      '--platforms: give platform ids separated by commas (for example: --platforms marinade,kamino)',
      2,
    );
  ids.forEach((id, i) => {
    if (id === '') throw new CommandError(`--platforms: item ${i + 1} is empty (ids separated by single commas)`, 2);
    if (!PLATFORM_ID.test(id))
      throw new CommandError(
        `--platforms: "${clean(id, 40)}" is not a platform id (lower-case letters, digits and dashes, as the portfolio's PLATFORM column shows them)`,
        2,
      );
  });
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) throw new CommandError(`--platforms: "${repeated}" is given twice`, 2);
  return ids;
}

interface PositionLine {
  mint: string;
  /** token units */
  amount: unknown;
  usd: unknown;
  note?: string;
}

function numberOr(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function record(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Generic assets ({ value, data: { address, amount } }) as lines. */
function assetLines(assets: unknown, note?: string, sign = 1): PositionLine[] {
  const out: PositionLine[] = [];
  for (const a of list(assets)) {
    const data = record(record(a).data);
    if (typeof data.address !== 'string') continue;
    const amount = numberOr(data.amount);
    const usd = numberOr(record(a).value);
    out.push({
      mint: data.address,
      amount: amount === null ? null : sign * amount,
      usd: usd === null ? null : sign * usd,
      note,
    });
  }
  return out;
}

/** What an element holds, per asset; the variants' shapes beyond `assets` are read leniently. */
function positionLines(el: PortfolioElement): PositionLine[] {
  const data = record(el.data);
  const out = assetLines(data.assets);
  for (const l of list(data.liquidities)) {
    out.push(...assetLines(record(l).assets), ...assetLines(record(l).rewardAssets, 'reward'));
  }
  out.push(...assetLines(data.suppliedAssets, 'supplied'), ...assetLines(data.borrowedAssets, 'borrowed', -1));
  for (const side of ['isolated', 'cross']) {
    for (const pos of list(record(data[side]).positions)) {
      const p = record(pos);
      if (typeof p.address !== 'string') continue;
      const lev = numberOr(p.leverage);
      const note = [clean(p.side, 8), lev === null ? '' : `${lev}x`].filter(Boolean).join(' ');
      out.push({ mint: p.address, amount: p.size, usd: p.value, note: note || undefined });
    }
  }
  return out;
}

/** Symbols and decimals from the portfolio's own tokenInfo. */
function portfolioLabels(portfolio: Portfolio): TokenLabels {
  const infos = Object.entries(record(portfolio.tokenInfo)).map(([mint, v]) => ({ id: mint, ...record(v) }));
  return labelsFrom(infos);
}

// ---------- orders ----------

export async function ordersCommand(
  services: HeadlessServices,
  config: Config,
  positionals: string[],
  opts: OptionsOf<'orders'>,
): Promise<string> {
  const mintText = mintFilterText(opts);
  const wallet = await resolveWallet(services, config, positionals[0]);
  const user = wallet.address;
  const orderStatus = opts.history ? 'history' : 'active';
  const includeFailed = opts.includeFailed === true;
  const mint = mintText === undefined ? undefined : await mintOf(services, mintText);
  const only = opts.limit || opts.dca || opts.standing || opts.vault;
  const wantTrigger = !only || opts.limit === true;
  const wantRecurring = !only || opts.dca === true;
  const wantStanding = !only || opts.standing === true;
  const wantVault = !only || opts.vault === true;
  const triggerPages = (side?: 'inputMint' | 'outputMint') =>
    allPages(
      (page) =>
        services.api.trigger.list({
          user,
          orderStatus,
          page,
          ...(includeFailed ? { includeFailedTx: true } : {}),
          ...(side && mint ? { [side]: mint } : {}),
        }),
      (r: TriggerListResponse) => r.orders,
      (r) => r.page < r.totalPages,
    );
  const [trigger, recurring] = await Promise.all([
    // the trigger listing filters by one side at a time: a mint's orders are those selling it and those buying it
    wantTrigger
      ? mint
        ? Promise.all([triggerPages('inputMint'), triggerPages('outputMint')]).then(mergePages)
        : triggerPages()
      : undefined,
    wantRecurring
      ? allPages(
          // `all`: the DCA (time) orders and the legacy price-based ones, as the Orders screen lists them
          (page) =>
            services.api.recurring.list({
              user,
              orderStatus,
              page,
              recurringType: 'all',
              mint: mint ?? null,
              includeFailedTx: includeFailed,
            }),
          (r: RecurringListResponse) => [
            ...r.time.map((order) => ({ kind: 'dca' as const, order })),
            ...(Array.isArray(r.price) ? r.price : [])
              .filter(isLegacy)
              .map((order) => ({ kind: 'legacy' as const, order })),
          ],
          (r) => r.page < r.totalPages,
        )
      : undefined,
  ]);
  const time = recurring?.items.flatMap((o) => (o.kind === 'dca' ? [o.order] : []));
  const legacy = recurring?.items.flatMap((o) => (o.kind === 'legacy' ? [o.order] : []));
  // the standing orders of this wallet in the state directory, kept and fired by tradedeck itself
  const standing = wantStanding
    ? await standingOrdersOf(config.stateDir, user, services.mode, opts.history === true, mint)
    : undefined;
  // the service's orders from the wallet's vault (its current generation), read with a login
  const vault = wantVault
    ? await (await import('./vault.js')).vaultOrdersOf(services.api, config, wallet, opts.history === true)
    : undefined;
  if (opts.json) {
    return printJson(
      {
        user,
        orderStatus,
        ...(mint ? { mint } : {}),
        includeFailedTx: includeFailed,
        ...(trigger ? { trigger: trigger.items } : {}),
        ...(recurring ? { recurring: time, legacy } : {}),
        ...(standing ? { standing: standing.json } : {}),
        ...(vault ? { vault: vault.json } : {}),
      },
      opts.indent,
    );
  }
  const labels = await tokenLabels(services);
  let out = walletLine(wallet);
  if (mint) out += `only orders that sell or buy ${labels.symbol(mint)} (${mint})\n`;
  if (trigger) out += '\n' + triggerTable(trigger.items, orderStatus, labels, trigger.truncated);
  if (recurring) out += '\n' + recurringTable(time!, orderStatus, labels, recurring.truncated);
  if (legacy?.length) out += '\n' + legacyTable(legacy, orderStatus, labels);
  if (standing) out += '\n' + standing.table;
  if (vault) out += '\n' + vault.table;
  return out;
}

/** The wallet's standing orders of this mode (active, or with --history the rest), as JSON and as a table. */
async function standingOrdersOf(
  stateDir: string,
  wallet: string,
  mode: string,
  history: boolean,
  mint: string | undefined,
): Promise<{ json: unknown[]; table: string }> {
  const [{ loadStanding }, listing] = await Promise.all([
    import('../orders/standing/file.js'),
    import('../orders/standing/listing.js'),
  ]);
  const now = Date.now();
  let orders;
  try {
    orders = (await loadStanding(stateDir)).orders;
  } catch (e) {
    throw new CommandError(`standing orders: ${e instanceof Error ? e.message : String(e)}`, 1);
  }
  const mine = orders.filter(
    (o) =>
      o.terms.wallet === wallet &&
      o.terms.mode === mode &&
      listing.isActive(o, now) !== history &&
      (mint === undefined || o.terms.sell.mint === mint || o.terms.buy.mint === mint),
  );
  const head = `standing orders, kept and fired by tradedeck (${history ? 'history' : 'active'}): ${mine.length}\n`;
  return {
    json: mine.map((o) => listing.standingJson(o, now)),
    table:
      head +
      (mine.length
        ? printTable(
            listing.STANDING_HEADERS,
            mine.map((o) => listing.standingCells(o, now)),
            {
              fit: [
                ['drop', 5],
                ['drop', 4],
                ['cut', 6, 8],
              ],
            },
          )
        : ''),
  };
}

/** `--mint`'s text, checked for what can be checked before the service is asked. */
export function mintFilterText(opts: Pick<OptionsOf<'orders'>, 'mint'>): string | undefined {
  const given = opts.mint;
  if (given === undefined) return undefined;
  const text = given.trim();
  if (text === '') throw new CommandError('--mint: give a token symbol or mint address (for example: --mint SOL)', 2);
  return text;
}

/** A mint address as it is; a symbol or name through the token lists (an unknown one refused). */
async function mintOf(services: HeadlessServices, text: string): Promise<string> {
  if (isAddress(text)) return text;
  const r = resolveToken(text, await tokensFor(services, [text]));
  if (!r.ok) throw new CommandError(`--mint ${clean(r.error, 300)}`, 2);
  return r.token.id;
}

function isLegacy(x: unknown): x is LegacyRecurringOrder {
  return Boolean(x) && typeof x === 'object' && typeof (x as { orderKey?: unknown }).orderKey === 'string';
}

/** Two listings as one: each order once (an order selling and buying the same mint cannot exist, but keys decide). */
function mergePages<T extends { orderKey?: unknown }>([a, b]: [Pages<T>, Pages<T>]): Pages<T> {
  const seen = new Set<unknown>();
  const items = [...a.items, ...b.items].filter((o) => !seen.has(o.orderKey) && (seen.add(o.orderKey), true));
  return { items, truncated: a.truncated || b.truncated };
}

interface Pages<T> {
  items: T[];
  /** more pages exist than were read */
  truncated: boolean;
}

async function allPages<R, T>(
  fetch: (page: number) => Promise<R>,
  items: (r: R) => T[],
  hasMore: (r: R) => boolean,
): Promise<Pages<T>> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const r = await fetch(page);
    out.push(...items(r));
    if (!hasMore(r)) return { items: out, truncated: false };
    if (page >= MAX_PAGES) return { items: out, truncated: true };
  }
}

function heading(what: string, orderStatus: string, count: number, truncated: boolean): string {
  return `${what} (${orderStatus}): ${count}${truncated ? ` shown, more not read (first ${MAX_PAGES} pages)` : ''}\n`;
}

/** A decimal-form amount of the service ("1000.5") grouped for reading ("1,000.5"), with its symbol. */
function amountOf(decimal: unknown, mint: string, labels: TokenLabels): string {
  return `${groupDecimal(decimal)} ${labels.symbol(mint)}`;
}

function groupDecimal(decimal: unknown): string {
  const text = clean(decimal, 40);
  const m = /^(\d+)(\.\d+)?$/.exec(text);
  return m ? groupDigits(m[1]!) + (m[2] ?? '') : text || '—';
}

function filledPct(total: unknown, remaining: unknown): string {
  try {
    const t = BigInt(String(total));
    const r = BigInt(String(remaining));
    if (t <= 0n || r < 0n || r > t) return '—';
    return `${Number(((t - r) * 1000n) / t) / 10}%`;
  } catch {
    return '—';
  }
}

function triggerTable(orders: TriggerOrder[], orderStatus: string, labels: TokenLabels, truncated: boolean): string {
  const head = heading('limit orders', orderStatus, orders.length, truncated);
  if (orders.length === 0) return head;
  const rows = orders.map((o) => [
    clean(o.orderKey, 60),
    clean(o.status, 16),
    amountOf(o.makingAmount, o.inputMint, labels),
    amountOf(o.takingAmount, o.outputMint, labels),
    filledPct(o.rawMakingAmount, o.rawRemainingMakingAmount),
    o.expiredAt ? formatTime(o.expiredAt) : 'never',
    formatTime(o.createdAt),
  ]);
  return (
    head +
    printTable(['ORDER', 'STATUS', 'SELL', 'FOR', 'FILLED', 'EXPIRES UTC', 'CREATED UTC'], rows, {
      right: new Set([4]),
      fit: [
        ['cut', 0, 9],
        ['drop', 6],
        ['drop', 5],
      ],
    })
  );
}

function recurringTable(
  orders: RecurringOrder[],
  orderStatus: string,
  labels: TokenLabels,
  truncated: boolean,
): string {
  const head = heading('DCA orders', orderStatus, orders.length, truncated);
  if (orders.length === 0) return head;
  const rows = orders.map((o) => [
    clean(o.orderKey, 60),
    // the words of the limit table's STATUS (the service's trigger statuses)
    o.userClosed ? 'Cancelled' : o.closeTx ? 'Completed' : 'Open',
    amountOf(o.inAmountPerCycle, o.inputMint, labels),
    every(o.cycleFrequency),
    `${groupDecimal(o.inUsed)} of ${amountOf(o.inDeposited, o.inputMint, labels)}`,
    amountOf(o.outReceived, o.outputMint, labels),
    formatTime(o.createdAt),
  ]);
  return (
    head +
    printTable(['ORDER', 'STATUS', 'PER CYCLE', 'EVERY', 'SPENT', 'RECEIVED', 'CREATED UTC'], rows, {
      fit: [
        ['cut', 0, 9],
        ['drop', 6],
        ['drop', 3],
      ],
    })
  );
}

/** Legacy price-based recurring orders (deprecated; the service still lists them): withdraw or cancel them. */
function legacyTable(orders: LegacyRecurringOrder[], orderStatus: string, labels: TokenLabels): string {
  const head = `legacy price-based DCA orders (${orderStatus}): ${orders.length} (tradedeck withdraw takes out their input or output)\n`;
  const rows = orders.map((o) => [
    clean(o.orderKey, 60),
    'legacy ' +
      (o.userClosed === true ? 'Cancelled' : typeof o.closeTx === 'string' && o.closeTx ? 'Completed' : 'Open'),
    `${groupDecimal(o.inUsed)} of ${amountOf(o.inDeposited, String(o.inputMint ?? ''), labels)}`,
    amountOf(o.outReceived, String(o.outputMint ?? ''), labels),
    amountOf(o.outWithdrawn, String(o.outputMint ?? ''), labels),
    typeof o.createdAt === 'string' ? formatTime(o.createdAt) : '—',
  ]);
  return (
    head +
    printTable(['ORDER', 'STATUS', 'SPENT', 'RECEIVED', 'WITHDRAWN', 'CREATED UTC'], rows, {
      fit: [
        ['cut', 0, 9],
        ['drop', 5],
        ['drop', 4],
      ],
    })
  );
}

/** A cycle in seconds (a number or a digit string) as "1h", "30m", "1d 12h". */
function every(seconds: unknown): string {
  const s = Number(seconds);
  if (!Number.isFinite(s) || s <= 0) return clean(seconds, 12) || '—';
  const parts: string[] = [];
  let rest = Math.round(s);
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.slice(0, 2).join(' ');
}
