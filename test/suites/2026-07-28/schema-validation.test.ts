// Every message of a whole 2026-07-28 profile run against the reference receiver, both directions, checked against
// the official JSON Schemas: the core schema-2026-07-28.json and the Tasks extension's extension-tasks.schema.json.
// The profile runs over Streamable HTTP (in process) and stdio (dist/reference-server/main.js, so `npm run build` must
// have run), and each check's transcript is walked: requests by their method, answers by the method of the request
// they answer, notifications by their method, errors as JSONRPCErrorResponse. What the suite or the reference sends
// is held to the schemas both ways: a failure here is either side sending something the official types do not allow.
//
// The schemas live in ../shared (next to the project), as the spec does for test/suites/2025-11-25/requirements.test.ts: a clone
// without it skips this file with the reason in the test names.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AjvModule from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunReport, TranscriptEntry } from '../../../harness/model/model.js';
import { TASKS_2026_07_28 } from '../../../suites/2026-07-28/index.js';
import { REFERENCE_BUILT, REFERENCE_MAIN, runAgainstReferenceHttp, runAgainstReferenceStdio } from '../../support/reference-runs.js';

type AjvClass = typeof AjvModule.default;
type AddFormats = typeof addFormatsModule.default;
const Ajv2020: AjvClass = (AjvModule as unknown as { default?: AjvClass }).default ?? (AjvModule as unknown as AjvClass);
const addFormats: AddFormats = (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

const here = fileURLToPath(new URL('.', import.meta.url));
const REFERENCE_DIR = path.resolve(here, '../../../../shared/reference/2026-07-28');
const CORE_SCHEMA_PATH = path.join(REFERENCE_DIR, 'schema-2026-07-28.json');
const EXT_SCHEMA_PATH = path.join(REFERENCE_DIR, 'extension-tasks.schema.json');
const schemasExist = existsSync(CORE_SCHEMA_PATH) && existsSync(EXT_SCHEMA_PATH);
const SKIP_NOTE = schemasExist ? '' : ` [skipped: ${REFERENCE_DIR} is absent; a clone without ../shared has no official schemas to validate against]`;
if (!schemasExist) console.warn(`ext-schema-validation.test: skipped, ${CORE_SCHEMA_PATH} or ${EXT_SCHEMA_PATH} not found.`);
const STDIO_NOTE = REFERENCE_BUILT ? '' : ` [skipped: ${REFERENCE_MAIN} is absent; run \`npm run build\` first]`;

// Messages are read field by field; the schemas are what types them here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** A definition: which schema file holds it, and its name under $defs. */
type Definition = `core:${string}` | `ext:${string}`;
const CORE_ID = 'mcp-2026-07-28';

/** Requests by method. The extension's task requests extend the bare JSONRPCRequest, so their params are also held
 * to the core RequestParams: the base protocol wants the protocol version and client capabilities in `_meta` on every
 * request, whatever its method (basic-index, per-request protocol fields). */
const REQUESTS: Record<string, Definition[]> = {
  'server/discover': ['core:DiscoverRequest'],
  'tools/list': ['core:ListToolsRequest'],
  'tools/call': ['core:CallToolRequest'],
  'subscriptions/listen': ['core:SubscriptionsListenRequest'],
  'tasks/get': ['ext:GetTaskRequest'],
  'tasks/update': ['ext:UpdateTaskRequest'],
  'tasks/cancel': ['ext:CancelTaskRequest'],
};
const TASK_METHODS = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);

/** Results by the method of the request they answer; tools/call is told apart by its resultType. */
function resultDefinitions(method: string, result: Json): Definition[] | undefined {
  switch (method) {
    case 'server/discover':
      return ['core:DiscoverResult'];
    case 'tools/list':
      return ['core:ListToolsResult'];
    case 'tools/call':
      if (result?.resultType === 'task') return ['ext:CreateTaskResult'];
      if (result?.resultType === 'input_required') return ['core:InputRequiredResult'];
      return ['core:CallToolResult'];
    case 'tasks/get':
      return ['ext:GetTaskResult'];
    case 'tasks/update':
      return ['ext:UpdateTaskResult'];
    case 'tasks/cancel':
      return ['ext:CancelTaskResult'];
    case 'subscriptions/listen':
      return ['core:SubscriptionsListenResult'];
    default:
      return undefined;
  }
}

