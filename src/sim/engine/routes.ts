// Route table with `:name` path parameters.
import type { SimGroup, SimHandler, SimMethod, SimRouter } from './kernel.js';

/** The groups of the service's current generation, which a simulator that serves only V1 leaves out. */
export const V2_GROUPS: readonly SimGroup[] = ['swap-v2', 'trigger-v2'];

export interface Route {
  method: SimMethod;
  segments: string[];
  group: SimGroup;
  handler: SimHandler;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; group: SimGroup; allowed: string[] }
  | { kind: 'none' };

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

export class RouteTable implements SimRouter {
  private readonly routes: Route[] = [];
  /** groups answered as if they did not exist (a service that serves only the first generation) */
  private readonly hidden = new Set<SimGroup>();

  /** hides the groups (their paths answer 404 as unknown), or shows them again */
  hide(groups: readonly SimGroup[], hidden: boolean): void {
    for (const g of groups) {
      if (hidden) this.hidden.add(g);
      else this.hidden.delete(g);
    }
  }

  isHidden(group: SimGroup): boolean {
    return this.hidden.has(group);
  }

  add(method: SimMethod, pattern: string, group: SimGroup, handler: SimHandler): void {
    const segments = split(pattern);
    if (this.routes.some((r) => r.method === method && r.segments.join('/') === segments.join('/'))) {
      throw new Error(`route ${method} ${pattern} registered twice`);
    }
    this.routes.push({ method, segments, group, handler });
  }

  /** puts another handler behind a registered route (paper mode's token lists and studio) */
  replace(method: 'GET' | 'POST', pattern: string, handler: SimHandler): void {
    const segments = split(pattern).join('/');
    const route = this.routes.find((r) => r.method === method && r.segments.join('/') === segments);
    if (!route) throw new Error(`route ${method} ${pattern} is not registered`);
    route.handler = handler;
  }

  match(method: string, path: string): RouteMatch {
    const parts = split(path);
    const allowed: string[] = [];
    let group: SimGroup | null = null;
    for (const route of this.routes) {
      if (this.hidden.has(route.group)) continue;
      // the current generation's order paths are exact: a trailing slash finds nothing
      if (route.group === 'trigger-v2' && path.length > 1 && path.endsWith('/')) continue;
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', route, params };
      allowed.push(route.method);
      group = route.group;
    }
    return group ? { kind: 'wrong-method', group, allowed } : { kind: 'none' };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  // as many parts as the pattern has (checked above)
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    let part: string;
    try {
      part = decodeURIComponent(parts[i]!);
    } catch {
      return null;
    }
    if (p.startsWith(':')) params[p.slice(1)] = part;
    else if (p !== part) return null;
  }
  return params;
}
