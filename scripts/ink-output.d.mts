// Types of scripts/ink-output.mjs (plain JavaScript, since the build script imports it).
export declare function checkRenderer(text: string, path: string): void;
export declare function inkOutput(outputModule: string): import('esbuild').Plugin;