/** Notifications by method, either direction. */
const NOTIFICATIONS: Record<string, Definition[]> = {
  'notifications/tasks': ['ext:TaskStatusNotification'],
  'notifications/subscriptions/acknowledged': ['core:SubscriptionsAcknowledgedNotification'],
  'notifications/cancelled': ['core:CancelledNotification'],
};

/** Error responses: every one as JSONRPCErrorResponse, and as the code's own definition where the schema has one. */
const ERROR_RESPONSES: Record<number, Definition> = {
  [-32020]: 'core:HeaderMismatchError',
  [-32021]: 'core:MissingRequiredClientCapabilityError',
  [-32022]: 'core:UnsupportedProtocolVersionError',
};
const ERROR_OBJECTS: Record<number, Definition> = {
  [-32601]: 'core:MethodNotFoundError',
  [-32602]: 'core:InvalidParamsError',
  [-32603]: 'core:InternalError',
};

const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

/**
 * Requests a check malformed on purpose, by check ID: what makes them so, and how to know them. The answers to them
 * are still validated (as errors). Anything a check sends that these do not name must be schema-valid.
 */
const DELIBERATE: Record<string, { reason: string; matches: (request: Json) => boolean }> = {
  // Missing `_meta` keys (or `_meta` itself) are what the check sends, to see them refused with -32602.
  'ext-base.meta-required': {
    reason: 'a tools/list without the required _meta keys, sent to be refused with -32602',
    matches: (request) => request.method === 'tools/list' && !(request.params?._meta?.[META_VERSION] !== undefined && request.params?._meta?.[META_CAPABILITIES] !== undefined),
  },
  // tasks/result and tasks/list are the 2025-11-25 methods the extension removed: neither schema defines them.
  'ext-errors.removed-methods': {
    reason: 'tasks/result and tasks/list no longer exist (no definition in either schema); sent to be refused with -32601',
    matches: (request) => request.method === 'tasks/result' || request.method === 'tasks/list',
  },
  // tasks/get whose taskId is a number or missing: malformed IDs, sent to be refused with -32602.
  'ext-errors.unknown-task': {
    reason: 'a tasks/get whose taskId is no string (a number, or none), sent to be refused with -32602',
    matches: (request) => request.method === 'tasks/get' && typeof request.params?.taskId !== 'string',
  },
  // A 2025-11-25 initialize, sent to a modern-only server to read the versions its error names.
  'ext-base.initialize-names-versions': {
    reason: 'a legacy initialize (no definition in the 2026-07-28 schemas), sent to read the versions its error names',
    matches: (request) => request.method === 'initialize',
  },
  'ext-errors.informative-messages': {
    reason: 'tasks/result no longer exists (no definition in either schema); sent to read the message of its -32601',
    matches: (request) => request.method === 'tasks/result',
  },
};

/** Checks whose traffic is a 2025-11-25 session opened on purpose (on a dual-era server): no 2026-07-28 schema covers it. */
const LEGACY_SESSIONS = new Set(['ext-negotiation.legacy-era-not-enabled']);

/** Marks the harness puts beside a request whose HTTP headers a check changed on purpose (e.g. ext-http.*). */
const HEADER_NOTE = /^(\S+) \(id (.+)\) is sent with these HTTP headers changed on purpose: /;

interface Walk {
  failures: string[];
  /** Messages left out, with why. */
  skipped: string[];
  /** How often each definition validated a message. */
  used: Map<Definition, number>;
  /** Messages validated (a message held to two definitions counts once). */
  validated: number;
}

let validators: Map<Definition, ValidateFunction> | undefined;

function validator(definition: Definition): ValidateFunction {
  const found = validators?.get(definition);
  if (!found) throw new Error(`no validator for ${definition}: load the schemas first`);
  return found;
}

