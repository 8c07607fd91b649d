// Test helpers for Ink components: send keys one by one and wait for the frame to show something,
// polling instead of sleeping (ink-testing-library delivers stdin and renders asynchronously);
// the waits are those of wait.ts, whose limits hold on a busy machine.
import assert from 'node:assert/strict';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { keysPending } from '../../components/keys/KeyRouter.js';
import { holds, Patience } from './wait.js';

export { waitFor } from './wait.js';

const SEQUENCES: Record<string, string> = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  pageup: '\x1b[5~',
  pagedown: '\x1b[6~',
  home: '\x1b[H',
  end: '\x1b[F',
  enter: '\r',
  escape: '\x1b',
  tab: '\t',
  'shift+tab': '\x1b[Z',
  backspace: '\x7f',
  space: ' ',
  'ctrl+c': '\x03',
  'ctrl+u': '\x15',
  'ctrl+w': '\x17',
};

export type Rendered = ReturnType<typeof render>;

/** Lets pending stdin parsing (a lone Esc is flushed on setImmediate) and React commits run. */
export async function settle(): Promise<void> {
  // The key router hands each key after the first on once the previous key's render committed:
  // wait until it has handed on every key, then let the renders and effects of the last one run.
  for (let i = 0; i < 10_000 && keysPending(); i++) await new Promise<void>((r) => setImmediate(r));
  for (let i = 0; i < 3; i++) {
    await new Promise<void>((r) => setTimeout(r, 0));
    await new Promise<void>((r) => setImmediate(r));
  }
}

/** Writes each key separately: named keys ('down', 'escape', 'ctrl+c'…) or literal text ('yes'). */
export async function typeKeys(app: Rendered, ...keys: string[]): Promise<void> {
  for (const k of keys) {
    app.stdin.write(SEQUENCES[k] ?? k);
    await settle();
  }
}

/** Resolves with the first frame matching `predicate`; rejects with the last frame once the wait's patience is spent. */
export async function waitForFrame(
  app: Rendered,
  predicate: (frame: string) => boolean,
  timeoutMs = 2000,
): Promise<string> {
  const patience = new Patience(timeoutMs);
  let frame = '';
  if (await holds(() => predicate((frame = app.lastFrame() ?? '')), patience)) return frame;
  throw new Error(`waitForFrame: no matching frame within ${patience.describe()}; last frame:\n${frame}`);
}

/** Renders and waits for the first frame, so key layers are registered before keys are sent. */
export async function mount(tree: ReactElement): Promise<Rendered> {
  const app = render(tree);
  await waitForFrame(app, (f) => f !== undefined);
  await settle();
  return app;
}

export function lines(frame: string): string[] {
  return frame.split('\n');
}

/** A frame's text without a dialog's box lines, its spaces run together: a sentence wrapped over lines reads whole. */
export function flatFrame(frame: string): string {
  return frame.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');
}

/** Fails unless every line of the frame fits 80 columns and no unfilled value (`unfilled`) shows. */
export function assertFits80(frame: string, unfilled = /undefined|NaN/): void {
  for (const l of frame.split('\n')) assert.ok([...l].length <= 80, `line wider than 80: "${l}"`);
  assert.doesNotMatch(frame, unfilled);
}
