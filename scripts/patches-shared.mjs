// What the edits of scripts/bundle-patches.mjs and scripts/ink-output-patch.mjs share.

// The glyphs tradedeck draws that take one column (as string-width itself says: checked when this
// list was made, and again by test/build-patches.test.ts) and one UTF-16 unit each: text made of
// them, printable ASCII and escapes is measured and tokenised by counting.
export const NARROW_GLYPHS =
  '\u00b7\u2014\u2013\u2026\u203a\u2039\u00ab\u00bb\u25b2\u25bc\u25b6\u25c0\u25b3\u25bd\u2713\u2717\u2714\u2718\u2605\u2606\u2191\u2193\u2190\u2192\u2197\u2198' +
  '\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588\u2589\u258a\u258b\u258c\u258d\u258e\u258f' +
  '\u2502\u2500\u250c\u2510\u2514\u2518\u251c\u2524\u252c\u2534\u253c\u2550\u2551\u256d\u256e\u256f\u2570\u2504\u2591\u2592\u2593\u25cf\u25cb\u25c6\u25c7\u25a0\u25a1\u25aa\u25ab' +
  '\u2022\u00b0\u00b1\u00d7\u00f7\u00a2\u00a3\u00a5\u20ac\u2122\u00a9\u00ae\u2248\u2260\u2264\u2265\u221e\u221a\u2206\u00b5\u00a7\u00b6\u26a0\u270e\u25b8\u25b9\u25c2\u25b4\u25be';

// A Map that holds at most `limit` entries, forgetting the oldest first: the caches the edits add or
// bound. Prepended to a dependency's source, once per module that uses it.
export const BOUNDED_MAP = `class __TdBoundedMap extends Map {
  constructor(limit) { super(); this.limit = limit; }
  set(key, value) {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value);
    return super.set(key, value);
  }
}
`;
