// An OTOCO typed into the Orders form as a person would, at 80x24 against the simulator: on the
// Vault list n opens the form with custody vault; the Trigger field takes the OCO's prices and the
// entry (`tp P sl P entry P`). An entry with no price, given twice, negative, written with a comma
// or outside the two legs is refused on the Trigger field in one line, nothing sent; a good one
// asks to register the vault, then states the entry and both legs, and the service receives the
// OTOCO with its entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFits80, flatFrame, typeKeys, waitForFrame } from '../support/ink.js';
import { openOrders } from '../support/dashboard.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { knownTokens, knowTokens } from '../../src/actions/swapFlow.js';
import { formatPrice } from '../../src/text/format.js';

const flat = flatFrame;

const fits = (frame: string) => assertFits80(frame);

test("the form's Trigger field takes an OTOCO's entry: hostile entries refused on the field, a good one stated with both legs and sent", async (t) => {
  const d = await openOrders(t);
  await knowTokens(d.services, ['SOL']);
  const market = knownTokens(d.services).find((x) => x.id === NATIVE_MINT)?.usdPrice;
  assert.ok(typeof market === 'number' && market > 10, 'SOL has a USD price');
  // a dip entry under the market, the take-profit above it, the stop-loss under the entry
  const entry = Math.floor(market * 0.9);
  const tp = Math.ceil(market * 1.2);
  const sl = Math.floor(market * 0.8);
  const legs = `tp ${tp} sl ${sl}`;

  await typeKeys(d.app, 't', 't', 't');
  await waitForFrame(d.app, (f) => f.includes('Limit DCA Standing [Vault]'), 5000);
  await typeKeys(d.app, 'n');
  let frame = await waitForFrame(d.app, (f) => f.includes('New order from your vault'), 5000);
  fits(frame);
  for (const v of ['oco', '50', 'USDC', `${legs} entry`, 'SOL']) await typeKeys(d.app, 'enter', v, 'enter', 'j');
  // beside the Trigger field: how an entry is written, the custody being the vault
  frame = await waitForFrame(d.app, (f) => f.includes('tp 180 sl 140 [entry 150: buy first]'), 5000);
  fits(frame);
  await typeKeys(d.app, 's');
  frame = await waitForFrame(d.app, (f) => f.includes('✗ entry: give the price to buy at, between sl and tp'), 5000);
  fits(frame);
  // the Trigger field again (two up from Expiry): each hostile entry in turn
  await typeKeys(d.app, 'k', 'k');
  const hostile: Array<[string, string]> = [
    [`${legs} entry ${entry} entry ${entry + 1}`, '✗ entry: given twice'],
    [`${legs} entry -${entry}`, `✗ entry: must not be negative (got "-${entry}")`],
    [`${legs} entry 1,5`, '✗ entry "1,5": a comma only groups thousands (1,500); for a decimal write 1.5'],
    [`${legs} entry ${tp + 5}`, `✗ entry: ${tp + 5}.00 USDC must lie between sl ${sl}.00 USDC and tp ${tp}.00 USDC`],
    [`${legs} entry`, '✗ entry: give the price to buy at'],
  ];
  for (const [typed, said] of hostile) {
    await typeKeys(d.app, 'enter', 'ctrl+u', typed, 'enter', 's');
    frame = await waitForFrame(d.app, (f) => f.includes(said), 5000);
    fits(frame);
    assert.equal(d.services.confirm.getState().queue.length, 0, `${typed}: no dialog`);
  }
  const v2 = (path: string) => d.sim.requests().filter((r) => r.path.startsWith(path));
  // the Vault list, shown, has logged in and read; nothing was deposited or placed
  assert.deepEqual(v2('/trigger/v2/deposit'), [], 'no deposit crafted');
  assert.deepEqual(v2('/trigger/v2/orders/price'), [], 'no order placed');

  await typeKeys(d.app, 'enter', 'ctrl+u', `${legs} entry ${entry}`, 'enter', 's');
  await waitForFrame(d.app, (f) => f.includes('Register a vault') && f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'G', 'y');
  frame = await waitForFrame(d.app, (f) => f.includes('OTOCO from the vault') && f.includes('y confirm'), 8000);
  fits(frame);
  const said = flat(frame);
  assert.match(
    said,
    new RegExp(
      `OTOCO from the vault: when SOL falls to \\$${entry}\\.00, spend 50 USDC on SOL; then a take-profit at \\$${tp}\\.00 and a stop-loss at \\$${sl}\\.00 on what it bought`,
    ),
  );
  // the entry the other way round too: what one USD is in SOL there
  const perUsd = formatPrice(1 / entry).replace(/\./g, '\\.');
  assert.match(said, new RegExp(`Entry SOL falls to \\$${entry}\\.00 \\(USD; \\$1 = ${perUsd} SOL\\): buys SOL`));
  assert.match(
    said,
    new RegExp(
      `Then take-profit at or above \\$${tp}\\.00, stop-loss at or below \\$${sl}\\.00, once the entry filled`,
    ),
  );
  await typeKeys(d.app, 'G', 'y');
  frame = await waitForFrame(
    d.app,
    (f) => f.includes('Limit DCA Standing [Vault]') && /USDC→SOL\s+50 USDC\s+otoco/.test(f),
    15_000,
  );
  fits(frame);
  const body = v2('/trigger/v2/orders/price')[0]?.body as Record<string, unknown>;
  assert.equal(body.orderType, 'otoco');
  assert.equal(body.triggerCondition, 'below');
  assert.equal(body.triggerPriceUsd, entry);
  assert.equal(body.tpPriceUsd, tp);
  assert.equal(body.slPriceUsd, sl);
  assert.equal(body.inputMint, USDC_MINT);
  assert.equal(body.outputMint, NATIVE_MINT);
  assert.equal(body.triggerMint, NATIVE_MINT);
  assert.equal(body.inputAmount, '50000000');
});
