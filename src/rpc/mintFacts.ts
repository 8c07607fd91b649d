// The facts that decide what an amount means: a mint's decimals and the token program that owns
// it, read from the mint account over RPC (getAccountInfo), never from the service's token lists.
// SOL (wrapped SOL's mint), USDC and USDT are fixed here and never read or overridden. A mint's
// facts never change, so each is read once and kept in the state directory (mints.json).
import { join } from 'node:path';
import {
  fallback,
  integer,
  maxValue,
  minValue,
  number,
  object,
  optional,
  picklist,
  pipe,
  record,
  string,
  transform,
} from 'valibot';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../chain/mints.js';
import { sanitize } from '../text/sanitize.js';
import type { AccountInfo } from './client.js';
import type { Token } from '../api/types.js';
import { loadStateFile, writeStateFile } from '../state/file.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../wallet/instructions.js';

export interface MintFacts {
  decimals: number;
  /** the token program that owns the mint: Token or Token-2022 */
  program: string;
}

/** The mints whose facts are written here and never read: SOL (wrapped SOL), USDC, USDT. */
export const FIXED_MINTS: Readonly<Record<string, MintFacts & { symbol: string; name: string }>> = {
  [NATIVE_MINT]: { symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, program: TOKEN_PROGRAM },
  [USDC_MINT]: { symbol: 'USDC', name: 'USD Coin', decimals: 6, program: TOKEN_PROGRAM },
  [USDT_MINT]: { symbol: 'USDT', name: 'Tether USD', decimals: 6, program: TOKEN_PROGRAM },
};

/**
 * SOL, USDC and USDT are known by heart (the token lists exclude generic top tokens), with the
 * facts fixed in code: no list changes their symbol or decimals.
 */
export const WELL_KNOWN_TOKENS: Token[] = Object.entries(FIXED_MINTS).map(
  ([id, f]) =>
    ({ id, symbol: f.symbol, name: f.name, decimals: f.decimals, tokenProgram: f.program, isVerified: true }) as Token,
);

/**
 * A token list entry with what is fixed of a fixed mint put back over whatever the list said
 * (its symbol, decimals and program): a list can add a price or an icon to SOL, never change what
 * an amount of it means. Other entries are returned as they are.
 */
export function withFixedFacts<T extends { id: string; symbol: string; decimals: number; tokenProgram?: unknown }>(
  t: T,
): T {
  const fixed = FIXED_MINTS[t.id];
  return fixed ? { ...t, symbol: fixed.symbol, decimals: fixed.decimals, tokenProgram: fixed.program } : t;
}

export const MINT_FACTS_FILE = 'mints.json';
const MINT_SIZE = 82;
/** Token-2022 puts its account type (1: mint) right after the 165 bytes of an account's base layout. */
const TOKEN_2022_TYPE_AT = 165;

/** A mint's facts could not be had, or what was read is not a mint; the message is one line. */
export class MintFactsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MintFactsError';
  }
}

/**
 * The facts of the account read at `mint`, or why it is not a mint: it must be owned by the Token
 * or Token-2022 program and hold an initialized mint (82 bytes; a Token-2022 mint with extensions
 * is longer and marked as a mint after the base layout), its decimals at byte 44.
 */
export function mintFactsOf(mint: string, info: AccountInfo | null): MintFacts | string {
  if (info === null) return `there is no account at ${mint} on the chain`;
  if (info.owner !== TOKEN_PROGRAM && info.owner !== TOKEN_2022_PROGRAM)
    return `${mint} is not a token mint (its account belongs to ${info.owner}, not to the Token or Token-2022 program)`;
  const d = info.data;
  const mintShaped =
    d.length === MINT_SIZE ||
    (info.owner === TOKEN_2022_PROGRAM && d.length > TOKEN_2022_TYPE_AT && d[TOKEN_2022_TYPE_AT] === 1);
  if (!mintShaped) return `${mint} is not a token mint (its account holds ${d.length} bytes of another kind)`;
  if (d[45] !== 1) return `${mint} is not an initialized mint`;
  // byte 45 was just read, so byte 44 is there
  return { decimals: d[44]!, program: info.owner };
}

export interface MintFactsReader {
  /** the mint's facts; throws MintFactsError when they cannot be had (no RPC, RPC failing, not a mint) */
  get(mint: string): Promise<MintFacts>;
}

/** The cache: facts by mint, an entry that is not a mint's facts left out (read again from the chain). */
const mintsFile = object({
  mints: pipe(
    record(
      string(),
      fallback(
        optional(
          object({
            decimals: pipe(number(), integer(), minValue(0), maxValue(255)),
            program: picklist([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]),
          }),
        ),
        undefined,
      ),
    ),
    transform((all) => {
      const out: Record<string, MintFacts> = {};
      for (const [mint, f] of Object.entries(all)) if (f && !FIXED_MINTS[mint]) out[mint] = f;
      return out;
    }),
  ),
});

