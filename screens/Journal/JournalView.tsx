// The journal view, opened with J from any screen: every signed transaction (newest first) with its
// time, group, action, status and signature; Enter shows one entry; Esc backs out, J closes.
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { DetailPane } from '../../components/DetailPane.js';
import { plural } from '../../src/format.js';
import { normalizeKey, useKeyLayer } from '../../components/keys/index.js';
import { padCell, wrapText } from '../../components/text.js';
import { useTheme } from '../../components/theme.js';
import type { Services } from '../../src/services.js';
import { knownTokens, refreshJournalView } from '../../src/actions/swapFlow.js';
import { problemsText } from '../../src/journal/journal.js';
import { exportJournalFile } from '../../src/export/run.js';
import { entrySections, header, rowText, showsWallets } from './lines.js';

export interface JournalViewProps {
  s: Services;
  width: number;
  height: number;
  now: number;
}

export function JournalView({ s, width, height, now }: JournalViewProps) {
  const theme = useTheme();
  const store = s.journalView;
  const entries = useStore(store, (st) => st.entries);
  const selected = useStore(store, (st) => st.selected);
  const detail = useStore(store, (st) => st.detail);
  const loadError = useStore(store, (st) => st.loadError);
  // until the first read ends nothing is known: "0 entries" would be a wrong answer
  const reading = useStore(store, (st) => st.loadedAt === undefined && st.loadError === undefined);
  useEffect(() => {
    void refreshJournalView(s);
  }, [s]);

  // what E said: the file written, or why not
  const [exported, setExported] = useState<{ ok: boolean; text: string }>();
  const exportNow = () => {
    setExported({ ok: true, text: 'exporting the journal…' });
    exportJournalFile(s).then(
      (r) => setExported({ ok: true, text: `exported ${plural(r.rows, 'entry', 'entries')} as CSV to ${r.path}` }),
      (e: unknown) => setExported({ ok: false, text: `export failed: ${e instanceof Error ? e.message : String(e)}` }),
    );
  };
  const index = Math.max(0, entries.findIndex((e) => e.id === selected));
  const current = entries[index];
  useKeyLayer('modal', (input, key) => {
    const st = store.getState();
    const name = normalizeKey(input, key);
    if (st.detail) {
      if (name === 'escape' || name === 'enter') return st.setDetail(false), true;
      if (name === 'J') return st.setOpen(false), true;
      return false;
    }
    const i = Math.max(0, st.entries.findIndex((e) => e.id === st.selected));
    const go = (to: number) => st.select(st.entries[Math.min(st.entries.length - 1, Math.max(0, to))]?.id);
    if (name === 'j' || name === 'down') go(i + 1);
    else if (name === 'k' || name === 'up') go(i - 1);
    else if (name === 'g' || name === 'home') go(0);
    else if (name === 'G' || name === 'end') go(st.entries.length - 1);
    else if (name === 'enter') st.setDetail(st.entries.length > 0);
    else if (name === 'r') void refreshJournalView(s);
    else if (name === 'E') exportNow();
    else if (name === 'escape' || name === 'J' || name === 'q') st.setOpen(false);
    return true;
  });

  const token = (mint: string) => knownTokens(s).find((t) => t.id === mint);
  if (detail && current) {
    return (
      <Box flexDirection="column" height={height} width={width}>
        <Text color={theme.accent} bold>{padCell('Journal entry (Esc back, J close)', width)}</Text>
        <DetailPane sections={entrySections(current, { now, explorer: s.explorer, token })} width={width} height={Math.max(1, height - 1)} active layer="modal" />
      </Box>
    );
  }
  // lines the reader could not use (read with the entries just above) are said, never a crash
  const problems = s.journal?.problems ?? [];
  const wallets = showsWallets(entries);
  // the export's line may wrap: a file's path is not cut
  const exportLines = exported ? wrapText(exported.text, width).slice(0, 3) : [];
  const body = Math.max(1, height - 3 - (problems.length > 0 ? 1 : 0) - exportLines.length);
  const top = Math.min(Math.max(0, index - body + 1), Math.max(0, entries.length - body));
  const visible = entries.slice(top, top + body);
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text color={theme.accent} bold>{padCell(`Journal: ${s.journal?.path ?? 'not open'} · ${reading ? 'reading journal…' : plural(entries.length, 'entry', 'entries')}`, width)}</Text>
      {problems.length > 0 ? <Text color={theme.danger}>{padCell(`${plural(problems.length, 'line')} not read, kept in the file: ${problemsText(problems, 2)}`, width)}</Text> : null}
      <Text color={theme.dim}>{padCell(` ${header(wallets)}`, width)}</Text>
      {visible.length === 0 ? <Text color={theme.dim}>{padCell(loadError ?? (reading ? 'reading journal…' : 'Nothing signed yet.'), width)}</Text> : null}
      {visible.map((e) => (
        <Text key={e.id} inverse={e.id === current?.id} color={e.status === 'failed' || e.status === 'expired' ? theme.danger : e.status === 'success' ? undefined : theme.warn}>
          {padCell(`${e.id === current?.id ? '›' : ' '}${rowText(e, { token }, wallets)}`, width)}
        </Text>
      ))}
      <Box flexGrow={1} />
      {exportLines.map((line, i) => (
        <Text key={`export-${i}`} color={exported?.ok ? theme.accent : theme.danger}>
          {padCell(line, width)}
        </Text>
      ))}
      <Text color={theme.dim}>{padCell('j/k move · Enter details · E export CSV · r reload · Esc or J close', width)}</Text>
    </Box>
  );
}
