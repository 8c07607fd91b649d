// State that the key handlers read synchronously. Ink delivers every key of one stdin chunk (a
// paste, or fast typing over ssh) before React re-renders, so a handler that read React state
// would see stale values for the second key; this keeps the truth in a ref and re-renders on change.
import { useCallback, useRef, useState } from 'react';

/** [read current value, set value (re-renders when it changed)] */
export function useRefState<T>(initial: T | (() => T)): [() => T, (next: T) => void] {
  const [, setVersion] = useState(0);
  const ref = useRef<{ value: T } | null>(null);
  if (ref.current === null) ref.current = { value: typeof initial === 'function' ? (initial as () => T)() : initial };
  const get = useCallback(() => (ref.current as { value: T }).value, []);
  const set = useCallback((next: T) => {
    const box = ref.current as { value: T };
    if (Object.is(box.value, next)) return;
    box.value = next;
    setVersion((v) => v + 1);
  }, []);
  return [get, set];
}
