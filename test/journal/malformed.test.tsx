// Journal lines of the wrong shape (edited by hand, written by something else): each is kept in the
// file, said once with its line number and why, and never crashes the journal view or start-up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { render } from 'ink-testing-library';
import { KeyRouterProvider } from '../../components/keys/index.js';
import { JournalView } from '../../screens/Journal/JournalView.js';
import { reconcileAtStart } from '../../src/actions/startup.js';
import { readJournalText } from '../../src/journal/journal.js';
import { typeKeys, waitForFrame } from '../support/ink.js';
import { submissions, world } from '../support/actions.js';

const T = Date.parse('2026-01-02T10:00:00Z');
const line = (o: Record<string, unknown>) => JSON.stringify(o) + '\n';
const good = (id: string, over: Record<string, unknown> = {}) =>
  line({
    kind: 'entry',
    id,
    time: T,
    group: 'ultra',
    action: 'swap',
    signedTransaction: 'AQID',
    summary: { pay: '1 SOL' },
    status: 'signed',
    ...over,
  });

test('each field the reader uses is type-checked: a line it cannot use is reported with its number and why', () => {
  const text = [
    good('ok'),
    good('sig', { signature: { a: 1 } }),
    good('sum', { summary: null }),
    '{"kind":"entry","id":"torn","ti\n',
    line({ kind: 'outcome', id: 'ok', time: T + 1, status: 'success', error: null, executed: 'x' }),
    line({ kind: 'outcome', id: 'nobody', time: T, status: 'failed' }),
    line({ kind: 'outcome', id: 'ok', status: 'finished' }),
    good('grp', { group: 'moon' }),
    good('act', { action: 7 }),
    good('lvb', { lastValidBlockHeight: '12' }),
    '[1,2]\n',
    line({ kind: 'note', id: 'x' }),
  ].join('');
  const { entries, problems } = readJournalText(text);
  assert.deepEqual(
    entries.map((e) => [e.id, e.status]),
    [['ok', 'success']],
    'the usable outcome still applies though its optional fields are wrong',
  );
  assert.deepEqual(problems, [
    { line: 2, why: 'signature is not a string' },
    { line: 3, why: 'summary is not an object' },
    { line: 4, why: 'not JSON (cut short by a crash?)' },
    { line: 6, why: 'an outcome of an entry not found before it' },
    { line: 7, why: 'status is not one of prepared, signed, submitted, success, failed, expired, unknown, unsent' },
    { line: 8, why: 'group is not one of ultra, swapV2, trigger, recurring, swap, studio' },
    { line: 9, why: 'action is not a string' },
    { line: 10, why: 'lastValidBlockHeight is not a number' },
    { line: 11, why: 'not a JSON object' },
    { line: 12, why: 'kind is neither "entry" nor "outcome"' },
  ]);
});

test('with "signature":{"a":1} and "summary":null lines the J view opens with the report line, and start-up is clean', async (t) => {
  const w = await world(t);
  const j = w.services.journal!;
  await j.append({
    id: 'done',
    time: T,
    group: 'ultra',
    action: 'swap',
    requestId: 'r-1',
    signature: '5'.repeat(88),
    signedTransaction: 'AQID',
    summary: { pay: '1 SOL' },
    status: 'signed',
  });
  await j.appendOutcome({ id: 'done', time: T + 5, status: 'success' });
  appendFileSync(
    w.journalPath,
    good('bad-sig', { signature: { a: 1 }, requestId: 'r-2' }) + good('bad-sum', { summary: null, requestId: 'r-3' }),
  );
  appendFileSync(w.journalPath, line({ kind: 'outcome', id: 'bad-sum', time: T + 9, status: 'success' }));
  const before = readFileSync(w.journalPath, 'utf8');

  const r = await reconcileAtStart(w.services);
  assert.equal(r.kind, 'error');
  assert.equal(
    r.message,
    `journal: 3 lines of ${w.journalPath} could not be read (line 3: signature is not a string; line 4: summary is not an object; line 5: an outcome of an entry not found before it); kept in the file as it is`,
  );
  assert.doesNotMatch(r.message ?? '', /could not check|will retry/);
  assert.equal(submissions(w.sim).length, 0, 'nothing was re-posted for a line that could not be read');
  assert.equal(readFileSync(w.journalPath, 'utf8'), before, 'the lines are kept as they are');

  w.services.journalView.getState().setOpen(true);
  const app = render(
    <KeyRouterProvider>
      <JournalView s={w.services} width={80} height={20} now={T + 60_000} />
    </KeyRouterProvider>,
  );
  t.after(() => app.unmount());
  const frame = await waitForFrame(app, (f) => f.includes('1 entry'));
  assert.match(frame, /3 lines not read, kept in the file: line 3: signature is not a string; line 4:/);
  assert.match(frame, /Swap\s+swap\s+success\s+5555…5555 1 SOL/);
  await typeKeys(app, 'enter');
  await waitForFrame(app, (f) => f.includes('Journal entry'));
});
