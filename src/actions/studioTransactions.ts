// The studio group as pipeline actions: create a bonding-curve pool (create-tx, then the image and
// metadata uploads to the presigned URLs the answer carries, then RPC send) and claim the creator's
// trading fees (fee/create-tx, then RPC send). Both are built, inspected, confirmed, journalled,
// signed and sent by the one pipeline (runSigned).
import { fromBaseUnits } from '../text/amount.js';
import type { ApiClient } from '../api/index.js';
import { isAddress } from '../chain/base58.js';
import type { DbcPoolCreateResponse } from '../api/types.js';
import type { ActionSpec, Built, ExpectedToken } from '../pipeline/types.js';
import { curveLines } from '../studio/describe.js';
import type { LaunchedPool } from '../studio/pools.js';
import { putPresigned, publicUrlOf } from '../studio/upload.js';
import type { Launch, QuoteToken } from '../studio/validate.js';
import { usdText } from './describe.js';
import type { DescribedRequest } from './confirmView.js';
import { sanitize } from '../text/sanitize.js';

/** maxQuoteAmount when the person asks for everything accrued: the largest exact JSON integer. */
export const MAX_CLAIM = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The most SOL a launch puts into the accounts the studio program creates for the new pool (its
 * mint, the pool, its two vaults, the metadata), beyond the network fees: their rent, at most.
 */
export const LAUNCH_RENT_LAMPORTS = 50_000_000n;

const clean = (s: string, max = 64) => sanitize(s).slice(0, max);

export interface CreatePoolInput {
  api: ApiClient;
  wallet: string;
  launch: Launch;
  /** the quote token with the chain's facts */
  quote: ExpectedToken;
  now(): number;
  onStatus?(text: string): void;
}

export interface CreatedPool {
  pool?: string;
  mint?: string;
  uploads: string[];
  response: DbcPoolCreateResponse;
}

export function createPoolAction(
  p: CreatePoolInput,
): ActionSpec & { createdOf(built: Built): CreatedPool | undefined } {
  const created = new WeakMap<Built, CreatedPool>();
  const l = p.launch;
  return {
    group: 'studio',
    action: 'create-pool',
    createdOf: (built) => created.get(built),
    async build() {
      const response = await p.api.studio.createPoolTx({
        buildCurveByMarketCapParam: {
          quoteMint: l.quote.mint,
          initialMarketCap: l.initialMarketCap,
          migrationMarketCap: l.migrationMarketCap,
          tokenQuoteDecimal: l.tokenQuoteDecimal,
          lockedVestingParam: l.vesting,
        },
        antiSniping: l.antiSniping,
        fee: { feeBps: l.feeBps },
        isLpLocked: l.isLpLocked,
        tokenName: l.tokenName,
        tokenSymbol: l.tokenSymbol,
        tokenImageContentType: l.image.contentType,
        creator: p.wallet,
      });
      const pool = isAddress(response.pool) ? response.pool : undefined;
      const mint = isAddress(response.mint) ? response.mint : undefined;
      const uploads: string[] = [];
      // The image (and the metadata, when the service asks for it) must be in place before the
      // transaction that names them is signed: an upload that fails stops here, nothing signed.
      const imageUrl = typeof response.imagePresignedUrl === 'string' ? response.imagePresignedUrl : undefined;
      if (imageUrl) {
        p.onStatus?.(`Uploading the image (${l.image.contentType}, ${l.image.bytes.length} bytes)…`);
        await putPresigned(imageUrl, l.image.bytes, l.image.contentType, 'image');
        uploads.push('image');
      }
      const metadataUrl = typeof response.metadataPresignedUrl === 'string' ? response.metadataPresignedUrl : undefined;
      if (metadataUrl) {
        p.onStatus?.('Uploading the metadata…');
        const served =
          typeof response.imageUrl === 'string' ? response.imageUrl : imageUrl ? publicUrlOf(imageUrl) : undefined;
        const metadata = { name: l.tokenName, symbol: l.tokenSymbol, ...(served ? { image: served } : {}) };
        await putPresigned(
          metadataUrl,
          new TextEncoder().encode(JSON.stringify(metadata)),
          'application/json',
          'metadata',
        );
        uploads.push('metadata');
      }
      const built: Built = {
        transactions: [response.transaction],
        // the new mint and pool are named by the answer: the only other signers it may carry
        allowedSigners: [mint, pool].filter((a): a is string => Boolean(a) && a !== p.wallet),
        builtAt: p.now(),
        submit: 'rpc',
        // a launch pays only the fees and the new accounts' rent; the new token may reach the creator
        expect: {
          tokens: [p.quote],
          pays: {},
          receives: {},
          mayReceive: mint ? [mint] : [],
          rentLamports: LAUNCH_RENT_LAMPORTS,
        },
        decimals: { [p.quote.mint]: p.quote.decimals },
        summary: {
          tokenName: l.tokenName,
          tokenSymbol: l.tokenSymbol,
          quoteMint: l.quote.mint,
          initialMarketCap: l.initialMarketCap,
          migrationMarketCap: l.migrationMarketCap,
          feeBps: l.feeBps,
          ...(pool ? { pool } : {}),
          ...(mint ? { mint } : {}),
        },
      };
      created.set(built, { pool, mint, uploads, response });
      return built;
    },
    describe(built): DescribedRequest {
      const c = created.get(built)!;
      const img = l.image;
      const uploaded = c.uploads.length
        ? `uploaded (${c.uploads.join(' + ')})`
        : 'NOT uploaded: no upload URL in the answer';
      const warnings: string[] = [];
      if (!c.uploads.includes('image'))
        warnings.push('The service returned no image upload URL: the token will launch without its image.');
      if (img.nameMismatch) warnings.push(`The image file is ${img.nameMismatch}; sent as ${img.contentType}.`);
      return {
        title: `Launch ${clean(l.tokenSymbol, 12)} (${clean(l.tokenName, 32)}) on a bonding curve`,
        lines: [],
        summary: [
          {
            label: 'Image',
            value: `${clean(img.name, 40)} · ${img.contentType} · ${(img.bytes.length / 1024).toFixed(1)} KiB · ${uploaded}`,
            ...(c.uploads.includes('image') ? {} : { emphasis: 'warn' as const }),
          },
          ...curveLines(l),
          { label: 'Pool', value: c.pool ?? '—' },
          { label: 'Mint', value: c.mint ?? '—' },
        ],
        warnings,
        confirmLabel: 'Sign and launch',
        ages: 'transaction',
      };
    },
  };
}

