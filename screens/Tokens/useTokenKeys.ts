// The Tokens screen's own keys on the selected row: s and S open Swap with the token bought or
// sold, w stars it, a opens the alert line with it; the list keys come from the list view.
import type { ListView } from '../../components/list/useListView.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { TokensState } from '../../src/store/index.js';
import { useShell } from '../shared/context.js';
import { useScreenKeys } from '../shared/keys.js';
import type { ScreenProps } from '../shared/types.js';
import { TOKENS_KEYS, TOKENS_SCREEN } from './keys.js';
import type { TokenRow } from './rows.js';
import type { AlertPrompt } from './useAlertPrompt.js';

export function useTokenKeys(
  store: ScreenProps<TokensState>['store'],
  view: ListView<TokenRow>,
  alertPrompt: AlertPrompt,
) {
  const { navigator, flash } = useShell();
  const t = () => store.getState();
  // A symbol other tokens share would be ambiguous in a form or a typed line: the mint never is.
  const tokenWord = (row: TokenRow) => {
    const shared =
      Object.values(t().latest).filter((x) => x.symbol.toLowerCase() === row.symbol.toLowerCase()).length > 1;
    return !row.symbol || shared ? row.mint : row.symbol;
  };
  // s and S open Swap with the selected token on the side bought or sold (the detail's token too).
  const trade = (side: 'buy' | 'sell') => {
    const row = view.cursor.current();
    if (!row) return false;
    const token = tokenWord(row);
    const other = side === 'buy' ? 'SOL' : 'USDC';
    const same = token.toLowerCase() === other.toLowerCase() || row.mint === (side === 'buy' ? NATIVE_MINT : USDC_MINT);
    const counter = same ? (side === 'buy' ? 'USDC' : 'SOL') : other;
    navigator.go({
      to: 'swap',
      form:
        side === 'buy'
          ? { input: counter, output: token, amount: '', mode: 'ExactIn' }
          : { input: token, output: counter, amount: '', mode: 'ExactIn' },
    });
  };
  useScreenKeys(
    { scope: TOKENS_SCREEN, keys: TOKENS_KEYS },
    {
      ...view.keys,
      buy: () => trade('buy'),
      sell: () => trade('sell'),
      alert: () => {
        const row = view.cursor.current();
        if (!row) return false;
        alertPrompt.open(tokenWord(row));
      },
      star: () => {
        const row = view.cursor.current();
        if (!row) return false;
        const on = t().toggleStar(row.mint);
        flash('success', `${on ? 'starred' : 'unstarred'} ${row.symbol || row.mint}`);
      },
    },
  );
}
