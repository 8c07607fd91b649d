// A world for the signing-action tests: the simulator over loopback HTTP, a funded demo key file,
// the real API and RPC clients, a journal on disk, a session store and the action services.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, createRpcClient } from '../../src/api/index.js';
import { openJournal } from '../../src/journal/journal.js';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { createSessionStore } from '../../src/store/session.js';
import { createDemoKeyFile, loadKeypairFile, type KeypairWallet } from '../../src/wallet/keypair.js';
import { createActionServices, type ActionServices, type ActionServicesInit } from '../../src/actions/services.js';

export interface World {
  sim: SimHandle;
  wallet: KeypairWallet;
  dir: string;
  journalPath: string;
  services: ActionServices;
  session: ReturnType<typeof createSessionStore>;
}

export async function world(t: { after(fn: () => Promise<void> | void): void }, over: Partial<ActionServicesInit> = {}): Promise<World> {
  const sim = await startSim({ seed: 11, timeScale: 1 });
  t.after(() => sim.stop());
  const dir = await mkdtemp(join(tmpdir(), 'tradedeck-actions-'));
  const wallet = await loadKeypairFile(await createDemoKeyFile(join(dir, 'keys')));
  sim.fund(wallet.address);
  const journalPath = join(dir, 'state', 'journal.jsonl');
  const session = createSessionStore({ mode: 'demo', modeLabel: 'SIMULATED', wallet: { kind: 'keypair', address: wallet.address }, screen: 'swap', intervals: {} });
  const services = createActionServices({
    api: createApiClient({ baseUrl: sim.url, apiKey: 'test-key', retries: 0 }),
    rpc: createRpcClient({ url: sim.rpcUrl }),
    wallet,
    journal: await openJournal(journalPath),
    session,
    pipeline: { sleep: async () => undefined, pollIntervalMs: 1 },
    ...over,
  });
  return { sim, wallet, dir, journalPath, services, session };
}

/** Requests the simulator received on a path. */
export function received(sim: SimHandle, path: string) {
  return sim.requests().filter((r) => r.path === path || r.path === `${path}`);
}

/** Every request that could submit a transaction: an execute of any group, or RPC sendTransaction. */
export function submissions(sim: SimHandle) {
  return sim.requests().filter((r) => /\/execute$/.test(r.path) || (r.path === '/rpc' && JSON.stringify(r.body ?? '').includes('sendTransaction')));
}

/** Answers the next confirmation the pipeline asks for. */
export async function answerNext(s: ActionServices, ok: boolean): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    const head = s.confirm.getState().queue[0];
    if (head) return s.confirm.getState().answer(head.id, ok);
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('no confirmation was asked for');
}
