// Reading the vault: its address (GET /trigger/v2/vault), what it holds (read over RPC, never taken
// from the service), and its orders, open or past, with their fills (GET /trigger/v2/orders/history
// and /orders/history/dca), as JSON and as a table's lines. Amounts are told from base units with the
// chain's decimals when the catalog knows the mint; untrusted symbols are cleaned.
import { fromBaseUnits } from '../text/amount.js';
import { FIXED_TOKENS, NATIVE_MINT } from '../chain/mints.js';
import type { ApiClient } from '../api/index.js';
import type { DcaOrderV2, PriceOrderV2, Vault } from '../api/types.js';
import type { RpcClient } from '../rpc/client.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../wallet/instructions.js';
import { sanitize } from '../text/sanitize.js';
import { formatPrice, shortAddress } from '../text/format.js';
import type { VaultOrderRef } from './actions.js';
import type { VaultSession } from './session.js';
import { ApiError } from '../api/errors.js';

/** Pages of history read at most (100 orders a page). */
const MAX_PAGES = 5;

export interface VaultBalance {
  mint: string;
  raw: bigint;
}

export interface VaultReading {
  vault: Vault | null;
  balances: VaultBalance[];
  /** why the balances could not be read (no RPC), when so */
  balanceProblem?: string;
  price: PriceOrderV2[];
  dca: DcaOrderV2[];
}

interface Reader {
  api: ApiClient;
  rpc?: RpcClient;
  session: VaultSession;
}

/** What the vault holds, read over RPC: SOL, and every token account it owns. */
export async function vaultBalances(rpc: RpcClient, vault: string): Promise<VaultBalance[]> {
  const out: VaultBalance[] = [{ mint: NATIVE_MINT, raw: await rpc.getBalance(vault) }];
  const by = new Map<string, bigint>();
  for (const programId of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM])
    for (const a of await rpc.getTokenAccountsByOwner(vault, { programId }))
      if (a.mint && (a.owner === undefined || a.owner === vault))
        by.set(a.mint, (by.get(a.mint) ?? 0n) + (a.amount ?? 0n));
  for (const [mint, raw] of by) out.push({ mint, raw });
  return out;
}

async function pages<T>(read: (offset: number) => Promise<{ orders: T[]; pagination?: { total?: number } }>) {
  const all: T[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await read(page * 100);
    all.push(...r.orders);
    const total = r.pagination?.total;
    if (r.orders.length < 100 || (total !== undefined && all.length >= total)) break;
  }
  return all;
}

/** The vault and its orders: `state` active (open) or past (filled, cancelled, expired). */
export async function readVault(r: Reader, state: 'active' | 'past'): Promise<VaultReading> {
  let vault: Vault | null;
  try {
    vault = await r.session.authed((o) => r.api.triggerV2.vault(o));
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
    vault = null;
  }
  if (!vault) return { vault: null, balances: [], price: [], dca: [] };
  const [price, dca] = await Promise.all([
    pages((offset) => r.session.authed((o) => r.api.triggerV2.priceHistory({ state, limit: 100, offset }, o))),
    pages((offset) => r.session.authed((o) => r.api.triggerV2.dcaHistory({ state, limit: 100, offset }, o))),
  ]);
  let balances: VaultBalance[] = [];
  let balanceProblem: string | undefined;
  if (r.rpc) balances = await vaultBalances(r.rpc, vault.vaultPubkey);
  else balanceProblem = 'no RPC URL configured: the balances are read from the chain (--rpc-url)';
  return { vault, balances, ...(balanceProblem ? { balanceProblem } : {}), price, dca };
}

export interface TokenNames {
  symbol(mint: string): string;
  decimals(mint: string): number | undefined;
}

/** The names of mints from the catalog's latest records, SOL, USDC and USDT as fixed in code, else the mint's start. */
export function tokenNames(latest: () => Readonly<Record<string, { symbol: string; decimals: number }>>): TokenNames {
  return {
    symbol: (m) => FIXED_TOKENS[m]?.symbol ?? latest()[m]?.symbol ?? m.slice(0, 6),
    decimals: (m) => FIXED_TOKENS[m]?.decimals ?? latest()[m]?.decimals,
  };
}

/** "0.1 SOL" from base units, or "N base units of <mint>" when the decimals are not known. */
export function rawWords(raw: string | bigint | null | undefined, mint: string, names: TokenNames): string {
  if (raw === null || raw === undefined) return '?';
  const d = mint === NATIVE_MINT ? 9 : names.decimals(mint);
  const sym = sanitize(names.symbol(mint)).slice(0, 16);
  if (d === undefined) return `${raw} base units of ${sym}`;
  try {
    return `${fromBaseUnits(BigInt(raw), d, { maxFraction: Math.min(d, 9) })} ${sym}`;
  } catch {
    return `? ${sym}`;
  }
}

/** What a price order is, in a few words: "oco tp 180 / sl 140", "single below 140", "trailing 5%". */
export function priceOrderTerms(o: PriceOrderV2): string {
  // a price in USD: its digits however small (0.006600), not rounded to cents
  const usd = (v: number | null | undefined) => (typeof v === 'number' ? formatPrice(v) : '?');
  if (o.orderType === 'oco') return `oco tp ${usd(o.tpPriceUsd)} / sl ${usd(o.slPriceUsd)}`;
  if (o.orderType === 'otoco')
    return `otoco ${o.triggerCondition ?? '?'} ${usd(o.triggerPriceUsd)}, tp ${usd(o.tpPriceUsd)} / sl ${usd(o.slPriceUsd)}`;
  if (typeof o.trailingBps === 'number') return `trailing ${o.trailingBps / 100}% (now ${usd(o.triggerPriceUsd)})`;
  return `${o.triggerCondition ?? '?'} ${usd(o.triggerPriceUsd)}`;
}

