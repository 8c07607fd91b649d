import { OPERATIONS } from '../../api/contract/index.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { DbcFeeClaimRequest, DbcPoolCreateRequest, LockedVestingParam } from '../../api/types.js';
import type { SimKernel, SimRequest } from '../engine/kernel.js';
import { STUDIO_TOKEN_DECIMALS, STUDIO_TOTAL_SUPPLY, StudioBook } from './studio-pools.js';
import { FieldErrors } from './studio-validate.js';
import { TOKEN_PROGRAM } from '../../wallet/instructions.js';
import { RENT_SYSVAR, SYSTEM_PROGRAM, ata, computeBudget, ixData, pda, r, sw, w } from './trigger-ix.js';

/** The most a pool's creator may take on each trade (the service's limit, tighter than the field's). */
const MAX_FEE_BPS = 1000;
/** How long the image upload URL stays valid. */
const IMAGE_URL_TTL_SECONDS = 600;
/** Effect code when the pool account already exists. */
export const POOL_EXISTS = 6010;

/** Registers the studio group's operations on the simulator. */
export function register(kernel: SimKernel): void {
  const book = new StudioBook(kernel);
  kernel.router.add('POST', '/studio/v1/dbc-pool/create-tx', 'studio', (req) => createPool(kernel, book, req));
  kernel.router.add('POST', '/studio/v1/dbc/fee/create-tx', 'studio', (req) => claimFees(kernel, book, req));
}

async function createPool(kernel: SimKernel, book: StudioBook, req: SimRequest) {
  const v = new FieldErrors(kernel);
  const b = v.request(OPERATIONS.dbcPoolCreate, req.body);
  const curve: Partial<DbcPoolCreateRequest['buildCurveByMarketCapParam']> = b.buildCurveByMarketCapParam ?? {};
  const cf = (name: string) => `buildCurveByMarketCapParam.${name}`;
  const quote = typeof curve.quoteMint === 'string' ? kernel.market.token(curve.quoteMint) : undefined;
  if (typeof curve.quoteMint === 'string' && !quote) v.add(cf('quoteMint'), `unknown token mint ${curve.quoteMint}`);
  const { initialMarketCap = NaN, migrationMarketCap = NaN, tokenQuoteDecimal } = curve;
  v.limit(initialMarketCap, cf('initialMarketCap'), (n) => n >= 1, 'must be >= 1');
  if (initialMarketCap >= migrationMarketCap) v.add(cf('migrationMarketCap'), 'must be greater than initialMarketCap');
  if (quote && typeof tokenQuoteDecimal === 'number' && tokenQuoteDecimal !== quote.decimals) {
    v.add(cf('tokenQuoteDecimal'), `must be the quote mint's decimals (${quote.decimals})`);
  }
  const vest: Partial<LockedVestingParam> = curve.lockedVestingParam ?? {};
  const vf = (name: string) => cf(`lockedVestingParam.${name}`);
  const {
    totalLockedVestingAmount: totalLocked = NaN,
    cliffUnlockAmount: cliff = NaN,
    numberOfVestingPeriod: periods = NaN,
    totalVestingDuration: duration = NaN,
  } = vest;
  v.limit(periods, vf('numberOfVestingPeriod'), Number.isInteger, 'must be an integer');
  if (cliff > totalLocked) v.add(vf('cliffUnlockAmount'), 'must not exceed totalLockedVestingAmount');
  if (periods > 0 && !(duration > 0)) v.add(vf('totalVestingDuration'), 'must be > 0 when numberOfVestingPeriod > 0');
  v.limit(
    totalLocked,
    vf('totalLockedVestingAmount'),
    (n) => n <= 1e9,
    'must not exceed the total supply (1000000000 tokens)',
  );
  const feeBps = b.fee?.feeBps ?? NaN;
  v.limit(feeBps, 'fee.feeBps', (n) => n <= MAX_FEE_BPS, `must be <= ${MAX_FEE_BPS}`);
  v.length(b.tokenName, 'tokenName', 32);
  v.length(b.tokenSymbol, 'tokenSymbol', 10);
  if (typeof b.tokenSymbol === 'string' && /\s/.test(b.tokenSymbol)) v.add('tokenSymbol', 'must not contain spaces');
  v.length(b.tokenImageContentType, 'tokenImageContentType', 100);
  v.done();
  const {
    antiSniping,
    isLpLocked,
    tokenName,
    tokenSymbol,
    tokenImageContentType: contentType,
    creator,
  } = b as DbcPoolCreateRequest;

  const mint = kernel.ids.address();
  const config = kernel.ids.address();
  const pool = await pda(SIM_PROGRAMS.studio, [
    'pool',
    { address: config },
    { address: mint },
    { address: quote!.mint },
  ]);
  const metadata = await pda(SIM_PROGRAMS.studio, ['metadata', { address: mint }]);
  // the image goes to the simulator's own upload route; the token's icon is where it will be served
  const image = kernel.uploads.presign(contentType, IMAGE_URL_TTL_SECONDS);
  const uri = `https://static.studio.sim.invalid/${mint}/metadata.json`;
  const built = kernel.tx.build({
    feePayer: creator,
    instructions: [
      ...computeBudget(300_000, 'auto'),
      {
        programId: SIM_PROGRAMS.studio,
        accounts: [
          sw(creator),
          r(config),
          w(pool),
          w(mint),
          r(quote!.mint),
          w(await ata(kernel, pool, mint)),
          w(await ata(kernel, pool, quote!.mint)),
          w(metadata),
          r(TOKEN_PROGRAM),
          r(SYSTEM_PROGRAM),
          r(RENT_SYSVAR),
        ],
        data: ixData('initialize_virtual_pool_with_spl_token', [
          ['str', tokenName],
          ['str', tokenSymbol],
          ['str', uri],
          ['u16', feeBps],
          ['bool', antiSniping],
          ['bool', isLpLocked],
        ]),
      },
    ],
    effect: (signature) => {
      if (book.get(pool)) return { ok: false, code: POOL_EXISTS, error: `pool ${pool} already exists` };
      book.add({
        pool,
        config,
        mint,
        creator,
        quoteMint: quote!.mint,
        quoteDecimals: quote!.decimals,
        feeBps,
        token: {
          mint,
          symbol: tokenSymbol,
          name: tokenName,
          decimals: STUDIO_TOKEN_DECIMALS,
          tokenProgram: TOKEN_PROGRAM,
        },
        initialMarketCap,
        migrationMarketCap,
        isLpLocked,
        antiSniping,
        createdMs: kernel.clock.nowMs(),
        createTx: signature,
      });
      kernel.market.listToken({
        info: {
          mint,
          symbol: tokenSymbol,
          name: tokenName,
          decimals: STUDIO_TOKEN_DECIMALS,
          tokenProgram: TOKEN_PROGRAM,
        },
        pool,
        quoteMint: quote!.mint,
        feeBps,
        initialMarketCap,
        totalSupply: Number(STUDIO_TOTAL_SUPPLY / 10n ** BigInt(STUDIO_TOKEN_DECIMALS)),
        creator,
        partnerConfig: config,
        icon: image.publicUrl,
      });
      return { ok: true, data: { pool, mint } };
    },
  });
  return { status: 200, body: { transaction: built.base64, pool, mint, imagePresignedUrl: image.uploadUrl } };
}

