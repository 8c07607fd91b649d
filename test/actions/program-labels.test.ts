// The service's program-id-to-label only names programs: a program it labels (a DEX) that is
// handed the wallet is refused all the same, named by the label in the one line the person reads,
// and nothing reaches a dialog. The labels are fetched once per session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runSigned } from '../../src/actions/run.js';
import type { ActionSpec } from '../../src/pipeline/types.js';
import { buildTransaction, expecting } from '../support/tx.js';
import { world } from '../support/actions.js';
import { nth } from '../support/narrow.js';

test('a program named by program-id-to-label is refused when handed the wallet, named by the label; the labels are fetched once', async (t) => {
  const w = await world(t);
  const labels = await w.services.api.swap.programIdToLabel();
  const [dexProgram, dexLabel] = nth(Object.entries(labels), 0);
  const spec = (): ActionSpec => ({
    group: 'swap',
    action: 'swap',
    build: async () => ({
      transactions: [buildTransaction({ feePayer: w.wallet.address, programs: [dexProgram] })],
      allowedSigners: [],
      builtAt: Date.now(),
      submit: 'rpc',
      summary: {},
      expect: expecting(),
    }),
    describe: () => ({ title: 'a transaction calling a DEX program', lines: [] }),
  });
  for (let i = 0; i < 2; i++) {
    const r = await runSigned(spec(), w.services, 'rpc');
    assert.equal(r.status, 'refused');
    assert.equal(r.stage, 'inspect');
    assert.equal(
      r.error,
      `instruction 1 hands the wallet (its signature) to ${dexProgram} (named "${dexLabel}" by the service), a program not on tradedeck's list: refused`,
    );
    assert.equal(w.services.confirm.getState().queue.length, 0, 'no dialog');
  }
  assert.equal(
    w.sim.requests().filter((r) => r.path === '/swap/v1/program-id-to-label').length,
    2,
    'once here, once by the session',
  );
  assert.equal((await w.services.journal!.entries()).length, 0, 'nothing signed');
});
