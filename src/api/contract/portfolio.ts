// GET /portfolio/v1/positions/{address}.
// Shown only: the element list must be a list; every other part may be missing.
import { array, filterItems, lazy, optional, pipe, type InferOutput } from 'valibot';
import { address, any, arr, isPlainObject, labels, maybe, num, obj, str, fields } from './schema.js';
import { op } from './operation.js';

export const PORTFOLIO_ELEMENT_TYPES = [
  'multiple',
  'liquidity',
  'leverage',
  'borrowlend',
  'borrow-lend',
  'trade',
] as const;

const portfolioAsset = obj({
  type: maybe(str),
  networkId: maybe(str),
  value: maybe(num),
  data: maybe(obj({ address: maybe(str), amount: maybe(num), price: maybe(num) })),
});
export type PortfolioAsset = InferOutput<typeof portfolioAsset>;

/** The wallet's own element (its tokens): checked field by field. */
const multipleElement = obj({
  type: str,
  label: maybe(str),
  platformId: maybe(str),
  name: maybe(str),
  value: maybe(num),
  data: maybe(obj({ assets: maybe(arr(portfolioAsset)) })),
});
export type PortfolioElement = InferOutput<typeof multipleElement>;
/** Every other variant is kept as it is: the screen reads it defensively. */
const otherElement = obj({ type: str });

/** The element list; an entry that is not an object describes nothing and is left out, so the rest still shows. */
const portfolioElements = pipe(
  arr(any),
  filterItems(isPlainObject),
  array(lazy((e) => (isPlainObject(e) && e.type === 'multiple' ? multipleElement : otherElement))),
);

const fetcherReport = obj({ id: str, status: maybe(str), duration: maybe(num) });
export type FetcherReport = InferOutput<typeof fetcherReport>;

const portfolio = obj({
  elements: portfolioElements,
  date: maybe(num),
  owner: maybe(str),
  fetcherReports: maybe(arr(fetcherReport)),
  duration: maybe(num),
  /** left out by the real service (no tokens to describe); fields not given by the contract */
  tokenInfo: maybe(obj({})),
});
export type Portfolio = InferOutput<typeof portfolio>;

const portfolioParams = fields({ address, platforms: optional(labels) });
export type PortfolioParams = InferOutput<typeof portfolioParams>;

export const PORTFOLIO_OPERATIONS = {
  positions: op('GET', '/portfolio/v1/positions/{address}', portfolioParams, portfolio),
};