async function claimFees(kernel: SimKernel, book: StudioBook, req: SimRequest) {
  const v = new FieldErrors(kernel);
  const {
    ownerWallet: owner,
    poolAddress,
    maxQuoteAmount: max = NaN,
  } = v.request(OPERATIONS.dbcFeeClaim, req.body) as DbcFeeClaimRequest;
  v.limit(max, 'maxQuoteAmount', Number.isSafeInteger, 'must be an integer of base units, at most 2^53 - 1');
  v.done();
  const pool = book.get(poolAddress);
  if (!pool) v.add('poolAddress', `no pool ${poolAddress}`);
  else if (pool.creator !== owner) v.add('poolAddress', `pool ${poolAddress} is not owned by ${owner}`);
  v.done();
  const p = pool!;
  const built = kernel.tx.build({
    feePayer: owner,
    instructions: [
      ...computeBudget(150_000, 'auto'),
      {
        programId: SIM_PROGRAMS.studio,
        accounts: [
          sw(owner),
          r(p.config),
          w(p.pool),
          w(await ata(kernel, p.pool, p.quoteMint)),
          w(await ata(kernel, owner, p.quoteMint)),
          r(p.quoteMint),
          r(TOKEN_PROGRAM),
        ],
        data: ixData('claim_creator_trading_fee', [['u64', BigInt(max)]]),
      },
    ],
    effect: () => {
      const claimed = book.claim(p, owner, BigInt(max));
      return { ok: true, data: { pool: p.pool, claimed: claimed.toString() } };
    },
  });
  return { status: 200, body: { transaction: built.base64 } };
}
