// The Portfolio screen: a fixed head (net worth, change since opened, address, fetcher warnings),
// then a scrolled body of the allocation chart, platforms and their elements, RPC balances and
// spot P&L. `f` edits the platforms filter in its own key layer; Esc returns to your own wallet.
import { Box, Text } from 'ink';
import { useEffect, useRef } from 'react';
import { PromptLine } from '../../components/fields/PromptLine.js';
import { useListView } from '../../components/list/useListView.js';
import { padCell } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { catalogEmpty, loadTokens } from '../../src/actions/swapFlow.js';
import { formatClock } from '../../src/text/format.js';
import type { PortfolioState } from '../../src/portfolio/store.js';
import { useFlash } from '../shared/context.js';
import { useScreenKeys } from '../shared/keys.js';
import { staleOrError, useResourceState } from '../shared/pollState.js';
import type { ScreenProps } from '../shared/types.js';
import { PORTFOLIO_KEYS } from './keys.js';
import { headLines, type Line } from './lines.js';
import { LineText } from './LineText.js';
import { parsePlatforms, PORTFOLIO_SCREEN } from './params.js';
import { usePortfolioBody } from './usePortfolioBody.js';

const clock = (ms: number) => formatClock(new Date(ms));
const NO_WALLET = [
  'No wallet is configured, so there is no portfolio of your own to show.',
  'Start with --keypair FILE (or --address ADDRESS for watch-only),',
  'or type :portfolio ADDRESS to look at any address.',
];

export function PortfolioScreen({ store, services, width, height }: ScreenProps<PortfolioState>) {
  const flash = useFlash();
  const theme = useTheme();
  const { poll } = useResourceState(PORTFOLIO_SCREEN, 'positions', staleOrError);
  const { st, address, baseline, view, body } = usePortfolioBody(services, store, width);
  const { watch, platforms, sort, reverse } = st;
  useEffect(() => {
    if (catalogEmpty(services)) void loadTokens(services);
  }, [store, services]);
  useEffect(() => {
    const words = [watch ? 'watch' : '', platforms.length ? `f:${platforms.join(',')}` : ''];
    services.session.getState().setSubtitle(PORTFOLIO_SCREEN, words.filter(Boolean).join(' '));
  }, [services, watch, platforms]);

  const t = () => store.getState();
  const room = useRef(1);
  const lines = useListView({
    rows: body,
    getKey: (l) => l.text,
    scroll: () => room.current,
    // the platforms filter line, edited in its own layer (every key is text until Enter or Esc)
    filter: {
      text: platforms.join(','),
      set: (text) => {
        try {
          const ids = parsePlatforms(text);
          t().setPlatforms(ids);
          flash('info', ids.length ? `platforms: ${ids.join(', ')}` : 'platforms: all');
        } catch (e) {
          flash('error', (e as Error).message);
          return false;
        }
      },
    },
    sort: {
      next: () => t().setSort(t().sort === 'value' ? 'name' : 'value'),
      reverse: () => t().setSort(t().sort, !t().reverse),
    },
    back: [
      () => t().watch !== null && (t().setWatch(null), flash('info', 'portfolio: your own wallet'), true),
      () => t().platforms.length > 0 && (t().setPlatforms([]), true),
    ],
  });
  const { sort: nextSort, sortReverse, back, filter } = lines.keys;
  useScreenKeys(
    { scope: PORTFOLIO_SCREEN, keys: PORTFOLIO_KEYS },
    { ...lines.moves, sort: nextSort, sortReverse, back, platforms: filter, platformsSlash: filter },
  );

  if (!address) {
    return (
      <Box flexDirection="column" height={height}>
        {NO_WALLET.slice(0, height).map((l, i) => (
          <Text key={i} wrap="truncate">
            {padCell(l, width)}
          </Text>
        ))}
      </Box>
    );
  }
  const paperStart = watch === null ? services.paperStart : undefined;
  const head = headLines(
    {
      ...{ view, address, watching: watch !== null, baseline, platforms, sort, reverse, clock },
      loading: poll?.error === undefined,
      ...(paperStart ? { paperStart } : {}),
    },
    width,
  );
  const editing = lines.filterLine.line();
  const bodyHeight = Math.max(1, height - head.length - (editing ? 1 : 0));
  const scrolls = body.length > bodyHeight;
  room.current = Math.max(1, scrolls ? bodyHeight - 1 : bodyHeight);
  const { top: first, shown } = lines.window(room.current);
  const loading =
    poll?.error !== undefined ? 'Could not load the positions (see the footer); r retries.' : 'Loading positions…';
  const empty: Line[] = view ? [] : [{ text: padCell(loading, width), tone: 'dim' }];
  return (
    <Box flexDirection="column" height={height}>
      {head.map((l, i) => (
        <LineText key={`h${i}`} l={l} theme={theme} />
      ))}
      {/* keyed by the place on screen: a scrolled line is the same Text with new words, not a new one */}
      {[...empty, ...shown].slice(0, room.current).map((l, i) => (
        <LineText key={`b${i}`} l={l} theme={theme} />
      ))}
      {scrolls ? (
        <Text color={theme.dim} wrap="truncate">
          {padCell(
            `lines ${first + 1}-${first + shown.length} of ${body.length}  j/k PgUp/PgDn g/G  o sort  f platforms`,
            width,
          )}
        </Text>
      ) : null}
      {editing ? (
        <PromptLine label="platforms: " line={editing} width={width} focus placeholder="raydium,drift (empty: all)" />
      ) : null}
    </Box>
  );
}
