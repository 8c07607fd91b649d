// Selects some fields of a store, compared shallowly: the component renders again when one of them
// changes, not when the store changes elsewhere (a selector that returns a new object would render
// at every change, and loop in zustand 5).
import { useStore, type StoreApi } from 'zustand';
import { useShallow } from 'zustand/shallow';

export function usePick<S, const K extends keyof S>(store: StoreApi<S>, keys: readonly K[]): Pick<S, K> {
  return useStore(
    store,
    useShallow((s) => {
      const picked = {} as Pick<S, K>;
      for (const k of keys) picked[k] = s[k];
      return picked;
    }),
  );
}
