// A journal line cut short by a crash mid-write is kept in the file and said at the next start,
// with or without unfinished transactions to reconcile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { openJournal } from '../../src/journal/journal.js';
import { reconcileAtStart } from '../../src/actions/startup.js';
import { world } from '../support/actions.js';

test('a torn journal line is reported at start, never dropped in silence', async (t) => {
  const w = await world(t);
  await w.services.journal!.append({
    id: 'done',
    time: Date.now(),
    group: 'ultra',
    action: 'swap',
    signedTransaction: 'AA==',
    summary: {},
    status: 'signed',
  });
  await w.services.journal!.appendOutcome({ id: 'done', time: Date.now(), status: 'success' });
  // a whole journal: nothing to say
  assert.equal((await reconcileAtStart(w.services)).message, undefined);
  appendFileSync(w.journalPath, '{"kind":"outcome","id":"');
  const r = await reconcileAtStart({ ...w.services, journal: await openJournal(w.journalPath) });
  assert.equal(r.kind, 'error');
  assert.match(r.message ?? '', /journal: 1 line of .*journal\.jsonl could not be read .*kept in the file/);
});
