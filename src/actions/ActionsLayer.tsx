// What the signing actions add to the app frame: the confirm dialog host, the journal view (J from
// any screen), the :swap command, and the start-up reconcile of the journal shown as a flash.
import React, { useEffect, useRef, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { GLOBAL_SCOPE, useCommands } from '../../components/keys/index.js';
import { JournalView } from '../../screens/Journal/JournalView.js';
import { CommandError, registerCommand } from '../commands.js';
import { useServices, useSession, type Flash } from '../hooks/services.js';
import { ConfirmHost } from './ConfirmHost.js';
import { useOptionalActionServices, type ActionServices } from './services.js';
import { reconcileAtStart } from './startup.js';
import { loadTokens, swapFromCommand } from './swapFlow.js';

const noop = () => () => undefined;

/** True while a confirm dialog or the journal view covers the screen (the shell hides the screen). */
export function useActionsOverlay(): boolean {
  const s = useOptionalActionServices();
  return useSyncExternalStore(
    (cb) => {
      if (!s) return noop();
      const a = s.confirm.subscribe(cb);
      const b = s.journalView.subscribe(cb);
      return () => (a(), b());
    },
    () => (s ? s.confirm.getState().queue.length > 0 || s.journalView.getState().open : false),
  );
}

function registerSwapCommand(s: ActionServices): void {
  registerCommand('swap', {
    usage: 'swap <amount> <from> <to>',
    description: 'swap through the order group, e.g. :swap 1.5 SOL USDC (confirm first)',
    complete: (index) => (index === 1 || index === 2 ? [...new Set(Object.values(s.swap.getState().tokens).map((t) => t.symbol))].sort() : []),
    async run(args, ctx) {
      if (args.length !== 3) throw new CommandError(args.length < 3 ? 'give the amount, the token you pay and the token you get' : `unexpected "${args.slice(3).join(' ')}"`);
      // The form first: the Swap screen then opens on a filled form, not in a field being edited.
      s.swap.getState().setForm({ amount: args[0], input: args[1], output: args[2], mode: 'ExactIn' });
      ctx.goto('swap');
      const result = await swapFromCommand(s, args);
      if (result?.status === 'success') ctx.flash('success', `swap done: ${result.signature ?? ''}`);
    },
  });
}

export interface ActionsLayerProps {
  width: number;
  height: number;
  flash: Flash;
}

export function ActionsLayer(props: ActionsLayerProps) {
  const s = useOptionalActionServices();
  return s ? <Layer s={s} {...props} /> : null;
}

function Layer({ s, width, height, flash }: ActionsLayerProps & { s: ActionServices }) {
  const { keymap } = useServices();
  const now = useSession((st) => st.now);
  const journalOpen = useStore(s.journalView, (st) => st.open);
  const confirming = useStore(s.confirm, (st) => st.queue.length > 0);
  useCommands(keymap, GLOBAL_SCOPE, { journal: () => s.journalView.getState().setOpen(true) }, 'global');
  const flashRef = useRef(flash);
  flashRef.current = flash;
  useEffect(() => {
    const flash: Flash = (kind, text) => flashRef.current(kind, text);
    registerSwapCommand(s);
    if (Object.keys(s.swap.getState().tokens).length === 0) void loadTokens(s).catch(() => undefined);
    let live = true;
    reconcileAtStart(s)
      .then((r) => {
        if (live && r.message) flash(r.kind, r.message);
      })
      .catch((err) => live && flash('error', `journal: could not check unfinished transactions (${err instanceof Error ? err.message : String(err)}); will retry at the next start`));
    return () => {
      live = false;
    };
  }, [s]);
  return (
    <>
      <ConfirmHost store={s.confirm} width={width} height={height} />
      {journalOpen && !confirming ? <JournalView s={s} width={width} height={height} now={now} /> : null}
    </>
  );
}
