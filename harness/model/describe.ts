import type { RpcReply } from './rpc.js';

/** Short JSON for messages: enough to act on, never a wall of text. */
export function brief(value: unknown, max = 200): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function describeReply(reply: RpcReply): string {
  return reply.ok ? `result ${brief(reply.result)}` : `error ${reply.error.code} "${reply.error.message}"`;
}

/** "expected one of a, b, got c": the shape every failure message takes. */
export function expectedOneOf(expected: readonly unknown[], actual: unknown): string {
  const list = expected.map((item) => (typeof item === 'string' ? item : brief(item))).join(', ');
  return expected.length === 1 ? `expected ${list}, got ${typeof actual === 'string' ? actual : brief(actual)}` : `expected one of ${list}, got ${typeof actual === 'string' ? actual : brief(actual)}`;
}

export function errorCodeOf(reply: RpcReply): string {
  return reply.ok ? `a result ${brief(reply.result, 120)}` : `error ${reply.error.code} "${reply.error.message}"`;
}

/** JSON with object keys sorted at every depth, so equal values compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * A finding's message told apart into what was expected and what was seen, where it is written so ("expected X, got
 * Y" or "expected X; got Y", the form the checks' messages take); undefined where it is not.
 */
export function expectedAndActual(message: string): { expected: string; actual: string } | undefined {
  const match = /\bexpected (.+?)[,;] got (.+)$/s.exec(message);
  if (!match) return undefined;
  return { expected: match[1]!.trim(), actual: match[2]!.trim() };
}
