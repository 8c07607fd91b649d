// Types of tools/lint/eslint.config.mjs (plain JavaScript, as eslint loads it), for the test that runs it.
export declare const TYPED_RULES: Record<string, 'error'>;
declare const config: unknown[];
export default config;
