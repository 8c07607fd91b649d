// The Orders filter line (f or /): "SOL" (sold), ">USDC" (bought) or "SOL>USDC" (the pair); a mint
// works wherever a symbol does, and a mint no list knows is kept as typed.
import { isAddress } from '../../src/chain/base58.js';
import { resolveOrderToken } from '../../src/actions/orderRequest.js';
import type { Services } from '../../src/services/index.js';
import type { MintFilter } from '../../src/orders/store.js';
import { printable } from './rows.js';

/** The filter typed; undefined when nothing is named (no filter); throws naming a token not known. */
export function readMintFilter(typed: string, s: Pick<Services, 'catalog'>): MintFilter | undefined {
  const text = typed.trim();
  if (text === '') return undefined;
  const side = (part: string): { mint: string; symbol: string } | undefined => {
    if (!part) return undefined;
    try {
      const t = resolveOrderToken(part, 'filter', Object.values(s.catalog.getState().latest));
      return { mint: t.id, symbol: printable(t.symbol, 12) };
    } catch (e) {
      if (isAddress(part)) return { mint: part, symbol: `${part.slice(0, 4)}…` };
      throw e;
    }
  };
  const [sold, bought] = text.split('>').map((p) => p.trim());
  // a split has one part at least
  const a = side(sold!);
  const b = side(bought ?? '');
  if (!a && !b) return undefined;
  return {
    text,
    ...(a ? { mint: a.mint } : {}),
    ...(b ? { outputMint: b.mint } : {}),
    symbol: a && b ? `${a.symbol}→${b.symbol}` : a ? a.symbol : `→${b!.symbol}`,
  };
}
