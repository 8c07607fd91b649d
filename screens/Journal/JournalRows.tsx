// The journal's rows on screen: one line per entry, the selected one marked and inverted, an entry
// not read yet from the file drawn as "…", coloured by status (failed or expired red, pending amber).
import { Text } from 'ink';
import { padCell } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import type { JournalState as JournalRecord } from '../../src/journal/journal.js';
import { rowText, type EntryContext } from './lines.js';

export interface JournalRowsProps {
  /** the entries shown, by place in the journal (newest first); undefined: not read yet */
  visible: ReadonlyArray<{ at: number; e: JournalRecord | undefined }>;
  cursor: number;
  wallets: boolean;
  token: EntryContext['token'];
  width: number;
}

export function JournalRows({ visible, cursor, wallets, token, width }: JournalRowsProps) {
  const theme = useTheme();
  const statusColor = (e: JournalRecord) =>
    e.status === 'failed' || e.status === 'expired' ? theme.danger : e.status === 'success' ? undefined : theme.warn;
  return (
    <>
      {visible.map(({ at, e }) => (
        <Text key={at} inverse={at === cursor} color={e ? statusColor(e) : theme.dim}>
          {padCell(`${at === cursor ? '›' : ' '}${e ? rowText(e, { token }, wallets) : '…'}`, width)}
        </Text>
      ))}
    </>
  );
}
