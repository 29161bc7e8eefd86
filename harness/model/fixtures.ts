import type { FixtureRole, LegacyFixtureRole, ModernFixtureRole } from './model.js';

/** The 2025-11-25 fixture contract's tool names (docs/fixture-contract.md). */
const LEGACY_FIXTURE_TOOL_NAMES: Record<LegacyFixtureRole, string> = {
  echo: 'conformance_echo',
  required: 'conformance_required',
  forbidden: 'conformance_forbidden',
  plain: 'conformance_plain',
  fail: 'conformance_fail',
  error: 'conformance_error',
  input: 'conformance_input',
  progress: 'conformance_progress',
  /** The server as a requestor: its work asks the client (sampling or elicitation) and returns the answer's text. */
  ask: 'conformance_ask',
};

/** The 2026-07-28 fixture contract (docs/fixture-contract-2026-07-28.md): the official suite's tools, names as they are. */
const MODERN_FIXTURE_TOOL_NAMES: Record<ModernFixtureRole, string> = {
  greet: 'greet',
  slow: 'slow_compute',
  failing: 'failing_job',
  protocolError: 'protocol_error_job',
  confirm: 'confirm_delete',
  multiInput: 'multi_input',
  taskRequired: 'test_tool_with_task',
};

export const FIXTURE_TOOL_NAMES: Record<FixtureRole, string> = { ...LEGACY_FIXTURE_TOOL_NAMES, ...MODERN_FIXTURE_TOOL_NAMES };
export const LEGACY_FIXTURE_ROLES = Object.keys(LEGACY_FIXTURE_TOOL_NAMES) as LegacyFixtureRole[];
export const MODERN_FIXTURE_ROLES = Object.keys(MODERN_FIXTURE_TOOL_NAMES) as ModernFixtureRole[];
/** Every role a --config may map, of either profile. */
export const FIXTURE_ROLES: FixtureRole[] = [...LEGACY_FIXTURE_ROLES, ...MODERN_FIXTURE_ROLES];

/** What each role needs of the tool's declared taskSupport; a tool that declares otherwise cannot stand in for it (a `fixture` precondition with `taskSupport` enforces it). */
export const FIXTURE_TASK_SUPPORT: Record<FixtureRole, string | undefined> = {
  echo: 'optional',
  required: 'required',
  forbidden: 'forbidden',
  plain: undefined,
  fail: 'optional',
  error: 'optional',
  input: 'optional',
  progress: 'optional',
  // Called plainly only: the server is the requestor there, not the receiver.
  ask: undefined,
  // The extension has no tool-level taskSupport: the server decides per request.
  greet: undefined,
  slow: undefined,
  failing: undefined,
  protocolError: undefined,
  confirm: undefined,
  multiInput: undefined,
  taskRequired: undefined,
};

export interface ToolInfo {
  name: string;
  execution?: { taskSupport?: unknown };
  raw: Record<string, unknown>;
}

/** How a fixture is invoked: a tool of a server receiver, or a request a client receiver takes. */
export type FixtureMethod = 'tools/call' | 'sampling/createMessage' | 'elicitation/create';

/** A fixture role bound to a tool of the IUT: by the contract's name, or mapped by --config. */
export interface FixtureBinding {
  role: FixtureRole;
  method: FixtureMethod;
  /** The tool name, or for a client the request method. */
  tool: string;
  /** Argument template from --config; "${name}" strings are replaced by the check's inputs. */
  template?: Record<string, unknown>;
  /** False when a mapped tool does not echo the check's text back, so checks comparing text must skip. */
  echoesInput: boolean;
  /** False when a mapped tool ignores delayMs, so timing-based checks must skip. */
  honoursDelay: boolean;
  declaredTaskSupport: unknown;
  /** From --config: how long the mapped tool's work takes, so every wait on it is sized for it from the start. */
  durationMs?: number;
  /** Set when a listed tool stands in for a contract tool the server does not offer (standInForForbidden): the run's notice saying so. */
  standIn?: string;
  /** Set when --config declared the tool's taskSupport otherwise than its tools/list entry: the run's notice saying it was forced. */
  forced?: string;
}

export interface FixtureMapping {
  tool: string;
  arguments?: Record<string, unknown>;
  durationMs?: number;
  /** The execution.taskSupport to take the tool as declaring, for a server whose tools/list does not say it (or says otherwise). */
  taskSupport?: 'required' | 'optional' | 'forbidden';
}

