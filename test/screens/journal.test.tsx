// The journal view: entries newest first with time, group, action, status and signature; Enter
// shows one entry without the signed transaction in full; Esc backs out, J closes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { render } from 'ink-testing-library';
import { KeyRouterProvider } from '../../components/keys/index.js';
import { JournalView } from '../../screens/Journal/JournalView.js';
import { typeKeys, waitForFrame } from '../support/ink.js';
import { world, type World } from '../support/actions.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';

/** The journal view opened at 80x20 over the world's services. */
function openJournalView(t: { after(fn: () => void): void }, w: World) {
  w.services.journalView.getState().setOpen(true);
  const app = render(
    <KeyRouterProvider>
      <JournalView s={w.services} width={80} height={20} now={Date.now()} />
    </KeyRouterProvider>,
  );
  t.after(() => app.unmount());
  return app;
}

test('lists entries newest first; Enter shows details but never the whole signed transaction, the mode, and an explorer link only for a live entry; Esc and J back out', async (t) => {
  const w = await world(t);
  const j = w.services.journal!;
  const signed = 'A'.repeat(200) + 'TAILOFTHETRANSACTION';
  await j.append({
    id: 'e1',
    time: Date.parse('2026-01-02T10:00:00Z'),
    group: 'ultra',
    action: 'swap',
    requestId: 'r-1',
    signature: '5'.repeat(88),
    signedTransaction: signed,
    summary: { pay: '1 SOL' },
    status: 'signed',
    mode: 'demo',
    network: 'simulator',
  });
  await j.appendOutcome({ id: 'e1', time: Date.parse('2026-01-02T10:00:05Z'), status: 'success', code: 0 });
  await j.append({
    id: 'e2',
    time: Date.parse('2026-01-03T10:00:00Z'),
    group: 'swap',
    action: 'swap',
    signature: '6'.repeat(88),
    signedTransaction: signed,
    lastValidBlockHeight: 99,
    summary: { pay: '2 SOL' },
    status: 'signed',
    mode: 'live',
    network: 'svc.example',
  });
  const app = openJournalView(t, w);
  let frame = await waitForFrame(app, (f) => f.includes('2 entries'));
  const rows = frame.split('\n').filter((l) => /Swap/.test(l) && /SOL/.test(l));
  assert.match(nth(rows, 0), /Swap·RPC\s+swap\s+signed\s+6666…6666\s+2 SOL/);
  assert.match(nth(rows, 1), /Swap\s+swap\s+success\s+5555…5555\s+1 SOL/);
  await typeKeys(app, 'j', 'enter');
  frame = await waitForFrame(app, (f) => f.includes('Journal entry'));
  assert.match(frame, /requestId\s+r-1/);
  assert.match(frame, /220 base-64 characters/);
  assert.ok(!frame.includes('TAILOFTHETRANSACTION'));
  assert.ok(!frame.includes('A'.repeat(20)));
  assert.match(frame, /mode\s+demo\n/);
  assert.doesNotMatch(frame, /explorer/, 'a demo transaction is on no explorer');
  await typeKeys(app, 'escape');
  await waitForFrame(app, (f) => f.includes('2 entries'));
  await typeKeys(app, 'k', 'enter');
  frame = await waitForFrame(app, (f) => f.includes('Journal entry') && f.includes('6666'));
  assert.match(frame, /mode\s+live\n/);
  assert.match(frame, /explorer\s+https:\/\/explorer\.example\/tx\/6{20}/);
  await typeKeys(app, 'escape');
  await waitForFrame(app, (f) => f.includes('2 entries'));
  await typeKeys(app, 'J');
  assert.equal(w.services.journalView.getState().open, false);
});

