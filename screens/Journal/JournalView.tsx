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
import { knownTokens } from '../../src/actions/swapFlow.js';
import { readJournalRows, refreshJournalView } from '../../src/actions/journalView.js';
import { selectedEntry } from '../../src/store/journal.js';
import { problemsText } from '../../src/journal/journal.js';
import { exportJournalFile } from '../../src/export/run.js';
import { entrySections, header, rowText } from './lines.js';

export interface JournalViewProps {
  s: Services;
  width: number;
  height: number;
  now: number;
}

export function JournalView({ s, width, height, now }: JournalViewProps) {
  const theme = useTheme();
  const store = s.journalView;
  const count = useStore(store, (st) => st.count);
  const cursor = useStore(store, (st) => st.cursor);
  const rows = useStore(store, (st) => st.rows);
  const manyWallets = useStore(store, (st) => st.manyWallets);
  const problems = useStore(store, (st) => st.problems);
  const detail = useStore(store, (st) => st.detail);
  const loadError = useStore(store, (st) => st.loadError);
  // until the first read ends nothing is known: "0 entries" would be a wrong answer (the count
  // comes before the path, which a narrow terminal cuts)
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
  const current = selectedEntry({ rows, cursor });
  useKeyLayer('modal', (input, key) => {
    const st = store.getState();
    const name = normalizeKey(input, key);
    if (st.detail) {
      if (name === 'escape' || name === 'enter') return (st.setDetail(false), true);
      if (name === 'J') return (st.setOpen(false), true);
      return false;
    }
    if (name === 'j' || name === 'down') st.setCursor(st.cursor + 1);
    else if (name === 'k' || name === 'up') st.setCursor(st.cursor - 1);
    else if (name === 'g' || name === 'home') st.setCursor(0);
    else if (name === 'G' || name === 'end') st.setCursor(st.count - 1);
    // the entry may still be being read (a jump to the other end): its detail shows once it is
    else if (name === 'enter') st.setDetail(st.count > 0);
    else if (name === 'r') void refreshJournalView(s);
    else if (name === 'E') exportNow();
    else if (name === 'escape' || name === 'J' || name === 'q') st.setOpen(false);
    return true;
  });

  // lines the reader could not use are said, never a crash
  const exportLines = exported ? wrapText(exported.text, width).slice(0, 3) : [];
  const body = Math.max(1, height - 3 - (problems.length > 0 ? 1 : 0) - exportLines.length);
  const top = Math.min(Math.max(0, cursor - body + 1), Math.max(0, count - body));
  // the rows on screen are read from the file when they are not at hand (moving far, a reload)
  useEffect(() => {
    if (!reading) void readJournalRows(s, top, body);
  }, [s, top, body, count, reading]);

  const token = (mint: string) => knownTokens(s).find((t) => t.id === mint);
  if (detail) {
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
  const wallets = manyWallets;
  const shown = Math.max(0, Math.min(body, count - top));
  const visible = Array.from({ length: shown }, (_, i) => ({ at: top + i, e: rows.entries[top + i - rows.from] }));
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text color={theme.accent} bold>
        {padCell(
          `Journal: ${reading ? 'reading journal…' : plural(count, 'entry', 'entries')} · ${s.journal?.path ?? 'not open'}`,
          width,
        )}
      </Text>
      {problems.length > 0 ? (
        <Text color={theme.danger}>
          {padCell(
            `${plural(problems.length, 'line')} not read, kept in the file: ${problemsText(problems, 2)}`,
            width,
          )}
        </Text>
      ) : null}
      <Text color={theme.dim}>{padCell(` ${header(wallets)}`, width)}</Text>
      {visible.length === 0 ? (
        <Text color={theme.dim}>
          {padCell(loadError ?? (reading ? 'reading journal…' : 'Nothing signed yet.'), width)}
        </Text>
      ) : null}
      {visible.map(({ at, e }) =>
        e ? (
          <Text
            key={at}
            inverse={at === cursor}
            color={
              e.status === 'failed' || e.status === 'expired'
                ? theme.danger
                : e.status === 'success'
                  ? undefined
                  : theme.warn
            }
          >
            {padCell(`${at === cursor ? '›' : ' '}${rowText(e, { token }, wallets)}`, width)}
          </Text>
        ) : (
          <Text key={at} inverse={at === cursor} color={theme.dim}>
            {padCell(`${at === cursor ? '›' : ' '}…`, width)}
          </Text>
        ),
      )}
      <Box flexGrow={1} />
      {exportLines.map((line, i) => (
        <Text key={`export-${i}`} color={exported?.ok ? theme.accent : theme.danger}>
          {padCell(line, width)}
        </Text>
      ))}
      <Text color={theme.dim}>
        {padCell('j/k move · Enter details · E export CSV · r reload · Esc or J close', width)}
      </Text>
    </Box>
  );
}
