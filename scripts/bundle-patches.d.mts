// Types of scripts/bundle-patches.mjs (plain JavaScript, since the build script imports it).
export declare const NARROW_GLYPHS: string;
export declare const EDIT_NAMES: string[];
export declare function patchedName(path: string): string | undefined;
export declare function patchSource(name: string, text: string, path: string): string;
export declare function patchYoga(text: string, path: string): string;
export declare function patchToEsm(text: string, what: string): string;
export declare function stringWidthShim(measurePath: string): string;
export declare function dependencyPlugins(nodeModules: string, without?: Set<string>): import('esbuild').Plugin[];
