// The inputRequests of an input_required task, and the client's answers to them, as the MRTR page shapes them: shared
// by the extension's checks and by explore, which answers what the receiver asks.
import { brief } from '../../model/describe.js';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The inputRequests of a task when it is an object (keys to requests), undefined otherwise. */
export function inputRequestsOf(task: JsonObject): JsonObject | undefined {
  return isObject(task.inputRequests) ? task.inputRequests : undefined;
}

/** The keys of a task's inputRequests, in the order sent; none when it has no such object. */
export function inputKeysOf(task: JsonObject): string[] {
  return Object.keys(inputRequestsOf(task) ?? {});
}

/** What keeps an entry of inputRequests from being a server-to-client request (a method name and params); none when it is one. */
export function inputRequestProblems(key: string, entry: unknown): string[] {
  if (!isObject(entry)) return [`inputRequests["${key}"] is ${brief(entry)}, not a request object`];
  const problems: string[] = [];
  if (typeof entry.method !== 'string' || entry.method === '') problems.push(`inputRequests["${key}"].method is ${brief(entry.method)}, not a method name`);
  if (!isObject(entry.params)) problems.push(`inputRequests["${key}"].params is ${brief(entry.params)}, not an object`);
  return problems;
}

/** A request of inputRequests in a few words: its method and, for an elicitation, its message. */
export function describeInputRequest(request: unknown): string {
  if (!isObject(request)) return brief(request, 120);
  const message = isObject(request.params) && typeof request.params.message === 'string' ? ` "${request.params.message}"` : '';
  return message ? `${String(request.method)}${message}` : brief(request, 120);
}

/**
 * The client's answer to an input request, as the MRTR page shapes it: an elicitation is accepted with a value for
 * every property its requestedSchema lists (boolean true, a number at its minimum, the first enum value, otherwise
 * `text`). Undefined for a request of another kind (sampling, roots), which the harness does not answer.
 */
export function answerFor(request: unknown, text: string): JsonObject | undefined {
  if (!isObject(request) || request.method !== 'elicitation/create') return undefined;
  const params = isObject(request.params) ? request.params : {};
  const schema = isObject(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const content: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) content[name] = valueFor(isObject(property) ? property : {}, text);
  return { action: 'accept', content };
}

function valueFor(property: JsonObject, text: string): unknown {
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
  if (isObject(property.items) && Array.isArray(property.items.enum) && property.items.enum.length > 0) return [property.items.enum[0]];
  switch (property.type) {
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return typeof property.minimum === 'number' ? property.minimum : 1;
    case 'array':
      return [];
    default:
      return text;
  }
}

/** Answers for these keys of a task's inputRequests; a key whose request the harness cannot answer is left out. */
export function answersFor(task: JsonObject, keys: readonly string[], text: (key: string) => string): JsonObject {
  const requests = inputRequestsOf(task) ?? {};
  const answers: JsonObject = {};
  for (const key of keys) {
    const answer = answerFor(requests[key], text(key));
    if (answer) answers[key] = answer;
  }
  return answers;
}
