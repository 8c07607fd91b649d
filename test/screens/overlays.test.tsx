// The journal (J) and the notifications log (N) over the dashboard at 80x24: their footers offer
// only keys that work there, ? lists their keys over them (and Esc goes back to them), the list keys
// move and page through them, and Esc or their letter closes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { typeKeys, waitForFrame } from '../support/ink.js';
import { startDashboard } from '../support/dashboard.js';

test('the notifications log: ? lists its keys over it, the list keys scroll it, N closes it', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24 });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 10_000);
  for (let i = 1; i <= 30; i++) d.services.notify('Orders', `fill number ${i}`);
  await typeKeys(d.app, 'N');
  let frame = await waitForFrame(d.app, (f) => f.includes('Notifications: 30 entries'), 3000);
  assert.match(frame, /N\/q close · \? help · :notify off\|bell\|desktop/);
  assert.match(frame, /fill number 30\n/, 'newest first');
  await typeKeys(d.app, '?');
  frame = await waitForFrame(d.app, (f) => f.includes('Notifications') && f.includes('close the log'), 3000);
  assert.match(frame, /j\/k ↓\/↑\s+move down \/ up/);
  assert.match(frame, /PgDn\/PgUp\s+page down \/ up/);
  assert.doesNotMatch(frame, /filter the list|refresh this screen/, 'only the keys that work in the log');
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => f.includes('Notifications: 30 entries'), 3000);
  await typeKeys(d.app, 'G');
  frame = await waitForFrame(d.app, (f) => f.includes('fill number 1\n') || /fill number 1 +\n/.test(f), 3000);
  const rows = frame.split('\n').filter((l) => l.includes(' ago  Orders '));
  assert.ok(!rows.some((l) => l.includes('fill number 30')), 'scrolled to the oldest');
  await typeKeys(d.app, 'g');
  await waitForFrame(d.app, (f) => f.includes('fill number 30'), 3000);
  await typeKeys(d.app, 'N');
  await waitForFrame(d.app, (f) => !f.includes('Notifications:'), 3000);
});

test('the journal: its footer and ? list its own keys, Esc in the help goes back to it, J closes it', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24 });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 10_000);
  await typeKeys(d.app, 'J');
  let frame = await waitForFrame(d.app, (f) => f.includes('Journal:') && f.includes('E export CSV'), 5000);
  assert.match(frame, /Enter detail · E export CSV · r reload · J\/q close · \? help/);
  await typeKeys(d.app, '?');
  frame = await waitForFrame(d.app, (f) => f.includes('export the journal as CSV'), 3000);
  assert.match(frame, /read the journal file again/);
  assert.match(frame, /g\/G\s+top \/ bottom/);
  assert.doesNotMatch(frame, /filter the list|command bar/, 'only the keys that work in the journal');
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => f.includes('Journal:') && f.includes('E export CSV'), 3000);
  await typeKeys(d.app, 'J');
  await waitForFrame(d.app, (f) => !f.includes('Journal:'), 3000);
  assert.equal(d.services.journalView.getState().open, false);
});
