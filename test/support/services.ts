// Tests build their world with the same createServices as the dashboard: demo mode (the embedded
// simulator over loopback HTTP), its demo key in a temporary state dir (funded), the journal and
// watchlist there too.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config/config.js';
import { createServices, type Services, type ServicesOptions } from '../../src/services/index.js';
import type { SimHandle } from '../../src/sim/index.js';
import { ensureDemoKey } from '../../src/services/demoAccount.js';
import { createDemoKeyFile } from '../../src/wallet/keypair.js';
import type { KeypairWallet } from '../../src/wallet/keypair.js';
import type { NotifyEvent } from '../../src/notify/event.js';
import { removeTree } from './home.js';

export interface TestServicesOptions extends ServicesOptions {
  seed?: number;
  /** no key file: an address for watch-only, or nothing at all */
  address?: string;
  noWallet?: boolean;
  readOnly?: boolean;
  stateDir?: string;
  /** settings beyond the demo defaults (e.g. the notification channels) */
  config?: Partial<Config>;
}

export interface TestWorld {
  services: Services;
  sim: SimHandle;
  /** the signing wallet (absent for watch-only and no-wallet worlds) */
  wallet: KeypairWallet;
  dir: string;
  stateDir: string;
  journalPath: string;
}

export function demoConfig(over: Partial<Config> & { stateDir: string }): Config {
  return {
    mode: 'demo',
    keypairIsDefault: false,
    readOnly: false,
    allowInsecureKeyfile: false,
    // the program's own limit on one request: in a test world the simulator is on loopback, so a
    // request waits for its answer however busy the machine is (a test's own waits bound the test;
    // a test of the limit sets its own)
    timeoutMs: 60_000,
    seed: 7,
    timeScale: 1,
    apiVersion: 'auto',
    // the screens' worlds hold the sample positions and invites `tradedeck sim` gives a funded wallet
    demoSamples: true,
    explorerUrl: 'https://explorer.example/tx/{sig}',
    notify: 'bell',
    rpcUrls: [],
    configPath: '',
    ...over,
  };
}

export async function testServices(
  t: { after(fn: () => Promise<void> | void): void },
  o: TestServicesOptions = {},
): Promise<TestWorld> {
  const dir = await mkdtemp(join(tmpdir(), 'tradedeck-test-'));
  const stateDir = o.stateDir ?? join(dir, 'state');
  // the demo key made beforehand, as on every start after a person's first
  if (!o.address && !o.noWallet) await ensureDemoKey(stateDir);
  // live mode reads a key file of the person's: one made for the test, unless the test names one
  const ownKey =
    o.config?.mode === 'live' && !o.config.keypairPath && !o.config.address && !o.address && !o.noWallet
      ? { keypairPath: await createDemoKeyFile(join(dir, 'keys')) }
      : {};
  const config = demoConfig({
    stateDir,
    address: o.address,
    readOnly: o.readOnly ?? false,
    seed: o.seed ?? 7,
    ...o.config,
    ...ownKey,
  });
  const services = await createServices(config, {
    retries: 0,
    pipeline: { sleep: async () => undefined, pollIntervalMs: 1 },
    // demo mode always signs with its demo key: a world without a wallet asks for none
    ...(o.noWallet ? { wallet: false } : {}),
    ...o,
  });
  t.after(async () => {
    await services.close();
    // retried: a save the screen started just before close may still be writing as the directory goes
    removeTree(dir);
  });
  return {
    services,
    sim: services.sim!,
    wallet: services.wallet as KeypairWallet,
    dir,
    stateDir,
    journalPath: join(stateDir, 'journal.jsonl'),
  };
}

/** What `signerServices` needs of a rig: its simulator, state directory and key file. */
export interface SignerRigLike {
  sim: SimHandle;
  stateDir: string;
  keyPath: string;
}

/**
 * One process's services on a rig's state directory: live mode against its simulator (or a proxy in
 * front, `baseUrl`), signing with its key file, no retries or pipeline pauses; every event kept.
 */
export async function signerServices(
  t: { after(fn: () => unknown): void },
  r: SignerRigLike,
  o: { baseUrl?: string; now?: () => number } = {},
): Promise<{ s: Services; events: NotifyEvent[] }> {
  const s = await createServices(
    demoConfig({
      mode: 'live',
      stateDir: r.stateDir,
      baseUrl: o.baseUrl ?? r.sim.url,
      apiKey: 'test-key',
      rpcUrl: r.sim.rpcUrl,
      rpcUrls: [r.sim.rpcUrl],
      keypairPath: r.keyPath,
    }),
    { retries: 0, pipeline: { sleep: async () => undefined, pollIntervalMs: 1 }, ...(o.now ? { now: o.now } : {}) },
  );
  t.after(() => s.close());
  const events: NotifyEvent[] = [];
  s.onEvent((e) => events.push(e));
  return { s, events };
}
