// The journal view: entries newest first with time, group, action, status and signature; Enter
// shows one entry without the signed transaction in full; Esc backs out, J closes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from 'ink-testing-library';
import { KeyRouterProvider } from '../../components/keys/index.js';
import { JournalView } from '../../screens/Journal/JournalView.js';
import { typeKeys, waitForFrame } from '../components/helpers.js';
import { world } from '../actions/helpers.js';

test('lists entries newest first; Enter shows details but never the whole signed transaction; Esc and J back out', async (t) => {
  const w = await world(t);
  const j = w.services.journal!;
  const signed = 'A'.repeat(200) + 'TAILOFTHETRANSACTION';
  await j.append({ id: 'e1', time: Date.parse('2026-01-02T10:00:00Z'), group: 'ultra', action: 'swap', requestId: 'r-1', signature: '5'.repeat(88), signedTransaction: signed, summary: { pay: '1 SOL' }, status: 'signed' });
  await j.appendOutcome({ id: 'e1', time: Date.parse('2026-01-02T10:00:05Z'), status: 'success', code: 0 });
  await j.append({ id: 'e2', time: Date.parse('2026-01-03T10:00:00Z'), group: 'swap', action: 'swap', signature: '6'.repeat(88), signedTransaction: signed, lastValidBlockHeight: 99, summary: { pay: '2 SOL' }, status: 'signed' });
  w.services.journalView.getState().setOpen(true);
  const app = render(
    <KeyRouterProvider>
      <JournalView s={w.services} width={80} height={20} now={Date.now()} />
    </KeyRouterProvider>,
  );
  t.after(() => app.unmount());
  let frame = await waitForFrame(app, (f) => f.includes('2 entries'));
  const rows = frame.split('\n').filter((l) => /Swap/.test(l) && /SOL/.test(l));
  assert.match(rows[0], /Swap·RPC\s+swap\s+signed\s+666666…6666\s+2 SOL/);
  assert.match(rows[1], /Swap\s+swap\s+success\s+555555…5555\s+1 SOL/);
  await typeKeys(app, 'j', 'enter');
  frame = await waitForFrame(app, (f) => f.includes('Journal entry'));
  assert.match(frame, /requestId\s+r-1/);
  assert.match(frame, /220 base-64 characters/);
  assert.ok(!frame.includes('TAILOFTHETRANSACTION'));
  assert.ok(!frame.includes('A'.repeat(20)));
  await typeKeys(app, 'escape');
  await waitForFrame(app, (f) => f.includes('2 entries'));
  await typeKeys(app, 'J');
  assert.equal(w.services.journalView.getState().open, false);
});