export function resolveFixtures(
  tools: readonly ToolInfo[],
  mappings: Partial<Record<FixtureRole, FixtureMapping>> = {},
  roles: readonly FixtureRole[] = LEGACY_FIXTURE_ROLES,
): Map<FixtureRole, FixtureBinding> {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const bindings = new Map<FixtureRole, FixtureBinding>();
  for (const role of roles) {
    const mapping = mappings[role];
    const tool = byName.get(mapping?.tool ?? FIXTURE_TOOL_NAMES[role]);
    if (!tool) continue;
    const placeholders = mapping?.arguments ? placeholdersIn(mapping.arguments) : undefined;
    bindings.set(role, {
      role,
      method: 'tools/call',
      tool: tool.name,
      template: mapping?.arguments,
      echoesInput: placeholders ? placeholders.has('text') : true,
      honoursDelay: placeholders ? placeholders.has('delayMs') || placeholders.has('seconds') : true,
      declaredTaskSupport: mapping?.taskSupport ?? tool.execution?.taskSupport,
      ...(mapping?.durationMs === undefined ? {} : { durationMs: mapping.durationMs }),
      ...(mapping?.taskSupport === undefined || mapping.taskSupport === tool.execution?.taskSupport ? {} : { forced: forcedNotice(role, tool, mapping.taskSupport) }),
    });
  }
  if (roles.includes('forbidden') && !bindings.has('forbidden') && !mappings.forbidden) {
    const standIn = standInForForbidden(tools);
    if (standIn) bindings.set('forbidden', standIn);
  }
  return bindings;
}

/** The run's notice that --config overrode what the server's tools/list declares of a tool's taskSupport. */
function forcedNotice(role: FixtureRole, tool: ToolInfo, taskSupport: string): string {
  const listed = tool.execution?.taskSupport;
  return (
    `--config forces execution.taskSupport "${taskSupport}" on ${tool.name} (the ${role} role), whose tools/list entry declares ` +
    `${listed === undefined ? 'none' : JSON.stringify(listed)}: the checks take the tool as declaring "${taskSupport}", ` +
    'so their verdicts on it rest on the config, not on what the server says.'
  );
}

/** The contract's tools that echo `text` after `delayMs`, as every plain call and task of them does. */
const ECHOING_TOOLS = new Set(['echo', 'required', 'forbidden', 'plain', 'fail'].map((role) => FIXTURE_TOOL_NAMES[role as LegacyFixtureRole]));

/**
 * A server without the contract's forbidden tool may still list one declaring taskSupport "forbidden": frameworks on
 * the SDK 1.x declare it on every plain tool (so conformance_plain carries it). Such a tool serves the forbidden role
 * as long as a call with only `text` is valid for it; a contract tool first, then the first listed.
 */
function standInForForbidden(tools: readonly ToolInfo[]): FixtureBinding | undefined {
  const candidates = tools.filter((tool) => tool.execution?.taskSupport === 'forbidden' && takesTextOnly(tool.raw.inputSchema));
  const tool = candidates.find((candidate) => ECHOING_TOOLS.has(candidate.name)) ?? candidates[0];
  if (!tool) return undefined;
  const echoes = ECHOING_TOOLS.has(tool.name);
  return {
    role: 'forbidden',
    method: 'tools/call',
    tool: tool.name,
    echoesInput: echoes,
    honoursDelay: echoes,
    declaredTaskSupport: 'forbidden',
    standIn:
      `The server offers no ${FIXTURE_TOOL_NAMES.forbidden} tool; ${tool.name}, which it lists with execution.taskSupport "forbidden", ` +
      'stands in for the "forbidden" fixture role (--config maps another).',
  };
}

/** Whether an input schema accepts arguments holding only `text`: it requires nothing else, and does not shut text out. */
function takesTextOnly(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return true;
  const { required, properties, additionalProperties } = schema as { required?: unknown; properties?: unknown; additionalProperties?: unknown };
  if (Array.isArray(required) && required.some((name) => name !== 'text')) return false;
  const hasText = typeof properties === 'object' && properties !== null && 'text' in properties;
  return hasText || additionalProperties !== false;
}

/** Builds a tool's arguments from the check's inputs, through the config's template when there is one. */
export function fixtureArguments(binding: FixtureBinding, input: Record<string, unknown>): Record<string, unknown> {
  if (!binding.template) return input;
  return substitute(binding.template, input) as Record<string, unknown>;
}

function substitute(value: unknown, input: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const whole = /^\$\{(\w+)\}$/.exec(value);
    if (whole) return input[whole[1]];
    return value.replace(/\$\{(\w+)\}/g, (_, name: string) => String(input[name] ?? ''));
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, input));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, input)]));
  }
  return value;
}

/** Whether the tool gets the check's input `name`: always for a contract tool, for a mapped one only where its template says `${name}`. */
export function takesInput(binding: FixtureBinding, name: string): boolean {
  return binding.template === undefined || placeholdersIn(binding.template).has(name);
}

function placeholdersIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') for (const match of value.matchAll(/\$\{(\w+)\}/g)) found.add(match[1]);
  else if (Array.isArray(value)) value.forEach((item) => placeholdersIn(item, found));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((item) => placeholdersIn(item, found));
  return found;
}

/**
 * Whether the fixture may be asked for as a task: a request a client takes as tasks, or a tool declaring
 * execution.taskSupport "optional" or "required". A tool without it is "forbidden" (2025-11-25, Tool-Level
 * Negotiation: the default), and a requestor must not call it as a task; `server` and `explore` keep that one rule.
 */
export function takesTasks(binding: FixtureBinding): boolean {
  return binding.method !== 'tools/call' || binding.declaredTaskSupport === 'optional' || binding.declaredTaskSupport === 'required';
}

