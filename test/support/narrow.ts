// A test that reads an element it expects to be there asserts it: these fail the test with a line
// naming what was missing, and hand back the value typed as present.
import assert from 'node:assert/strict';

/** `list[i]`; fails the test when there is none. */
export function nth<T>(list: ArrayLike<T>, i: number): Exclude<T, undefined> {
  const value = i >= 0 && i < list.length ? list[i] : undefined;
  if (value === undefined) assert.fail(`expected an item at index ${i}, but the list has ${list.length}`);
  return value as Exclude<T, undefined>;
}

/** The value under `key` in `record`; fails the test, naming the key, when it has none. */
export function valueAt<T>(record: { readonly [key: string]: T }, key: string): Exclude<T, undefined> {
  const value = Object.hasOwn(record, key) ? record[key] : undefined;
  if (value === undefined) {
    assert.fail(`expected a value under ${JSON.stringify(key)}, but the keys are: ${Object.keys(record).join(', ')}`);
  }
  return value as Exclude<T, undefined>;
}

type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [...R, T]>;

/** The first `n` items of `list`, to destructure; fails the test when it has fewer. */
export function first<T, N extends number>(list: ArrayLike<T>, n: N): Tuple<Exclude<T, undefined>, N> {
  assert.ok(list.length >= n, `expected at least ${n} items, but the list has ${list.length}`);
  return Array.from({ length: n }, (_, i) => nth(list, i)) as Tuple<Exclude<T, undefined>, N>;
}
