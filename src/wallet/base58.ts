// Base58 for addresses and signatures without loading @solana/kit: the client's codec.
export { encodeBase58, isAddress as isAddressText } from '../api/base58.js';
