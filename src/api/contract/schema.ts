// The words the contract's schemas are written in (valibot's own schemas and actions, with the
// messages tradedeck prints), and the two ways they are applied: a response check
// (ResponseShapeError naming the endpoint and the field) and a request check (RequestRuleError
// naming the field and the rule). valibot makes a message and its issue's path only when something
// fails: a token list has some 4,400 fields, checked every refresh.
//
// Responses are tolerant where the real service varies: unknown keys are kept (looseObject), a
// field shown only may be absent, `maybe` reads a null as absent (the key is removed) and
// valibot's `nullish(s, null)` fills an absent key with null, so the typed value never holds a
// surprise. A missing key is reported by its object: the object asks the field's own message
// what to say ("is missing (must be a string)").

// valibot by name, not as a namespace: its namespace object (~300 getters) would be made at every start
import {
  array,
  base64 as base64Text,
  boolean,
  check,
  digits,
  finite,
  integer,
  looseObject,
  maxValue,
  minValue,
  nonEmpty,
  nullable,
  number,
  object,
  optional,
  picklist,
  pipe,
  regex,
  safeInteger,
  safeParse,
  string,
  transform,
  union,
  unknown,
  type BaseIssue,
  type ErrorMessage,
  type GenericSchema,
  type InferOutput,
  type ObjectEntries,
} from 'valibot';
import { AmountError, parseRawAmount } from '../../text/amount.js';
import { isAddress } from '../../chain/base58.js';
import { RequestRuleError, ResponseShapeError } from './ruleErrors.js';

/** A schema known by what it gives. */
export type Schema<O = unknown> = GenericSchema<unknown, O>;
export type Infer<S extends GenericSchema> = InferOutput<S>;
type Issue = BaseIssue<unknown>;
/** A message that may depend on the failing issue. */
type Message = ErrorMessage<Issue>;

export const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

// ---------- responses ----------

/** A response field's message: "must be X", or "is missing (must be X)" when its key is absent. */
export const must =
  (what: string) =>
  (issue: Issue): string =>
    issue.input === undefined ? `is missing (must be ${what})` : `must be ${what}`;

const STRING = must('a string');
export const str = string(STRING);
const NON_EMPTY = must('a non-empty string');
export const nonEmptyStr = pipe(string(NON_EMPTY), nonEmpty(NON_EMPTY));
// JSON.parse reads 1e999 as Infinity: a number must also be finite
const NUMBER = must('a number');
export const num = pipe(number(NUMBER), finite(NUMBER));
const UINT = must('a non-negative integer');
export const uint = pipe(number(UINT), safeInteger(UINT), minValue(0, UINT));
export const bool = boolean(must('a boolean'));
export const any = unknown();
/** A decimal-digit string of base units (amounts stay strings, never numbers). */
const RAW = must('a string of decimal digits');
export const rawAmount = pipe(string(RAW), digits(RAW));
/** A number, or a string holding a decimal number (the service sends both). */
const NUMERIC = must('a number or a numeric string');
export const numOrNumericString = union(
  [pipe(number(NUMERIC), finite(NUMERIC)), pipe(string(NUMERIC), regex(/^-?\d+(\.\d+)?$/, NUMERIC))],
  NUMERIC,
);
/** A non-empty base-64 text (a transaction to sign, or instruction data). */
const BASE64 = must('a base-64 string');
export const base64 = pipe(string(BASE64), nonEmpty(BASE64), base64Text(BASE64));
/** An integer in a range, e.g. a token's decimals. */
export function integerIn(min: number, max: number) {
  const m = must(`an integer from ${min} to ${max}`);
  return pipe(number(m), integer(m), minValue(min, m), maxValue(max, m));
}

/** One of `values`, named in the message as JSON ("one of "ExactIn", "ExactOut""). */
export function oneOf<const T extends readonly (string | number)[]>(values: T) {
  return picklist(values, must(`one of ${values.map((x) => JSON.stringify(x)).join(', ')}`));
}

/** A null read as absent: the transformation of `maybe`, by which its object knows the key may have to go. */
const nullAsAbsent = <T>(x: T | null): T | undefined => x ?? undefined;

/** The field may be absent, and a null where the contract has none counts as absent (the key is removed). */
export const maybe = <S extends GenericSchema>(s: S) =>
  optional(pipe(nullable(s), transform(nullAsAbsent<InferOutput<S>>)));

