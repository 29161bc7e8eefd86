// The seven fixture tools of the modern era (the names the official conformance suite expects) and tools/call:
// a plain result, an InputRequiredResult (MRTR), or a task, depending on the tool and on whether the request
// declares the Tasks extension.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { work as lineWork } from '../shared/fixture-tools.js';
import type { Faults } from '../faults.js';
import { INTERNAL_ERROR, INVALID_PARAMS, RpcError, isObject } from '../shared/jsonrpc.js';
import type { ToolOutcome } from '../shared/task-store.js';
import type { Envelope } from './envelope.js';
import type { InputAnswer, InputRequest } from './inputs.js';
import { MISSING_CLIENT_CAPABILITY, tasksExtensionRequired } from './protocol.js';
import { complete, createTaskResult, type Wire } from './task-wire.js';
import type { ModernTasks, TaskWork } from './tasks.js';

/** How long failing_job, protocol_error_job and the task of test_tool_with_task work before they end. */
const JOB_MS = 100;
/** How often confirm_delete asks before it gives up on an answer it cannot use (and keeps the file). */
const MAX_CONFIRM_ASKS = 3;
/** The longest slow_compute accepted, in seconds (a task is dropped after its ttl of 300 s anyway). */
const MAX_SECONDS = 3600;

type Args = Record<string, unknown>;

/** Facts a tool gathered through MRTR before its task was created. */
type Facts = Record<string, string | undefined>;

interface ModernTool {
  declaration: { name: string; title: string; description: string; inputSchema: Record<string, unknown> };
  /** never: always a plain result; optional: a task when the request declares the extension; required: only as a task. */
  tasks: 'never' | 'optional' | 'required';
  /** Whether the tool asks for input through form elicitation, which the request must then declare. */
  elicits?: boolean;
  /** Throws -32602 when the arguments do not fit the input schema. */
  validate(args: Args): void;
  /** MRTR before the work starts: the requests to answer first, or the facts the answers gave. */
  gather?(inputResponses: Record<string, unknown>): { inputRequests: Record<string, InputRequest> } | { facts: Facts };
  run(args: Args, work: TaskWork, facts: Facts): Promise<ToolOutcome>;
}

const NO_ARGUMENTS = { type: 'object', properties: {} } as const;

const greet: ModernTool = {
  declaration: {
    name: 'greet',
    title: 'Greet',
    description: 'Answers "Hello, {name}!" at once; never a task.',
    inputSchema: { type: 'object', properties: { name: { type: 'string', description: 'Who to greet.' } }, required: ['name'] },
  },
  tasks: 'never',
  validate: (args) => requireString(args, 'name'),
  run: async (args) => text(`Hello, ${args.name as string}!`),
};

const slowCompute: ModernTool = {
  declaration: {
    name: 'slow_compute',
    title: 'Slow computation',
    description: 'Works for the given number of seconds (fractions allowed), then reports the label. A task when the request declares the tasks extension.',
    inputSchema: {
      type: 'object',
      properties: {
        seconds: { type: 'number', minimum: 0, maximum: MAX_SECONDS, description: 'How long the work takes, in seconds.' },
        label: { type: 'string', description: 'A name for the computation, repeated in the result.' },
      },
      required: ['seconds'],
    },
  },
  tasks: 'optional',
  validate(args) {
    const seconds = args.seconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_SECONDS) throw invalidArgument('seconds', `a number from 0 to ${MAX_SECONDS}`);
    if (args.label !== undefined) requireString(args, 'label');
  },
  async run(args, work) {
    const seconds = args.seconds as number;
    work.endsAt?.(Date.now() + seconds * 1000);
    await workFor(seconds * 1000, work);
    const label = args.label === undefined ? 'the unlabelled computation' : `"${args.label as string}"`;
    return text(`slow_compute finished ${label} after ${seconds} s`);
  },
};

const failingJob: ModernTool = {
  declaration: {
    name: 'failing_job',
    title: 'Failing job',
    description: 'Ends with a tool execution error (isError: true). Runs only as a task: needs the tasks extension.',
    inputSchema: NO_ARGUMENTS,
  },
  // Required, as the official suite's fixtures register it: called without the extension it is refused with -32021.
  tasks: 'required',
  validate: () => {},
  async run(_args, work) {
    await workFor(JOB_MS, work);
    return { kind: 'result', result: { content: [{ type: 'text', text: 'failing_job could not finish: the job hit a deliberate tool error' }], isError: true } };
  },
};

const protocolErrorJob: ModernTool = {
  declaration: {
    name: 'protocol_error_job',
    title: 'Protocol error job',
    description: 'Ends with JSON-RPC error -32603. A task (which fails) when the request declares the tasks extension.',
    inputSchema: NO_ARGUMENTS,
  },
  tasks: 'optional',
  validate: () => {},
  async run(_args, work) {
    await workFor(JOB_MS, work);
    return { kind: 'error', error: new RpcError(INTERNAL_ERROR, 'protocol_error_job failed: a deliberate internal error') };
  },
};

