// Renders the oldest pending confirmation as the ConfirmDialog (a modal key layer: nothing below it
// sees a key while it is up). `y` confirms; `n`, Esc or going away cancels.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { ConfirmDialog } from '../../components/confirm/ConfirmDialog.js';
import type { ConfirmStore } from '../../src/store/confirm.js';
import { formatAge } from '../../src/text/duration.js';
import { useNow } from '../shared/context.js';

export interface ConfirmHostProps {
  store: ConfirmStore;
  width: number;
  height: number;
}

/**
 * "Quote 12s old · a fresh quote replaces it in 48s"; for what has no quote (a cancel, an order at
 * a price the person set), "Built 12s ago · built again in 48s".
 */
function ageText(ageMs: number, leftMs: number | undefined, ages: 'quote' | 'transaction'): string {
  const quote = ages === 'quote';
  const left =
    leftMs === undefined
      ? ''
      : leftMs > 0
        ? quote
          ? ` · a fresh quote replaces it in ${formatAge(leftMs + 999)}`
          : ` · built again in ${formatAge(leftMs + 999)}`
        : quote
          ? ' · expired: fetching a fresh quote…'
          : ' · expired: building it again…';
  const age = formatAge(Math.max(0, ageMs));
  return quote ? `Quote ${age} old${left}` : `Built ${age} ago${left}`;
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
      cancelLabel={view.cancelLabel}
      status={
        view.builtAt !== undefined
          ? ageText(
              now - view.builtAt,
              view.expiresAt !== undefined ? view.expiresAt - now : undefined,
              view.ages ?? 'quote',
            )
          : undefined
      }
      onConfirm={() => store.getState().answer(head.id, true)}
      onCancel={() => store.getState().answer(head.id, false)}
      width={width}
      height={height}
    />
  );
}
