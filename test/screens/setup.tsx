// Screen tests run the real app against the real simulator over loopback HTTP: startSim in this
// process, the api client, the scheduler and fresh stores, rendered with ink-testing-library.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import React from 'react';
import { render } from 'ink-testing-library';
import { plainTheme } from '../../components/theme.js';
import { createApiClient } from '../../src/api/index.js';
import { App } from '../../src/app.js';
import { createScheduler, type Scheduler } from '../../src/poll/scheduler.js';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { createSessionStore, createTokensStore, type Stores } from '../../src/store/index.js';
import { createWatchlistWriter, loadWatchlist } from '../../src/watchlist.js';

export interface Dashboard {
  sim: SimHandle;
  app: ReturnType<typeof render>;
  stores: Stores;
  scheduler: Scheduler;
  stateDir: string;
  quits: number;
  /** the token list requests the simulator received */
  tokenRequests(): Array<{ path: string; query: Record<string, string | string[]> }>;
  close(): Promise<void>;
}

export interface DashboardOptions {
  columns?: number;
  rows?: number;
  stateDir?: string;
  /** simulator seed (default 7) */
  seed?: number;
  schedulerOptions?: Parameters<typeof createScheduler>[0];
}

export async function startDashboard(o: DashboardOptions = {}): Promise<Dashboard> {
  const sim = await startSim({ seed: o.seed ?? 7, timeScale: 1 });
  const stateDir = o.stateDir ?? mkdtempSync(join(tmpdir(), 'td-state-'));
  const ownsState = o.stateDir === undefined;
  const session = createSessionStore({ mode: 'demo', modeLabel: 'SIMULATED', wallet: null, screen: 'tokens', intervals: { tokens: 10_000 } });
  const tokens = createTokensStore({ starred: await loadWatchlist(stateDir), persist: createWatchlistWriter(stateDir, () => {}) });
  const api = createApiClient({ baseUrl: sim.url, apiKey: 'test', retries: 0, onRequest: (e) => session.getState().recordRequest(e, Date.now()) });
  const scheduler = createScheduler(o.schedulerOptions);
  const stores = { session, tokens };
  const d: Dashboard = {
    sim,
    stores,
    scheduler,
    stateDir,
    quits: 0,
    app: undefined as unknown as ReturnType<typeof render>,
    tokenRequests: () => sim.requests().filter((r) => r.path.startsWith('/tokens/')).map((r) => ({ path: r.path, query: r.query })),
    async close() {
      d.app.unmount();
      scheduler.dispose();
      await sim.stop();
      if (ownsState) rmSync(stateDir, { recursive: true, force: true });
    },
  };
  d.app = render(
    <App services={{ api, scheduler, stores }} theme={plainTheme} size={{ columns: o.columns ?? 100, rows: o.rows ?? 30 }} onQuit={() => d.quits++} />,
  );
  return d;
}
