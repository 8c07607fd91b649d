// The building blocks of the contract's schemas (valibot), and the two ways they are applied: a
// response check (ResponseShapeError naming the endpoint and the field) and a request check
// (RequestRuleError naming the field and the rule). A message and its field's path are made only
// when something fails: a token list has some 3500 fields, checked every refresh.
//
// Responses are tolerant where the real service varies: unknown keys are kept (looseObject), a
// field shown only may be absent, and `maybe` reads a null as absent (the key is removed) while
// `nullish` fills an absent key with null, so the typed value never holds a surprise.

// valibot by name, not as a namespace: its namespace object (~300 getters) would be made at every start
import {
  array,
  check,
  custom,
  lazy,
  looseObject,
  nullable,
  optional,
  pipe,
  rawCheck,
  safeParse,
  transform,
  unknown,
  type BaseIssue,
  type GenericSchema,
  type InferOutput,
  type ObjectEntries,
  type ObjectSchema,
  type OptionalSchema,
} from 'valibot';
import { AmountError, parseRawAmount } from '../amount.js';
import { isAddress } from './base58.js';
import { RequestRuleError, ResponseShapeError } from './errors.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a schema is known by what it gives
export type Schema<O = unknown> = GenericSchema<any, O>;
export type Infer<S extends GenericSchema> = InferOutput<S>;
type Issue = BaseIssue<unknown>;

/** The message a field gives when its key is missing (a missing key is reported by its object). */
const MISSING = new WeakMap<object, string>();
/** The schemas whose null reads as absent, and those whose absence reads as null. */
const NULL_AS_ABSENT = new WeakSet<object>();
const ABSENT_AS_NULL = new WeakSet<object>();
/** A rule that shows the offending value in its own words (e.g. a transaction by its length). */
const SHOWN = new WeakMap<object, (x: unknown) => unknown>();

/** Raises the request rule `why` on `field` (for rules that join several fields). */
export const refuse = (field: string, why: string, got?: unknown): never => {
  throw new RequestRuleError(field, why, got);
};

export const missing = <S extends object>(text: string, s: S): S => (MISSING.set(s, text), s);

export const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

// ---------- responses ----------

/** A value of a response that must pass `test`: "must be X" (or `wrong`), or "is missing (must be X)". */
export function is<T>(what: string, test: (x: unknown) => boolean, wrong = what): Schema<T> {
  SHOWN.set(test, () => undefined);
  const s = custom<T>(test, (i) => (i.input === undefined ? `is missing (must be ${what})` : `must be ${wrong}`));
  return missing(`is missing (must be ${what})`, s);
}

