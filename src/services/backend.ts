// Opens the service tradedeck talks to: the real one (live) or the embedded simulator (demo).
// Shared by the dashboard and the headless commands.
import type { Config, Mode } from '../config/config.js';
import { createApiClient, type ApiClient, type RequestEvent } from '../api/index.js';
import { createRpcClient, type RpcClient } from '../rpc/client.js';
import type { SimHandle } from '../sim/index.js';
import { StateFileError } from '../state/file.js';
import { createFailoverRpc, type FailoverOptions } from '../rpc/failover.js';

export interface Backend {
  mode: Mode;
  /** what the header shows: SIMULATED, or LIVE and the host */
  label: string;
  baseUrl: string;
  client: ApiClient;
  /** absent in live mode without an RPC URL */
  rpc?: RpcClient;
  sim?: SimHandle;
  /** said at start (demo mode: the saved state could not be used); later problems are added too */
  notes: string[];
  close(): Promise<void>;
}

/** Any non-empty key opens the simulator; it is never a real credential (paper mode's real key goes only from the simulator to the service). */
const DEMO_API_KEY = 'demo';

/** The RPC: one endpoint or several taking over from each other (failover), watched for health. */
function failoverRpc(urls: readonly string[], config: Config, events?: FailoverOptions): RpcClient | undefined {
  if (urls.length === 0) return undefined;
  return createFailoverRpc(
    urls.map((url) => createRpcClient({ url, timeoutMs: config.timeoutMs })),
    events,
  );
}

/** How often a demo simulator whose balances changed is saved (and always when it closes). */
const DEMO_SAVE_EVERY_MS = 1000;

/**
 * The embedded simulator of demo mode, going on from the state saved in the state directory and
 * saving it again after changes and at the end (src/services/demoAccount.ts says what two processes at once do).
 */
async function startDemoSim(
  config: Config,
  onProblem?: (text: string) => void,
): Promise<{ sim: SimHandle; notes: string[]; close(): Promise<void> }> {
  const { startSim, SnapshotError } = await import('../sim/index.js');
  const demo = await import('./demoAccount.js');
  const notes: string[] = [];
  // paper mode: the same simulator, its market following the configured service (reading only)
  const paper = config.mode === 'paper';
  const word = paper ? 'paper' : 'demo';
  const name = paper ? (await import('./paperAccount.js')).PAPER_STATE_FILE : demo.demoStateName(config.seed);
  const options = paper
    ? { seed: config.seed, paper: { baseUrl: config.baseUrl!, apiKey: config.apiKey, timeoutMs: config.timeoutMs } }
    : // the demo wallet starts with its balances only: no sample positions or invites
      {
        seed: config.seed,
        timeScale: config.timeScale,
        samples: config.demoSamples === true,
        // tests only: a service without the current generation
        ...(config.demoOnlyV1 ? { onlyV1: true } : {}),
      };
  let sim: SimHandle;
  let text: string | undefined;
  try {
    text = await demo.loadDemoState(config.stateDir, name);
  } catch (e) {
    notes.push(
      e instanceof StateFileError
        ? `${word} state ${e.message}; the simulator starts afresh`
        : `${word} state ${name} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): the simulator starts afresh`,
    );
  }
  try {
    sim = await startSim({ ...options, ...(text !== undefined ? { snapshot: text } : {}) });
  } catch (e) {
    if (!(e instanceof SnapshotError)) throw e;
    const aside = await demo.setDemoStateAside(config.stateDir, name);
    notes.push(`${word} state unusable (${e.message}); kept as ${aside}, the simulator starts afresh`);
    sim = await startSim(options);
  }
  let saved = text !== undefined ? sim.changes() : -1;
  let chain = Promise.resolve();
  const save = () => {
    const at = sim.changes();
    if (at === saved) return chain;
    saved = at;
    const snapshot = sim.snapshot();
    chain = chain
      .then(() => demo.saveDemoState(config.stateDir, name, snapshot))
      .catch((e: unknown) => {
        const text = `${word} state not saved: ${(e as Error).message}`;
        notes.push(text);
        onProblem?.(text);
      });
    return chain;
  };
  const timer = setInterval(() => void save(), DEMO_SAVE_EVERY_MS);
  timer.unref();
  return {
    sim,
    notes,
    close: async () => {
      clearInterval(timer);
      // fees accrue and keepers fill between changes: the last state is always written
      saved = -1;
      await save();
      await sim.stop();
    },
  };
}

/** `onProblem` hears what goes wrong later (demo mode: a save of the simulator's state that failed). */
export async function openBackend(
  config: Config,
  onRequest?: (e: RequestEvent) => void,
  retries?: number,
  rpcEvents?: FailoverOptions,
  onProblem?: (text: string) => void,
): Promise<Backend> {
  if (config.mode === 'demo' || config.mode === 'paper') {
    const { sim, notes, close } = await startDemoSim(config, onProblem);
    let client: ReturnType<typeof createApiClient>;
    try {
      client = createApiClient({
        baseUrl: sim.url,
        apiKey: config.mode === 'paper' ? DEMO_API_KEY : (config.apiKey ?? DEMO_API_KEY),
        timeoutMs: config.timeoutMs,
        budgetMs: config.requestBudgetMs,
        onRequest,
        ...(retries !== undefined ? { retries } : {}),
      });
    } catch (e) {
      // a simulator left listening would keep the refused start alive
      await close();
      throw e;
    }
    return {
      mode: config.mode,
      label: config.mode === 'paper' ? `PAPER ${new URL(config.baseUrl!).host}` : 'SIMULATED',
      baseUrl: sim.url,
      client,
      rpc: failoverRpc([sim.rpcUrl], config, rpcEvents),
      sim,
      notes,
      close,
    };
  }
  const baseUrl = config.baseUrl!;
  return {
    mode: 'live',
    label: `LIVE ${new URL(baseUrl).host}`,
    baseUrl,
    client: createApiClient({
      baseUrl,
      apiKey: config.apiKey,
      timeoutMs: config.timeoutMs,
      budgetMs: config.requestBudgetMs,
      onRequest,
      ...(retries !== undefined ? { retries } : {}),
    }),
    rpc: failoverRpc(config.rpcUrls, config, rpcEvents),
    notes: [],
    close: async () => {},
  };
}
