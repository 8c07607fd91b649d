// An API client whose fetch answers with recorded bodies (test/fixtures/real/*.json): the real
// client's parsing and checks run on what the real service sends.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '../../src/api/index.js';
import { valueAt } from './narrow.js';

export const REAL_DIR = join(import.meta.dirname, '..', 'fixtures', 'real');

/** Routes "METHOD /path" prefixes (longest first) to recorded bodies; records what was asked. */
export function recordedClient(routes: Record<string, string>): { client: ApiClient; asked: string[] } {
  const asked: string[] = [];
  const keys = Object.keys(routes).sort((a, b) => b.length - a.length);
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    asked.push(key + url.search);
    const hit = keys.find((k) => key.startsWith(k));
    if (!hit) return new Response(JSON.stringify({ error: `no recorded body for ${key}` }), { status: 404 });
    return new Response(readFileSync(join(REAL_DIR, valueAt(routes, hit)), 'utf8'), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return {
    client: createApiClient({
      baseUrl: 'http://recorded.test',
      apiKey: 'recorded-responses-key',
      fetchImpl,
      retries: 0,
    }),
    asked,
  };
}