/** Whether an object's field is a `maybe` (its key is removed when the value came out absent). */
function isMaybe(field: unknown): boolean {
  const inner = isPlainObject(field) ? field.wrapped : undefined;
  return (
    isPlainObject(inner) &&
    Array.isArray(inner.pipe) &&
    inner.pipe.some((item) => isPlainObject(item) && item.operation === nullAsAbsent)
  );
}

export const arr = <S extends GenericSchema>(item: S, what = 'an array') => array(item, must(what));

/** The shape of a schema as far as its messages go: a pipe carries its first schema's message, a wrapper its `wrapped`. */
interface Described {
  readonly kind: string;
  readonly message?: Message;
  readonly wrapped?: Described;
}

/** What a missing field says: the field's own message, asked about an absent value. */
function missingText(field: Described | undefined, issue: Issue): string {
  const m = field?.message;
  if (typeof m === 'function') return m(issue);
  if (typeof m === 'string') return m;
  return field?.wrapped ? missingText(field.wrapped, issue) : 'is missing';
}

/**
 * Known fields checked, unknown ones kept (looseObject). A `maybe` field that was null is removed
 * (absent, as its type says). `what` names it in messages ("must be an object").
 */
export function obj<const E extends ObjectEntries>(entries: E, what = 'an object') {
  const own = must(what);
  const message = (issue: Issue) => (issue.path ? missingText(entries[String(issue.path[0].key)], issue) : own(issue));
  const maybeKeys = Object.keys(entries).filter((k) => isMaybe(entries[k]));
  const shape = looseObject(entries, message);
  // an object without a `maybe` field has no key to remove: no step for it (a token list has hundreds)
  if (maybeKeys.length === 0) return shape;
  return pipe(
    shape,
    transform((o) => {
      for (const k of maybeKeys) if (o[k] === undefined && k in o) delete o[k];
      return o;
    }),
  );
}

/**
 * A request's fields (a query or a body): each checked by its rule, a missing one named by its
 * rule too. Fields the contract does not list are left out of the checked value (the client sends
 * what it was given; the simulator reads only what the contract says).
 */