export const str = is<string>('a string', (x) => typeof x === 'string');
export const nonEmptyStr = is<string>('a non-empty string', (x) => typeof x === 'string' && x.length > 0);
export const num = is<number>('a number', (x) => typeof x === 'number' && Number.isFinite(x));
export const uint = is<number>(
  'a non-negative integer',
  (x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0,
);
export const bool = is<boolean>('a boolean', (x) => typeof x === 'boolean');
export const any = unknown();
/** A decimal-digit string of base units (amounts stay strings, never numbers). */
export const rawAmount = is<string>('a string of decimal digits', (x) => typeof x === 'string' && /^\d+$/.test(x));
/** A number, or a string holding a decimal number (the service sends both). */
export const numOrNumericString = is<number | string>(
  'a number or a numeric string',
  (x) => (typeof x === 'number' && Number.isFinite(x)) || (typeof x === 'string' && /^-?\d+(\.\d+)?$/.test(x)),
);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
export const isBase64 = (x: unknown): x is string =>
  typeof x === 'string' && x.length > 0 && x.length % 4 === 0 && BASE64.test(x);
/** A non-empty base-64 text (a transaction to sign, or instruction data). */
export const base64 = is<string>('a base-64 string', isBase64);

export function oneOf<T extends string | number | boolean>(values: readonly T[]): Schema<T> {
  return is<T>(`one of ${values.map((x) => JSON.stringify(x)).join(', ')}`, (x) => values.includes(x as T));
}

/** The field may be absent. */
export const opt = <S extends Schema>(s: S) => optional(s);
/** The field may be null (and must be there unless also `opt`). */
export const nul = <S extends Schema>(s: S) => missing(MISSING.get(s) ?? 'is missing', nullable(s));
/** The field may be absent, and a null where the contract has none counts as absent (the key is removed). */
export function maybe<O>(s: Schema<O>): OptionalSchema<Schema<O | undefined>, undefined> {
  const inner = pipe(
    nullable(s),
    transform((x) => (x === null ? undefined : x)),
  ) as Schema<O | undefined>;
  const out = optional(inner);
  NULL_AS_ABSENT.add(out);
  return out;
}
/** Declared `T | null`, but the service sometimes leaves it out: accepted, and filled with null. */
export function nullish<S extends Schema>(s: S) {
  const out = optional(nullable(s));
  ABSENT_AS_NULL.add(out);
  return out;
}

export function arr<O>(item: Schema<O>, what = 'an array'): Schema<O[]> {
  return missing(`is missing (must be ${what})`, array(item, `must be ${what}`));
}

/** Known fields checked, unknown ones kept; the type holds the known fields only. */
export function obj<E extends ObjectEntries>(entries: E = {} as E): Schema<InferOutput<ObjectSchema<E, undefined>>> {
  const asAbsent: string[] = [];
  const asNull: string[] = [];
  for (const [k, s] of Object.entries(entries)) {
    if (NULL_AS_ABSENT.has(s)) asAbsent.push(k);
    if (ABSENT_AS_NULL.has(s)) asNull.push(k);
  }
  const message = (i: Issue) =>
    i.path
      ? (MISSING.get(entries[i.path[0].key as string] as object) ?? 'is missing')
      : i.input === undefined
        ? 'is missing (must be an object)'
        : 'must be an object';
  const shape = pipe(
    custom<Record<string, unknown>>(isPlainObject, message),
    looseObject(entries as ObjectEntries, message),
    transform((o: Record<string, unknown>) => {
      for (const k of asAbsent) if (o[k] === undefined) delete o[k];
      for (const k of asNull) if (!(k in o)) o[k] = null;
      return o;
    }),
  );
  return missing('is missing (must be an object)', shape) as never;
}

/** Where an issue happened: `orders[0].rawMakingAmount`, '' for the value itself. */
function pathOf(issue: Issue): string {
  let p = '';
  for (const { key } of issue.path ?? [])
    p = typeof key === 'number' ? `${p}[${key}]` : p ? `${p}.${String(key)}` : String(key);
  return p;
}

const FIRST_ONLY = { abortEarly: true } as const;

/** Runs `schema` over a response body and returns it typed, or throws ResponseShapeError. */
export function checkResponse<O>(endpoint: string, schema: Schema<O>, body: unknown): O {
  const r = safeParse(schema, body, FIRST_ONLY);
  if (r.success) return r.output;
  throw new ResponseShapeError(endpoint, pathOf(r.issues[0]) || '(body)', r.issues[0].message);
}

// ---------- requests ----------

/** A request value that must pass `test`, else "<field> <rule> (got …)"; the rule may depend on the value. */
export function rule<T>(
  text: string | ((x: unknown) => string),
  test: (x: unknown) => boolean,
  shown?: (x: unknown) => unknown,
): Schema<T> {
  if (shown) SHOWN.set(test, shown);
  const say = typeof text === 'string' ? () => text : text;
  return missing(
    say(undefined),
    custom<T>(test, (i) => say(i.input)),
  );
}

const safeInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
export const address = rule<string>('must be a base58 address of 32 bytes', isAddress);
export const flag = rule<boolean>('must be true or false', (x) => typeof x === 'boolean');
export const page = rule<number>('must be an integer >= 1', (x) => safeInt(x) && x >= 1);
export const text = rule<string>('must be a non-empty string', (x) => typeof x === 'string' && x.trim() !== '');
export const intIn = (min: number, max: number) =>
  asQueryNumber(
    rule<number>(
      `must be an integer from ${min} to ${max}`,
      (x) => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max,
    ),
  );
export const numAtLeast = (min: number) =>
  rule<number>(`must be a number >= ${min}`, (x) => typeof x === 'number' && Number.isFinite(x) && x >= min);
export const among = <T extends string>(values: readonly T[]) =>
  rule<T>(`must be one of ${values.join(', ')}`, (x) => values.includes(x as T));

function fitsRaw(x: unknown, positive: boolean): boolean {
  try {
    parseRawAmount(x as string, 'amount', positive);
    return true;
  } catch (e) {
    if (e instanceof AmountError) return false;
    throw e;
  }
}
/** A u64 base-unit amount written as a string of digits, greater than zero. */
export const isPositiveRaw = (x: unknown): x is string => fitsRaw(x, true);
export const positiveRaw = rule<string>('must be a positive integer string of base units (u64)', isPositiveRaw);
/** A u64 given as a safe integer number or as a digit string. */
export const u64 = rule<number | string>(
  'must be a non-negative integer (u64)',
  (x) => (safeInt(x) && x >= 0) || (typeof x === 'string' && fitsRaw(x, false)),
);
/** DEX labels travel comma-joined, so a label itself must not hold a comma. */
export const labels = array(
  rule<string>(
    'must be a non-empty label without commas',
    (x) => typeof x === 'string' && x.trim() !== '' && !x.includes(','),
  ),
  'must be an array of labels',
);
export const signedTx = rule<string>('must be a base-64 transaction', isBase64, (x) =>
  typeof x === 'string' ? `${x.length} characters` : x,
);

function ruleError(root: string, issue: Issue & { requirement?: unknown }): RequestRuleError {
  const shown = typeof issue.requirement === 'function' ? SHOWN.get(issue.requirement) : undefined;
  return new RequestRuleError(pathOf(issue) || root, issue.message, shown ? shown(issue.input) : issue.input);
}

/** Checks a request before anything is sent; `root` names the value itself ('params' or 'body'). */
export function checkRequest<T>(root: string, schema: Schema<T>, value: unknown): T {
  const r = safeParse(schema, value, FIRST_ONLY);
  if (r.success) return r.output;
  throw ruleError(root, r.issues[0]);
}

/**
 * Every rule a request breaks, for a service that names all bad fields at once; `value` is the
 * request as read, only partly checked when there are problems.
 */
export function requestProblems<T>(
  root: string,
  schema: Schema<T>,
  value: unknown,
): { value: Partial<T>; problems: RequestRuleError[] } {
  const r = safeParse(schema, value);
  return r.success
    ? { value: r.output, problems: [] }
    : {
        value: (isPlainObject(r.output) ? r.output : {}) as Partial<T>,
        problems: r.issues.map((i) => ruleError(root, i)),
      };
}

// what src/api/types.ts builds its schemas with beside the helpers above
export { array, check, custom, lazy, pipe, rawCheck, transform };
export type { OptionalSchema };

/** The fields an object schema declares (through pipes and optional wrappers), in declaration order. */
export function entriesOf(schema: unknown): Record<string, unknown> {
  const s = schema as { entries?: Record<string, unknown>; pipe?: unknown[] };
  if (s.entries) return s.entries;
  for (const item of s.pipe ?? []) {
    const found = entriesOf(item);
    if (Object.keys(found).length) return found;
  }
  return {};
}

/** How a request field is written in a query, where every value is text. */
const QUERY_KIND = new WeakMap<object, 'number' | 'boolean' | 'list'>();
const kindOf = (s: unknown): 'number' | 'boolean' | 'list' | undefined =>
  QUERY_KIND.get(s as object) ??
  ((s as { wrapped?: unknown }).wrapped ? kindOf((s as { wrapped: unknown }).wrapped) : undefined);
QUERY_KIND.set(page, 'number');
QUERY_KIND.set(flag, 'boolean');
QUERY_KIND.set(labels, 'list');
export const asQueryNumber = <S extends object>(s: S): S => (QUERY_KIND.set(s, 'number'), s);
export const asQueryList = <S extends object>(s: S): S => (QUERY_KIND.set(s, 'list'), s);

/**
 * A query read back into the values its schema checks (the inverse of the client's query): a
 * number or a flag written as text becomes one, a list is comma-separated or repeated; anything
 * else stays text, so the rule names it. Path parameters are given as `fixed`.
 */
export function fromQuery(
  schema: unknown,
  query: URLSearchParams,
  fixed: Record<string, string> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(entriesOf(schema))) {
    const all = key in fixed ? [fixed[key]] : query.getAll(key);
    if (all.length === 0) continue;
    const kind = kindOf(field);
    const text = all[0];
    if (kind === 'list') out[key] = all.join(',').split(',');
    else if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(text)) out[key] = Number(text);
    else if (kind === 'boolean' && (text === 'true' || text === 'false')) out[key] = text === 'true';
    else out[key] = text;
  }
  return out;
}
