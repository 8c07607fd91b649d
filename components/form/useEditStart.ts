// The value a field had when its edit began, so Esc can put it back (Enter and Tab keep the edit).
// Shared by every form: the generic one (useFormEditing) and the Swap form's own key handling.
import { useMemo, useRef } from 'react';
import { useRefState } from '../base/useRefState.js';

export interface EditStart<K extends string> {
  /** an edit of `key` begins (or editing moved on to it): its value now is the one Esc restores */
  begin(key: K): void;
  /** editing ended: nothing to restore */
  clear(): void;
  /** Esc on `focus`: its value from before the edit comes back (when it changed) */
  restore(focus: K): void;
}

/** The same object on every render (the latest valueOf and setValue are used). */
export function useEditStart<K extends string, V>(
  valueOf: (key: K) => V,
  setValue: (key: K, value: V) => void,
): EditStart<K> {
  const [before, setBefore] = useRefState<{ key: K; value: V } | null>(null);
  const io = useRef({ valueOf, setValue });
  io.current = { valueOf, setValue };
  return useMemo(
    () => ({
      begin: (key: K) => setBefore({ key, value: io.current.valueOf(key) }),
      clear: () => setBefore(null),
      restore: (focus: K) => {
        const b = before();
        if (b && b.key === focus && io.current.valueOf(b.key) !== b.value) io.current.setValue(b.key, b.value);
      },
    }),
    [before, setBefore],
  );
}