export interface ClaimFeeInput {
  api: ApiClient;
  wallet: string;
  pool: string;
  /** the quote token the fees are paid in, when known */
  quote?: QuoteToken;
  /** raw quote units; MAX_CLAIM: everything accrued */
  max: bigint;
  /** the remembered launch, when the pool is one */
  known?: LaunchedPool;
  /** the quote token with the chain's facts, when known */
  quoteFacts: ExpectedToken[];
  now(): number;
}

export function claimAmountText(max: bigint, quote?: QuoteToken): string {
  if (max >= MAX_CLAIM) return 'everything accrued (max)';
  if (!quote) return `up to ${max} base units`;
  return `up to ${fromBaseUnits(max, quote.decimals)} ${quote.symbol}${usdText(max, quote.decimals, quote.usdPrice)}`;
}

export function claimFeeAction(p: ClaimFeeInput): ActionSpec {
  return {
    group: 'studio',
    action: 'claim-fee',
    async build() {
      const r = await p.api.studio.claimFeeTx({
        ownerWallet: p.wallet,
        poolAddress: p.pool,
        maxQuoteAmount: Number(p.max),
      });
      return {
        transactions: [r.transaction],
        allowedSigners: [],
        builtAt: p.now(),
        submit: 'rpc',
        // a claim pays only the fees and receives the quote token (any amount accrued, up to the max)
        expect: {
          tokens: p.quoteFacts,
          pays: {},
          receives: {},
          mayReceive: p.quote ? [p.quote.mint] : 'any',
        },
        ...(p.quote ? { decimals: { [p.quote.mint]: p.quote.decimals } } : {}),
        summary: { pool: p.pool, maxQuoteAmount: p.max.toString(), ...(p.quote ? { quoteMint: p.quote.mint } : {}) },
      };
    },
    describe(): DescribedRequest {
      const token = p.known
        ? `${clean(p.known.symbol, 12)} (${clean(p.known.name, 32)})`
        : '— (not launched from here)';
      return {
        title: `Claim the creator fees of ${p.known ? clean(p.known.symbol, 12) : 'a pool'}`,
        lines: [],
        summary: [
          { label: 'Pool', value: p.pool },
          { label: 'Token', value: token },
          { label: 'Claim', value: claimAmountText(p.max, p.quote) },
          { label: 'Paid to', value: `you, in ${p.quote?.symbol ?? 'the quote token'}` },
        ],
        confirmLabel: 'Sign and claim',
        ages: 'transaction',
      };
    },
  };
}
