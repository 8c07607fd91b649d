// The record of every request the simulator received (control requests excluded; no api key).

export interface SimRequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  status: number;
  /** ISO time (real wall clock) the request arrived */
  time: string;
  /** parsed JSON body, the raw text when it was not JSON, or null */
  body: unknown;
  /** whether an x-api-key header was present (its value is never recorded) */
  apiKeyPresent: boolean;
  /** the fault injected into this request, if any */
  fault?: string;
}

const MAX_ENTRIES = 20_000;

export class RequestLog {
  private readonly entries: SimRequestLogEntry[] = [];

  add(entry: SimRequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  all(): SimRequestLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }
}

export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}
