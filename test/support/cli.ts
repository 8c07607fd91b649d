// The built program (dist/cli.js) run as a person would from a shell: a clean home, no key file,
// demo mode unless a base URL is given; asynchronous, so a simulator held by the test keeps answering.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type SimHandle, type SimOptions } from '../../src/sim/index.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';

import { CLI, TEST_CLI, homeChanges, withChanges, removeTree } from './home.js';

export { CLI, TEST_CLI };

export interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** An environment with a fresh home and none of tradedeck's own variables set. */
export function cleanEnv(home = mkdtempSync(join(tmpdir(), 'td-cli-'))): NodeJS.ProcessEnv {
  return withChanges({ ...homeChanges(home), TRADEDECK_API_KEY: '' });
}

/** Runs `file args...` with stdin closed (in `cwd`, if given); resolves with the exit code and both outputs (killed after 60 s). */
export function collect(file: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

/** `tradedeck ARGS...` (`program`: TEST_CLI where a test hook is set) */
export function runCli(args: string[], env: NodeJS.ProcessEnv, program = CLI): Promise<Run> {
  return collect(process.execPath, [program, ...args], env);
}

export interface SignerRig {
  sim: SimHandle;
  home: string;
  keyPath: string;
  address: string;
  /** `tradedeck ARGS...` in live mode against `sim`, signing with the rig's key file */
  run(...args: string[]): Promise<Run>;
  close(): Promise<void>;
}

/** A simulator the test holds, a demo key file in a fresh home, and that wallet funded. */
export async function startSignerRig(
  seed: number,
  prefix: string,
  options: Omit<SimOptions, 'seed'> = {},
): Promise<SignerRig> {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const address = (await loadKeypairFile(keyPath)).address;
  const sim = await startSim({ ...options, seed });
  sim.fund(address);
  return {
    sim,
    home,
    keyPath,
    address,
    run: (...args) =>
      runCli([...args, '--base-url', sim.url, '--rpc-url', sim.rpcUrl, '--keypair', keyPath], {
        ...cleanEnv(home),
        TRADEDECK_API_KEY: 'test-key',
      }),
    close: async () => {
      await sim.stop();
      removeTree(home);
    },
  };
}
