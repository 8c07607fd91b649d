// docs/demo.md names every control route the simulator answers: each route of the control
// handler's table is in the document's table, and each route there answers (not 404).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSim } from '../../src/sim/index.js';

const root = join(import.meta.dirname, '..', '..');

test('every /__sim/ control route is documented in docs/demo.md, and every one documented answers', async (t) => {
  const doc = readFileSync(join(root, 'docs', 'demo.md'), 'utf8');
  const source = readFileSync(join(root, 'src', 'sim', 'http', 'control.ts'), 'utf8');
  const inCode = new Set(
    [...source.matchAll(/'(GET|POST) (\/__sim\/[a-z-]+)'|'(\/__sim\/[a-z-]+)'/g)].map((m) => m[2] ?? m[3]),
  );
  const documented = [...doc.matchAll(/^\| `(GET|POST) (\/__sim\/[a-z-]+)[^`]*` \|/gm)].map((m) => ({
    method: m[1],
    path: m[2],
  }));
  for (const path of inCode)
    assert.ok(
      documented.some((d) => d.path === path),
      `${path} is in docs/demo.md's table of control routes`,
    );
  const sim = await startSim({ seed: 3, timeScale: 0 });
  t.after(() => sim.stop());
  for (const { method, path } of documented) {
    const r = await fetch(`${sim.url}${path}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
    assert.notEqual(r.status, 404, `${method} ${path} answers`);
  }
});
