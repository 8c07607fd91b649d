// The safety card of a token about to be bought: the facts of the token record that matter
// (verified, organic score, mint and freeze authority, top holders, holders, liquidity, age, token
// program), and whether it is risky enough to need a typed `yes`: unverified with a live freeze or
// mint authority (the issuer can freeze the bought tokens in place, or mint more at will).
// Free of React; every value missing from the record reads "—".
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../chain/mints.js';
import type { Token } from '../api/types.js';
import { formatCount, formatPercent, formatUsdCompact, MISSING, serviceTime } from '../text/format.js';
import { sanitize } from '../text/sanitize.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../wallet/instructions.js';
import { formatAge } from '../text/duration.js';

/** What a buy is paid with: buying these is not buying "a token" and gets no card. */
export const QUOTE_MINTS: ReadonlySet<string> = new Set([NATIVE_MINT, USDC_MINT, USDT_MINT]);
export const SAFETY_WORD = 'yes';

export interface SafetyLine {
  label: string;
  value: string;
  emphasis?: 'warn' | 'danger';
}

export interface SafetyCard {
  mint: string;
  symbol: string;
  /** the token record was seen (otherwise every fact is unknown) */
  known: boolean;
  /** unverified and a live freeze or mint authority */
  risky: boolean;
  /** the red line, when risky */
  danger?: string;
  facts?: SafetyFacts;
  lines: SafetyLine[];
}

/** Each fact as shown ("—" when the record leaves it out). */
export interface SafetyFacts {
  verified: 'yes' | 'no' | 'unknown';
  organic: string;
  mintAuthority: string;
  freezeAuthority: string;
  topHolders: string;
  holders: string;
  liquidity: string;
  age: string;
  program: string;
}

// service text never repaints the terminal
const clean = (v: unknown, max = 40): string => (typeof v === 'string' ? sanitize(v).trim().slice(0, max) : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function authority(disabled: unknown): { text: string; live: boolean } {
  if (disabled === true) return { text: 'disabled', live: false };
  if (disabled === false) return { text: 'LIVE', live: true };
  return { text: MISSING, live: false };
}

/** Whether a buy of this mint gets a card (not SOL, USDC or USDT: what buys are paid with). */
export function needsCard(mint: string): boolean {
  return !QUOTE_MINTS.has(mint);
}

/** The card of `token` (the catalog's latest record of the mint, if any) as of `now`. */
export function safetyCard(mint: string, token: Token | undefined, now: number): SafetyCard {
  const symbol = clean(token?.symbol, 24) || `${mint.slice(0, 6)}…`;
  if (!token) {
    return {
      mint,
      symbol,
      known: false,
      risky: false,
      lines: [
        {
          label: 'Safety',
          value: 'no token data seen for this mint: verified, authorities and holders unknown',
          emphasis: 'warn',
        },
      ],
    };
  }
  const verified = token.isVerified === true;
  const audit = typeof token.audit === 'object' && token.audit !== null ? token.audit : undefined;
  const mintAuth = authority(audit?.mintAuthorityDisabled);
  const freezeAuth = authority(audit?.freezeAuthorityDisabled);
  const risky = !verified && (mintAuth.live || freezeAuth.live);
  const live = [freezeAuth.live ? 'freeze' : '', mintAuth.live ? 'mint' : ''].filter(Boolean).join(' and ');
  const danger = risky
    ? `UNVERIFIED with live ${live} authority: the issuer can ${freezeAuth.live ? 'freeze your tokens' : ''}${freezeAuth.live && mintAuth.live ? ' and ' : ''}${mintAuth.live ? 'mint more at will' : ''}`
    : undefined;

  const organicLabel = clean(token.organicScoreLabel, 12);
  const organicScore = num(token.organicScore);
  const organic =
    organicLabel || organicScore !== undefined
      ? `${organicLabel || MISSING}${organicScore !== undefined ? ` (${organicScore.toFixed(0)}/100)` : ''}`
      : MISSING;
  const top = num(audit?.topHoldersPercentage);
  const holders = num(token.holderCount);
  const liquidity = num(token.liquidity);
  const created = clean(token.firstPool?.createdAt, 40);
  const createdMs = created ? serviceTime(created) : NaN;
  const age = Number.isFinite(createdMs) ? formatAge(Math.max(0, now - createdMs)) : MISSING;
  const program = clean(token.tokenProgram, 60);
  const programText =
    program === TOKEN_2022_PROGRAM
      ? 'TOKEN-2022 (extensions such as transfer fees possible)'
      : program === TOKEN_PROGRAM
        ? 'SPL Token'
        : program
          ? `program ${program}`
          : 'program —';
  const isSus = audit?.isSus === true;

  const facts: SafetyFacts = {
    verified: verified ? 'yes' : token.isVerified === false ? 'no' : 'unknown',
    organic,
    mintAuthority: mintAuth.text,
    freezeAuthority: freezeAuth.text,
    topHolders: top === undefined ? MISSING : formatPercent(top),
    holders: holders === undefined ? MISSING : formatCount(holders),
    liquidity: liquidity === undefined ? MISSING : formatUsdCompact(liquidity),
    age,
    program: programText,
  };
  // Compact: the card shares the confirm dialog with the trade, at 80x24 too.
  const lines: SafetyLine[] = [];
  if (danger) lines.push({ label: 'RISK', value: danger, emphasis: 'danger' });
  const warn = !verified || organicLabel === 'low' || (liquidity !== undefined && liquidity < 50_000);
  lines.push({
    label: `Safety ${symbol}`,
    value: `${verified ? 'verified' : 'NOT VERIFIED'} · organic ${organic} · ${facts.holders} holders · liquidity ${facts.liquidity} · age ${age}`,
    ...(warn ? { emphasis: 'warn' as const } : {}),
  });
  const auditWarn =
    mintAuth.live || freezeAuth.live || program === TOKEN_2022_PROGRAM || isSus || (top !== undefined && top > 50);
  lines.push({
    label: 'Audit',
    value: `mint authority ${mintAuth.text} · freeze authority ${freezeAuth.text} · top holders ${facts.topHolders} · ${programText}${isSus ? ' · flagged suspicious (isSus)' : ''}`,
    ...(auditWarn ? { emphasis: risky ? ('danger' as const) : ('warn' as const) } : {}),
  });
  return { mint, symbol, known: true, risky, danger, facts, lines };
}

/** The typed word the card asks for: `yes` when risky, otherwise none. */
export function safetyConfirmation(card: SafetyCard | undefined): string | undefined {
  return card?.risky ? SAFETY_WORD : undefined;
}

/** The card's lines for the confirm dialog (the red line first). */
export function safetySummary(card: SafetyCard): SafetyLine[] {
  return card.lines;
}
