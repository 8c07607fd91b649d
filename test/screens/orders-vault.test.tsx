// The Orders screen's vault list in the whole app against the simulator (demo mode, its demo key),
// as a person types it: t goes round to Vault, whose head says who holds the funds; :stop …
// custody vault asks to register the vault (nothing signed), then the deposit (its custody, the
// trigger in USD and the service's slippage named), and the order is listed; Enter its detail;
// :vault edit changes it (a dialog, nothing signed); x asks for its withdrawal and, confirmed,
// ends it; h lists it past; the keys that do nothing here say why; a mistyped word is one line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFits80, flatFrame, typeKeys, waitForFrame } from '../support/ink.js';
import { openOrders, type Dashboard } from '../support/dashboard.js';

const open = openOrders;

const flat = flatFrame;

const fits = (frame: string) => assertFits80(frame);

const v2 = (d: Dashboard, path: string) => d.sim.requests().filter((r) => r.path.startsWith(path));

test('t to Vault; :stop … custody vault registers the vault and deposits (two dialogs); Enter, :vault edit, x withdraws, h lists it past', async (t) => {
  const d = await open(t);
  let frame = await waitForFrame(
    d.app,
    (f) => f.includes("Service limit orders: funds in the order's account; filled at your price"),
    3000,
  );
  fits(frame);
  await typeKeys(d.app, 't', 't', 't');
  frame = await waitForFrame(
    d.app,
    (f) => f.includes('Limit DCA Standing [Vault]') && f.includes('No open orders in the vault (none registered)'),
    8000,
  );
  fits(frame);
  assert.match(frame, /Service orders from your vault \(custodial\): its keeper fills, never asks you/);
  assert.ok(
    frame.split('\n').some((l) => l.trim() === 't lists · h history · n new · ? more'),
    frame,
  );
  // keys that act on other lists say why
  await typeKeys(d.app, 'X');
  await waitForFrame(d.app, (f) => f.includes('X cancels limit orders; x cancels the selected vault order'), 3000);

  // a mistyped custody: one line, nothing sent
  await typeKeys(d.app, ':', 'stop 1 SOL @120 USDC custody bank', 'enter');
  await waitForFrame(d.app, (f) => flat(f).includes('custody: "bank" is not wallet or vault'), 3000);
  assert.equal(v2(d, '/trigger/v2/deposit').length, 0);

  // declined at the first dialog: said in the vault's words, nothing registered or deposited
  await typeKeys(d.app, ':', 'stop 1 SOL @120 USDC custody vault', 'enter');
  await waitForFrame(d.app, (f) => f.includes('Register a vault') && f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (f) => flat(f).includes('stop: not placed, nothing was deposited'), 5000);
  assert.equal(v2(d, '/trigger/v2/vault/register').length, 0);
  assert.equal(v2(d, '/trigger/v2/deposit').length, 0);

  await typeKeys(d.app, ':', 'stop 1 SOL @120 USDC custody vault', 'enter');
  frame = await waitForFrame(d.app, (f) => f.includes('Register a vault') && f.includes('y confirm'), 8000);
  assert.match(
    flat(frame),
    /these funds move to a vault that the service's custody provider holds; orders fill from it without asking you/,
  );
  await typeKeys(d.app, 'G', 'y');
  frame = await waitForFrame(d.app, (f) => f.includes('Stop-loss from the vault') && f.includes('y confirm'), 8000);
  const dialog = flat(frame);
  assert.match(dialog, /when SOL is at or below \$120\.00, sell 1 SOL for USDC/);
  await typeKeys(d.app, 'G');
  frame = await waitForFrame(d.app, (f) => /Slippage/.test(f) && /Expires/.test(f), 5000);
  assert.match(flat(frame), /stop-loss: 20\.00% \(2000 bps\)/);
  await typeKeys(d.app, 'y');
  frame = await waitForFrame(d.app, (f) => /›SOL→USDC\s+1 SOL below 120\.00\s+0%\s+in 30d\s+open/.test(f), 15_000);
  fits(frame);
  assert.ok(
    frame.split('\n').some((l) => l.trim() === 't lists · h history · Enter detail · x cancel · n new · ? more'),
    frame,
  );
  const create = v2(d, '/trigger/v2/orders/price')[0]?.body as Record<string, unknown>;
  assert.equal(create.triggerCondition, 'below');
  assert.equal(create.triggerPriceUsd, 120);

  await typeKeys(d.app, 'enter');
  frame = await waitForFrame(d.app, (f) => f.includes('Vault order '), 3000);
  assert.match(frame, /terms\s+below 120\.00/);
  assert.match(frame, /custody\s+Service orders from your vault/);
  const id = /Vault order (\S+)/.exec(frame)?.[1];
  assert.ok(id, frame);
  await typeKeys(d.app, 'escape');

  await typeKeys(d.app, ':', `vault edit ${id} price 110`, 'enter');
  frame = await waitForFrame(d.app, (f) => f.includes('in the vault') && f.includes('y confirm'), 5000);
  assert.match(frame, /Trigger\s+\$110\.00/);
  await typeKeys(d.app, 'y');
  frame = await waitForFrame(d.app, (f) => /›SOL→USDC\s+1 SOL below 110\.00/.test(f), 20_000);
  fits(frame);
  assert.deepEqual(v2(d, '/trigger/v2/orders/price/').find((r) => r.method === 'PATCH')?.body, {
    orderType: 'single',
    triggerPriceUsd: 110,
  });

  await typeKeys(d.app, 'x');
  frame = await waitForFrame(d.app, (f) => f.includes('withdraw its funds') && f.includes('y confirm'), 8000);
  assert.match(flat(frame), /If declined the order stopped filling when this withdrawal was asked for/);
  await typeKeys(d.app, 'G', 'y');
  frame = await waitForFrame(d.app, (f) => flat(f).includes('cancelled, its funds withdrawn to the wallet'), 15_000);
  fits(frame);
  await typeKeys(d.app, 'h');
  frame = await waitForFrame(
    d.app,
    (f) => f.includes('Active [History]') && /SOL→USDC\s+1 SOL below 110\.00.*cancelled/.test(f),
    20_000,
  );
  fits(frame);
  // n on the vault's list: the standing orders' form, its custody the vault, said in its title
  await typeKeys(d.app, 'h', 'n');
  frame = await waitForFrame(
    d.app,
    (f) => f.includes("New order from your vault: the service's, filled from it without asking"),
    5000,
  );
  assert.match(frame, /Custody\s+vault\s+the service's vault holds the funds/);
  fits(frame);
  await typeKeys(d.app, 'escape');
});

test('a vault registered and its deposit declined: the Vault list is read again at once and no longer says none registered', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, 't', 't', 't');
  await waitForFrame(d.app, (f) => f.includes('No open orders in the vault (none registered)'), 8000);
  await typeKeys(d.app, ':', 'stop 1 SOL @120 USDC custody vault', 'enter');
  await waitForFrame(d.app, (f) => f.includes('Register a vault') && f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'G', 'y');
  await waitForFrame(d.app, (f) => f.includes('Stop-loss from the vault') && f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'n');
  // (the list is polled every 15 s: what it says within 5 s is the reading after the dialog)
  const frame = await waitForFrame(
    d.app,
    (f) =>
      flat(f).includes('stop: not placed, nothing was deposited') &&
      f.includes('No open orders in the vault') &&
      !f.includes('none registered'),
    5000,
  );
  fits(frame);
  assert.equal(v2(d, '/trigger/v2/vault/register').length, 1);
  assert.equal(v2(d, '/trigger/v2/orders/price').length, 0);
});