/** Compiles every definition the walk uses (strict mode, so a schema ajv misreads fails here rather than passing data). */
function loadValidators(): Map<Definition, ValidateFunction> {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  const core = JSON.parse(readFileSync(CORE_SCHEMA_PATH, 'utf8'));
  const ext = JSON.parse(readFileSync(EXT_SCHEMA_PATH, 'utf8'));
  ajv.addSchema(core, CORE_ID);
  ajv.addSchema(ext);
  const names = new Set<Definition>([
    ...Object.values(REQUESTS).flat(),
    ...Object.values(NOTIFICATIONS).flat(),
    ...Object.values(ERROR_RESPONSES),
    ...Object.values(ERROR_OBJECTS),
    'core:DiscoverResult',
    'core:ListToolsResult',
    'core:CallToolResult',
    'core:InputRequiredResult',
    'core:SubscriptionsListenResult',
    'core:RequestParams',
    'core:JSONRPCRequest',
    'core:JSONRPCNotification',
    'core:JSONRPCResultResponse',
    'core:JSONRPCErrorResponse',
    'core:Error',
    'ext:CreateTaskResult',
    'ext:GetTaskResult',
    'ext:UpdateTaskResult',
    'ext:CancelTaskResult',
    'ext:TaskSubscriptionNotifications',
    'ext:TaskSubscriptionAcknowledgedNotifications',
  ]);
  const map = new Map<Definition, ValidateFunction>();
  for (const name of names) {
    const [file, def] = name.split(':') as ['core' | 'ext', string];
    const id = file === 'core' ? CORE_ID : (ext.$id as string);
    const compiled = ajv.getSchema(`${id}#/$defs/${def}`);
    if (!compiled) throw new Error(`${name}: no such definition under $defs`);
    map.set(name, compiled);
  }
  return map;
}