const confirmDelete: ModernTool = {
  declaration: {
    name: 'confirm_delete',
    title: 'Confirm a deletion',
    description: 'Asks for confirmation (one elicitation among the task inputRequests) before "deleting" the file. Needs the tasks extension.',
    inputSchema: { type: 'object', properties: { filename: { type: 'string', description: 'The file to delete.' } }, required: ['filename'] },
  },
  tasks: 'required',
  elicits: true,
  validate: (args) => requireString(args, 'filename'),
  async run(args, work) {
    const filename = args.filename as string;
    const schema = { type: 'object', properties: { confirm: { type: 'boolean', title: 'Delete it?' } }, required: ['confirm'] };
    let { confirm } = await work.ask([['confirm', elicit(`Delete ${filename}?`, schema)]], `Waiting for confirmation to delete ${filename}`);
    // An acceptance without a yes or no cannot be used: ask again, a new request under a new key.
    for (let asked = 1; asked < MAX_CONFIRM_ASKS && confirm.action === 'accept' && !(isObject(confirm.content) && typeof confirm.content.confirm === 'boolean'); asked++) {
      const again = elicit(`Delete ${filename}? The last answer said neither yes nor no.`, schema);
      ({ confirm } = await work.ask([['confirm', again]], `Waiting again for confirmation to delete ${filename}`));
    }
    const confirmed = confirm.action === 'accept' && isObject(confirm.content) && confirm.content.confirm === true;
    return text(confirmed ? `Deleted ${filename}.` : `Kept ${filename}: the deletion was not confirmed.`);
  },
};

const multiInput: ModernTool = {
  declaration: {
    name: 'multi_input',
    title: 'Two questions at once',
    description: 'Asks two questions at the same time (two inputRequests) and reports both answers. Needs the tasks extension.',
    inputSchema: NO_ARGUMENTS,
  },
  tasks: 'required',
  elicits: true,
  validate: () => {},
  async run(_args, work) {
    const schema = { type: 'object', properties: { value: { type: 'string', title: 'Your answer' } }, required: ['value'] };
    const answers = await work.ask(
      [
        ['first', elicit('First question: what is your favourite colour?', schema)],
        ['second', elicit('Second question: what is your favourite number?', schema)],
      ],
      'Waiting for two answers',
    );
    return text(`Received both answers: first = ${describeAnswer(answers.first)}; second = ${describeAnswer(answers.second)}`);
  },
};

const USER_NAME = 'user_name';

const toolWithTask: ModernTool = {
  declaration: {
    name: 'test_tool_with_task',
    title: 'Task after a question',
    description: 'First asks for your name (InputRequiredResult); the retry that carries the answer starts a task that greets you. Needs the tasks extension.',
    inputSchema: NO_ARGUMENTS,
  },
  tasks: 'required',
  elicits: true,
  validate: () => {},
  gather(inputResponses) {
    const answer = inputResponses[USER_NAME];
    if (isObject(answer) && (answer.action === 'decline' || answer.action === 'cancel')) return { facts: { name: undefined } };
    const name = isObject(answer) && answer.action === 'accept' && isObject(answer.content) ? answer.content.name : undefined;
    if (typeof name === 'string' && name !== '') return { facts: { name } };
    const schema = { type: 'object', properties: { name: { type: 'string', title: 'Your name' } }, required: ['name'] };
    return { inputRequests: { [USER_NAME]: elicit('What is your name?', schema) } };
  },
  async run(_args, work, facts) {
    await workFor(JOB_MS, work);
    return text(facts.name === undefined ? 'The task ran without a name: the user declined to give one.' : `Hello, ${facts.name}! Your task is done.`);
  },
};

const TOOLS: ReadonlyMap<string, ModernTool> = new Map([greet, slowCompute, failingJob, protocolErrorJob, confirmDelete, multiInput, toolWithTask].map((tool) => [tool.declaration.name, tool]));

/** The tools/list result. */
export function listTools(): Wire {
  return complete({ tools: [...TOOLS.values()].map((tool) => structuredClone(tool.declaration)), ttlMs: 0, cacheScope: 'public' });
}

export interface ToolCallContext {
  tasks: ModernTasks;
  faults: Faults;
  envelope: Envelope;
  /** The authorization context a task created here belongs to. */
  context: string;
  /** Aborts a plain (non-task) call when the requestor cancels it or goes away. */
  signal: AbortSignal;
}