test('the columns keep their width whatever the action; WHAT shows what was received; a WALLET column appears once two wallets are in the journal', async (t) => {
  const w = await world(t);
  const j = w.services.journal!;
  const other = 'Ba5e5555555555555555555555555555555555555e58';
  const at = (h: number) => Date.parse(`2026-01-02T${String(h).padStart(2, '0')}:00:00Z`);
  await j.append({
    id: 's1',
    time: at(1),
    group: 'ultra',
    action: 'swap',
    signature: '5'.repeat(88),
    signedTransaction: 'AQID',
    summary: { pay: '1 SOL', inputMint: SOL, outputMint: USDC },
    status: 'signed',
    wallet: w.wallet.address,
  });
  await j.appendOutcome({
    id: 's1',
    time: at(1) + 5,
    status: 'success',
    executed: { input: '1000000000', output: '150250000' },
  });
  await j.append({
    id: 'c1',
    time: at(2),
    group: 'trigger',
    action: 'cancel-all-limit',
    signature: '7'.repeat(88),
    signedTransaction: 'AQID',
    summary: {},
    status: 'signed',
    wallet: w.wallet.address,
  });
  await j.append({
    id: 'l1',
    time: at(3),
    group: 'trigger',
    action: 'create-limit',
    signature: '8'.repeat(88),
    signedTransaction: 'AQID',
    summary: { pay: '2 SOL' },
    status: 'submitted',
    wallet: w.wallet.address,
  });
  await j.append({
    id: 'p1',
    time: at(4),
    group: 'recurring',
    action: 'price-withdraw',
    signedTransaction: 'AQID',
    summary: { pay: '5 USDC' },
    status: 'failed',
    wallet: w.wallet.address,
  });
  // the longest actions: a vault order's, and limit orders cancelled five to a transaction
  await j.append({
    id: 'v1',
    time: at(6),
    group: 'vault',
    action: 'create-single',
    signature: '9'.repeat(88),
    signedTransaction: 'AQID',
    summary: { pay: '1 SOL', kind: 'single' },
    status: 'submitted',
    wallet: w.wallet.address,
  });
  await j.append({
    id: 'v2',
    time: at(7),
    group: 'vault',
    action: 'create-otoco',
    signedTransaction: 'AQID',
    summary: { pay: '40 USDC', kind: 'otoco' },
    status: 'signed',
    wallet: w.wallet.address,
  });
  await j.append({
    id: 'v3',
    time: at(8),
    group: 'vault',
    action: 'cancel-price',
    signedTransaction: 'AQID',
    summary: { order: 'o-1' },
    status: 'signed',
    wallet: w.wallet.address,
  });
  await j.append({
    id: 'c2',
    time: at(9),
    group: 'trigger',
    action: 'cancel-limits',
    signedTransaction: 'AQID',
    summary: {},
    status: 'signed',
    wallet: w.wallet.address,
  });
  const app = openJournalView(t, w);
  let frame = await waitForFrame(app, (f) => f.includes('8 entries'));
  assert.doesNotMatch(frame, /WALLET/, 'one wallet: no column for it');
  const lines = frame.split('\n');
  const header = lines.find((l) => l.includes('SIGNATURE'))!;
  const rows = lines.filter((l) => /^[› ]\d\d-\d\d \d\d:\d\d/.test(l));
  assert.equal(rows.length, 8);
  // times are in UTC and the column says so, whatever this machine's zone
  assert.match(header, /^ ?TIME UTC /);
  assert.ok(
    rows.some((r) => r.includes('01-02 01:00')),
    rows.join('\n'),
  );
  // every row's STATUS and WHAT start under their headings, whatever the action's length
  for (const r of rows) {
    assert.match(r.slice(header.indexOf('STATUS')), /^(signed|submitted|success|failed) /, r);
    assert.equal(r.padEnd(80)[header.indexOf('WHAT') - 1], ' ', r);
    assert.match(r.slice(header.indexOf('SIGNATURE')), /^(\d{4}…\d{4}|—)/, r);
  }
  assert.match(
    rows.find((r) => r.includes('Swap '))!,
    /success\s+5555…5555 1 SOL → 150\.25 USDC/,
  );
  assert.match(
    rows.find((r) => r.includes('Limit') && r.includes('7777'))!,
    /Limit\s+cancel-all signed/,
  );
  assert.match(
    rows.find((r) => r.includes('8888'))!,
    /Limit\s+create\s+submitted 8888…8888 2 SOL$/,
  );
  assert.match(
    rows.find((r) => r.includes('DCA '))!,
    /DCA\s+withdraw\s+failed\s+—\s+5 USDC/,
  );
  // no action is cut: the vault's say their kind under WHAT
  assert.doesNotMatch(rows.join('\n'), /…\s/);
  assert.match(
    rows.find((r) => r.includes('9999'))!,
    /Vault\s+create\s+submitted 9999…9999 trigger 1 SOL$/,
  );
  assert.match(
    rows.find((r) => r.includes('OTOCO'))!,
    /Vault\s+create\s+signed\s+—\s+OTOCO 40 USDC$/,
  );
  assert.match(
    rows.find((r) => r.includes('01-02 08:00'))!,
    /Vault\s+cancel\s+signed\s+—\s*$/,
  );
  assert.match(
    rows.find((r) => r.includes('01-02 09:00'))!,
    /Limit\s+cancel\s+signed\s+—\s*$/,
  );

  await j.append({
    id: 'o1',
    time: at(5),
    group: 'ultra',
    action: 'swap',
    signedTransaction: 'AQID',
    summary: { pay: '3 SOL' },
    status: 'signed',
    wallet: other,
  });
  typeKeys(app, 'r');
  frame = await waitForFrame(app, (f) => f.includes('9 entries'));
  assert.match(frame, /SIGNATURE\s+WALLET\s+WHAT/);
  assert.match(frame, /signed\s+—\s+Ba5e…5e58 3 SOL/);
  // at 80 columns WHAT has 17 of them beside the wallet; a wider terminal shows it whole
  assert.ok(frame.includes(`${w.wallet.address.slice(0, 4)}…${w.wallet.address.slice(-4)} 1 SOL → 150.25 U…`), frame);
  app.rerender(
    <KeyRouterProvider>
      <JournalView s={w.services} width={100} height={20} now={Date.now()} />
    </KeyRouterProvider>,
  );
  frame = await waitForFrame(app, (f) => f.includes('150.25 USDC'));
  assert.ok(frame.includes(`${w.wallet.address.slice(0, 4)}…${w.wallet.address.slice(-4)} 1 SOL → 150.25 USDC`), frame);
});

