// The import graph between folders: every directory under the given top-level folders is a node, a
// relative import from a file in one directory of a file in another is an edge (types too: a circle
// of types is a circle of meaning). A circle is a strongly connected group of two or more folders;
// each is reported with one import per edge inside it, so the message says which line to move.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The relative module specifiers a source file imports or re-exports, statically or dynamically. */
export function relativeImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    if (m[1] !== undefined) found.push(m[1]);
  }
  return found;
}

function target(fromFile: string, spec: string): string | undefined {
  const base = resolve(dirname(fromFile), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((c) => existsSync(c) && /\.(ts|tsx|json)$/.test(c));
}

export interface FolderCircle {
  folders: string[];
  /** One import per edge between two folders of the circle: `from/file.ts -> to/file.ts`. */
  edges: string[];
}

/** The circles between folders under `tops` (paths relative to `root`). */
export function folderCircles(root: string, tops: readonly string[]): FolderCircle[] {
  const edges = new Map<string, Map<string, string>>();
  const nodes = new Set<string>();
  for (const top of tops) {
    for (const file of sourceFiles(join(root, top))) {
      const from = relative(root, dirname(file));
      nodes.add(from);
      for (const spec of relativeImports(readFileSync(file, 'utf8'))) {
        const to = target(file, spec);
        if (to === undefined) continue;
        const toDir = relative(root, dirname(to));
        if (toDir === from || toDir.startsWith('..')) continue;
        nodes.add(toDir);
        let out = edges.get(from);
        if (!out) edges.set(from, (out = new Map()));
        if (!out.has(toDir)) out.set(toDir, `${relative(root, file)} -> ${relative(root, to)}`);
      }
    }
  }
  // Tarjan's strongly connected components.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: FolderCircle[] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length < 2) return;
    const inside = new Set(group);
    const lines: string[] = [];
    for (const a of [...group].sort()) for (const [b, line] of edges.get(a) ?? []) if (inside.has(b)) lines.push(line);
    circles.push({ folders: group.sort(), edges: lines.sort() });
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return circles;
}
