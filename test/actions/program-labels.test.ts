// The service's program-id-to-label names the programs of a transaction in the confirm dialog:
// a program tradedeck does not know by itself is shown by the service's label, not as UNKNOWN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSigned } from '../../src/actions/run.js';
import type { ActionSpec } from '../../src/pipeline/types.js';
import { buildTransaction } from '../support/tx.js';
import { world } from '../support/actions.js';

test('programs named by program-id-to-label are named in the dialog; the labels are fetched once', async (t) => {
  const w = await world(t);
  const labels = await w.services.api.swap.programIdToLabel();
  const [dexProgram, dexLabel] = Object.entries(labels)[0];
  const spec = (): ActionSpec => ({
    group: 'swap',
    action: 'swap',
    build: async () => ({
      transactions: [buildTransaction({ feePayer: w.wallet.address, programs: [dexProgram] })],
      allowedSigners: [],
      builtAt: Date.now(),
      submit: 'rpc',
      summary: {},
    }),
    describe: () => ({ title: 'a transaction calling a DEX program', lines: [] }),
  });
  for (let i = 0; i < 2; i++) {
    const run = runSigned(spec(), w.services, 'rpc');
    let view;
    for (let n = 0; n < 400 && !(view = w.services.confirm.getState().queue[0]?.view); n++)
      await new Promise((r) => setTimeout(r, 5));
    assert.ok(view, 'the dialog was asked');
    const text = [...view.facts, ...view.warnings].join('\n');
    assert.ok(text.includes(`Programs: ${dexLabel}`), text);
    assert.doesNotMatch(text, /does not know/);
    w.services.confirm.getState().answer(w.services.confirm.getState().queue[0].id, false);
    assert.equal((await run).status, 'cancelled');
  }
  assert.equal(
    w.sim.requests().filter((r) => r.path === '/swap/v1/program-id-to-label').length,
    2,
    'once here, once by the session',
  );
});
