// A queue of confirmation requests that code can await: `if (await confirm(request)) sign()`.
// The screen renders a ConfirmDialog for `current` and calls `answer` from its callbacks.
import { useCallback, useEffect, useRef, useState } from 'react';

interface Pending<T> {
  request: T;
  resolve: (ok: boolean) => void;
}

export interface ConfirmationApi<T> {
  /** resolves true only when the person confirmed this request */
  confirm: (request: T) => Promise<boolean>;
  /** the request to show now (the oldest unanswered), if any */
  current: T | undefined;
  /** answers the current request and shows the next one */
  answer: (ok: boolean) => void;
}

/** One dialog at a time, in request order; pending requests resolve false on unmount (never signs). */
export function useConfirmation<T>(): ConfirmationApi<T> {
  const queue = useRef<Pending<T>[]>([]);
  const [, setVersion] = useState(0);
  const bump = () => setVersion((v) => v + 1);

  const confirm = useCallback(
    (request: T) =>
      new Promise<boolean>((resolve) => {
        queue.current.push({ request, resolve });
        bump();
      }),
    [],
  );
  const answer = useCallback((ok: boolean) => {
    const head = queue.current.shift();
    if (!head) return;
    head.resolve(ok);
    bump();
  }, []);
  useEffect(
    () => () => {
      for (const p of queue.current.splice(0)) p.resolve(false);
    },
    [],
  );
  return { confirm, current: queue.current[0]?.request, answer };
}
