// Small checks of a JSON value's shape, written by hand: each names where the value is ("params.messages[0].role")
// and throws ShapeError when it does not fit. Cheap enough to run on every request, with no schema library loaded.
import { isObject } from '../../reference-server/shared/jsonrpc.js';

/** Where a value breaks its shape, and how. */
export class ShapeError extends Error {
  constructor(
    readonly where: string,
    readonly why: string,
  ) {
    super(`${where} ${why}`);
    this.name = 'ShapeError';
  }
}

export type Check<T> = (value: unknown, where: string) => T;

export function fail(where: string, why: string): never {
  throw new ShapeError(where, why);
}

export const object: Check<Record<string, unknown>> = (value, where) => (isObject(value) ? value : fail(where, 'must be an object'));
export const string: Check<string> = (value, where) => (typeof value === 'string' ? value : fail(where, 'must be a string'));
export const boolean: Check<boolean> = (value, where) => (typeof value === 'boolean' ? value : fail(where, 'must be a boolean'));
export const number: Check<number> = (value, where) => (typeof value === 'number' && Number.isFinite(value) ? value : fail(where, 'must be a number'));
export const integer: Check<number> = (value, where) => (Number.isInteger(value) ? (value as number) : fail(where, 'must be an integer'));

/** A number from 0 to 1, as the spec's priorities are. */
export const unitInterval: Check<number> = (value, where) => {
  const n = number(value, where);
  return n >= 0 && n <= 1 ? n : fail(where, 'must be from 0 to 1');
};

export function literal<T extends string>(options: readonly T[]): Check<T> {
  return (value, where) => (options.includes(value as T) ? (value as T) : fail(where, `must be ${options.map((option) => JSON.stringify(option)).join(' or ')}`));
}

export function arrayOf<T>(each: Check<T>): Check<T[]> {
  return (value, where) => (Array.isArray(value) ? value.map((item, i) => each(item, `${where}[${i}]`)) : fail(where, 'must be an array'));
}

/** Checks a field that may be absent. */
export function optional<T>(value: unknown, where: string, check: Check<T>): T | undefined {
  return value === undefined ? undefined : check(value, where);
}

/** The first of several shapes the value fits (JSON Schema's anyOf); when it fits none, the first one's complaint. */
export function anyOf(value: unknown, where: string, checks: ReadonlyArray<Check<unknown>>): void {
  let first: ShapeError | undefined;
  for (const check of checks) {
    try {
      check(value, where);
      return;
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      first ??= error;
    }
  }
  throw first ?? new ShapeError(where, 'fits none of its shapes');
}
