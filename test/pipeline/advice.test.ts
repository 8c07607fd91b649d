import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adviceForExecuteCode, describeOrderError } from '../../src/pipeline/index.js';
import { codeOfError } from '../../src/pipeline/advice.js';

test('execute codes map to what to do next', () => {
  assert.equal(adviceForExecuteCode(0).kind, 'success');
  for (const code of [6001, -1005, -2, -3, 6017])
    assert.equal(adviceForExecuteCode(code).kind, 're-quote', `code ${code}`);
  for (const code of [-1, -1000, -1001, -1006])
    assert.equal(adviceForExecuteCode(code).kind, 'retry-same', `code ${code}`);
  assert.equal(adviceForExecuteCode(undefined).kind, 'failed');
  assert.equal(adviceForExecuteCode(-7).kind, 'failed');
  assert.match(adviceForExecuteCode(6001).text, /[Ss]lippage/);
  assert.match(adviceForExecuteCode(-1005).text, /expired/);
  assert.match(adviceForExecuteCode(-1).text, /same signed transaction/);
});

test('order error codes are described in plain words with what to do', () => {
  assert.match(describeOrderError(1), /Insufficient funds.*(Lower the amount|add funds)/);
  assert.match(describeOrderError(2), /SOL.*fees.*Add some SOL/);
  assert.match(describeOrderError(3), /minimum for a gasless swap.*Increase the amount/);
  assert.match(describeOrderError(9), /error code 9/);
});

test('an error envelope repeating the HTTP status is not read as an execute code', () => {
  assert.equal(codeOfError({ status: 400, code: 400 }), undefined);
  assert.equal(codeOfError({ status: 400, code: -2 }), -2);
  assert.equal(codeOfError({ code: 'COULD_NOT_FIND_ANY_ROUTE' }), undefined);
  assert.equal(codeOfError(new Error('x')), undefined);
});
