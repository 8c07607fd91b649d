// The JSON of the reading commands, as a script gets it (a pipe): one line, and every top-level
// field it has is one docs/scripting.md documents for that command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv, runCli } from './support/cli.js';
import { nth } from './support/narrow.js';

const SCRIPTING = readFileSync(join(import.meta.dirname, '..', 'docs', 'scripting.md'), 'utf8');
const ENV = cleanEnv();

/** The field names in the first column of the table under docs/scripting.md's `` `command` `` heading. */
function documented(command: string): Set<string> {
  const scripting = SCRIPTING;
  assert.ok(scripting.startsWith('# Scripting'), 'docs/scripting.md is the Scripting page');
  const at = scripting.split('\n').findIndex((l) => l.startsWith('`') && l.split(/[ ,(:]/)[0] === `\`${command}\``);
  assert.ok(at >= 0, `a field table for ${command}`);
  const fields = new Set<string>();
  for (const line of scripting.split('\n').slice(at + 1)) {
    if (line.trim() === '') {
      if (fields.size) break;
      continue;
    }
    if (!line.startsWith('|')) continue;
    for (const m of nth(line.split('|'), 1).matchAll(/`([^`]+)`/g)) fields.add(nth(m, 1));
  }
  return fields;
}

async function json(args: string[]): Promise<Record<string, unknown>> {
  const r = await runCli(args, ENV);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.err, '');
  assert.equal(r.out.split('\n').length, 2, `${args.join(' ')}: one line into a pipe`);
  return JSON.parse(r.out) as Record<string, unknown>;
}

test('docs/scripting.md documents every top-level field of tokens, quote, portfolio, orders, invites and config', async () => {
  const cases: Array<[string, string[], string[]]> = [
    ['tokens', ['tokens', '--limit', '2'], ['time', 'category', 'interval', 'tokens']],
    [
      'quote',
      ['quote', '1', 'SOL', 'USDC'],
      [
        'inputMint',
        'inAmount',
        'outputMint',
        'outAmount',
        'otherAmountThreshold',
        'swapMode',
        'slippageBps',
        'priceImpactPct',
        'routePlan',
      ],
    ],
    ['portfolio', ['portfolio'], ['owner', 'elements']],
    ['orders', ['orders'], ['user', 'orderStatus', 'trigger', 'recurring']],
    ['invites', ['invites'], ['address', 'pending', 'invites', 'hasMoreData']],
    [
      'config',
      ['config'],
      [
        'mode',
        'baseUrl',
        'apiKey',
        'rpcUrl',
        'wallet',
        'readOnly',
        'explorerUrl',
        'notify',
        'ascii',
        'stateDir',
        'configFile',
      ],
    ],
  ];
  for (const [command, args, required] of cases) {
    const doc = await json(args);
    const names = documented(command);
    for (const key of required) assert.ok(key in doc, `${command} prints ${key}`);
    // the simulator adds, half the time, a field the contract does not name (as the real service
    // may): docs/scripting.md says such a field is passed on as it came, so it needs no row
    const extra = new Set(['feeBreakdown']);
    for (const key of Object.keys(doc))
      assert.ok(
        names.has(key) || extra.has(key),
        `${command}: docs/scripting.md documents ${key} (documented: ${[...names].join(', ')})`,
      );
  }
});

test("docs/scripting.md documents the fields of the signing commands' result and the exit codes", () => {
  const fields = documented('limit');
  for (const key of ['status', 'signature', 'batches', 'pool', 'mint', 'title', 'lines'])
    assert.ok(fields.has(key), key);
  const scripting = SCRIPTING;
  for (const code of ['0', '1', '2'])
    assert.match(scripting, new RegExp(`\\n\\| ${code} \\| \\S`), `exit code ${code}`);
});
