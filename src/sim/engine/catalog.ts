// The simulated token universe: a few recognisable majors and many made-up tokens, each with the
// static traits its market behaviour and Token record are derived from.
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../chain/mints.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../wallet/instructions.js';
import { hash32, seededAddress, unit } from './random.js';

/** slots in a day at 400 ms */
const SLOTS_PER_DAY = 216_000;

export interface TokenDef {
  index: number;
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  tokenProgram: string;
  /** USD price at the genesis slot */
  basePrice: number;
  /** log-price standard deviation per slot */
  sigma: number;
  stable: boolean;
  /** expected background trades per slot */
  tradesPerSlot: number;
  avgTradeUsd: number;
  liquidityUsd: number;
  totalSupply: number;
  circSupply: number;
  holders: number;
  /** fractional holder growth per day */
  holderGrowth: number;
  /** daily activity trend, log scale */
  activityTrend: number;
  activityPhase: number;
  organicBase: number;
  isVerified: boolean | null;
  tags: string[] | null;
  cexes: string[] | null;
  launchpad: string | null;
  partnerConfig: string | null;
  graduatedPool: string | null;
  graduatedAtMs: number | null;
  dev: string | null;
  firstPoolId: string;
  firstPoolAgeDays: number;
  firstPoolCreatedMs: number;
  twitter: string | null;
  telegram: string | null;
  website: string | null;
  mintAuthorityDisabled: boolean;
  freezeAuthorityDisabled: boolean;
  topHoldersPercentage: number;
  devMints: number;
  isSus: boolean | null;
  major: boolean;
  /** set for listed launches (their uploaded image); otherwise derived */
  icon?: string | null;
}

interface MajorSeed {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  price: number;
  dailyVol: number;
  liquidity: number;
  supply: number;
  holders: number;
  site: string;
  cexes: string[];
}

const MAJORS: MajorSeed[] = [
  {
    mint: NATIVE_MINT,
    symbol: 'SOL',
    name: 'Wrapped SOL',
    decimals: 9,
    price: 150,
    dailyVol: 0.04,
    liquidity: 90e6,
    supply: 600e6,
    holders: 3_200_000,
    site: 'https://solana.com',
    cexes: ['Binance', 'Coinbase', 'Kraken', 'OKX', 'Bybit'],
  },
  {
    mint: USDC_MINT,
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    price: 1,
    dailyVol: 0.0004,
    liquidity: 80e6,
    supply: 9e9,
    holders: 4_100_000,
    site: 'https://www.circle.com',
    cexes: ['Binance', 'Coinbase', 'Kraken', 'OKX'],
  },
  {
    mint: USDT_MINT,
    symbol: 'USDT',
    name: 'USDT',
    decimals: 6,
    price: 1,
    dailyVol: 0.0005,
    liquidity: 35e6,
    supply: 2.4e9,
    holders: 1_900_000,
    site: 'https://tether.to',
    cexes: ['Binance', 'OKX', 'Bybit', 'Kraken'],
  },
  {
    mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
    symbol: 'JUP',
    name: 'Jupiter',
    decimals: 6,
    price: 0.82,
    dailyVol: 0.06,
    liquidity: 12e6,
    supply: 10e9,
    holders: 820_000,
    site: 'https://jup.ag',
    cexes: ['Binance', 'OKX', 'Bybit'],
  },
  {
    mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
    symbol: 'Bonk',
    name: 'Bonk',
    decimals: 5,
    price: 0.0000215,
    dailyVol: 0.08,
    liquidity: 9e6,
    supply: 88e12,
    holders: 950_000,
    site: 'https://bonkcoin.com',
    cexes: ['Binance', 'Coinbase', 'OKX'],
  },
  {
    mint: 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm',
    symbol: 'WIF',
    name: 'dogwifhat',
    decimals: 6,
    price: 1.45,
    dailyVol: 0.09,
    liquidity: 8e6,
    supply: 998e6,
    holders: 210_000,
    site: 'https://dogwifcoin.org',
    cexes: ['Binance', 'Bybit'],
  },
  {
    mint: 'jtojtomepa8beP8AuQc6eXt5FriJwfFMwQx2v2f9mCL',
    symbol: 'JTO',
    name: 'Jito',
    decimals: 9,
    price: 2.4,
    dailyVol: 0.06,
    liquidity: 5e6,
    supply: 1e9,
    holders: 130_000,
    site: 'https://jito.network',
    cexes: ['Binance', 'Coinbase'],
  },
  {
    mint: 'HZ1JovNiVvGrGNiiYvEozEVgZ58xaU3RKwX8eACQBCt3',
    symbol: 'PYTH',
    name: 'Pyth Network',
    decimals: 6,
    price: 0.31,
    dailyVol: 0.06,
    liquidity: 4e6,
    supply: 10e9,
    holders: 250_000,
    site: 'https://pyth.network',
    cexes: ['Binance', 'OKX'],
  },
  {
    mint: '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R',
    symbol: 'RAY',
    name: 'Raydium',
    decimals: 6,
    price: 2.2,
    dailyVol: 0.06,
    liquidity: 6e6,
    supply: 555e6,
    holders: 160_000,
    site: 'https://raydium.io',
    cexes: ['Binance', 'Bybit'],
  },
  {
    mint: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So',
    symbol: 'mSOL',
    name: 'Marinade staked SOL',
    decimals: 9,
    price: 188,
    dailyVol: 0.04,
    liquidity: 15e6,
    supply: 4e6,
    holders: 140_000,
    site: 'https://marinade.finance',
    cexes: [],
  },
  {
    mint: 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn',
    symbol: 'JitoSOL',
    name: 'Jito Staked SOL',
    decimals: 9,
    price: 182,
    dailyVol: 0.04,
    liquidity: 25e6,
    supply: 14e6,
    holders: 230_000,
    site: 'https://jito.network',
    cexes: [],
  },
  {
    mint: 'orcaEKTdK7LKz57vaAYr9QeNsVEPfiu6QeMU1kektZE',
    symbol: 'ORCA',
    name: 'Orca',
    decimals: 6,
    price: 2.1,
    dailyVol: 0.07,
    liquidity: 3e6,
    supply: 100e6,
    holders: 90_000,
    site: 'https://www.orca.so',
    cexes: ['Coinbase'],
  },
];

