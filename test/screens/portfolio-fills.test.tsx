// The spot P&L counts the fills of a limit order placed through tradedeck: placed with :limit (the
// journal records it), part-filled by the simulator, read back from the order listing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchFills } from '../../src/portfolio/fills.js';
import { typeKeys, waitForFrame } from '../support/ink.js';
import { startDashboard } from '../support/dashboard.js';
import { nth } from '../support/narrow.js';
import { waitFor } from '../support/wait.js';

test('a part-filled limit order placed here is a buy in the P&L', async (t) => {
  const d = await startDashboard({ columns: 100, rows: 40, screen: 'orders' });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('No active limit orders'), 8000);
  // buy SOL with USDC at a price a little above the market (under 5% lost at once: a plain y): 155 USDC for 1 SOL
  await typeKeys(d.app, ':', 'limit 155 USDC 1 SOL', 'enter');
  await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes('Limit order: done'), 8000);
  const entries = await d.services.journal!.entries();
  const order = entries.find((e) => e.group === 'trigger')!.summary.order as string;
  // the simulator's keeper fills orders priced through the market: on a slow machine it may have
  // filled all of it before this line, and then that one fill is what the P&L counts
  let partFilled = true;
  try {
    d.sim.fillTriggerOrder(order, 50);
  } catch (e) {
    if (!/is Completed, not open/.test(String(e))) throw e;
    partFilled = false;
  }
  const fills = await fetchFills(d.services, d.wallet.address, entries);
  assert.ok(fills.length >= 1);
  assert.equal(
    nth(fills, 0).inRaw,
    partFilled ? '77500000' : '155000000',
    partFilled ? 'the 50% fill: 77.5 USDC' : "the keeper's fill of all of it: 155 USDC",
  );
  await typeKeys(d.app, '5');
  await waitForFrame(d.app, (f) => f.includes('Net worth'), 10_000);
  // the P&L is at the end of the view; the fills arrive with the next refresh
  let frame = '';
  const idle = () => !d.scheduler.keys().some((k) => d.scheduler.state(k)?.inFlight);
  await waitFor(
    async () => {
      // a refresh, answered, then the bottom of the view
      await typeKeys(d.app, 'r');
      await waitFor(idle, 'the refresh to be answered', 10_000);
      await typeKeys(d.app, 'G');
      frame = d.app.lastFrame() ?? '';
      return /SOL\s+[\d.]+\s+\$155\.00/.test(frame);
    },
    'the fill in the spot P&L',
    20_000,
    () => frame,
  );
  // the keeper may fill the rest as well (the price is above the market): one or more fills
  assert.match(frame, /Spot P&L since tradedeck recorded \(\d+ (swap or fill|swaps and fills) since/);
  assert.match(frame, /SOL\s+(0\.5|1)\s+\$155\.00\s+\$[\d.]+\s+-\$\d/);
});
