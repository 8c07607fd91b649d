// Timed flash messages (info / success / error) and the hook that owns their timers.
import { Box, Text } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { padCell } from './text.js';
import { useTheme } from './theme.js';

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface ToastOptions {
  /** how long info and success messages stay (default 4000 ms) */
  durationMs?: number;
  /** how long errors stay (default 10000 ms: long enough to read over a slow link) */
  errorDurationMs?: number;
  /** the most messages kept; older ones are dropped (default 3) */
  max?: number;
}

export interface ToastApi {
  toasts: Toast[];
  /** shows a message for `ms` (default by kind); returns its id */
  push: (kind: ToastKind, text: string, ms?: number) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

/** Owns a list of timed messages; timers are cleared on unmount. */
export function useToasts({ durationMs = 4000, errorDurationMs = 10_000, max = 3 }: ToastOptions = {}): ToastApi {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    const t = timers.current.get(id);
    if (t) clearTimeout(t);
    timers.current.delete(id);
    setToasts((list) => list.filter((x) => x.id !== id));
  }, []);

  const push = useCallback(
    (kind: ToastKind, text: string, ms?: number) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind, text }].slice(-max));
      timers.current.set(id, setTimeout(() => dismiss(id), ms ?? (kind === 'error' ? errorDurationMs : durationMs)));
      return id;
    },
    [dismiss, durationMs, errorDurationMs, max],
  );

  const clear = useCallback(() => {
    for (const t of timers.current.values()) clearTimeout(t);
    timers.current.clear();
    setToasts([]);
  }, []);

  useEffect(() => () => {
    for (const t of timers.current.values()) clearTimeout(t);
  }, []);

  return { toasts, push, dismiss, clear };
}

const MARK: Record<ToastKind, string> = { info: 'i', success: '✓', error: '✗' };

export interface ToastsProps {
  toasts: Toast[];
  width: number;
  /** lines available; the newest messages are shown (default 1) */
  maxLines?: number;
}

/** The newest messages, one line each, marked i / ✓ / ✗ and coloured by kind. */
export function Toasts({ toasts, width, maxLines = 1 }: ToastsProps) {
  const theme = useTheme();
  const shown = toasts.slice(-Math.max(0, maxLines));
  return (
    <Box flexDirection="column">
      {shown.map((t) => (
        <Text key={t.id} color={t.kind === 'error' ? theme.danger : t.kind === 'success' ? theme.ok : theme.accent} wrap="truncate">
          {padCell(`${MARK[t.kind]} ${t.text}`, width)}
        </Text>
      ))}
    </Box>
  );
}
