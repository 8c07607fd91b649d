// The paper account's starting balances as the `paperBalance` setting (`--paper-balance 10 SOL,1000
// USDC`) gives them: read with the one amount grammar, checked against the tokens a paper account
// may start with. The account itself is src/services/paperAccount.ts.
import { AmountError, toBaseUnits } from '../text/amount.js';
import { FIXED_TOKENS } from '../chain/mints.js';

export const DEFAULT_PAPER_BALANCE = '10 SOL,1000 USDC';

/** what a starting balance may hold: the paper market knows these before it learns any other */
const STARTING_TOKENS: Record<string, { mint: string; decimals: number }> = Object.fromEntries(
  Object.entries(FIXED_TOKENS).map(([mint, t]) => [t.symbol, { mint, decimals: t.decimals }]),
);

export interface PaperBalance {
  symbol: string;
  mint: string;
  /** base units */
  amount: bigint;
  /** as typed, for messages */
  text: string;
}

/**
 * Reads `10 SOL,1,000.5 USDC`: entries of AMOUNT SYMBOL separated by commas (a comma right after a
 * symbol separates; inside an amount it groups thousands, as everywhere). Throws an Error naming
 * what is wrong; an amount is read by the one amount grammar.
 */
export function parsePaperBalance(text: string): PaperBalance[] {
  const entries: PaperBalance[] = [];
  let rest = text.trim();
  if (rest === '') throw new Error('paper balance: is empty; e.g. 10 SOL,1000 USDC');
  while (rest !== '') {
    const m = /^(\S+?)\s+([A-Za-z]+)\s*(,\s*|$)/.exec(rest);
    if (!m) throw new Error(`paper balance: "${rest.slice(0, 40)}" is not AMOUNT SYMBOL; e.g. 10 SOL,1000 USDC`);
    // the pattern's first two groups take part in every match
    const amountText = m[1]!;
    const typed = m[2]!;
    const symbol = typed.toUpperCase();
    const token = STARTING_TOKENS[symbol];
    if (!token)
      throw new Error(
        `paper balance: ${typed.slice(0, 20)} cannot start an account; give ${Object.keys(STARTING_TOKENS).join(', ')}`,
      );
    if (entries.some((e) => e.symbol === symbol)) throw new Error(`paper balance: ${symbol} is given twice`);
    let amount: bigint;
    try {
      amount = toBaseUnits(amountText, token.decimals, `paper balance ${symbol}`);
    } catch (e) {
      if (e instanceof AmountError) throw new Error(e.message, { cause: e });
      throw e;
    }
    if (amount <= 0n) throw new Error(`paper balance ${symbol}: must be more than 0`);
    entries.push({ symbol, mint: token.mint, amount, text: `${m[1]} ${symbol}` });
    if (m[3] !== '' && rest.slice(m[0].length).trim() === '') throw new Error('paper balance: ends with a comma');
    rest = rest.slice(m[0].length);
  }
  return entries;
}
