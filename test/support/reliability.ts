// Shared pieces of the reliability tests: a home (state dir) per run of the real program, a funded
// key file, the simulator process's control routes, balances and the request log.
import { join } from 'node:path';
import { simControl } from './simProcess.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';

import { nth } from './narrow.js';
import { ROOT as root, TEST_CLI, tempHome } from './home.js';

export { root };
/** The built program; TRADEDECK_TEST_CLI points at another build (e.g. of the last commit while the tree is mid-change). */
export const cli = process.env.TRADEDECK_TEST_CLI ?? join(root, 'dist', 'cli.js');
/** The same with its test hooks in (TRADEDECK_TEST_KILL_AT), for the kill cases. */
export const hooksCli = process.env.TRADEDECK_TEST_CLI ?? TEST_CLI;
export { NATIVE_MINT, USDC_MINT };

export interface Home {
  dir: string;
  keyPath: string;
  address: string;
  env: Record<string, string | undefined>;
  journalPath: string;
}

/** A fresh HOME with its own state dir and key file; removed after the test. */
export async function makeHome(t: { after(fn: () => void): void }, prefix: string, apiKey: string): Promise<Home> {
  const { home: dir, env } = tempHome(t, `rel-${prefix}`);
  const keyPath = await createDemoKeyFile(join(dir, 'keys'));
  const address = (await loadKeypairFile(keyPath)).address;
  return {
    dir,
    keyPath,
    address,
    journalPath: join(dir, 'state', 'tradedeck', 'journal.jsonl'),
    env: { ...env, TRADEDECK_API_KEY: apiKey, TRADEDECK_TEST_KILL_AT: undefined },
  };
}

export function liveCommand(url: string, keyPath: string, program = cli): string[] {
  return [process.execPath, program, '--base-url', url, '--rpc-url', `${url}/rpc`, '--keypair', keyPath];
}

export async function balances(url: string, address: string): Promise<Map<string, bigint>> {
  const r = (await (await fetch(`${url}/__sim/balances?address=${address}`)).json()) as {
    balances: Array<{ mint: string; amount: string }>;
  };
  return new Map(r.balances.map((b) => [b.mint, BigInt(b.amount)]));
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  body: unknown;
  fault?: string;
  query: Record<string, string | string[]>;
}

export async function requestLog(url: string): Promise<LoggedRequest[]> {
  return (await (await fetch(`${url}/__sim/requests`)).json()) as LoggedRequest[];
}

export async function setFaults(url: string, settings: Record<string, unknown>): Promise<void> {
  await simControl(url, 'faults', settings);
}

export async function fund(url: string, address: string): Promise<void> {
  await simControl(url, 'fund', { address });
}

/** Checks every line of a screen fits the width; returns the offending lines. */
export function wideLines(screen: string, cols: number): string[] {
  return screen.split('\n').filter((l) => [...l].length > cols);
}

/** Signs of a crash or an unhandled error as a person would see them on screen. */
export function crashSigns(screen: string): string[] {
  const found: string[] = [];
  if (/Unhandled/i.test(screen)) found.push('"Unhandled"');
  if (/^\s*at \S+ \(|^\s*at (file|node):|^\s*at async /m.test(screen)) found.push('a stack frame ("at ...")');
  if (/\b(TypeError|ReferenceError|SyntaxError|RangeError):/.test(screen)) found.push('a JS error name');
  return found;
}

export interface SimHandle {
  url: string;
  /** stops the simulator process (SIGTERM, then SIGKILL after a second) and lets go of its pipes */
  stop(): Promise<void>;
}

/** `tradedeck sim` as its own process, with extra flags (faults, latency); resolves once it listens. */
export async function startSim(o: {
  apiKey: string;
  fund: string;
  seed?: number;
  args?: string[];
}): Promise<SimHandle> {
  const { spawn } = await import('node:child_process');
  const child = spawn(
    process.execPath,
    [
      join(root, 'dist', 'cli.js'),
      'sim',
      '--port',
      '0',
      '--seed',
      String(o.seed ?? 5),
      '--api-key',
      o.apiKey,
      '--fund',
      o.fund,
      ...(o.args ?? []),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
    await exited;
    clearTimeout(timer);
    child.stdout.destroy();
    child.stderr.destroy();
  };
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolveUrl(nth(m, 1));
    });
    child.stderr.on('data', () => undefined);
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before listening: ${out}`)));
  });
  return { url, stop };
}

/** Every form a secret key takes in text: JSON array, decimal lists, hex, base64(url), base58, and each 16-byte window of the seed. */
export async function secretForms(keyPath: string): Promise<string[]> {
  const { readFileSync } = await import('node:fs');
  const { encodeBase58 } = await import('../../src/wallet/base58.js');
  const secret = Uint8Array.from(JSON.parse(readFileSync(keyPath, 'utf8')) as number[]);
  const seed = secret.subarray(0, 32);
  const forms: string[] = [];
  for (const bytes of [secret, seed]) {
    const buf = Buffer.from(bytes);
    forms.push(
      JSON.stringify([...bytes]),
      [...bytes].join(','),
      [...bytes].join(', '),
      buf.toString('hex'),
      buf.toString('base64'),
      buf.toString('base64url'),
      encodeBase58(bytes),
    );
  }
  for (let i = 0; i + 16 <= 32; i++) {
    const w = Buffer.from(seed.subarray(i, i + 16));
    forms.push(w.toString('hex'), w.toString('base64').replace(/=+$/, ''), encodeBase58(w), [...w].join(','));
  }
  secret.fill(0);
  return forms;
}

/** Every file under a directory (the state dir, config dir), as text. */
export async function filesUnder(dir: string): Promise<Array<[string, string]>> {
  const { readdirSync, readFileSync, statSync, existsSync } = await import('node:fs');
  const out: Array<[string, string]> = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) out.push([p, readFileSync(p).toString('latin1')]);
    }
  };
  walk(dir);
  return out;
}
