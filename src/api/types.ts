// The contract's types, for the modules that need only its types (a type import loads no schema).
// The schemas, the operation table and the constants are in ./contract/ (one file per group).
export type * from './contract/index.js';