const FIRST = [
  'Moon',
  'Turbo',
  'Lazy',
  'Cosmic',
  'Pixel',
  'Neon',
  'Frosty',
  'Golden',
  'Tiny',
  'Mega',
  'Sleepy',
  'Hyper',
  'Salty',
  'Crispy',
  'Wild',
  'Quantum',
  'Velvet',
  'Rusty',
  'Lucky',
  'Shadow',
  'Solar',
  'Bubble',
  'Nova',
  'Grumpy',
  'Happy',
  'Atomic',
  'Magic',
  'Dusty',
  'Funky',
  'Royal',
];
const SECOND = [
  'Otter',
  'Cat',
  'Frog',
  'Duck',
  'Panda',
  'Shiba',
  'Whale',
  'Goose',
  'Badger',
  'Llama',
  'Ferret',
  'Koala',
  'Hamster',
  'Penguin',
  'Gecko',
  'Corgi',
  'Bison',
  'Yeti',
  'Lobster',
  'Walrus',
  'Mole',
  'Crab',
];
const LAUNCHPADS = ['pump.fun', 'letsbonk.fun', 'met-dbc', 'moonshot'];
const TAG_SETS: Array<string[] | null> = [
  ['community'],
  ['verified', 'community'],
  ['pump'],
  null,
  ['moonshot'],
  ['verified', 'strict'],
];

export const MADE_UP_COUNT = 110;

function majorDef(m: MajorSeed, index: number, seed: number, genesisMs: number): TokenDef {
  const u = (k: number) => unit(seed, 7001, index, k);
  const stable = m.dailyVol < 0.001;
  return {
    index,
    mint: m.mint,
    symbol: m.symbol,
    name: m.name,
    decimals: m.decimals,
    tokenProgram: TOKEN_PROGRAM,
    basePrice: m.price,
    sigma: m.dailyVol / Math.sqrt(SLOTS_PER_DAY),
    stable,
    tradesPerSlot: 2.5 * Math.sqrt(m.liquidity / 90e6) * (0.7 + 0.6 * u(1)),
    avgTradeUsd: 400 + 800 * u(2),
    liquidityUsd: m.liquidity,
    totalSupply: m.supply,
    circSupply: m.supply * (0.6 + 0.4 * u(3)),
    holders: m.holders,
    holderGrowth: 0.002 * u(4),
    activityTrend: 0.3 * (u(5) - 0.5),
    activityPhase: Math.floor(1440 * u(6)),
    organicBase: 82 + 15 * u(7),
    isVerified: true,
    tags: index <= 2 ? ['verified', 'strict'] : ['verified', 'community', 'strict'],
    cexes: m.cexes.length ? m.cexes : null,
    launchpad: null,
    partnerConfig: null,
    graduatedPool: null,
    graduatedAtMs: null,
    dev: null,
    firstPoolId: seededAddress(seed, `firstpool:${m.mint}`),
    firstPoolAgeDays: 400 + Math.floor(900 * u(8)),
    firstPoolCreatedMs: genesisMs - (400 + Math.floor(900 * u(8))) * 86_400_000,
    twitter: `https://x.com/${m.symbol.toLowerCase()}`,
    telegram: null,
    website: m.site,
    mintAuthorityDisabled: !stable,
    freezeAuthorityDisabled: !stable,
    topHoldersPercentage: 10 + 30 * u(9),
    devMints: 0,
    isSus: null,
    major: true,
  };
}