/**
 * Facts read over `readAccount` (RPC getAccountInfo), kept in memory and in `stateDir`/mints.json.
 * Without a reader (no RPC configured) only the fixed mints are known.
 */
export function createMintFacts(o: {
  readAccount?: (address: string) => Promise<AccountInfo | null>;
  stateDir?: string;
}): MintFactsReader {
  const known = new Map<string, MintFacts>();
  let loaded: Promise<void> | undefined;
  const path = o.stateDir ? join(o.stateDir, MINT_FACTS_FILE) : undefined;
  const readFile = async (): Promise<Record<string, MintFacts>> => {
    if (!path) return {};
    try {
      return (await loadStateFile(path, mintsFile))?.mints ?? {};
    } catch {
      // an unreadable cache is read again from the chain, mint by mint
      return {};
    }
  };
  const save = async (mint: string, facts: MintFacts) => {
    if (!o.stateDir) return;
    try {
      // another tradedeck may have added mints meanwhile: theirs are kept
      const all = { ...(await readFile()), [mint]: facts };
      await writeStateFile(o.stateDir, MINT_FACTS_FILE, `${JSON.stringify({ version: 1, mints: all })}\n`);
    } catch {
      // not kept this time: read again next session
    }
  };
  const inflight = new Map<string, Promise<MintFacts>>();
  return {
    async get(mint) {
      const fixed = FIXED_MINTS[mint];
      if (fixed) return { decimals: fixed.decimals, program: fixed.program };
      loaded ??= readFile().then((file) => {
        for (const [m, f] of Object.entries(file)) if (!known.has(m)) known.set(m, f);
      });
      await loaded;
      const hit = known.get(mint);
      if (hit) return hit;
      let reading = inflight.get(mint);
      if (!reading) {
        reading = (async () => {
          if (!o.readAccount)
            throw new MintFactsError(`the decimals of ${mint} cannot be read from the chain: no RPC URL is configured`);
          let info: AccountInfo | null;
          try {
            info = await o.readAccount(mint);
          } catch (err) {
            throw new MintFactsError(
              `the decimals of ${mint} could not be read from the chain (${err instanceof Error ? err.message : String(err)})`,
            );
          }
          const facts = mintFactsOf(mint, info);
          if (typeof facts === 'string') throw new MintFactsError(facts);
          known.set(mint, facts);
          await save(mint, facts);
          return facts;
        })().finally(() => inflight.delete(mint));
        inflight.set(mint, reading);
      }
      return reading;
    },
  };
}

/** A token as a service answer states it: its symbol, and the decimals (and program) it claims. */
export interface ClaimedToken {
  mint: string;
  symbol?: string;
  decimals?: unknown;
  tokenProgram?: unknown;
}

/**
 * Why the service's claim about a token is not traded on, or undefined when it agrees with the
 * chain: "the service says SOL has 12 decimals; the chain says 9: not traded".
 */
export function claimDisagrees(claim: ClaimedToken, facts: MintFacts): string | undefined {
  const name =
    sanitize(claim.symbol ?? '')
      .trim()
      .slice(0, 16) || claim.mint;
  if (claim.decimals !== undefined && claim.decimals !== null && claim.decimals !== facts.decimals)
    return `the service says ${name} has ${String(claim.decimals)} decimals; the chain says ${facts.decimals}: not traded`;
  if (typeof claim.tokenProgram === 'string' && claim.tokenProgram !== facts.program)
    return `the service says ${name} belongs to the program ${claim.tokenProgram}; the chain says ${facts.program}: not traded`;
  return undefined;
}

/**
 * The chain's facts of the mints of a trade, each checked against the decimals its amount was read
 * with and against what the service's token list claims for it (`listed`); a string is the one
 * line saying why nothing is traded (facts unavailable, or a claim the chain contradicts).
 */
export async function tradeFacts(
  reader: MintFactsReader,
  tokens: ReadonlyArray<{ mint: string; symbol: string; decimals: number }>,
  listed: (mint: string) => ClaimedToken | undefined,
): Promise<Map<string, MintFacts> | string> {
  const out = new Map<string, MintFacts>();
  for (const t of tokens) {
    if (out.has(t.mint)) continue;
    let facts: MintFacts;
    try {
      facts = await reader.get(t.mint);
    } catch (err) {
      if (!(err instanceof MintFactsError)) throw err;
      return `${err.message}: not traded`;
    }
    const claim = listed(t.mint);
    const why = (claim && claimDisagrees(claim, facts)) ?? claimDisagrees(t, facts);
    if (why) return why;
    out.set(t.mint, facts);
  }
  return out;
}
