// The Orders screen's standing list in the whole app against the simulator, as a person types it:
// t goes round Limit, DCA and Standing; :stop makes one (one dialog, nothing signed); the row says
// its kind, amount, condition, distance from the market, floor, expiry and state; Enter shows its
// detail; x cancels it locally (the usual dialog, no transaction); h shows it in History with its
// reason; the keys that do nothing on this list say why, and neither the footer nor ? offers them
// as working; :oco in the form's words places both legs; a refused word is one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFits80, flatFrame, typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { standingOf } from '../../src/orders/standing/checker.js';
import { submissions } from '../support/actions.js';
import { first } from '../support/narrow.js';

async function open(t: { after(fn: () => Promise<void>): void }): Promise<Dashboard> {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'orders' });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('[Limit] DCA Standing') && f.includes('No active limit orders'), 8000);
  return d;
}

/** the frame as one line of words: the dialog's borders and line breaks gone */
const flat = flatFrame;

const fits = (frame: string) => assertFits80(frame, /undefined|null|NaN/);

test('t to Standing, :stop armed after one dialog, its row and detail, x cancels it locally, h shows it cancelled', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, 't');
  await waitForFrame(d.app, (f) => f.includes('Limit [DCA] Standing'), 3000);
  await typeKeys(d.app, 't');
  let frame = await waitForFrame(
    d.app,
    (f) => f.includes('Limit DCA [Standing]') && f.includes('No armed standing orders'),
    3000,
  );
  fits(frame);
  // no order under the cursor: no x offered
  assert.ok(
    frame.split('\n').some((l) => l.trim() === 't lists · h history · f mint · n new · ? more'),
    frame,
  );

  await typeKeys(d.app, ':', 'stop 1 SOL @120 USDC', 'enter');
  frame = await waitForFrame(d.app, (f) => f.includes('y confirm') && f.includes('Arm it'), 8000);
  assert.match(flat(frame), /When SOL is at or below 120\.00 USDC, sell 1 SOL for at least 118\.8 USDC, once, until/);
  assert.match(frame, /Trigger\s+1 SOL = 120\.00 USDC · 1 USDC = 0\.008333 SOL/);
  assert.match(frame, /Sells\s+1 SOL ≈ \$1\d\d\.\d\d/);
  assert.match(frame, /For at least\s+118\.8 USDC ≈ \$11\d\.\d\d/);
  await typeKeys(d.app, 'G', 'y');
  frame = await waitForFrame(
    d.app,
    (f) => /›stop\s+1 SOL SOL ≤ 120\.00\s+-\d\d\.\d\d%\s+118\.8 USDC in 30d\s+armed/.test(f),
    8000,
  );
  fits(frame);
  assert.equal(submissions(d.sim).length, 0, 'nothing is signed to arm it');
  assert.ok(
    frame.split('\n').some((l) => l.trim() === 't lists · h history · f mint · x cancel · n new · ? more'),
    frame,
  );
  // the selected one said whole under the table: its state first
  assert.match(
    flat(frame),
    /armed · s-[0-9a-f]{8}: SOL is at or below 120\.00 USDC, sell 1 SOL for at least 118\.8 USDC; until/,
  );

  await typeKeys(d.app, 'enter');
  frame = await waitForFrame(d.app, (f) => f.includes('Standing order s-'), 3000);
  assert.match(frame, /custody\s+your wallet/);
  assert.match(frame, /trigger\s+1 SOL = 120\.00 USDC · 1 USDC = 0\.008333 SOL/);
  await typeKeys(d.app, 'escape');

  // the keys that do nothing here say so
  for (const [key, said] of [
    ['X', 'X cancels limit orders; x cancels the selected standing order'],
    ['i', "i is for the service's limit and DCA lists (t)"],
    ['p', 'p flips the price of the limit orders (t)'],
    ['w', 'w / W withdraw from a legacy price-based order (DCA list)'],
    [' ', 'Space marks limit orders (cancelled together with X); x cancels a standing order'],
  ] as const) {
    await typeKeys(d.app, key);
    await waitForFrame(d.app, (f) => flat(f).includes(said), 3000);
  }
  // ? marks them as not available here
  await typeKeys(d.app, '?');
  frame = await waitForFrame(d.app, (f) => f.includes('Limit/DCA/Standing/Vault'), 3000);
  for (const help of ['cancel marked / all limit', 'show failed-tx orders too', 'flip the limit price'])
    assert.match(frame, new RegExp(`× ${help}`), help);
  assert.doesNotMatch(frame, /× cancel the selected order/);
  await typeKeys(d.app, 'escape');

  await typeKeys(d.app, 'x');
  await waitForFrame(d.app, (f) => f.includes('Cancel it') && f.includes('Nothing is signed'), 3000);
  await typeKeys(d.app, 'y');
  await waitForFrame(
    d.app,
    (f) => f.includes('No armed standing orders') && /cancelled s-\w+: nothing was signed/.test(f),
    5000,
  );
  assert.equal(submissions(d.sim).length, 0, 'a cancel signs nothing');
  await typeKeys(d.app, 'h');
  frame = await waitForFrame(d.app, (f) => f.includes('Active [History]') && /stop\s+1 SOL .*cancelled/.test(f), 3000);
  assert.match(flat(frame), /cancelled: cancelled by you · s-/);
  fits(frame);
});

test('the form makes an OCO (both legs, one dialog); a refused word lands on its field in one line', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, 't', 't', 'n');
  await waitForFrame(d.app, (f) => f.includes('New standing order'), 3000);
  for (const v of ['oco', '1', 'SOL', 'tp 140 sl 200', 'USDC']) await typeKeys(d.app, 'enter', v, 'enter', 'j');
  await typeKeys(d.app, 's');
  let frame = await waitForFrame(d.app, (f) => f.includes('✗ tp 140.00 USDC is not above sl 200.00 USDC'), 5000);
  fits(frame);
  assert.equal(standingOf(d.services).store.getState().orders.length, 0, 'nothing stored');
  // the trigger fixed: k back to it, its words typed again
  await typeKeys(d.app, 'k', 'k', 'enter', 'ctrl+u', 'tp 200 sl 120', 'enter', 's');
  frame = await waitForFrame(d.app, (f) => f.includes('Arm both'), 8000);
  assert.match(
    flat(frame),
    /OCO, the first to fire cancels the other: when SOL is at or above 200\.00 USDC, sell 1 SOL for at least 198 USDC; when SOL is at or below 120\.00 USDC, sell 1 SOL for at least 118\.8 USDC; once, until/,
  );
  await typeKeys(d.app, 'G', 'y');
  frame = await waitForFrame(d.app, (f) => /oco tp\s+1 SOL/.test(f) && /oco sl\s+1 SOL/.test(f), 8000);
  fits(frame);
  await waitFor(() => standingOf(d.services).store.getState().orders.length === 2, 'both legs stored', 3000);
  const [a, b] = first(standingOf(d.services).store.getState().orders, 2);
  assert.equal(a.terms.oco, b.terms.id);
  // typed in the bar, the same refusal names the command once
  await typeKeys(d.app, ':', 'oco 1 SOL tp 140 sl 200 USDC', 'enter');
  frame = await waitForFrame(d.app, (f) => f.includes(':oco: tp 140.00 USDC is not above sl 200.00 USDC'), 5000);
  assert.doesNotMatch(frame, /oco: oco:/);
});
