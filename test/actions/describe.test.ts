// Confirm-dialog wording rules and the signing gate, without the network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  impactLine,
  impactPercent,
  rateBothWays,
  rateText,
  typedConfirmationFor,
  payerText,
} from '../../src/actions/describe.js';
import { signingBlocked } from '../../src/actions/run.js';
import { explainError } from '../../src/actions/outcome.js';
import { ApiError } from '../../src/api/errors.js';
import { watchOnlyWallet } from '../../src/wallet/keypair.js';
import { createSessionStore } from '../../src/store/session.js';
import { NATIVE_MINT } from '../../src/chain/mints.js';

const ADDR = NATIVE_MINT;

test('price impact: plain up to 1%, highlighted above 1%, typed "yes" above 5%', () => {
  assert.equal(impactPercent({ priceImpactPct: '0.005' }), 0.5);
  assert.equal(impactLine(0.5).emphasis, undefined);
  assert.equal(impactLine(1.5).emphasis, 'warn');
  assert.equal(impactLine(6).emphasis, 'danger');
  assert.equal(typedConfirmationFor(4.9), undefined);
  assert.equal(typedConfirmationFor(5.1), 'yes');
  assert.equal(impactLine(undefined).emphasis, 'warn');
});

test('rate and payers read as a person would say them', () => {
  const sol = { mint: 'a', symbol: 'SOL', decimals: 9 };
  const usdc = { mint: 'b', symbol: 'USDC', decimals: 6 };
  assert.equal(rateText('2000000000', '300000000', sol, usdc), '1 SOL = 150.00 USDC');
  // the dialogs and the quote say it both ways
  assert.equal(rateBothWays('2000000000', '300000000', sol, usdc), '1 SOL = 150.00 USDC · 1 USDC = 0.006667 SOL');
  assert.equal(rateBothWays('0', '300000000', sol, usdc), '—');
  assert.equal(payerText(ADDR, ADDR), 'you');
  assert.equal(payerText(null, ADDR), 'not charged');
  assert.match(
    payerText('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', ADDR, '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'),
    /^market maker 9WzD…AWWM$/,
  );
});

test('signing is refused with a reason: read-only, watch-only, no wallet, no journal, no RPC for b, no RPC answering', () => {
  const session = createSessionStore({
    mode: 'live',
    modeLabel: 'LIVE',
    wallet: null,
    screen: 'tokens',
    intervals: {},
  });
  const base = { readOnly: false, wallet: null, journal: null, rpc: undefined, session };
  assert.match(signingBlocked({ ...base, readOnly: true })!, /read-only/);
  assert.match(signingBlocked(base)!, /no wallet/);
  assert.match(signingBlocked({ ...base, wallet: watchOnlyWallet(ADDR) })!, /watch-only wallet So11.*no key/);
  const keyed = { kind: 'keypair', address: ADDR } as never;
  assert.match(signingBlocked({ ...base, wallet: keyed })!, /journal/);
  assert.match(signingBlocked({ ...base, wallet: keyed, journal: {} as never }, 'rpc')!, /--rpc-url/);
  assert.equal(signingBlocked({ ...base, wallet: keyed, journal: {} as never }, 'execute'), undefined);
  session.getState().setSigningPaused('none of the 2 RPC endpoints answers');
  assert.equal(
    signingBlocked({ ...base, wallet: keyed, journal: {} as never }, 'execute'),
    'none of the 2 RPC endpoints answers: signing is paused until an RPC endpoint answers again',
  );
});

test('a 429 says to wait, and for how long when the service said', () => {
  const e = new ApiError('GET /ultra/v1/order: HTTP 429', {
    kind: 'http',
    endpoint: 'GET /ultra/v1/order',
    status: 429,
    retryable: true,
    retryAfterMs: 12_000,
  });
  assert.match(explainError(e), /Rate limited .* wait for about 12s/);
});

test('a 401 is the key refused; a 403 is an operation the key has no access to', () => {
  const of = (status: number) =>
    explainError(
      new ApiError(`GET /x: HTTP ${status}`, { kind: 'http', endpoint: 'GET /x', status, retryable: false }),
    );
  assert.equal(of(401), 'The service refused the API key (HTTP 401). Check TRADEDECK_API_KEY.');
  assert.equal(of(403), 'The API key has no access to this operation (HTTP 403): a plan or permission the key lacks.');
});
