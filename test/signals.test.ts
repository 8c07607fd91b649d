// Any exit runs the same cleanup: a SIGTERM that comes while a notification waits to be tried
// again ends the process with 143 after the services closed (the demo simulator's state saved),
// the delivery given its few seconds, not its whole round of retries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTree } from './support/home.js';

const CHILD = fileURLToPath(new URL('./signals-child.ts', import.meta.url));
const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

test('SIGTERM during a notification retry wait: the services close (state saved) and the process ends with 143', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'td-signals-'));
  t.after(() => removeTree(dir));
  let hits = 0;
  let hit!: () => void;
  const first = new Promise<void>((r) => (hit = r));
  const server = createServer((req, res) => {
    hits++;
    req.resume();
    res.writeHead(500).end();
    hit();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const stateDir = join(dir, 'state');
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, stateDir, url, ADDRESS], { stdio: 'inherit' });
  t.after(() => child.kill('SIGKILL'));
  const ended = new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('exit', (c, s) => r([c, s])));
  await first;
  // the first attempt was refused: the next waits 2 s
  const at = Date.now();
  child.kill('SIGTERM');
  assert.deepEqual(await ended, [143, null], 'ended by its own cleanup, not by the signal');
  assert.ok(Date.now() - at < 8_000, 'it did not wait for the retries');
  const saved = join(stateDir, 'demo-sim-7.json');
  assert.ok(existsSync(saved), 'the simulator state was saved on the way out');
  assert.ok(readFileSync(saved, 'utf8').includes(ADDRESS), 'with the change made before the signal');
  // the delivery had its few seconds (one more try at most), not the 8 s and 30 s waits after
  assert.ok(hits <= 2, `tried ${hits} times`);
  assert.deepEqual(
    (await import('node:fs')).readdirSync(stateDir).filter((n) => n.endsWith('.lock') || n.endsWith('.tmp')),
    [],
  );
});
