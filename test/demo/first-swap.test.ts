// The demo's first trade: Tokens → a token → s, amount 1, s, y succeeds with the default slippage.
// Ten fresh demo starts (each its own state directory and seed), each the first swap of its
// wallet, with the dialog read for a while before `y` (the simulated clock moves meanwhile).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOKEN_CATEGORIES } from '../../src/api/contract/tokens.js';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import { createServices } from '../../src/services/index.js';
import { executeSwapForm, loadTokens } from '../../src/actions/swapFlow.js';
import { createSwapStore } from '../../src/store/swap.js';
import { answerNext, nextConfirmation } from '../support/actions.js';
import { demoConfig } from '../support/services.js';
import { nth } from '../support/narrow.js';
import { removeTree } from '../support/home.js';

test('in ten fresh demo starts the first swap from Tokens, with the default slippage, succeeds', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'tradedeck-first-swap-'));
  t.after(() => removeTree(dir));
  const outcomes: string[] = [];
  for (let start = 1; start <= 10; start++) {
    // no key file of the person's: the demo key, made in this start's state directory
    const config = demoConfig({
      stateDir: join(dir, `state-${start}`),
      keypairPath: join(dir, 'none.json'),
      keypairIsDefault: true,
      seed: start,
      timeScale: 0,
    });
    const s = await createServices(config, {
      retries: 0,
      pipeline: { sleep: async () => undefined, pollIntervalMs: 1 },
    });
    try {
      // the Tokens screen's first list; a small token (not one of the majors, which barely move)
      const top = await s.api.tokens.list({ category: TOKEN_CATEGORIES[0], interval: '1h', limit: 50 });
      const token = nth(
        top.filter((x) => x.id !== NATIVE_MINT && !x.tags?.includes('strict')),
        start % 3,
      );
      await loadTokens(s);
      const swap = createSwapStore({ input: 'SOL', output: token.id, amount: '1' });
      const run = executeSwapForm(s, swap, 'order');
      await nextConfirmation(s);
      // the person reads the dialog (safety card, amounts) for 5 to 32 seconds
      s.sim!.advance(5 + 3 * start);
      await answerNext(s, true);
      const r = await run;
      outcomes.push(`seed ${start} ${token.symbol}: ${r?.status} ${r?.error ?? ''}`);
    } finally {
      await s.close();
    }
  }
  assert.deepEqual(
    outcomes.filter((o) => !/: success $/.test(o)),
    [],
    outcomes.join('\n'),
  );
});
