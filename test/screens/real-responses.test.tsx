// The recorded real-shaped bodies (test/fixtures/real/) on the screens that show them: parsed by
// the real client (a fetch answering with the recorded body) and rendered at 80x24 with nothing
// shown as undefined, NaN or a raw null, and no line wider than the terminal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiClient } from '../../src/api/index.js';
import { typeKeys, waitForFrame } from '../support/ink.js';
import { recordedClient } from '../support/recorded.js';
import { startDashboard } from '../support/dashboard.js';

function clean(frame: string, what: string): void {
  assert.doesNotMatch(frame, /undefined|NaN|\[object Object\]|\bnull\b/, `${what} shows a missing value:\n${frame}`);
  for (const l of frame.split('\n')) assert.ok([...l].length <= 80, `${what}: a line wider than 80: ${l}`);
}

/** The dashboard at 80x24 on `screen`, with some API groups answering from recorded bodies. */
async function withRecorded(
  t: { after(fn: () => Promise<void>): void },
  screen: string,
  routes: Record<string, string>,
  groups: Array<keyof ApiClient>,
) {
  const { client } = recordedClient(routes);
  const d = await startDashboard({
    columns: 80,
    rows: 24,
    screen,
    before: (s) => {
      s.api = { ...s.api, ...Object.fromEntries(groups.map((g) => [g, client[g]])) } as ApiClient;
    },
  });
  t.after(() => d.close());
  return d;
}

test('Tokens: lists whose items lack interval stats or tokenProgram render, and so does the detail', async (t) => {
  const d = await withRecorded(t, 'tokens', { 'GET /tokens/v2/': 'tokens-search-missing-stats.json' }, ['tokens']);
  const frame = await waitForFrame(d.app, (f) => f.includes('Bonk') && f.includes('WIF'), 10_000);
  clean(frame, 'the token list');
  await typeKeys(d.app, 'j', 'enter');
  const detail = await waitForFrame(d.app, (f) => f.includes('prices seen'), 5000);
  clean(detail, 'the token detail');
});

for (const file of [
  'order-no-platformfee.json',
  'order-platformfee-feemint-no-amount.json',
  'order-rfq-no-signaturefeepayer.json',
]) {
  test(`Swap: the pane quotes an order group answer shaped like ${file}`, async (t) => {
    const d = await withRecorded(t, 'swap', { 'GET /ultra/v1/order': file }, ['ultra']);
    await waitForFrame(d.app, (f) => f.includes('› From'), 10_000);
    await typeKeys(d.app, 'enter', 'SOL', 'tab', 'USDC', 'tab', '1', 'enter');
    const frame = await waitForFrame(
      d.app,
      (f) => f.includes('Min received') && f.includes('s swaps via the order group'),
      10_000,
    );
    assert.match(frame, /You pay +1 SOL/);
    clean(frame, `the Swap pane (${file})`);
  });
}

test('Orders: a trigger listing labelled "open" and a recurring listing render as active lists', async (t) => {
  const d = await withRecorded(
    t,
    'orders',
    {
      'GET /trigger/v1/getTriggerOrders': 'trigger-orders-open.json',
      'GET /recurring/v1/getRecurringOrders': 'recurring-orders-active.json',
    },
    ['trigger', 'recurring'],
  );
  const limit = await waitForFrame(
    d.app,
    (f) => f.includes('[Limit] DCA') && /SOL|USDC|JUP/.test(f) && !f.includes('No active'),
    10_000,
  );
  clean(limit, 'the Limit list');
  await typeKeys(d.app, 'enter');
  clean(await waitForFrame(d.app, (f) => f.includes('Limit order'), 5000), 'a limit order detail');
  await typeKeys(d.app, 'escape', 't');
  const dca = await waitForFrame(d.app, (f) => f.includes('Limit [DCA]') && !f.includes('Loading'), 10_000);
  clean(dca, 'the DCA list');
});

test('Invites: history entries with optional fields left out render', async (t) => {
  const d = await withRecorded(t, 'invites', { 'GET /send/v1/': 'invites-history-variants.json' }, ['send']);
  const frame = await waitForFrame(d.app, (f) => f.includes('4 loaded') && f.includes('claimed'), 10_000);
  clean(frame, 'the Invites list');
});

test('Portfolio: a response without tokenInfo renders', async (t) => {
  const d = await withRecorded(t, 'portfolio', { 'GET /portfolio/v1/positions/': 'portfolio-no-tokeninfo.json' }, [
    'portfolio',
  ]);
  const frame = await waitForFrame(d.app, (f) => /Net worth/i.test(f), 10_000);
  clean(frame, 'the Portfolio');
});
