// The Portfolio screen: a fixed head (net worth, change since opened, address, fetcher warnings),
// then a scrolled body of the allocation chart, platforms and their elements, RPC balances and
// spot P&L. `f` edits the platforms filter in its own key layer; Esc returns to your own wallet.
import { Box, Text } from 'ink';
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { LineView } from '../../components/fields/LineView.js';
import { useLineEditor } from '../../components/fields/useLineEditor.js';
import { scrollByKey } from '../../components/scroll.js';
import { padCell } from '../../components/text.js';
import { useTheme, type Theme } from '../../components/theme.js';
import { useRefState } from '../../components/useRefState.js';
import { tokenUniverse } from '../../src/actions/swapForm.js';
import { catalogEmpty, loadTokens } from '../../src/actions/swapFlow.js';
import { formatClock } from '../../src/format.js';
import { tokenInfoOf } from '../../src/portfolio/model.js';
import { pnlOf } from '../../src/portfolio/pnl.js';
import { portfolioKey, type PortfolioState } from '../../src/store/portfolio.js';
import { useCatalog, useFlash, useNow } from '../shell/context.js';
import { useScreenKeys } from '../shell/keymap.js';
import { staleOrError, useResourceState } from '../shell/polling.js';
import type { ScreenProps } from '../shell/types.js';
import { PORTFOLIO_KEYS } from './keys.js';
import { parsePlatforms, PORTFOLIO_SCREEN, shownAddress } from './params.js';
import { headLines, portfolioView, positionsBody, type Line, type Lookup, type Tone } from './lines.js';
import { walletBody } from './walletLines.js';
import { isMine, standingOf } from '../../src/orders/standing/checker.js';
import { isActive } from '../../src/orders/standing/listing.js';

const clock = (ms: number) => formatClock(new Date(ms));
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function toneProps(theme: Theme, tone: Tone | undefined): { color?: string; bold?: boolean; dimColor?: boolean } {
  switch (tone) {
    case 'warn':
      return { color: theme.warn, bold: !theme.color };
    case 'up':
      return { color: theme.up };
    case 'down':
      return { color: theme.down };
    case 'dim':
      return { color: theme.dim };
    case 'accent':
      return { color: theme.accent, bold: true };
    case 'bold':
      return { bold: true };
    case undefined:
      return {};
  }
}

function LineText({ l, theme }: { l: Line; theme: Theme }) {
  return (
    <Text wrap="truncate" {...toneProps(theme, l.tone)}>
      {l.text}
    </Text>
  );
}

