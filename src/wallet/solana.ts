// What the wallet uses of @solana/kit, in one module that inspect.ts imports only when it decodes a
// transaction: a run that signs nothing never loads the Solana library.
export {
  address,
  getAddressEncoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getProgramDerivedAddress,
  getTransactionDecoder,
  getTransactionEncoder,
} from '@solana/kit';
