// Renders the oldest pending confirmation as the ConfirmDialog (a modal key layer: nothing below it
// sees a key while it is up). `y` confirms; `n`, Esc or going away cancels.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import type { ConfirmStore } from '../../src/store/confirm.js';

export interface ConfirmHostProps {
  store: ConfirmStore;
  width: number;
  height: number;
}

export function ConfirmHost({ store, width, height }: ConfirmHostProps) {
  const head = useStore(store, (s) => s.queue[0]);
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
      onConfirm={() => store.getState().answer(head.id, true)}
      onCancel={() => store.getState().answer(head.id, false)}
      width={width}
      height={height}
    />
  );
}
