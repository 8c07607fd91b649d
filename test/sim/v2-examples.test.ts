// The example bodies the service publishes beside its current generation's description
// (test/fixtures/v2/*.json, written out by hand as published, not made by the schemas): each parses
// with the client's schema of its operation where the example is whole; where the example stands a
// shortened placeholder ("AQAA...", "eyJ...", a signature cut with "...") in a field the client
// acts on, the client refuses it naming that field, as it would refuse such a value from the service.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkRequest,
  checkResponse,
  fromQuery,
  OPERATIONS,
  RequestRuleError,
  ResponseShapeError,
  type Operation,
} from '../../src/api/index.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'v2');
const read = (name: string) => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as Record<string, any>;

function operation(key: string): Operation<unknown, unknown> {
  const [method, path] = key.split(' ');
  const op = Object.values(OPERATIONS as Record<string, Operation<unknown, unknown>>).find(
    (o) => o.method === method && o.path === path,
  );
  assert.ok(op, `no operation ${key}`);
  return op;
}

/** The field the client refuses in a value, or undefined when it takes it. */
function refusedField(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (e) {
    if (e instanceof RequestRuleError) return e.field;
    if (e instanceof ResponseShapeError) return e.field;
    throw e;
  }
}

test('the published Trigger API V2 examples: whole ones parse, a shortened transaction, signature or token is refused by name', () => {
  const examples = read('trigger-v2-examples.json');
  // what is refused, and why: the published example shortens what tradedeck signs or sends on
  const refused: Record<string, { request?: string; response?: string }> = {
    'POST /trigger/v2/auth/verify': { request: 'signature', response: 'token' },
    'POST /trigger/v2/deposit/craft': { response: 'transaction' },
    'POST /trigger/v2/orders/price': { request: 'depositSignedTx' },
    'POST /trigger/v2/orders/price/cancel/{orderId}': { response: 'transaction' },
    'POST /trigger/v2/orders/price/confirm-cancel/{orderId}': { request: 'signedTransaction' },
    'POST /trigger/v2/orders/dca': { request: 'depositSignedTx' },
  };
  const seen = new Set<string>();
  for (const [key, example] of Object.entries(examples)) {
    const op = operation(key);
    seen.add(key);
    const want = refused[key] ?? {};
    if (example.request) {
      // path parameters are not in the published bodies
      const withPath = Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 'an-order-id']));
      const field = refusedField(() =>
        checkRequest(op.method === 'GET' ? 'params' : 'body', op.request, { ...example.request, ...withPath }),
      );
      assert.equal(field, want.request, `${key} request`);
    }
    if (example.response) {
      const field = refusedField(() => checkResponse(key, op.response, structuredClone(example.response)));
      assert.equal(field, want.response, `${key} response`);
    }
  }
  for (const key of Object.keys(refused)) assert.ok(seen.has(key), `${key} has no example`);
  // what the whole ones say, read back through the schemas
  const dca = checkResponse(
    'GET /trigger/v2/orders/history/dca/{id}',
    OPERATIONS.triggerV2DcaOrder.response,
    structuredClone(examples['GET /trigger/v2/orders/history/dca/{id}'].response),
  );
  assert.equal(dca.roundsFilled, 1);
  assert.equal(dca.events?.[0]?.outputAmount, '137589159');
  assert.equal(dca.minPriceUsd, null);
  const vault = checkResponse(
    'GET /trigger/v2/vault',
    OPERATIONS.triggerV2Vault.response,
    structuredClone(examples['GET /trigger/v2/vault'].response),
  );
  assert.equal(vault.privyUserId, null, 'absent, read as null');
});

test('the published Swap API V2 parameter examples: each one beside the required ones goes through the request rules', () => {
  const examples = read('swap-v2-examples.json');
  // alone, a referral fee lacks its account, and a platform fee its fee account: the pairs the rules keep
  const refused: Record<string, string> = {
    'GET /swap/v2/order referralFee': 'referralFee',
    'GET /swap/v2/build platformFeeBps': 'feeAccount',
  };
  for (const [key, example] of Object.entries(examples)) {
    const op = operation(key);
    for (const [name, value] of Object.entries(example.each as Record<string, string>)) {
      const query = new URLSearchParams(`${example.query}&${name}=${value}`);
      const field = refusedField(() => checkRequest('params', op.request, fromQuery(op.request, query)));
      assert.equal(field, refused[`${key} ${name}`], `${key} ${name}=${value}`);
    }
  }
  const order = OPERATIONS.swapV2Order;
  const read2 = checkRequest(
    'params',
    order.request,
    fromQuery(
      order.request,
      new URLSearchParams(
        `${examples['GET /swap/v2/order'].query}&excludeDexes=Raydium,Orca+V2,Meteora+DLMM&excludeRouters=jupiterz,dflow`,
      ),
    ),
  );
  assert.deepEqual(read2.excludeDexes, ['Raydium', 'Orca V2', 'Meteora DLMM']);
  assert.deepEqual(read2.excludeRouters, ['jupiterz', 'dflow']);
});
