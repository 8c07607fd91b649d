// Base58 for addresses and signatures without loading @solana/kit: the client's codec.
export { encodeBase58 } from '../chain/base58.js';