/** Why a role whose work runs as a task cannot use this tool; undefined when it can (takesTasks). */
export function tasksRefusedReason(binding: FixtureBinding): string | undefined {
  if (takesTasks(binding)) return undefined;
  const declared = binding.declaredTaskSupport;
  const what = declared === undefined ? 'declares no execution.taskSupport, which means "forbidden"' : `declares execution.taskSupport ${JSON.stringify(declared)}, not "optional" or "required"`;
  return `the tool standing in for the ${binding.role} role (${binding.tool}) ${what}, so a requestor must not call it as a task (2025-11-25, Tool-Level Negotiation)`;
}

/** Why a server's tool cannot stand in for the role because of the taskSupport it declares; undefined when it can. */
export function taskSupportMismatch(binding: FixtureBinding): string | undefined {
  if (binding.method !== 'tools/call') return undefined;
  const wanted = FIXTURE_TASK_SUPPORT[binding.role];
  const declared = binding.declaredTaskSupport;
  if (declared === wanted) return undefined;
  const described = (value: unknown) => (value === undefined ? 'no execution.taskSupport' : `execution.taskSupport ${JSON.stringify(value)}`);
  return `the tool standing in for the ${binding.role} role (${binding.tool}) declares ${described(declared)}, not ${described(wanted)}, so the rule this check verifies does not apply to it`;
}

type Requester = (method: string, params?: Record<string, unknown>) => Promise<{ ok: true; result: Record<string, unknown> } | { ok: false }>;

/** Every tool of every tools/list page, passing each cursor back unchanged; bounded, so an endless cursor cannot hold the run. */
export async function listAllTools(request: Requester, maxPages = 50): Promise<ToolInfo[]> {
  const tools: ToolInfo[] = [];
  let cursor: unknown;
  for (let page = 0; page < maxPages; page++) {
    const reply = await request('tools/list', cursor === undefined ? {} : { cursor });
    if (!reply.ok) break;
    tools.push(...toolInfosFrom(reply.result));
    cursor = reply.result.nextCursor;
    if (cursor === undefined || cursor === null) break;
  }
  return tools;
}

export function toolInfosFrom(result: Record<string, unknown>): ToolInfo[] {
  const tools = Array.isArray(result.tools) ? result.tools : [];
  return tools
    .filter((tool): tool is Record<string, unknown> => typeof tool === 'object' && tool !== null && typeof (tool as Record<string, unknown>).name === 'string')
    .map((tool) => ({ name: tool.name as string, execution: tool.execution as ToolInfo['execution'], raw: tool }));
}

/** The pollInterval the suite's server gives a client acting as a requestor (docs/client-fixture-contract.md). */
export const REQUESTOR_POLL_INTERVAL_MS = 200;

/** Prefix of a directive in a request's text (docs/client-fixture-contract.md). */
export const DIRECTIVE_PREFIX = 'conformance:';

/**
 * A client receiver's fixtures: echo and error, carried by sampling when the client takes sampling as tasks,
 * else by elicitation; a client with neither task capability still gets plain ones, for the rules that
 * concern receivers without task support.
 */
export function clientFixtures(capabilities: Record<string, unknown>): Map<FixtureRole, FixtureBinding> {
  const requests = (capabilities.tasks as { requests?: { sampling?: { createMessage?: unknown }; elicitation?: { create?: unknown } } } | undefined)?.requests;
  const method: FixtureMethod | undefined =
    requests?.sampling?.createMessage !== undefined
      ? 'sampling/createMessage'
      : requests?.elicitation?.create !== undefined
        ? 'elicitation/create'
        : capabilities.sampling !== undefined
          ? 'sampling/createMessage'
          : capabilities.elicitation !== undefined
            ? 'elicitation/create'
            : undefined;
  const bindings = new Map<FixtureRole, FixtureBinding>();
  if (!method) return bindings;
  for (const role of ['echo', 'error'] as const) {
    bindings.set(role, { role, method, tool: method, echoesInput: true, honoursDelay: true, declaredTaskSupport: 'optional' });
  }
  return bindings;
}

/** The params of a client fixture request: the check's inputs become a directive the client follows. */
export function clientFixtureParams(binding: FixtureBinding, input: Record<string, unknown>): Record<string, unknown> {
  const directive = input.callTools
    ? { reply: 'call-tools', text: input.text, ...(input.listTasks ? { listTasks: true } : {}), ...(input.cancelTasks ? { cancelTasks: true } : {}) }
    : binding.role === 'error'
      ? { reply: 'error', code: input.code, message: input.message, ...(input.data === undefined ? {} : { data: input.data }), delayMs: input.delayMs ?? 0 }
      : { reply: 'echo', text: input.text, delayMs: input.delayMs ?? 0 };
  const text = `${DIRECTIVE_PREFIX}${JSON.stringify(directive)}`;
  if (binding.method === 'sampling/createMessage') {
    return { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 256 };
  }
  return { mode: 'form', message: text, requestedSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] } };
}
