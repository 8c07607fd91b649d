// The words that change an open price order of the vault (`vault edit ID tp 260 sl 95`, `:vault
// edit …`): USD prices read by the one amount parser, a trailing distance as a share, a slippage;
// each once, at least one. Pure.
import { AmountError, scaleDecimal } from '../text/amount.js';
import { OrderInputError, PRICE_SCALE, priceFloat } from '../actions/orderRequest.js';
import { parseSlippage } from '../actions/swapRequest.js';
import { TRAILING_BPS } from '../api/contract/triggerV2.js';
import type { VaultEdit } from './actions.js';

export const VAULT_USAGE =
  'vault [edit ID tp P|sl P|price P|trail N%|slippage N% … | cancel ID] [--history] [--yes] [--json]';

const EDIT_WORDS = ['price', 'tp', 'sl', 'trail', 'slippage'] as const;

/** A USD price of an edit, read by the one amount parser: "140", "140.5". */
function usdWord(text: string | undefined, word: string): number {
  if (text === undefined || text === '') throw new OrderInputError(`${word}: give a USD price, e.g. ${word} 140`);
  let scaled: bigint;
  try {
    scaled = scaleDecimal(text.replace(/^@/, ''), PRICE_SCALE, word);
  } catch (e) {
    if (e instanceof AmountError) throw new OrderInputError(e.message);
    throw e;
  }
  if (scaled === 0n) throw new OrderInputError(`${word}: must be greater than zero`);
  return Number(priceFloat(scaled).toPrecision(12));
}

/** `tp 180 sl 140`, `price 150`, `trail 5%`, `slippage 2%`: each word once, at least one. */
export function parseVaultEdit(words: readonly string[]): VaultEdit {
  const edit: VaultEdit = {};
  const seen = new Set<string>();
  if (words.length === 0)
    throw new OrderInputError(`give what to change: ${EDIT_WORDS.map((w) => `${w} …`).join(', ')}`);
  for (let i = 0; i < words.length; i += 2) {
    const word = words[i]!.toLowerCase();
    const value = words[i + 1];
    if (!(EDIT_WORDS as readonly string[]).includes(word))
      throw new OrderInputError(`unexpected "${words[i]}" (change with ${EDIT_WORDS.join(', ')}, each with its value)`);
    if (seen.has(word)) throw new OrderInputError(`${word}: given twice`);
    seen.add(word);
    if (value === undefined || value === '') throw new OrderInputError(`${word}: give a value`);
    if (word === 'price') edit.triggerPriceUsd = usdWord(value, word);
    else if (word === 'tp') edit.tpPriceUsd = usdWord(value, word);
    else if (word === 'sl') edit.slPriceUsd = usdWord(value, word);
    else if (word === 'trail') {
      const m = /^(\d+(?:\.\d{1,2})?)%$/.exec(value);
      const bps = m ? Math.round(Number(m[1]) * 100) : NaN;
      if (!(bps >= TRAILING_BPS.min && bps <= TRAILING_BPS.max))
        throw new OrderInputError(
          `trail: "${value}" is not a share from ${TRAILING_BPS.min / 100}% to ${TRAILING_BPS.max / 100}% (the service's range)`,
        );
      edit.trailingBps = bps;
    } else {
      const v = parseSlippage(value);
      if (typeof v === 'string') throw new OrderInputError(v);
      if (v === undefined) throw new OrderInputError('slippage: give it, e.g. slippage 2%');
      edit.slippageBps = v;
    }
  }
  if (edit.tpPriceUsd !== undefined && edit.slPriceUsd !== undefined && edit.tpPriceUsd <= edit.slPriceUsd)
    throw new OrderInputError(`tp: ${edit.tpPriceUsd} USD is not above sl ${edit.slPriceUsd} USD`);
  if (edit.triggerPriceUsd !== undefined && edit.trailingBps !== undefined)
    throw new OrderInputError('price and trail: a trailing order has no fixed price; give one of them');
  return edit;
}
