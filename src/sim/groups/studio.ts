import { SIM_PROGRAMS } from '../../api/types.js';
import type { SimKernel, SimRequest } from '../kernel.js';
import { STUDIO_TOKEN_DECIMALS, STUDIO_TOTAL_SUPPLY, StudioBook } from './studio-pools.js';
import { FieldErrors } from './studio-validate.js';
import { TOKEN_PROGRAM } from '../../wallet/instructions.js';
import { RENT_SYSVAR, SYSTEM_PROGRAM, ata, computeBudget, ixData, pda, r, sw, w } from './trigger-ix.js';

const IMAGE_TYPE = /^image\/[a-z0-9][a-z0-9.+-]*$/;
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
  const b = v.object(req.body, 'body');
  const curve = v.object(b.buildCurveByMarketCapParam, 'buildCurveByMarketCapParam');
  const cf = (name: string) => `buildCurveByMarketCapParam.${name}`;
  const quote = v.mint(curve.quoteMint, cf('quoteMint'));
  const initialMarketCap = v.number(curve.initialMarketCap, cf('initialMarketCap'), { min: 1 });
  const migrationMarketCap = v.number(curve.migrationMarketCap, cf('migrationMarketCap'), { min: 1 });
  if (initialMarketCap >= migrationMarketCap) v.add(cf('migrationMarketCap'), 'must be greater than initialMarketCap');
  const quoteDecimals = v.number(curve.tokenQuoteDecimal, cf('tokenQuoteDecimal'), { min: 0, max: 18, integer: true });
  if (quote && Number.isInteger(quoteDecimals) && quoteDecimals !== quote.decimals) {
    v.add(cf('tokenQuoteDecimal'), `must be the quote mint's decimals (${quote.decimals})`);
  }
  const vest = v.object(curve.lockedVestingParam, cf('lockedVestingParam'));
  const vf = (name: string) => cf(`lockedVestingParam.${name}`);
  const totalLocked = v.number(vest.totalLockedVestingAmount, vf('totalLockedVestingAmount'), { min: 0 });
  const cliff = v.number(vest.cliffUnlockAmount, vf('cliffUnlockAmount'), { min: 0 });
  const periods = v.number(vest.numberOfVestingPeriod, vf('numberOfVestingPeriod'), { min: 0, integer: true });
  const duration = v.number(vest.totalVestingDuration, vf('totalVestingDuration'), { min: 0 });
  v.number(vest.cliffDurationFromMigrationTime, vf('cliffDurationFromMigrationTime'), { min: 0 });
  if (cliff > totalLocked) v.add(vf('cliffUnlockAmount'), 'must not exceed totalLockedVestingAmount');
  if (periods > 0 && !(duration > 0)) v.add(vf('totalVestingDuration'), 'must be > 0 when numberOfVestingPeriod > 0');
  if (totalLocked > 1e9) v.add(vf('totalLockedVestingAmount'), 'must not exceed the total supply (1000000000 tokens)');
  const antiSniping = v.bool(b.antiSniping, 'antiSniping');
  const fee = v.object(b.fee, 'fee');
  const feeBps = v.number(fee.feeBps, 'fee.feeBps', { min: 0, max: 1000, integer: true });
  const isLpLocked = v.bool(b.isLpLocked, 'isLpLocked');
  const tokenName = v.text(b.tokenName, 'tokenName', { max: 32 });
  const tokenSymbol = v.text(b.tokenSymbol, 'tokenSymbol', { max: 10, pattern: /^\S+$/, rule: 'must not contain spaces' });
  const contentType = v.text(b.tokenImageContentType, 'tokenImageContentType', {
    max: 100,
    pattern: IMAGE_TYPE,
    rule: 'must be an image media type such as image/png',
  });
  const creator = v.address(b.creator, 'creator');
  v.done();

  const mint = kernel.ids.address();
  const config = kernel.ids.address();
  const pool = await pda(SIM_PROGRAMS.studio, ['pool', { address: config }, { address: mint }, { address: quote!.mint }]);
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
    simulate: () => (book.get(pool) ? { ok: false, code: POOL_EXISTS, error: `pool ${pool} already exists` } : { ok: true }),
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
        token: { mint, symbol: tokenSymbol, name: tokenName, decimals: STUDIO_TOKEN_DECIMALS, tokenProgram: TOKEN_PROGRAM },
        initialMarketCap,
        migrationMarketCap,
        isLpLocked,
        antiSniping,
        createdMs: kernel.clock.nowMs(),
        createTx: signature,
      });
      kernel.market.listToken({
        info: { mint, symbol: tokenSymbol, name: tokenName, decimals: STUDIO_TOKEN_DECIMALS, tokenProgram: TOKEN_PROGRAM },
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
  const b = v.object(req.body, 'body');
  const owner = v.address(b.ownerWallet, 'ownerWallet');
  const poolAddress = v.address(b.poolAddress, 'poolAddress');
  const max = v.number(b.maxQuoteAmount, 'maxQuoteAmount', { min: 0, integer: true });
  if (Number.isInteger(max) && !Number.isSafeInteger(max)) v.add('maxQuoteAmount', 'must be at most 2^53 - 1 base units');
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
