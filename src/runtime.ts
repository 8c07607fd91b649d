// Opens the service tradedeck talks to: the real one (live) or the embedded simulator (demo).
// Shared by the dashboard and the headless commands.
import type { Config } from './config.js';
import { createApiClient, createRpcClient, type ApiClient, type RpcClient, type RequestEvent } from './api/index.js';
import type { SimHandle } from './sim/index.js';
import { createFailoverRpc, type FailoverOptions } from './api/rpcFailover.js';

export interface Backend {
  mode: 'demo' | 'live';
  /** what the header shows: SIMULATED, or LIVE and the host */
  label: string;
  baseUrl: string;
  client: ApiClient;
  /** absent in live mode without an RPC URL */
  rpc?: RpcClient;
  sim?: SimHandle;
  close(): Promise<void>;
}

/** Any non-empty key opens the simulator; it is never a real credential. */
const DEMO_API_KEY = 'demo';

/** The RPC: one endpoint or several taking over from each other (failover), watched for health. */
function failoverRpc(urls: readonly string[], config: Config, events?: FailoverOptions): RpcClient | undefined {
  if (urls.length === 0) return undefined;
  return createFailoverRpc(
    urls.map((url) => createRpcClient({ url, timeoutMs: config.timeoutMs })),
    events,
  );
}

export async function openBackend(config: Config, onRequest?: (e: RequestEvent) => void, retries?: number, rpcEvents?: FailoverOptions): Promise<Backend> {
  if (config.mode === 'demo') {
    const { startSim } = await import('./sim/index.js');
    const sim = await startSim({ seed: config.seed, timeScale: config.timeScale });
    let client: ReturnType<typeof createApiClient>;
    try {
      client = createApiClient({ baseUrl: sim.url, apiKey: config.apiKey ?? DEMO_API_KEY, timeoutMs: config.timeoutMs, budgetMs: config.requestBudgetMs, onRequest, ...(retries !== undefined ? { retries } : {}) });
    } catch (e) {
      // a simulator left listening would keep the refused start alive
      await sim.stop();
      throw e;
    }
    return {
      mode: 'demo',
      label: 'SIMULATED',
      baseUrl: sim.url,
      client,
      rpc: failoverRpc([sim.rpcUrl], config, rpcEvents),
      sim,
      close: () => sim.stop(),
    };
  }
  const baseUrl = config.baseUrl!;
  return {
    mode: 'live',
    label: `LIVE ${new URL(baseUrl).host}`,
    baseUrl,
    client: createApiClient({ baseUrl, apiKey: config.apiKey, timeoutMs: config.timeoutMs, budgetMs: config.requestBudgetMs, onRequest, ...(retries !== undefined ? { retries } : {}) }),
    rpc: failoverRpc(config.rpcUrls, config, rpcEvents),
    close: async () => {},
  };
}
