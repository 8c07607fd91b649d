// Putting objects back as they were: what RPC simulateTransaction needs to run a transaction's
// effect and leave the simulator as it found it.

/**
 * Copies every own field of each object (arrays one level deep); the function returned puts the
 * copies back into the same objects, so whatever holds a reference to one sees it as it was.
 */
export function checkpointFields<T extends object>(objects: Iterable<T>): () => void {
  const saved = [...objects].map((o) => {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) copy[k] = Array.isArray(v) ? [...v] : v;
    return [o as Record<string, unknown>, copy] as const;
  });
  return () => {
    for (const [o, copy] of saved) {
      for (const k of Object.keys(o)) if (!(k in copy)) delete o[k];
      Object.assign(o, copy);
    }
  };
}
