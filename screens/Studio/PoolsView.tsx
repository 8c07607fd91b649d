// The launched pools (remembered in the state dir), newest first: symbol, name, quote token, fee,
// the curve's start and migration market cap, when, and the pool address.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { Table, type Column } from '../../components/table/Table.js';
import { padCell } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { formatCompact, formatPercent, shortAddress } from '../../src/text/format.js';
import type { LaunchedPool } from '../../src/studio/pools.js';
import { printable } from './notes.js';
import { formatAge } from '../../src/text/duration.js';

interface PoolRow {
  key: string;
  symbol: string;
  name: string;
  quote: string;
  fee: string;
  curve: string;
  age: string;
  pool: string;
}

function columns(): Column<PoolRow>[] {
  return [
    { id: 'symbol', title: 'SYMBOL', width: 10, format: (r) => r.symbol },
    { id: 'name', title: 'NAME', flex: 1, minWidth: 8, format: (r) => r.name },
    { id: 'quote', title: 'QUOTE', width: 6, format: (r) => r.quote, priority: 2 },
    { id: 'fee', title: 'FEE', width: 6, align: 'right', format: (r) => r.fee, priority: 3 },
    { id: 'curve', title: 'MCAP START→MIG', width: 15, format: (r) => r.curve, priority: 1 },
    { id: 'age', title: 'LAUNCHED', width: 8, format: (r) => r.age, priority: 4 },
    { id: 'pool', title: 'POOL', width: 11, format: (r) => r.pool },
  ];
}

export function poolRows(pools: readonly LaunchedPool[], now: number): PoolRow[] {
  return pools.map((p) => ({
    key: p.pool,
    symbol: printable(p.symbol, 10) + (p.status === 'unknown' ? '?' : ''),
    name: printable(p.name, 32),
    quote: printable(p.quoteSymbol, 6) || '—',
    fee: Number.isFinite(p.feeBps) ? formatPercent(p.feeBps / 100) : '—',
    curve: `${formatCompact(p.initialMarketCap)}→${formatCompact(p.migrationMarketCap)}`,
    age: formatAge(now - Date.parse(p.launchedAt)),
    pool: shortAddress(p.pool),
  }));
}

export interface PoolsViewProps {
  pools: readonly LaunchedPool[];
  selected?: string;
  now: number;
  head: string;
  empty: string;
  width: number;
  height: number;
}

export function PoolsView({ pools, selected, now, head, empty, width, height }: PoolsViewProps) {
  const theme = useTheme();
  const cols = useMemo(() => columns(), []);
  const rows = useMemo(() => poolRows(pools, now), [pools, now]);
  return (
    <Box flexDirection="column" height={height}>
      <Text color={theme.accent} wrap="truncate">
        {padCell(head, width)}
      </Text>
      <Table<PoolRow>
        columns={cols}
        rows={rows}
        getKey={(r) => r.key}
        selectedKey={selected ?? rows[0]?.key}
        width={width}
        height={Math.max(2, height - 1)}
        emptyText={empty}
      />
    </Box>
  );
}