/** The fills of a price order: each with its leg (orderContext), amounts and state. */
export function priceFills(o: PriceOrderV2) {
  return (o.events ?? [])
    .filter((e) => e.type === 'fill')
    .map((e) => ({
      timestamp: e.timestamp ?? null,
      state: e.state ?? null,
      orderContext: e.orderContext ?? null,
      inputMint: e.mint ?? o.inputMint,
      inputAmount: e.amount ?? null,
      outputMint: e.outputMint ?? o.outputMint,
      outputAmount: e.outputAmount ?? null,
      txSignature: e.txSignature ?? null,
    }));
}

/** A price order as `vault --json` and `orders --json` list it (the service's record, its fills drawn out). */
export function priceOrderJson(o: PriceOrderV2) {
  const fills = priceFills(o);
  const partial = o.fillPercent !== null && o.fillPercent !== undefined && o.fillPercent > 0 && o.fillPercent < 1;
  return { family: 'price', ...o, terms: priceOrderTerms(o), fills, partiallyFilled: partial };
}

export function dcaOrderJson(o: DcaOrderV2) {
  return {
    family: 'dca',
    ...o,
    fills: (o.events ?? []).filter((e) => e.type === 'fill'),
  };
}

/** The reading as JSON: the vault, its balances (raw, as strings), its orders. */
export function vaultJson(v: VaultReading) {
  return {
    vault: v.vault?.vaultPubkey ?? null,
    custody: "held by the service's custody provider; orders fill from it without asking",
    balances: v.balances.map((b) => ({ mint: b.mint, raw: b.raw.toString() })),
    ...(v.balanceProblem ? { balanceProblem: v.balanceProblem } : {}),
    orders: [...v.price.map(priceOrderJson), ...v.dca.map(dcaOrderJson)],
  };
}

/** The reading as lines of a table (each line within 80 columns, but an id or an address). */
export function vaultTable(v: VaultReading, names: TokenNames, past: boolean): string {
  const head = `vault orders, the service's from your vault (${past ? 'past' : 'active'})`;
  if (!v.vault)
    return `${head}: 0, no vault registered\n  (--vault on stop, tp, trail, oco, buy-above, buy-below or dca makes one)\n`;
  let out = `vault ${v.vault.vaultPubkey}\n  held by the service's custody provider; orders fill from it without asking\n`;
  if (v.balanceProblem) out += `  balances: ${v.balanceProblem}\n`;
  else
    out += `  holds: ${
      v.balances
        .filter((b) => b.raw > 0n)
        .map((b) => rawWords(b.raw, b.mint, names))
        .join(', ') || 'nothing'
    }\n`;
  const rows = [
    ...v.price.map((o) => ({
      id: o.id,
      what: `${rawWords(o.remainingInputAmount ?? o.initialInputAmount, o.inputMint, names)} -> ${sanitize(names.symbol(o.outputMint)).slice(0, 16)}`,
      terms: priceOrderTerms(o),
      state: `${o.orderState}${typeof o.fillPercent === 'number' && o.fillPercent > 0 ? ` ${Math.round(o.fillPercent * 100)}%` : ''}`,
    })),
    ...v.dca.map((o) => ({
      id: o.id,
      what: `${rawWords(o.inputAmountInitial, o.inputMint, names)} -> ${sanitize(names.symbol(o.outputMint)).slice(0, 16)}`,
      terms: `dca ${o.roundsFilled ?? 0}/${o.numberOfRounds ?? '?'} every ${o.intervalSeconds ?? '?'}s`,
      state: o.displayState ?? o.state,
    })),
  ];
  out += `\n${head}: ${rows.length}\n`;
  // the id on its own line (it is what vault edit and vault cancel take), the order under it
  for (const r of rows) out += `  ${sanitize(r.id).slice(0, 76)}\n    ${r.what}, ${r.terms}, ${r.state}\n`;
  return out;
}

/** An order of a reading as the cancel and edit name it. */
export function orderRefOf(v: VaultReading, id: string, names: TokenNames): VaultOrderRef | undefined {
  const p = v.price.find((o) => o.id === id);
  if (p)
    return {
      id,
      family: 'price',
      orderType: p.orderType,
      inputMint: p.inputMint,
      outputMint: p.outputMint,
      ...(p.remainingInputAmount ? { remaining: p.remainingInputAmount } : {}),
      ...(typeof p.tpPriceUsd === 'number' ? { tpPriceUsd: p.tpPriceUsd } : {}),
      ...(typeof p.slPriceUsd === 'number' ? { slPriceUsd: p.slPriceUsd } : {}),
      trailing: typeof p.trailingBps === 'number',
      label: `${p.orderType} order ${shortAddress(id)}: ${rawWords(p.remainingInputAmount ?? p.initialInputAmount, p.inputMint, names)}, ${priceOrderTerms(p)}`,
    };
  const d = v.dca.find((o) => o.id === id);
  if (d)
    return {
      id,
      family: 'dca',
      inputMint: d.inputMint,
      outputMint: d.outputMint,
      label: `DCA ${shortAddress(id)}: ${rawWords(d.inputAmountInitial, d.inputMint, names)} into ${sanitize(names.symbol(d.outputMint)).slice(0, 16)}`,
    };
  return undefined;
}