export function fields<const E extends ObjectEntries>(entries: E, what = 'an object') {
  const own = must(what);
  return object(entries, (issue: Issue) =>
    issue.path ? missingText(entries[String(issue.path[0].key)], issue) : own(issue),
  );
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
export function checkResponse<S extends GenericSchema>(endpoint: string, schema: S, body: unknown): InferOutput<S> {
  const r = safeParse(schema, body, FIRST_ONLY);
  if (r.success) return r.output;
  throw new ResponseShapeError(endpoint, pathOf(r.issues[0]) || '(body)', r.issues[0].message);
}

// ---------- requests ----------
// A request rule's message is the rule itself ("must be a base58 address of 32 bytes"), whether
// the value is wrong or missing; RequestRuleError adds what was given.

const ADDRESS = 'must be a base58 address of 32 bytes';
export const address = pipe(
  string(ADDRESS),
  check((x) => isAddress(x), ADDRESS),
);
export const flag = boolean('must be true or false');
const PAGE = 'must be an integer >= 1';
export const page = pipe(number(PAGE), safeInteger(PAGE), minValue(1, PAGE));
const TEXT = 'must be a non-empty string';
export const text = pipe(
  string(TEXT),
  check((x) => x.trim() !== '', TEXT),
);
/** An integer from `min` to `max`; `rule` when the contract says it in other words. */
export function intIn(min: number, max: number, rule = `must be an integer from ${min} to ${max}`) {
  return pipe(number(rule), integer(rule), minValue(min, rule), maxValue(max, rule));
}
/** A safe integer of at least `min`, in the rule's words. */
export function intAtLeast(min: number, rule: Message) {
  return pipe(number(rule), safeInteger(rule), minValue(min, rule));
}
export function numAtLeast(min: number) {
  const rule = `must be a number >= ${min}`;
  return pipe(number(rule), finite(rule), minValue(min, rule));
}
export const among = <const T extends readonly string[]>(values: T) =>
  picklist(values, `must be one of ${values.join(', ')}`);

function fitsRaw(x: string, positive: boolean): boolean {
  try {
    parseRawAmount(x, 'amount', positive);
    return true;
  } catch (e) {
    if (e instanceof AmountError) return false;
    throw e;
  }
}
/** A u64 base-unit amount written as a string of digits, greater than zero, in `rule`'s words. */
export const positiveRawAs = (rule: Message) =>
  pipe(
    string(rule),
    check((x) => fitsRaw(x, true), rule),
  );
export const positiveRaw = positiveRawAs('must be a positive integer string of base units (u64)');
/** A u64 given as a safe integer number or as a digit string. */
const U64 = 'must be a non-negative integer (u64)';
export const u64 = union(
  [
    pipe(number(U64), safeInteger(U64), minValue(0, U64)),
    pipe(
      string(U64),
      check((x) => fitsRaw(x, false), U64),
    ),
  ],
  U64,
);
/** Names that travel comma-joined (DEX labels, routers), so a name itself must not hold a comma. */
export function commaFreeNames(rule: string, list: string) {
  return array(
    pipe(
      string(rule),
      check((x) => x.trim() !== '' && !x.includes(','), rule),
    ),
    list,
  );
}
export const labels = commaFreeNames('must be a non-empty label without commas', 'must be an array of labels');
const SIGNED = 'must be a base-64 transaction';
export const signedTx = pipe(string(SIGNED), nonEmpty(SIGNED), base64Text(SIGNED));

/** What a request gave where a rule broke: the value at the issue's path (a forwarded rule's field). */
function given(issue: Issue): unknown {
  const path = issue.path;
  return path?.length ? path[path.length - 1]!.value : issue.input;
}

function ruleError(root: string, issue: Issue): RequestRuleError {
  return new RequestRuleError(pathOf(issue) || root, issue.message, given(issue));
}

/** Checks a request before anything is sent; `root` names the value itself ('params' or 'body'). */
export function checkRequest<S extends GenericSchema>(root: string, schema: S, value: unknown): InferOutput<S> {
  const r = safeParse(schema, value, FIRST_ONLY);
  if (r.success) return r.output;
  throw ruleError(root, r.issues[0]);
}

/**
 * Every rule a request breaks, for a service that names all bad fields at once; `value` is the
 * request as read, only partly checked when there are problems.
 */
export function requestProblems(
  root: string,
  schema: GenericSchema,
  value: unknown,
): { value: Record<string, unknown>; problems: RequestRuleError[] } {
  const r = safeParse(schema, value);
  if (r.success) return { value: isPlainObject(r.output) ? r.output : {}, problems: [] };
  return {
    value: isPlainObject(r.output) ? r.output : {},
    problems: r.issues.map((i) => ruleError(root, i)),
  };
}

// ---------- queries ----------

/** A schema as far as the reading of a query goes (valibot's own description of it). */
interface Shape {
  readonly type: string;
  readonly wrapped?: unknown;
  readonly options?: readonly unknown[];
}
const isShape = (x: unknown): x is Shape => isPlainObject(x) && typeof x.type === 'string';

/**
 * How a field is written in a query, where every value is text, read from its schema: a number
 * or a flag as text to read back, a list comma-separated; text where the schema takes a string
 * (a u64 may be a number or digits: it stays digits, exact).
 */
function queryKind(s: Shape): 'number' | 'boolean' | 'list' | 'text' {
  if (isShape(s.wrapped)) return queryKind(s.wrapped);
  if (s.type === 'number' || s.type === 'boolean') return s.type;
  if (s.type === 'array') return 'list';
  if (s.type === 'union' && s.options) {
    const options = s.options.filter(isShape);
    if (options.some((o) => o.type === 'string')) return 'text';
    return options.map(queryKind).find((k) => k !== 'text') ?? 'text';
  }
  return 'text';
}

/** An object schema's fields, or a variant's (each kind's, in the order first met). */
export type Fields = { readonly entries: Readonly<Record<string, Shape>> } | { readonly options: readonly Fields[] };

export function fieldsOf(schema: Fields): Readonly<Record<string, Shape>> {
  if ('entries' in schema) return schema.entries;
  return Object.assign({}, ...schema.options.map(fieldsOf).reverse());
}

/**
 * A query read back into the values its schema checks (the inverse of the client's query): a
 * number or a flag written as text becomes one, a list is comma-separated or repeated; anything
 * else stays text, so the rule names it. Path parameters are given as `fixed`.
 */
export function fromQuery(
  schema: Fields,
  query: URLSearchParams,
  fixed: Record<string, string> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fieldsOf(schema))) {
    const all = key in fixed ? [fixed[key]] : query.getAll(key);
    const [text] = all;
    if (text === undefined) continue;
    const kind = queryKind(field);
    if (kind === 'list') out[key] = all.join(',').split(',');
    else if (kind === 'number' && /^-?\d+(\.\d+)?$/.test(text)) out[key] = Number(text);
    else if (kind === 'boolean' && (text === 'true' || text === 'false')) out[key] = text === 'true';
    else out[key] = text;
  }
  return out;
}
