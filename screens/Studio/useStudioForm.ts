// The Studio forms' editing: which field of the launch or the claim form has the focus, its value
// and how it is set, and the editing of the focused field (Enter or e starts it, Esc restores).
import type { StoreApi } from 'zustand/vanilla';
import { useFormEditing } from '../../components/form/useFormEditing.js';
import { useRefState } from '../../components/base/useRefState.js';
import type { ClaimField, StudioState } from '../../src/studio/store.js';
import type { StudioField } from '../../src/studio/validate.js';
import { CLAIM_FIELDS, CREATE_FIELDS } from './fields.js';

export function useStudioForm(store: StoreApi<StudioState>, active: boolean) {
  const st = () => store.getState();
  const [createFocus, setCreateFocus] = useRefState<StudioField>('name');
  const [claimFocus, setClaimFocus] = useRefState<ClaimField>('pool');
  const claiming = () => st().view === 'claim';
  // While a field the person opened is edited, every key goes to it (q, 1, n never leak out).
  const editing = useFormEditing({
    fields: () => (claiming() ? CLAIM_FIELDS : CREATE_FIELDS),
    focus: (): string => (claiming() ? claimFocus() : createFocus()),
    setFocus: (k) => (claiming() ? setClaimFocus(k as ClaimField) : setCreateFocus(k as StudioField)),
    valueOf: (k): string | boolean => (claiming() ? st().claim[k as ClaimField] : st().form[k as StudioField]),
    setValue: (k, v) =>
      claiming() ? st().setClaimField(k as ClaimField, String(v)) : st().setField(k as StudioField, v),
    active,
  });
  return { editing, createFocus: createFocus(), claimFocus: claimFocus() };
}
