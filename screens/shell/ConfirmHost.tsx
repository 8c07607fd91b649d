// Renders the oldest pending confirmation as the ConfirmDialog (a modal key layer: nothing below it
// sees a key while it is up). `y` confirms; `n`, Esc or going away cancels.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import type { ConfirmStore } from '../../src/store/confirm.js';
import { formatAge } from '../../src/format.js';
import { useNow } from './context.js';

export interface ConfirmHostProps {
  store: ConfirmStore;
  width: number;
  height: number;
}

/** "Quote 12s old · a fresh quote replaces it in 48s" */
function ageText(ageMs: number, leftMs: number | undefined): string {
  const left =
    leftMs === undefined
      ? ''
      : leftMs > 0
        ? ` · a fresh quote replaces it in ${formatAge(leftMs + 999)}`
        : ' · expired: fetching a fresh quote…';
  return `Quote ${formatAge(Math.max(0, ageMs))} old${left}`;
}

export function ConfirmHost({ store, width, height }: ConfirmHostProps) {
  const head = useStore(store, (s) => s.queue[0]);
  // the quote age ticks only while a dialog is up
  const now = useNow((t) => (store.getState().queue.length > 0 ? t : 0));
  // Unmounting the host (quit, or the app going away) must never leave a pipeline waiting to sign.
  useEffect(() => () => store.getState().cancelAll(), [store]);
  if (!head) return null;
  const { view } = head;
  return (
    <ConfirmDialog
      key={head.id}
      title={view.title}
      summary={view.summary}
      facts={view.facts}
      warnings={view.warnings}
      typedConfirmation={view.typedConfirmation}
      confirmLabel={view.confirmLabel}
      status={
        view.builtAt !== undefined
          ? ageText(now - view.builtAt, view.expiresAt !== undefined ? view.expiresAt - now : undefined)
          : undefined
      }
      onConfirm={() => store.getState().answer(head.id, true)}
      onCancel={() => store.getState().answer(head.id, false)}
      width={width}
      height={height}
    />
  );
}