/** The errors of holding `value` to `definition`, one line each ([] when valid). */
function check(definition: Definition, value: unknown): string[] {
  const validate = validator(definition);
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 6).map((error) => `${definition} ${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

const brief = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
};

/** The definitions a task snapshot's inlined payload is held to as well: the tool's result and the JSON-RPC error. */
function inlinedPayload(task: Json | undefined): Array<[Definition, unknown, string]> {
  if (!task || typeof task !== 'object') return [];
  // Every task of this profile comes from tools/call, so a completed task inlines a CallToolResult. The extension's
  // schema types `result` as any object, and its page's examples inline one without `resultType`; the core
  // CallToolResult requires it, and ext-tasks refuses a result without it (see ext-tasks-interop.test.ts,
  // EXT-TASKS-NEEDS-RESULTTYPE-IN-INLINED-RESULT): the reference is held to that stricter reading.
  if (task.status === 'completed' && task.result !== undefined) return [['core:CallToolResult', task.result, 'inlined result']];
  if (task.status === 'failed' && task.error !== undefined) return [['core:Error', task.error, 'inlined error']];
  return [];
}

/** Walks one run's transcripts and validates every message in them. */
function walk(report: RunReport, label: string): Walk {
  const out: Walk = { failures: [], skipped: [], used: new Map(), validated: 0 };
  const use = (definitions: Array<[Definition, unknown, string]>, where: string, message: unknown): void => {
    let ok = true;
    for (const [definition, value, part] of definitions) {
      const errors = check(definition, value);
      out.used.set(definition, (out.used.get(definition) ?? 0) + 1);
      if (errors.length > 0) {
        ok = false;
        out.failures.push(`${where} (${part}): ${errors.join('; ')}\n    ${brief(message)}`);
      }
    }
    if (ok) out.validated += 1;
  };

  for (const result of report.results) {
    const transcript: TranscriptEntry[] = result.transcript ?? [];
    if (LEGACY_SESSIONS.has(result.id)) {
      out.skipped.push(`${label} ${result.id}: a 2025-11-25 session opened on purpose, which the 2026-07-28 schemas do not cover`);
      continue;
    }
    const deliberate = DELIBERATE[result.id];
    const headerChanged = new Set<string>();
    for (const entry of transcript) {
      const match = entry.dir === 'note' && entry.text ? HEADER_NOTE.exec(entry.text) : null;
      if (match) headerChanged.add(`${entry.conn ?? ''}|${match[2]}`);
    }
    /** Requests sent so far, by connection and id: to find the method an answer belongs to. */
    const requests = new Map<string, Json>();

    for (const entry of transcript) {
      if ((entry.dir !== 'in' && entry.dir !== 'out') || entry.message === undefined) continue;
      const message = entry.message as Json;
      const direction = entry.dir === 'out' ? 'suite→reference' : 'reference→suite';
      const where = `${label} ${result.id} ${entry.conn ?? ''} ${direction}`;
      if (typeof message !== 'object' || message === null || Array.isArray(message)) {
        out.failures.push(`${where}: not a JSON-RPC object: ${brief(message)}`);
        continue;
      }
      const key = `${entry.conn ?? ''}|${String(message.id)}`;

      if (typeof message.method === 'string' && message.id !== undefined) {
        // A request.
        requests.set(key, message);
        const at = `${where} request ${message.method} (id ${String(message.id)})`;
        if (deliberate?.matches(message)) {
          out.skipped.push(`${at}: ${deliberate.reason}`);
          continue;
        }
        const definitions = REQUESTS[message.method];
        if (!definitions) {
          out.failures.push(`${at}: no definition for this method in either schema (not a deliberate case of ${result.id})\n    ${brief(message)}`);
          continue;
        }
        const parts: Array<[Definition, unknown, string]> = [
          ['core:JSONRPCRequest', message, 'envelope'],
          ...definitions.map((definition): [Definition, unknown, string] => [definition, message, 'request']),
        ];
        if (TASK_METHODS.has(message.method)) parts.push(['core:RequestParams', message.params, 'params _meta']);
        if (message.method === 'subscriptions/listen') parts.push(['ext:TaskSubscriptionNotifications', message.params?.notifications, 'task filter']);
        if (headerChanged.has(key)) {
          // The check changed this request's HTTP headers on purpose. No JSON Schema covers headers, and the body is
          // meant to be a well-formed request: it is validated, but a miss is put down to the deliberate change.
          const misses = parts.flatMap(([definition, value]) => check(definition, value));
          if (misses.length > 0) out.skipped.push(`${at}: headers changed on purpose (see the transcript note); body misses ${misses.join('; ')}`);
          else out.validated += 1;
          continue;
        }
        use(parts, at, message);
        continue;
      }

      if (typeof message.method === 'string') {
        // A notification.
        const at = `${where} notification ${message.method}`;
        const definitions = NOTIFICATIONS[message.method];
        if (!definitions) {
          out.failures.push(`${at}: no definition for this notification in either schema\n    ${brief(message)}`);
          continue;
        }
        const parts: Array<[Definition, unknown, string]> = [
          ['core:JSONRPCNotification', message, 'envelope'],
          ...definitions.map((definition): [Definition, unknown, string] => [definition, message, 'notification']),
        ];
        if (message.method === 'notifications/tasks') parts.push(...inlinedPayload(message.params));
        if (message.method === 'notifications/subscriptions/acknowledged') parts.push(['ext:TaskSubscriptionAcknowledgedNotifications', message.params?.notifications, 'task filter']);
        use(parts, at, message);
        continue;
      }

      if ('error' in message) {
        const code = message.error?.code;
        const request = requests.get(key);
        const at = `${where} error ${String(code)} answering ${request?.method ?? 'an unknown request'} (id ${String(message.id)})`;
        const parts: Array<[Definition, unknown, string]> = [['core:JSONRPCErrorResponse', message, 'error response']];
        if (ERROR_RESPONSES[code]) parts.push([ERROR_RESPONSES[code], message, 'error response for the code']);
        if (ERROR_OBJECTS[code]) parts.push([ERROR_OBJECTS[code], message.error, 'error object for the code']);
        use(parts, at, message);
        continue;
      }

      if ('result' in message) {
        const request = requests.get(key);
        const at = `${where} result answering ${request?.method ?? 'an unknown request'} (id ${String(message.id)})`;
        if (!request) {
          out.failures.push(`${at}: no request with this id was sent on this connection\n    ${brief(message)}`);
          continue;
        }
        const definitions = resultDefinitions(request.method, message.result);
        if (!definitions) {
          out.failures.push(`${at}: no result definition for ${request.method}\n    ${brief(message)}`);
          continue;
        }
        const parts: Array<[Definition, unknown, string]> = [
          ['core:JSONRPCResultResponse', message, 'envelope'],
          ...definitions.map((definition): [Definition, unknown, string] => [definition, message.result, 'result']),
        ];
        if (request.method === 'tasks/get') parts.push(...inlinedPayload(message.result));
        use(parts, at, message);
        continue;
      }

      out.failures.push(`${where}: neither request, notification nor response: ${brief(message)}`);
    }
  }
  return out;
}

/** The definitions a whole run must have exercised: a walk that quietly skipped everything would prove nothing. */
const MUST_EXERCISE: Definition[] = [
  'core:DiscoverRequest',
  'core:ListToolsRequest',
  'core:CallToolRequest',
  'core:SubscriptionsListenRequest',
  'ext:GetTaskRequest',
  'ext:UpdateTaskRequest',
  'ext:CancelTaskRequest',
  'core:DiscoverResult',
  'core:CallToolResult',
  'ext:CreateTaskResult',
  'ext:GetTaskResult',
  'ext:UpdateTaskResult',
  'ext:CancelTaskResult',
  'ext:TaskStatusNotification',
  'core:SubscriptionsAcknowledgedNotification',
  'core:JSONRPCErrorResponse',
  'core:MissingRequiredClientCapabilityError',
  'core:UnsupportedProtocolVersionError',
  'core:InvalidParamsError',
  'core:MethodNotFoundError',
];

function expectAllValid(report: RunReport, label: string, extra: Definition[] = []): Walk {
  // Whether the checks pass is the business of the reference's own tests; here only the messages count.
  const result = walk(report, label);
  expect(result.failures, `${label}: messages outside the official schemas`).toEqual([]);
  const missing = [...MUST_EXERCISE, ...extra].filter((definition) => !result.used.has(definition));
  expect(missing, `${label}: definitions no message exercised`).toEqual([]);
  expect(result.validated).toBeGreaterThan(200);
  return result;
}

describe.skipIf(!schemasExist)('the official 2026-07-28 schemas', () => {
  beforeAll(() => {
    validators = loadValidators();
  });

  it(`reject what they should: the validators are not vacuous${SKIP_NOTE}`, () => {
    const task = { taskId: 't', status: 'working', createdAt: '2026-07-28T00:00:00Z', lastUpdatedAt: '2026-07-28T00:00:00Z', ttlMs: 60000, pollIntervalMs: 50 };
    expect(check('ext:CreateTaskResult', { resultType: 'task', ...task })).toEqual([]);
    expect(check('ext:CreateTaskResult', { resultType: 'complete', ...task })).not.toEqual([]);
    expect(check('ext:CreateTaskResult', { resultType: 'task', ...task, ttlMs: undefined })).not.toEqual([]);
    expect(check('ext:GetTaskResult', { resultType: 'complete', ...task })).toEqual([]);
    expect(check('ext:GetTaskResult', task)).not.toEqual([]);
    expect(check('ext:GetTaskResult', { resultType: 'complete', ...task, status: 'completed' })).not.toEqual([]);
    expect(check('ext:UpdateTaskResult', { resultType: 'task' })).not.toEqual([]);
    expect(check('core:CallToolRequest', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet' } })).not.toEqual([]);
    expect(check('core:RequestParams', { taskId: 't', _meta: { [META_VERSION]: '2026-07-28' } })).not.toEqual([]);
    expect(check('core:MissingRequiredClientCapabilityError', { jsonrpc: '2.0', id: 1, error: { code: -32021, message: 'm' } })).not.toEqual([]);
  });
});

describe.skipIf(!schemasExist)('every message of a 2026-07-28 profile run against the reference, validated', () => {
  beforeAll(() => {
    validators ??= loadValidators();
  });

  it(`over Streamable HTTP${SKIP_NOTE}`, async () => {
    const report = await runAgainstReferenceHttp({ profile: TASKS_2026_07_28 });
    // Only HTTP runs the header checks, whose errors are -32020.
    expectAllValid(report, 'HTTP', ['core:HeaderMismatchError']);
  });

  it.skipIf(!REFERENCE_BUILT)(`over stdio${SKIP_NOTE}${STDIO_NOTE}`, async () => {
    const report = await runAgainstReferenceStdio({ profile: TASKS_2026_07_28 });
    // stdio closes a listen stream with notifications/cancelled, which HTTP does by closing the SSE response.
    expectAllValid(report, 'stdio', ['core:CancelledNotification']);
  });
});
