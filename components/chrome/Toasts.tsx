// Timed flash messages (info / success / error) and the hook that owns their timers.
import { Box, Text } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import { padCell, truncate, wrapText } from '../base/text.js';
import { useTheme } from '../base/theme.js';

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
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), ms ?? (kind === 'error' ? errorDurationMs : durationMs)),
      );
      return id;
    },
    [dismiss, durationMs, errorDurationMs, max],
  );

  const clear = useCallback(() => {
    for (const t of timers.current.values()) clearTimeout(t);
    timers.current.clear();
    setToasts([]);
  }, []);

  useEffect(
    () => () => {
      for (const t of timers.current.values()) clearTimeout(t);
    },
    [],
  );

  return { toasts, push, dismiss, clear };
}

const MARK: Record<ToastKind, string> = { info: 'i', success: '✓', error: '✗' };

export interface ToastsProps {
  toasts: Toast[];
  width: number;
  /** lines available; the newest messages are shown (default 1) */
  maxLines?: number;
}

/** The newest message wrapped to at most `maxLines` lines of `width` (a longer one ends in …). */
export function toastLines(toast: Toast | undefined, width: number, maxLines: number): string[] {
  if (!toast || maxLines <= 0) return [];
  const all = wrapText(`${MARK[toast.kind]} ${toast.text}`, Math.max(1, width - 2)).map((l, i) =>
    i === 0 ? l : `  ${l}`,
  );
  const kept = all.slice(0, maxLines);
  // more lines than maxLines (> 0): kept holds maxLines of them and all[maxLines] is the next
  if (all.length > maxLines) kept[maxLines - 1] = truncate(kept[maxLines - 1]! + ' ' + all[maxLines]!.trim(), width);
  return kept.map((l) => padCell(l, width));
}

/** The newest message, marked i / ✓ / ✗ and coloured by kind, wrapped to at most `maxLines` lines. */
export function Toasts({ toasts, width, maxLines = 1 }: ToastsProps) {
  const theme = useTheme();
  const newest = toasts[toasts.length - 1];
  const color = newest?.kind === 'error' ? theme.danger : newest?.kind === 'success' ? theme.ok : theme.accent;
  return (
    <Box flexDirection="column">
      {toastLines(newest, width, maxLines).map((l, i) => (
        <Text key={`${newest!.id}-${i}`} color={color} wrap="truncate">
          {l}
        </Text>
      ))}
    </Box>
  );
}