/** tools/call: a plain result, an InputRequiredResult, or a CreateTaskResult whose task is stored before it is returned. */
export async function callTool(params: Record<string, unknown>, { tasks, faults, envelope, context, signal }: ToolCallContext): Promise<Wire> {
  const name = params.name;
  if (typeof name !== 'string') throw new RpcError(INVALID_PARAMS, 'Invalid params: tools/call needs params.name, the name of a tool');
  const tool = TOOLS.get(name);
  if (!tool) throw new RpcError(INVALID_PARAMS, `Unknown tool ${JSON.stringify(name)}: tools/list names the tools of this receiver`);
  const args = params.arguments ?? {};
  if (!isObject(args)) throw new RpcError(INVALID_PARAMS, 'Invalid params: params.arguments must be an object');
  tool.validate(args);

  if (tool.tasks === 'required' && !envelope.tasks) throw tasksExtensionRequired(`the tool ${name}`, !faults.has('ext-required-error-no-data'));
  // Input requests may only ask for what the request declares it can answer.
  if (tool.elicits && !canElicitForms(envelope.capabilities) && !faults.has('ext-elicits-undeclared')) {
    throw new RpcError(MISSING_CLIENT_CAPABILITY, `Missing required client capability: the tool ${name} asks questions through form elicitation, so the request must declare elicitation`, {
      requiredCapabilities: { elicitation: { form: {} } },
    });
  }
  // ext-task-param-required-when-declared: with the extension declared, slow_compute still waits for the old params.task.
  const declaredOptIn = envelope.tasks && !(tool === slowCompute && faults.has('ext-task-param-required-when-declared') && !isObject(params.task));
  const asTask = tool.tasks === 'required' || (tool.tasks === 'optional' && (declaredOptIn || (tool === slowCompute && faultyOptIn(params, context, tasks, faults))));

  let facts: Facts = {};
  // ext-mrtr-after-create: the question comes after the task is made, among its inputRequests, instead of on the call
  // itself; ext-mrtr-asks-again-in-task: asked on the call, the answered retry makes a task that asks the same again.
  const answeredOnCall = isObject(params.inputResponses) && USER_NAME in params.inputResponses;
  if (tool === toolWithTask && envelope.tasks && (faults.has('ext-mrtr-after-create') || (faults.has('ext-mrtr-asks-again-in-task') && answeredOnCall))) {
    const task = tasks.create(context);
    const created = createTaskResult(task, faults);
    setImmediate(
      () =>
        void tasks.run(task, async (work) => {
          const question = toolWithTask.gather!({});
          if (!('inputRequests' in question)) throw new Error('test_tool_with_task asks for the name when no answer is given');
          const answers = await work.ask([[USER_NAME, question.inputRequests[USER_NAME]]], 'Waiting for your name');
          const gathered = toolWithTask.gather!({ [USER_NAME]: answers[USER_NAME] });
          return tool.run(args, work, 'facts' in gathered ? gathered.facts : {});
        }),
    );
    return created;
  }
  if (tool.gather) {
    const responses = params.inputResponses ?? {};
    if (!isObject(responses)) throw new RpcError(INVALID_PARAMS, 'Invalid params: params.inputResponses must be an object');
    const gathered = tool.gather(responses);
    if ('inputRequests' in gathered) return { resultType: 'input_required', inputRequests: gathered.inputRequests };
    facts = gathered.facts;
  }

  if (!asTask) {
    const outcome = await tool.run(args, { signal, ask: () => Promise.reject(new Error(`${name} cannot ask for input outside a task`)), workLine: tasks.workLine }, facts);
    if (outcome.kind === 'error') throw outcome.error;
    return complete(outcome.result);
  }
  const task = tasks.create(context);
  const created = createTaskResult(task, faults);
  // The work starts once the CreateTaskResult is on its way, so the reply shows the task as it was created.
  setImmediate(() => void tasks.run(task, (work) => tool.run(args, work, facts)));
  return created;
}

/** Opt-ins the extension forbids, each a fault: none at all, the removed params.task, or an earlier request's declaration. */
function faultyOptIn(params: Record<string, unknown>, context: string, tasks: ModernTasks, faults: Faults): boolean {
  if (faults.has('ext-task-without-extension')) return true;
  if (faults.has('ext-task-param-opt-in') && isObject(params.task)) return true;
  return faults.has('ext-remembers-extension') && tasks.declaredBy.has(context);
}

/** Form elicitation is declared by an elicitation object that either names form or names no mode at all. */
function canElicitForms(capabilities: Record<string, unknown>): boolean {
  const elicitation = capabilities.elicitation;
  return isObject(elicitation) && (!('url' in elicitation) || 'form' in elicitation);
}

function elicit(message: string, requestedSchema: Record<string, unknown>): InputRequest {
  return { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema } };
}

function describeAnswer(answer: InputAnswer | undefined): string {
  if (!answer) return '(none)';
  const value = isObject(answer.content) ? answer.content.value : undefined;
  if (answer.action === 'accept' && value !== undefined) return typeof value === 'string' ? value : JSON.stringify(value);
  return `(${String(answer.action)})`;
}

function text(value: string): ToolOutcome {
  const result: CallToolResult = { content: [{ type: 'text', text: value }] };
  return { kind: 'result', result };
}

function requireString(args: Args, key: string): void {
  if (typeof args[key] !== 'string') throw invalidArgument(key, 'a string');
}

function invalidArgument(key: string, what: string): RpcError {
  return new RpcError(INVALID_PARAMS, `Invalid arguments: "${key}" must be ${what}`);
}

/** The tool's work of `ms`: in the receiver's line when it has one (--serial-work). */
function workFor(ms: number, work: TaskWork): Promise<void> {
  return lineWork(ms, work.signal, work.workLine);
}