test('E writes what the view shows as CSV in the state directory and says where, the path whole', async (t) => {
  const w = await world(t);
  const j = w.services.journal!;
  await j.append({
    id: 'x1',
    time: Date.parse('2026-01-02T10:00:00Z'),
    group: 'ultra',
    action: 'swap',
    signature: '5'.repeat(88),
    signedTransaction: 'AQID',
    summary: { pay: '1 SOL', inputMint: SOL, outputMint: USDC, inAmount: '1000000000', outAmount: '150000000' },
    status: 'signed',
    wallet: w.wallet.address,
  });
  await j.appendOutcome({
    id: 'x1',
    time: Date.parse('2026-01-02T10:00:05Z'),
    status: 'success',
    executed: { input: '1000000000', output: '150250000' },
  });
  const app = openJournalView(t, w);
  await waitForFrame(app, (f) => f.includes('1 entry') && f.includes('E export CSV'));
  await typeKeys(app, 'E');
  const frame = await waitForFrame(app, (f) => f.includes('exported 1 entry as CSV to'), 20_000);
  const path = nth(frame.replace(/\s*\n\s*/g, '').match(/to (\/\S+?\.csv)/)!, 1);
  const csv = readFileSync(path, 'utf8');
  assert.equal((statSync(path).mode & 0o777).toString(8), '600');
  assert.match(nth(csv.split('\r\n'), 0), /^time,action,status,mode,network,wallet,signature,sentAmount/);
  assert.match(
    nth(csv.split('\r\n'), 1),
    /^2026-01-02T10:00:00\.000Z,swap \(order group\),success,.*,1,SOL,So1+2,150\.25,USDC,/,
  );
});

test('a long journal: the view says it is reading (never "Nothing signed yet") until it has read, then the count of every entry', async (t) => {
  const w = await world(t);
  const lines: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    lines.push(
      JSON.stringify({
        kind: 'entry',
        id: `old-${i}`,
        time: Date.parse('2026-01-02T10:00:00Z') + i * 1000,
        group: 'ultra',
        action: 'swap',
        signature: '5'.repeat(88),
        signedTransaction: 'AQID'.repeat(100),
        summary: { pay: '1 SOL' },
        status: 'success',
      }),
    );
  }
  appendFileSync(w.services.journal!.path, `${lines.join('\n')}\n`);
  const app = openJournalView(t, w);
  const first = app.lastFrame() ?? '';
  assert.match(first, /reading journal…/);
  assert.ok(!first.includes('Nothing signed yet') && !first.includes('0 entries'), first);
  const frame = await waitForFrame(app, (f) => f.includes('20,000 entries'));
  assert.ok(!frame.includes('reading journal'));
  assert.match(frame, /Swap\s+swap\s+success\s+5555…5555\s+1 SOL/);
  // the oldest entry is a page read from the other end of the file, and back
  await typeKeys(app, 'G', 'enter');
  await waitForFrame(app, (f) => /id\s+old-0\b/.test(f));
  await typeKeys(app, 'escape', 'g', 'enter');
  await waitForFrame(app, (f) => /id\s+old-19999\b/.test(f));
});
