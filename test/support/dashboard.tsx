// Screen tests run the real app against the real simulator over loopback HTTP: the services come
// from the same createServices as the dashboard, rendered with ink-testing-library.
import { render } from 'ink-testing-library';
import { plainTheme } from '../../components/base/theme.js';
import { App } from '../../screens/shell/App.js';
import type { ScreenModule } from '../../screens/shared/types.js';
import type { Scheduler, SchedulerOptions } from '../../src/poll/scheduler.js';
import type { Services } from '../../src/services/index.js';
import type { SimHandle } from '../../src/sim/index.js';
import type { SessionStore, TokensStore } from '../../src/store/index.js';
import { waitForFrame } from './ink.js';
import { testServices, type TestServicesOptions } from './services.js';
import type { KeypairWallet } from '../../src/wallet/keypair.js';

export interface Dashboard {
  sim: SimHandle;
  services: Services;
  wallet: KeypairWallet;
  app: ReturnType<typeof render>;
  stores: { session: SessionStore; tokens: TokensStore };
  scheduler: Scheduler;
  stateDir: string;
  quits: number;
  /** the token list requests the simulator received */
  tokenRequests(): Array<{ path: string; query: Record<string, string | string[]> }>;
  close(): Promise<void>;
}

export interface DashboardOptions extends Omit<TestServicesOptions, 'scheduler'> {
  columns?: number;
  rows?: number;
  schedulerOptions?: SchedulerOptions;
  screens?: readonly ScreenModule[];
  /** changes the services before the app starts (e.g. an API group answering with recorded bodies) */
  before?: (services: Services) => void;
}

export async function startDashboard(o: DashboardOptions = {}): Promise<Dashboard> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const w = await testServices(
    { after: (fn) => void cleanups.push(fn) },
    { ...o, scheduler: o.schedulerOptions, screen: o.screen ?? 'tokens' },
  );
  const { services, sim } = w;
  const d: Dashboard = {
    sim,
    services,
    wallet: w.wallet,
    stores: { session: services.session, tokens: services.catalog },
    scheduler: services.scheduler,
    stateDir: w.stateDir,
    quits: 0,
    app: undefined as unknown as ReturnType<typeof render>,
    tokenRequests: () =>
      sim
        .requests()
        .filter((r) => r.path.startsWith('/tokens/'))
        .map((r) => ({ path: r.path, query: r.query })),
    async close() {
      d.app.unmount();
      for (const fn of cleanups.splice(0)) await fn();
    },
  };
  o.before?.(services);
  d.app = render(
    <App
      services={services}
      theme={plainTheme}
      screens={o.screens}
      size={{ columns: o.columns ?? 100, rows: o.rows ?? 30 }}
      onQuit={() => d.quits++}
    />,
  );
  return d;
}

/** The dashboard at 80x24 on Orders, its lists shown, closed when the test ends. */
export async function openOrders(t: { after(fn: () => unknown): void }): Promise<Dashboard> {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'orders' });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('[Limit] DCA Standing Vault'), 8000);
  return d;
}
