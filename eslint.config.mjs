// The rules live beside the linter's own package (tools/lint), which has the TypeScript it parses with.
export { default } from './tools/lint/eslint.config.mjs';
