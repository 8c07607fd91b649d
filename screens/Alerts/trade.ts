// From an alert to a trade: Enter hands the Orders screen a limit order typed out at the alert's
// price (fired: the price it fired at; armed: its level), s hands Swap the pair. Above a level or
// after a rise the token is sold; below or after a fall it is bought. Nothing is signed here: the
// Orders line is edited (the amount is a placeholder), then the confirm dialog asks as always.
import { limitDraft } from '../../src/alerts/model.js';
import type { Services } from '../../src/services/index.js';
import type { Navigator } from '../shared/intents.js';
import type { Flash } from '../shared/types.js';
import type { AlertRow } from './rows.js';

/** The symbol when it names one token in the catalog, else the mint (never ambiguous). */
export function tokenWord(s: Pick<Services, 'catalog'>, mint: string, symbol: string): string {
  if (!symbol || symbol.endsWith('…')) return mint;
  const same = Object.values(s.catalog.getState().latest).filter(
    (t) => t.symbol.toLowerCase() === symbol.toLowerCase(),
  );
  return same.length === 1 && same[0]!.id === mint ? symbol : mint;
}

export function tradeFromAlert(
  s: Services,
  navigator: Navigator,
  row: AlertRow,
  how: 'limit' | 'swap',
  flash: Flash,
): void {
  const a = row.alert;
  const token = tokenWord(s, a.mint, row.symbol);
  const c = a.condition;
  const sell = c.kind === 'above' || (c.kind === 'change' && (a.firedChange ?? c.pct) > 0);
  if (how === 'swap') {
    navigator.go({
      to: 'swap',
      form: sell
        ? { input: token, output: 'USDC', amount: '', mode: 'ExactIn' }
        : { input: 'USDC', output: token, amount: '', mode: 'ExactIn' },
    });
    return;
  }
  const line = limitDraft(a, token, row.price);
  if (!line) return flash('info', `no price for ${row.symbol} yet: a limit order needs one (s opens Swap)`);
  navigator.go({ to: 'orders', line });
}
