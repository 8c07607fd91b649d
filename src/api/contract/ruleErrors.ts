// The errors of the contract's rules: a request that breaks one is refused before anything is sent,
// an answer that breaks one is refused where it is read (the service's client and the RPC client).

/** A request parameter broke a rule of the contract; raised before anything is sent. */
export class RequestRuleError extends Error {
  readonly field: string;
  readonly rule: string;

  constructor(field: string, rule: string, got?: unknown) {
    super(`${field} ${rule}${got === undefined ? '' : ` (got ${describeValue(got)})`}`);
    this.name = 'RequestRuleError';
    this.field = field;
    this.rule = rule;
  }
}

/** A response broke the contract: a required field is missing or has the wrong type. */
export class ResponseShapeError extends Error {
  readonly endpoint: string;
  readonly field: string;

  constructor(endpoint: string, field: string, expectation: string) {
    super(`${endpoint}: ${field} ${expectation}`);
    this.name = 'ResponseShapeError';
    this.endpoint = endpoint;
    this.field = field;
  }
}

function describeValue(v: unknown): string {
  // a long text (a signed transaction) by its start and its length
  if (typeof v === 'string')
    return v.length > 60 ? `${JSON.stringify(`${v.slice(0, 40)}...`)}, ${v.length} characters` : JSON.stringify(v);
  if (typeof v === 'bigint') return `${v}n`;
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return 'an array';
  return typeof v;
}
