// Types of src/bundle-patches.mjs (plain JavaScript, since the build script imports it).
export declare const NARROW_GLYPHS: string;
export declare const dependencyPatches: Record<string, Array<[string, string]>>;
export declare function patchedName(path: string): string | undefined;
export declare function patchSource(name: string, text: string, path: string): string;
