// Tests build their world with the same createServices as the dashboard: demo mode (the embedded
// simulator over loopback HTTP), a funded key file, the journal and watchlist in a temporary state dir.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config.js';
import { createServices, type Services, type ServicesOptions } from '../../src/services.js';
import type { SimHandle } from '../../src/sim/index.js';
import { createDemoKeyFile } from '../../src/wallet/keypair.js';
import type { KeypairWallet } from '../../src/wallet/keypair.js';

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
    timeoutMs: 10_000,
    seed: 7,
    timeScale: 1,
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
  const keypairPath = o.address || o.noWallet ? undefined : await createDemoKeyFile(join(dir, 'keys'));
  const config = demoConfig({
    stateDir,
    keypairPath,
    address: o.address,
    readOnly: o.readOnly ?? false,
    seed: o.seed ?? 7,
    ...o.config,
  });
  const services = await createServices(config, {
    retries: 0,
    pipeline: { sleep: async () => undefined, pollIntervalMs: 1 },
    ...o,
  });
  t.after(async () => {
    await services.close();
    await rm(dir, { recursive: true, force: true });
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
