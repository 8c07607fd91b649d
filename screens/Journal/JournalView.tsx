// The journal view, opened with J from any screen: every signed transaction (newest first) with its
// time, group, action, status and signature; Enter shows one entry; Esc backs out, J closes; ? lists
// its keys (keys.ts), which are the list keys of every list.
import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { DetailPane } from '../../components/detail/DetailPane.js';
import { HelpOverlay } from '../../components/chrome/HelpOverlay.js';
import { useListView } from '../../components/list/useListView.js';
import { padCell, wrapText } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { usePick } from '../../components/base/usePick.js';
import { readJournalRows, refreshJournalView } from '../../src/actions/journalView.js';
import { knownTokens } from '../../src/actions/swapFlow.js';
import { exportJournalFile } from '../../src/export/run.js';
import { plural } from '../../src/text/format.js';
import { problemsText } from '../../src/journal/journal.js';
import { selectedEntry } from '../../src/journal/store.js';
import { overlayHints, useOverlayKeys, type OverlayProps } from '../shared/overlay.js';
import { JournalRows } from './JournalRows.js';
import { JOURNAL_KEYS } from './keys.js';
import { entrySections, header } from './lines.js';

export function JournalView({ s, width, height, now }: OverlayProps) {
  const theme = useTheme();
  const store = s.journalView;
  const st = usePick(store, ['count', 'cursor', 'rows', 'manyWallets', 'problems', 'detail', 'loadError']);
  // until the first read ends nothing is known: "0 entries" would be a wrong answer
  const reading = useStore(store, (j) => j.loadedAt === undefined && j.loadError === undefined);
  const { count, cursor, problems, detail, loadError } = st;
  useEffect(() => void refreshJournalView(s), [s]);
  // what E said: the file written, or why not
  const [exported, setExported] = useState<{ ok: boolean; text: string }>();
  const [help, setHelp] = useState(false);
  // the entries by place (newest first); the rows on screen are read from the file as needed
  const places = useMemo(() => Array.from({ length: count }, (_, i) => String(i)), [count]);
  const exportLines = exported ? wrapText(exported.text, width).slice(0, 3) : [];
  const body = Math.max(1, height - 3 - (problems.length > 0 ? 1 : 0) - exportLines.length);
  const list = useListView({
    rows: places,
    getKey: (at) => at,
    selectedKey: String(cursor),
    select: (at) => store.getState().setCursor(Number(at)),
    pageSize: () => body,
    // Enter on the entry's detail closes it; the entry may still be being read (a jump to the other end): its detail shows once it is
    open: (at) => store.getState().setDetail(!store.getState().detail && at !== undefined),
    detail: { shown: detail, show: (on) => store.getState().setDetail(on) },
    back: ['detail', () => (store.getState().setOpen(false), true)],
  });
  useOverlayKeys(JOURNAL_KEYS, {
    ...list.keys,
    help: () => setHelp(true),
    reload: () => void refreshJournalView(s),
    close: () => store.getState().setOpen(false),
    export: () => {
      setExported({ ok: true, text: 'exporting the journal…' });
      exportJournalFile(s).then(
        (r) => setExported({ ok: true, text: `exported ${plural(r.rows, 'entry', 'entries')} as CSV to ${r.path}` }),
        (e: unknown) =>
          setExported({ ok: false, text: `export failed: ${e instanceof Error ? e.message : String(e)}` }),
      );
    },
  });
  const top = Math.min(Math.max(0, cursor - body + 1), Math.max(0, count - body));
  useEffect(() => {
    if (!reading) void readJournalRows(s, top, body);
  }, [s, top, body, count, reading]);

  const token = (mint: string) => knownTokens(s).find((t) => t.id === mint);
  if (help) {
    const groups = [
      { title: 'Journal', entries: JOURNAL_KEYS.keymap.helpFor(JOURNAL_KEYS.scope).flatMap((g) => g.entries) },
    ];
    return <HelpOverlay title="Keys" groups={groups} width={width} height={height} onClose={() => setHelp(false)} />;
  }
  if (detail) {
    const current = selectedEntry(st);
    return (
      <Box flexDirection="column" height={height} width={width}>
        <Text color={theme.accent} bold>
          {padCell('Journal entry (Esc back, J close)', width)}
        </Text>
        {current ? (
          <DetailPane
            sections={entrySections(current, { now, explorer: s.explorer, token })}
            width={width}
            height={Math.max(1, height - 1)}
            active
            layer="modal"
          />
        ) : (
          <Text color={theme.dim}>{padCell(loadError ?? 'reading the entry…', width)}</Text>
        )}
      </Box>
    );
  }
  const shown = Math.max(0, Math.min(body, count - top));
  const visible = Array.from({ length: shown }, (_, i) => ({
    at: top + i,
    e: st.rows.entries[top + i - st.rows.from],
  }));
  const entries = reading ? 'reading journal…' : plural(count, 'entry', 'entries');
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text color={theme.accent} bold>
        {padCell(`Journal: ${entries} · ${s.journal?.path ?? 'not open'}`, width)}
      </Text>
      {problems.length > 0 ? (
        <Text color={theme.danger}>
          {padCell(
            `${plural(problems.length, 'line')} not read, kept in the file: ${problemsText(problems, 2)}`,
            width,
          )}
        </Text>
      ) : null}
      <Text color={theme.dim}>{padCell(` ${header(st.manyWallets)}`, width)}</Text>
      {visible.length === 0 ? (
        <Text color={theme.dim}>
          {padCell(loadError ?? (reading ? 'reading journal…' : 'Nothing signed yet.'), width)}
        </Text>
      ) : null}
      <JournalRows visible={visible} cursor={cursor} wallets={st.manyWallets} token={token} width={width} />
      <Box flexGrow={1} />
      {exportLines.map((line, i) => (
        <Text key={`export-${i}`} color={exported?.ok ? theme.accent : theme.danger}>
          {padCell(line, width)}
        </Text>
      ))}
      <Text color={theme.dim}>{padCell(overlayHints(JOURNAL_KEYS), width)}</Text>
    </Box>
  );
}
