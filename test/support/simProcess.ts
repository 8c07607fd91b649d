// The simulator as its own process (`tradedeck sim`), for end-to-end tests that drive its control
// routes (/__sim/...) while the dashboard talks to it as it would to the real service.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { ROOT as root } from './home.js';
import { nth } from './narrow.js';
const cli = join(root, 'dist', 'cli.js');

export interface SimProcessOptions {
  /** the key the simulator asks for (absent: any key is taken) */
  apiKey?: string;
  /** an address funded at start */
  fund: string;
  seed?: number;
  /** simulated seconds per real second (0: the market moves only when told) */
  timeScale?: number;
}

/** Starts `tradedeck sim --port 0` and resolves with its URL once it listens; stopped after the test. */
export async function startSimProcess(t: { after(fn: () => void): void }, o: SimProcessOptions): Promise<string> {
  const key = o.apiKey !== undefined ? ['--api-key', o.apiKey] : [];
  const child = spawn(
    process.execPath,
    [
      cli,
      'sim',
      '--port',
      '0',
      '--seed',
      String(o.seed ?? 5),
      ...key,
      '--fund',
      o.fund,
      ...(o.timeScale !== undefined ? ['--time-scale', String(o.timeScale)] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  t.after(() => void child.kill('SIGTERM'));
  return new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolveUrl(nth(m, 1));
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before listening: ${out}`)));
  });
}

/** POSTs to a control route of the simulator process. */
export async function simControl(url: string, route: string, body: unknown): Promise<unknown> {
  const r = await fetch(`${url}/__sim/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as unknown;
  if (!r.ok) throw new Error(`/__sim/${route}: HTTP ${r.status} ${JSON.stringify(json)}`);
  return json;
}
