// Several RPC endpoints: the first one unreachable, the next takes over, the switch is said (a
// message and the session's note for the header), and a swap through the swap group (built here,
// sent by RPC) still completes; an answer the node gave is not a reason to switch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRpcClient, RpcError } from '../../src/api/rpc.js';
import { createFailoverRpc } from '../../src/api/rpcFailover.js';
import { executeSwapForm } from '../../src/actions/swapFlow.js';
import { createServices } from '../../src/services.js';
import { startSim } from '../../src/sim/index.js';
import { createSwapStore } from '../../src/store/swap.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { demoConfig } from '../helpers/services.js';
import { answerNext, submissions } from './helpers.js';
import { render } from 'ink-testing-library';
import { plainTheme } from '../../components/theme.js';
import { App } from '../../screens/shell/App.js';
import { waitForFrame } from '../components/helpers.js';

/** A local port nothing listens on. */
async function deadUrl(): Promise<string> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return `http://127.0.0.1:${port}/rpc`;
}

test('the next endpoint takes over from one that does not answer; a node error passes through', async (t) => {
  const sim = await startSim({ seed: 3 });
  t.after(() => sim.stop());
  const switches: string[] = [];
  const rpc = createFailoverRpc([createRpcClient({ url: await deadUrl(), timeoutMs: 2000 }), createRpcClient({ url: sim.rpcUrl })], (e) => switches.push(`${e.from}->${e.to}`));
  assert.ok((await rpc.getSlot()) > 0);
  assert.deepEqual(switches, ['0->1']);
  assert.equal(rpc.current(), 1);
  await assert.rejects(rpc.getTokenSupply('11111111111111111111111111111112'), (e: unknown) => e instanceof RpcError && e.kind === 'rpc');
  assert.deepEqual(switches, ['0->1'], 'a node answer is no reason to switch');
  const dead = createFailoverRpc([createRpcClient({ url: await deadUrl(), timeoutMs: 2000 }), createRpcClient({ url: await deadUrl(), timeoutMs: 2000 })]);
  await assert.rejects(dead.getSlot(), /every RPC endpoint failed \(2\)/);
});

test('live with two RPC URLs, the first down: the switch is said and a swap-group swap completes', async (t) => {
  const sim = await startSim({ seed: 3 });
  t.after(() => sim.stop());
  const dir = await mkdtemp(join(tmpdir(), 'td-failover-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const keypairPath = await createDemoKeyFile(join(dir, 'keys'));
  sim.fund((await loadKeypairFile(keypairPath)).address);
  const rpcUrls = [await deadUrl(), sim.rpcUrl];
  const s = await createServices(
    { ...demoConfig({ stateDir: join(dir, 'state'), keypairPath }), mode: 'live', baseUrl: sim.url, apiKey: 'k', rpcUrl: rpcUrls[0], rpcUrls },
    { retries: 0, pipeline: { sleep: async () => undefined, pollIntervalMs: 1 } },
  );
  t.after(() => s.close());
  const swap = createSwapStore({ input: 'SOL', output: 'USDC', amount: '0.1' });
  const run = executeSwapForm(s, swap, 'swap');
  await answerNext(s, true);
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  assert.equal(s.session.getState().rpcNote, 'RPC 2/2');
  assert.ok(s.notices.some((n) => /RPC 1 of 2 failed .*now using RPC 2/.test(n.text)), JSON.stringify(s.notices));
  assert.equal(submissions(sim).length, 1);
  // the header says which endpoint is in use
  const app = render(<App services={s} theme={plainTheme} size={{ columns: 100, rows: 30 }} />);
  t.after(() => app.unmount());
  await waitForFrame(app, (f) => f.split('\n')[0].includes('RPC 2/2'), 5000);
});
