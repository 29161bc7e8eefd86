// The directives of docs/client-fixture-contract.md: how a request's text says what to answer, and the
// answers themselves. Work is the same for a plain request and a task: wait delayMs (abortably), act as a
// requestor if asked to (call-tools), then produce the result or the JSON-RPC error.
import { sleep } from '../../reference-server/shared/fixture-tools.js';
import { INVALID_PARAMS, RpcError, isObject } from '../../reference-server/shared/jsonrpc.js';
import type { TaskOutcome } from '../../reference-server/shared/task-store.js';

export type ClientMethod = 'sampling/createMessage' | 'elicitation/create';

export const DIRECTIVE_PREFIX = 'conformance:';
/** The model named in answers to the echo directive. */
export const ECHO_MODEL = 'conformance-echo';
/** The model named in answers without a directive. */
export const AUTO_MODEL = 'mcp-tasks-conformance-reference-client';
export const AUTO_SAMPLING_TEXT = 'Reference client of mcp-tasks-conformance: this is its fixed answer to a sampling request without a directive.';
/** The longest wait a Node timer can express. */
const MAX_DELAY_MS = 2_147_483_647;

/** What the call-tools directive asks of the client as a requestor. */
export interface CallTools {
  text: string;
  /** Once the tasks are followed, walk the server's tasks/list to its end. */
  listTasks: boolean;
  /** Cancel each task right after creating it (with tasks/cancel) instead of following it. */
  cancelTasks: boolean;
}

export type Directive =
  | { reply: 'echo'; text: string; delayMs: number }
  /** Act as a requestor first (list and call the server's tools, follow the tasks), then answer as echo. */
  | { reply: 'call-tools'; text: string; listTasks: boolean; cancelTasks: boolean; delayMs: number }
  | { reply: 'decline'; delayMs: number }
  | { reply: 'error'; code: number; message: string; data?: unknown; delayMs: number }
  | { reply: 'auto'; delayMs: 0 };

/** The text a directive is read from: the first message's text (sampling), or the message (elicitation). */
export function directiveText(method: ClientMethod, params: Record<string, unknown>): string | undefined {
  if (method === 'elicitation/create') return typeof params.message === 'string' ? params.message : undefined;
  const first = Array.isArray(params.messages) ? params.messages[0] : undefined;
  const content = isObject(first) ? first.content : undefined;
  const block = Array.isArray(content) ? content.find((item) => isObject(item) && item.type === 'text') : content;
  return isObject(block) && typeof block.text === 'string' ? block.text : undefined;
}

/** Reads the directive of a request; text without the prefix means "answer as usual". Throws -32602 for a broken directive. */
export function parseDirective(method: ClientMethod, text: string | undefined): Directive {
  if (text === undefined || !text.startsWith(DIRECTIVE_PREFIX)) return { reply: 'auto', delayMs: 0 };
  const bad = (why: string) => new RpcError(INVALID_PARAMS, `${method}: bad conformance directive: ${why} (see docs/client-fixture-contract.md)`);
  let value: unknown;
  try {
    value = JSON.parse(text.slice(DIRECTIVE_PREFIX.length));
  } catch {
    throw bad(`the text after "${DIRECTIVE_PREFIX}" is not JSON`);
  }
  if (!isObject(value)) throw bad('it must be a JSON object');
  const delay = value.delayMs ?? 0;
  if (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_MS) {
    throw bad(`delayMs must be an integer from 0 to ${MAX_DELAY_MS}`);
  }
  switch (value.reply) {
    case 'echo':
      if (typeof value.text !== 'string') throw bad('echo needs a string text');
      return { reply: 'echo', text: value.text, delayMs: delay };
    case 'call-tools':
      if (typeof value.text !== 'string') throw bad('call-tools needs a string text');
      if (value.listTasks !== undefined && typeof value.listTasks !== 'boolean') throw bad('listTasks must be a boolean');
      if (value.cancelTasks !== undefined && typeof value.cancelTasks !== 'boolean') throw bad('cancelTasks must be a boolean');
      return { reply: 'call-tools', text: value.text, listTasks: value.listTasks === true, cancelTasks: value.cancelTasks === true, delayMs: delay };
    case 'decline':
      if (method !== 'elicitation/create') throw bad('decline applies to elicitation/create only');
      return { reply: 'decline', delayMs: delay };
    case 'error':
      if (typeof value.code !== 'number' || !Number.isInteger(value.code)) throw bad('error needs an integer code');
      if (typeof value.message !== 'string') throw bad('error needs a string message');
      return value.data === undefined
        ? { reply: 'error', code: value.code, message: value.message, delayMs: delay }
        : { reply: 'error', code: value.code, message: value.message, data: value.data, delayMs: delay };
    default:
      throw bad(`reply must be "echo", "decline", "error" or "call-tools", not ${JSON.stringify(value.reply)}`);
  }
}

/** The result a directive produces, when it produces one (not for the error directive). */
export function predictedResult(method: ClientMethod, directive: Directive): Record<string, unknown> | undefined {
  switch (directive.reply) {
    case 'echo':
    case 'call-tools':
      return method === 'sampling/createMessage'
        ? { role: 'assistant', content: { type: 'text', text: directive.text }, model: ECHO_MODEL, stopReason: 'endTurn' }
        : { action: 'accept', content: { answer: directive.text } };
    case 'decline':
      return { action: 'decline' };
    case 'auto':
      return method === 'sampling/createMessage' ? { role: 'assistant', content: { type: 'text', text: AUTO_SAMPLING_TEXT }, model: AUTO_MODEL, stopReason: 'endTurn' } : { action: 'decline' };
    case 'error':
      return undefined;
  }
}

/** Does the work a directive asks for; rejects with AbortedError when the signal aborts first. */
export async function perform(method: ClientMethod, directive: Directive, signal: AbortSignal, callTools: (directive: CallTools, signal: AbortSignal) => Promise<void>): Promise<TaskOutcome> {
  await sleep(directive.delayMs, signal);
  if (directive.reply === 'call-tools') await callTools(directive, signal);
  if (directive.reply === 'error') return { kind: 'error', error: new RpcError(directive.code, directive.message, directive.data) };
  return { kind: 'result', result: predictedResult(method, directive) as Record<string, unknown> };
}

/**
 * How each method would carry a JSON-RPC error as a successful result, for the fault
 * result-error-not-replayed: the error text as the sampled message, or an elicitation the user dismissed.
 */
export function errorAsResult(method: ClientMethod): (error: RpcError) => Record<string, unknown> {
  return method === 'sampling/createMessage'
    ? (error) => ({ role: 'assistant', content: { type: 'text', text: error.message }, model: ECHO_MODEL, stopReason: 'endTurn' })
    : () => ({ action: 'cancel' });
}
