// The launch form (n) or the claim form (c) of the Studio screen, under its title.
import { Box, Text } from 'ink';
import type { StoreApi } from 'zustand/vanilla';
import { FormLines } from '../../components/form/FormLines.js';
import type { LineState } from '../../components/fields/lineEdit.js';
import { padCell } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { usePick } from '../../components/base/usePick.js';
import type { Token } from '../../src/api/types.js';
import { PRESET_SHORT } from '../../src/studio/preset.js';
import type { ClaimField, StudioState } from '../../src/studio/store.js';
import type { StudioField } from '../../src/studio/validate.js';
import { CLAIM_FIELDS, CREATE_FIELDS } from './fields.js';
import { claimNotes, createNotes } from './notes.js';

export interface StudioFormViewProps {
  store: StoreApi<StudioState>;
  createFocus: StudioField;
  claimFocus: ClaimField;
  editing: boolean;
  line: LineState | null;
  tokens: readonly Token[];
  width: number;
  height: number;
}

export function StudioFormView({
  store,
  createFocus,
  claimFocus,
  editing,
  line,
  tokens,
  width,
  height,
}: StudioFormViewProps) {
  const theme = useTheme();
  const st = usePick(store, ['view', 'form', 'errors', 'claim', 'claimErrors', 'pools', 'balances']);
  const isClaim = st.view === 'claim';
  const shared = { editing, line: line ?? undefined, width, height: height - 1 };
  return (
    <Box flexDirection="column" height={height}>
      <Text color={theme.accent} wrap="truncate">
        {padCell(
          isClaim ? 'Claim creator fees: pick a launched pool or paste one' : `New pool · preset: ${PRESET_SHORT}`,
          width,
        )}
      </Text>
      {isClaim ? (
        <FormLines
          fields={CLAIM_FIELDS}
          values={st.claim}
          focused={claimFocus}
          notes={claimNotes(st.claim, st.pools, tokens, st.balances)}
          errors={st.claimErrors}
          {...shared}
        />
      ) : (
        <FormLines
          fields={CREATE_FIELDS}
          values={st.form}
          focused={createFocus}
          notes={createNotes(st.form, tokens, st.balances)}
          errors={st.errors}
          {...shared}
        />
      )}
    </Box>
  );
}
