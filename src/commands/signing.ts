// What every headless command that signs shares: the services with the wallet, and the pipeline's
// confirm dialog as text. The dialog is printed on stderr and asked on the terminal; --yes signs
// without asking; with no terminal and no --yes nothing is requested (exit 2).
import { createInterface } from 'node:readline';
import type { Config } from '../config/config.js';
import { createServices, StartError, type Services, type ServicesOptions } from '../services/index.js';
import type { ConfirmView } from '../store/confirm.js';
import { clean, outputWidth, wrapWords } from './print.js';
import { describeReconciled, reconcileAtStart } from '../actions/startup.js';

/** The confirm dialog as lines for the terminal: every part of it passes the sanitiser (a token's symbol or name sits in its title and lines). */
export function dialogText(v: ConfirmView, columns = outputWidth(process.stderr)): string {
  const width = Math.max(...v.summary.map((l) => clean(l.label, 60).length), 0);
  // a long line goes on under its value (or its text), broken between words: never inside a number
  const under = ' '.repeat(Math.min(width + 4, 30));
  return (
    [
      ...wrapWords(clean(v.title, 200), columns, '  '),
      ...v.summary.flatMap((l) =>
        wrapWords(
          `  ${clean(l.label, 60).padEnd(width)}  ${clean(l.value, 200)}${l.emphasis ? '  (!)' : ''}`,
          columns,
          under,
        ),
      ),
      ...v.facts.flatMap((f) => wrapWords(`  ${clean(f, 200)}`, columns, '    ')),
      ...v.warnings.flatMap((w) => wrapWords(`  warning: ${clean(w, 300)}`, columns, '    ')),
    ].join('\n') + '\n'
  );
}

/** Answers the pipeline's confirm requests: printed on stderr, then --yes or the person's y. */
function answerConfirmations(s: Services, yes: boolean): () => void {
  let handled = 0;
  let rl: ReturnType<typeof createInterface> | undefined;
  let inputEnded = false;
  const unsubscribe = s.confirm.subscribe((st) => {
    const head = st.queue[0];
    if (!head || head.id === handled) return;
    handled = head.id;
    process.stderr.write(dialogText(head.view));
    if (yes) {
      // a Ledger still asks on its own screen: --yes answers only the dialog
      process.stderr.write(
        head.view.signsNothing
          ? '--yes: confirmed without asking (nothing is signed now)\n'
          : s.wallet?.kind === 'ledger'
            ? '--yes: signing without asking here; the Ledger asks for its own approval\n'
            : '--yes: signing without asking\n',
      );
      queueMicrotask(() => s.confirm.getState().answer(head.id, true));
      return;
    }
    if (inputEnded) {
      process.stderr.write('no answer (the input ended): not signed\n');
      queueMicrotask(() => s.confirm.getState().answer(head.id, false));
      return;
    }
    if (!rl) {
      rl = createInterface({ input: process.stdin, output: process.stderr });
      // Ctrl-D (the input ended) at the prompt answers no, as does every prompt after it
      rl.on('close', () => {
        inputEnded = true;
        const pending = s.confirm.getState().queue[0];
        if (pending) s.confirm.getState().answer(pending.id, false);
      });
      // Ctrl-C at the prompt (readline holds the terminal raw, so it arrives here, not as a
      // signal): the answer is no, and the program ends at once with the usual 130
      rl.on('SIGINT', () => {
        const pending = s.confirm.getState().queue[0];
        if (pending) s.confirm.getState().answer(pending.id, false);
        rl?.close();
        process.stderr.write('\ninterrupted: nothing was signed\n');
        process.exit(130);
      });
    }
    const word = head.view.typedConfirmation;
    rl.question(
      word
        ? `Type "${clean(word, 40)}" to ${clean(head.view.confirmLabel ?? 'sign and send', 60)}: `
        : `${clean(head.view.confirmLabel ?? 'Sign and send', 60)}? [y/N] `,
      (a) => {
        const ok = word ? a.trim() === word : /^y(es)?$/i.test(a.trim());
        s.confirm.getState().answer(head.id, ok);
      },
    );
  });
  return () => {
    unsubscribe();
    inputEnded = true;
    rl?.close();
  };
}

/** The services for a headless command, or the exit code once it said why not (2: a key file that cannot be used). */
export async function openCommandServices(
  config: Config,
  fail: (line: string) => void,
  opts: ServicesOptions = {},
): Promise<Services | number> {
  try {
    return await createServices(config, { retries: 1, ...opts });
  } catch (e) {
    if (e instanceof StartError) return (fail(e.message.replace(/\n/g, ' ')), 2);
    throw e;
  }
}

export interface SigningSession {
  services: Services;
  /** stops answering and closes the services */
  close(): Promise<void>;
}

/**
 * Opens the services for a signing command, or says why it cannot: no terminal to ask and no
 * --yes, or a key file that cannot be used (exit code 2). Another process on the state directory
 * (the dashboard, a watch) does not stop it: each transaction waits for its signing turn, and the
 * wait is said on stderr.
 */
export async function openSigningSession(
  config: Config,
  yes: boolean,
  fail: (line: string) => void,
): Promise<SigningSession | number> {
  if (!yes && !(process.stdin.isTTY && process.stderr.isTTY)) {
    fail(
      'refusing to sign: there is no terminal to ask for confirmation; pass --yes to sign without a prompt (nothing was requested)',
    );
    return 2;
  }
  const s = await openCommandServices(config, fail);
  if (typeof s === 'number') return s;
  s.waitNote = fail;
  // As the dashboard does at start: a transaction signed by an earlier run that died before hearing
  // back is settled first (the same signed transaction re-posted, or its status asked), never signed anew.
  try {
    const r = await reconcileAtStart(s);
    if (r.message)
      fail(
        r.items.length
          ? `journal: ${r.items.length} unfinished transaction${r.items.length === 1 ? '' : 's'} from an earlier run checked: ${r.items.map(describeReconciled).join('; ')}`
          : r.message,
      );
  } catch (e) {
    fail(
      `journal: could not check unfinished transactions (${e instanceof Error ? e.message : String(e)}); they are checked again at the next start`,
    );
  }
  const stop = answerConfirmations(s, yes);
  return {
    services: s,
    close: async () => {
      stop();
      await s.close();
    },
  };
}