function madeUpDef(i: number, index: number, seed: number, genesisMs: number, usedSymbols: Set<string>): TokenDef {
  const u = (k: number) => unit(seed, 7002, i, k);
  let name: string;
  let symbol: string;
  for (let attempt = 0; ; attempt++) {
    const h = hash32(seed, 7003, i, attempt);
    name = `${FIRST[h % FIRST.length]} ${SECOND[(h >>> 8) % SECOND.length]}`;
    // the name is the two words just joined by one space
    symbol = (name.split(' ')[0]!.slice(0, 2) + name.split(' ')[1]!.slice(0, 3)).toUpperCase();
    if (!usedSymbols.has(symbol)) break;
  }
  usedSymbols.add(symbol);
  const mint = seededAddress(seed, `mint:${i}`);
  const launched = u(1) < 0.7;
  // u() is in [0, 1): floor(u() * length) is an index of the list
  const launchpad = launched ? LAUNCHPADS[Math.floor(u(2) * LAUNCHPADS.length)]! : null;
  const graduated = launched && u(3) < 0.6;
  const ageDays = launched ? 0.2 + 60 * u(4) ** 2 : 30 + 500 * u(4);
  const supply = u(5) < 0.7 ? 1e9 : Math.round(1e6 + 1e11 * u(5) ** 3);
  const price = Math.exp(Math.log(2e-6) + (Math.log(8) - Math.log(2e-6)) * u(6)) * (1e9 / supply) ** 0.3;
  const organicBase = 5 + 90 * u(7);
  const verified = organicBase > 60 && u(8) < 0.7;
  const dailyVol = 0.15 + 0.6 * u(9);
  const handle = name.toLowerCase().replace(' ', '');
  return {
    index,
    mint,
    symbol,
    name,
    decimals: u(10) < 0.8 ? 6 : 9,
    tokenProgram: u(11) < 0.12 ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM,
    basePrice: price,
    sigma: dailyVol / Math.sqrt(SLOTS_PER_DAY),
    stable: false,
    tradesPerSlot: 0.02 + 1.2 * u(12) ** 2,
    avgTradeUsd: 15 + 600 * u(13) ** 2,
    liquidityUsd: 25_000 + 3e6 * u(14) ** 3,
    totalSupply: supply,
    circSupply: supply * (u(15) < 0.6 ? 1 : 0.5 + 0.5 * u(15)),
    holders: Math.round(300 + 60_000 * u(16) ** 2),
    holderGrowth: 0.08 * (u(17) - 0.35),
    activityTrend: 1.2 * (u(18) - 0.5),
    activityPhase: Math.floor(1440 * u(19)),
    organicBase,
    isVerified: verified ? true : u(20) < 0.5 ? false : null,
    tags: verified ? ['verified', 'community'] : TAG_SETS[Math.floor(u(21) * TAG_SETS.length)]!,
    cexes: u(22) < 0.1 ? ['Gate', 'MEXC'] : null,
    launchpad,
    partnerConfig: launchpad === 'met-dbc' ? seededAddress(seed, `partner:${i}`) : null,
    graduatedPool: graduated ? seededAddress(seed, `graduated:${i}`) : null,
    graduatedAtMs: graduated ? genesisMs - Math.floor(ageDays * 0.8 * 86_400_000) : null,
    dev: launched ? seededAddress(seed, `dev:${i}`) : u(23) < 0.5 ? seededAddress(seed, `dev:${i}`) : null,
    firstPoolId: seededAddress(seed, `firstpool:${mint}`),
    firstPoolAgeDays: ageDays,
    firstPoolCreatedMs: genesisMs - Math.floor(ageDays * 86_400_000),
    twitter: u(24) < 0.75 ? `https://x.com/${handle}` : null,
    telegram: u(25) < 0.5 ? `https://t.me/${handle}` : null,
    website: u(26) < 0.4 ? `https://${handle}.example` : null,
    mintAuthorityDisabled: u(27) < 0.9,
    freezeAuthorityDisabled: u(28) < 0.92,
    topHoldersPercentage: 12 + 70 * u(29) ** 1.5,
    devMints: launched ? 1 + Math.floor(8 * u(30) ** 3) : 0,
    isSus: u(31) < 0.08 ? true : u(31) < 0.5 ? false : null,
    major: false,
  };
}

/** The full catalogue for a seed; `genesisMs` anchors ages and graduation times. */
export function buildCatalog(seed: number, genesisMs: number): TokenDef[] {
  const defs = MAJORS.map((m, i) => majorDef(m, i, seed, genesisMs));
  const used = new Set(defs.map((d) => d.symbol.toUpperCase()));
  for (let i = 0; i < MADE_UP_COUNT; i++) defs.push(madeUpDef(i, defs.length, seed, genesisMs, used));
  return defs;
}

export const STABLE_INTERMEDIATES = [NATIVE_MINT, USDC_MINT, USDT_MINT];