export function PortfolioScreen({ store, services, width, height }: ScreenProps<PortfolioState>) {
  const flash = useFlash();
  const theme = useTheme();
  const use = <U,>(selector: (s: PortfolioState) => U): U => useStore(store, selector);
  const watch = use((s) => s.watch);
  const platforms = use((s) => s.platforms);
  const sort = use((s) => s.sort);
  const reverse = use((s) => s.reverse);
  const data = use((s) => s.data);
  const balances = use((s) => s.balances);
  const journal = use((s) => s.journal);
  const fills = use((s) => s.fills);
  const latest = useCatalog((s) => s.latest);
  const { poll } = useResourceState(PORTFOLIO_SCREEN, 'positions', staleOrError);

  const address = shownAddress({ watch }, services) ?? null;
  const own = watch === null && services.wallet !== null;
  const wanted = address ? portfolioKey(address, platforms) : null;
  const current = data && data.key === wanted ? data : null;
  const baseline = use((s) => (wanted ? s.baselines[wanted] : undefined)) ?? null;

  useEffect(() => {
    if (catalogEmpty(services)) void loadTokens(services);
  }, [store, services]);
  useEffect(() => {
    services.session
      .getState()
      .setSubtitle(
        PORTFOLIO_SCREEN,
        [watch ? 'watch' : '', platforms.length ? `f:${platforms.join(',')}` : ''].filter(Boolean).join(' '),
      );
  }, [services, watch, platforms]);

  const info = useMemo(() => tokenInfoOf(current?.portfolio), [current]);
  const known = useMemo(() => new Map(tokenUniverse(Object.values(latest)).map((t) => [t.id, t])), [latest]);
  const lookup: Lookup = useMemo(
    () => (mint) => {
      const t = known.get(mint);
      const i = info[mint];
      return {
        symbol: t?.symbol || i?.symbol,
        decimals: t?.decimals ?? i?.decimals,
        price: latest[mint]?.usdPrice ?? null,
        fallbackPrice: i?.price ?? null,
      };
    },
    [known, info, latest],
  );
  const names = useMemo(() => ({ symbolOf: (mint: string) => lookup(mint).symbol }), [lookup]);
  const view = useMemo(
    () => (current ? portfolioView(current.portfolio, names, sort, reverse) : null),
    [current, names, sort, reverse],
  );
  const pnl = useMemo(
    () =>
      journal
        ? pnlOf(
            journal.trades,
            {
              decimalsOf: (m) => lookup(m).decimals,
              priceOf: (m) => lookup(m).price ?? lookup(m).fallbackPrice ?? null,
            },
            fills,
          )
        : null,
    [journal, fills, lookup],
  );

  const paperStart = watch === null ? services.paperStart : undefined;
  const head = headLines(
    {
      view,
      address,
      watching: watch !== null,
      baseline,
      platforms,
      sort,
      reverse,
      clock,
      loading: poll?.error === undefined,
      ...(paperStart ? { paperStart } : {}),
    },
    width,
  );
  // The balances and P&L tables measure every cell of every row (their columns are as wide as the
  // widest): made again when their own data changes, not on every sort of the positions above them.
  const standingAll = useStore(standingOf(services).store, (st) => st.orders);
  // the open ones of this wallet; their countdown moves with the minute, not every second
  const minute = useNow((t) => Math.floor(t / 60_000));
  const standing = useMemo(
    () => standingAll.filter((o) => isMine(services, o.terms) && isActive(o, minute * 60_000)),
    [standingAll, services, minute],
  );
  const walletPart = useMemo(
    () =>
      own ? walletBody({ balances: balances ?? null, pnl, lookup, date, standing, now: minute * 60_000 }, width) : [],
    [own, balances, pnl, lookup, width, standing, minute],
  );
  const positionsPart = useMemo(() => positionsBody(view, width), [view, width]);
  const body = useMemo(() => [...positionsPart, ...walletPart], [positionsPart, walletPart]);

  // the platforms filter line, edited in its own layer (every key is text until Enter or Esc)
  const platformsLine = useLineEditor({
    submit: (text) => {
      try {
        const ids = parsePlatforms(text);
        store.getState().setPlatforms(ids);
        flash('info', ids.length ? `platforms: ${ids.join(', ')}` : 'platforms: all');
      } catch (e) {
        flash('error', (e as Error).message);
        return false;
      }
    },
  });

  const editorShown = platformsLine.line() !== null;
  const bodyHeight = Math.max(1, height - head.length - (editorShown ? 1 : 0));
  const scrolls = body.length > bodyHeight;
  const room = Math.max(1, scrolls ? bodyHeight - 1 : bodyHeight);
  const [offset, setOffset] = useRefState(0);
  const sizes = useRef({ total: body.length, room });
  sizes.current = { total: body.length, room };
  const scroll = (name: string) => {
    const next = scrollByKey(name, offset(), sizes.current.total, sizes.current.room);
    if (next === undefined) return false;
    setOffset(next);
  };
  const t = () => store.getState();
  const openFilter = () => platformsLine.open(t().platforms.join(','));
  useScreenKeys(
    { scope: PORTFOLIO_SCREEN, keys: PORTFOLIO_KEYS },
    {
      down: () => scroll('down'),
      up: () => scroll('up'),
      top: () => scroll('home'),
      bottom: () => scroll('end'),
      pageDown: () => scroll('pagedown'),
      pageUp: () => scroll('pageup'),
      platforms: openFilter,
      platformsSlash: openFilter,
      sort: () => t().setSort(t().sort === 'value' ? 'name' : 'value'),
      sortReverse: () => t().setSort(t().sort, !t().reverse),
      back: () => {
        if (t().watch !== null) {
          t().setWatch(null);
          flash('info', 'portfolio: your own wallet');
          return;
        }
        if (t().platforms.length) return t().setPlatforms([]);
        return false;
      },
    },
  );

  if (!address) {
    const lines = [
      'No wallet is configured, so there is no portfolio of your own to show.',
      'Start with --keypair FILE (or --address ADDRESS for watch-only),',
      'or type :portfolio ADDRESS to look at any address.',
    ];
    return (
      <Box flexDirection="column" height={height}>
        {lines.slice(0, height).map((l, i) => (
          <Text key={i} wrap="truncate">
            {padCell(l, width)}
          </Text>
        ))}
      </Box>
    );
  }

  const top = Math.min(offset(), Math.max(0, body.length - room));
  const visible = body.slice(top, top + room);
  const empty: Line[] = !view
    ? [
        {
          text: padCell(
            poll?.error !== undefined
              ? 'Could not load the positions (see the footer); r retries.'
              : 'Loading positions…',
            width,
          ),
          tone: 'dim',
        },
      ]
    : [];
  return (
    <Box flexDirection="column" height={height}>
      {head.map((l, i) => (
        <LineText key={`h${i}`} l={l} theme={theme} />
      ))}
      {/* keyed by the place on screen: a scrolled line is the same Text with new words, not a new one */}
      {[...empty, ...visible].slice(0, room).map((l, i) => (
        <LineText key={`b${i}`} l={l} theme={theme} />
      ))}
      {scrolls ? (
        <Text color={theme.dim} wrap="truncate">
          {padCell(
            `lines ${top + 1}-${top + visible.length} of ${body.length}  j/k PgUp/PgDn g/G  o sort  f platforms`,
            width,
          )}
        </Text>
      ) : null}
      {editorShown ? (
        <Box>
          <Text color={theme.accent}>platforms: </Text>
          <LineView
            line={platformsLine.line()!}
            width={Math.max(1, width - 12)}
            focus
            placeholder="raydium,drift (empty: all)"
          />
        </Box>
      ) : null}
    </Box>
  );
}
