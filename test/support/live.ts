// The dashboard live against a simulator run as its own process, as a person starts it: a fresh
// home, a key file funded on the simulator, and `--base-url`, `--rpc-url` and `--keypair` in a
// real pseudo-terminal.
import { join } from 'node:path';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { CLI, ROOT, tempHome, type EnvChanges } from './home.js';
import { openTerminal, type Term } from './pty.js';
import { startSimProcess, type SimProcessOptions } from './simProcess.js';

export interface LiveOptions {
  /** the API key the simulator takes and the program sends */
  apiKey: string;
  /** more of the simulator's options (its seed, its clock) */
  sim?: Omit<SimProcessOptions, 'apiKey' | 'fund'>;
  cols?: number;
  rows?: number;
  /** done once the simulator runs, before the program starts (faults, prices) */
  before?: (url: string) => Promise<unknown>;
}

export interface Live {
  home: string;
  keyPath: string;
  address: string;
  /** the simulator's base URL */
  url: string;
  /** the program's environment changes (its home, the API key) */
  env: EnvChanges;
  term: Term;
}

export async function startLive(t: Parameters<typeof openTerminal>[0], name: string, o: LiveOptions): Promise<Live> {
  const { home, env: homeEnv } = tempHome(t, name);
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const address = (await loadKeypairFile(keyPath)).address;
  const url = await startSimProcess(t, { ...o.sim, apiKey: o.apiKey, fund: address });
  await o.before?.(url);
  const env = { ...homeEnv, TRADEDECK_API_KEY: o.apiKey };
  const term = await openTerminal(t, {
    command: [process.execPath, CLI, '--base-url', url, '--rpc-url', `${url}/rpc`, '--keypair', keyPath],
    cols: o.cols ?? 80,
    rows: o.rows ?? 24,
    env,
    cwd: ROOT,
  });
  return { home, keyPath, address, url, env, term };
}
