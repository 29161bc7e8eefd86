// The fixture tools of the project's fixture contract: their declarations, argument checks and behaviour.
// Behaviour is the same for a plain call and a task; all waiting is cancellable through the AbortSignal.
import type { CallToolResult, ElicitRequestFormParams, ElicitResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { INVALID_PARAMS, RpcError, describeError } from './jsonrpc.js';
import type { ToolOutcome } from './task-store.js';

export type TaskSupport = 'optional' | 'required' | 'forbidden';
/** The requests a server may send a client that the client may take as tasks. */
export type AskMethod = 'sampling/createMessage' | 'elicitation/create';

/** What a running tool may do besides computing its result. */
export interface ToolContext {
  signal: AbortSignal;
  /** The least any text fixture's work takes (--work-ms): a receiver whose tools work long. */
  minWorkMs?: number;
  /** One piece of work at a time across the receiver (--serial-work). */
  workLine?: WorkLine;
  /** Reports progress; a no-op when the request carried no progressToken. */
  progress(progress: number, total: number): void;
  /** Asks the requestor for input (elicitation/create); rejects when the work is aborted. */
  elicit(params: ElicitRequestFormParams): Promise<ElicitResult>;
  /** Whether the client declared form elicitation during initialization. */
  clientCanElicit: boolean;
  /** Whether the client declared sampling during initialization. */
  clientCanSample: boolean;
  /** Asks the client (as a task where it takes one) and returns its answer; with listTasks, then walks its tasks/list. */
  ask(method: AskMethod, params: Record<string, unknown>, listTasks: boolean): Promise<Record<string, unknown>>;
}

type Args = Record<string, unknown>;

/** The longest wait a Node timer can express; longer delays would fire at once. */
const MAX_DELAY_MS = 2_147_483_647;
/** Bounds the notification flood one call can cause. */
const MAX_STEPS = 10_000;

export interface FixtureTool {
  name: string;
  /** Undefined means the tool declares no execution field at all. */
  taskSupport: TaskSupport | undefined;
  declaration: Tool;
  /** Throws RpcError -32602 when the arguments do not fit the input schema. */
  validate(args: Args): void;
  run(args: Args, ctx: ToolContext): Promise<ToolOutcome>;
  /** The content the tool will produce, when it follows from the arguments alone (for a fault). */
  predictContent(args: Args): CallToolResult['content'] | undefined;
}

const TEXT_SCHEMA = {
  type: 'object',
  properties: {
    text: { type: 'string', description: 'Text to return.' },
    delayMs: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS, description: 'Milliseconds to wait before answering (default 0).' },
  },
  required: ['text'],
} as const;

function textTool(name: string, taskSupport: TaskSupport | undefined, isError: boolean, description: string): FixtureTool {
  return {
    name,
    taskSupport,
    declaration: declare(name, description, TEXT_SCHEMA, taskSupport),
    validate(args) {
      requireString(args, 'text');
      optionalNonNegativeInteger(args, 'delayMs');
    },
    async run(args, ctx) {
      await work(Math.max(delayOf(args), ctx.minWorkMs ?? 0), ctx.signal, ctx.workLine);
      const result: CallToolResult = { content: [{ type: 'text', text: args.text as string }] };
      if (isError) result.isError = true;
      return { kind: 'result', result };
    },
    predictContent: (args) => [{ type: 'text', text: args.text as string }],
  };
}

const errorTool: FixtureTool = {
  name: 'conformance_error',
  taskSupport: 'optional',
  declaration: declare(
    'conformance_error',
    'After delayMs, fails the request with the JSON-RPC error {code, message} given in the arguments (data too, if given).',
    {
      type: 'object',
      properties: {
        code: { type: 'integer', description: 'JSON-RPC error code to answer with.' },
        message: { type: 'string', description: 'JSON-RPC error message to answer with.' },
        data: { description: 'Optional JSON-RPC error data to answer with.' },
        delayMs: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS, description: 'Milliseconds to wait before failing (default 0).' },
      },
      required: ['code', 'message'],
    },
    'optional',
  ),
  validate(args) {
    if (typeof args.code !== 'number' || !Number.isInteger(args.code)) throw invalidArgument('code', 'an integer');
    requireString(args, 'message');
    optionalNonNegativeInteger(args, 'delayMs');
  },
  async run(args, ctx) {
    await work(delayOf(args), ctx.signal, ctx.workLine);
    return { kind: 'error', error: new RpcError(args.code as number, args.message as string, args.data) };
  },
  predictContent: () => undefined,
};

const ANSWER_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { answer: { type: 'string' } },
  required: ['answer'],
};

const inputTool: FixtureTool = {
  name: 'conformance_input',
  taskSupport: 'optional',
  declaration: declare(
    'conformance_input',
    'Asks the requestor a question through a form elicitation and returns the answer as text; declining or cancelling gives an isError result.',
    { type: 'object', properties: { text: { type: 'string', description: 'The question to ask.' } }, required: ['text'] },
    'optional',
  ),
  validate(args) {
    requireString(args, 'text');
  },
  async run(args, ctx) {
    if (!ctx.clientCanElicit) {
      // Sending elicitation/create to a client that did not declare it would break capability negotiation.
      return toolError('conformance_input needs the client to declare the elicitation capability (form mode) in initialize');
    }
    let answer: ElicitResult;
    try {
      answer = await ctx.elicit({ mode: 'form', message: args.text as string, requestedSchema: structuredClone(ANSWER_SCHEMA) });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      return toolError(`the elicitation failed: ${error instanceof RpcError ? `JSON-RPC error ${error.code}: ${error.message}` : describeError(error)}`);
    }
    if (answer.action === 'accept') {
      const value = answer.content?.answer;
      if (typeof value !== 'string') return toolError('the elicitation was accepted without a string "answer" field');
      return { kind: 'result', result: { content: [{ type: 'text', text: value }] } };
    }
    if (answer.action === 'decline' || answer.action === 'cancel') {
      return toolError(`the requestor chose ${answer.action} instead of answering`);
    }
    return toolError(`the elicitation result had an unknown action ${JSON.stringify((answer as { action?: unknown }).action)}`);
  },
  predictContent: () => undefined,
};

const progressTool: FixtureTool = {
  name: 'conformance_progress',
  taskSupport: 'optional',
  declaration: declare(
    'conformance_progress',
    'Sends `steps` progress notifications (when the request has a progressToken), one every intervalMs, then returns "done".',
    {
      type: 'object',
      properties: {
        steps: { type: 'integer', minimum: 1, maximum: MAX_STEPS, description: 'How many progress notifications to send.' },
        intervalMs: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS, description: 'Milliseconds between notifications.' },
      },
      required: ['steps', 'intervalMs'],
    },
    'optional',
  ),
  validate(args) {
    if (typeof args.steps !== 'number' || !Number.isInteger(args.steps) || args.steps < 1 || args.steps > MAX_STEPS) {
      throw invalidArgument('steps', `an integer from 1 to ${MAX_STEPS}`);
    }
    requireDelay(args, 'intervalMs');
  },
  async run(args, ctx) {
    const steps = args.steps as number;
    for (let step = 1; step <= steps; step++) {
      await work(args.intervalMs as number, ctx.signal, ctx.workLine);
      ctx.progress(step, steps);
    }
    return { kind: 'result', result: { content: [{ type: 'text', text: 'done' }] } };
  },
  predictContent: () => [{ type: 'text', text: 'done' }],
};

const askTool: FixtureTool = {
  name: 'conformance_ask',
  taskSupport: undefined,
  declaration: declare(
    'conformance_ask',
    'Asks the client for `text` through sampling/createMessage (elicitation/create with via ' +
      '"elicitation"), as a task where the client takes that request as a task, and returns the answer as ' +
      "text; with listTasks it then walks the client's tasks/list.",
    {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'What to ask.' },
        via: { type: 'string', enum: ['sampling', 'elicitation'], description: 'The request to send the client (default sampling).' },
        listTasks: { type: 'boolean', description: "Walk the client's tasks/list afterwards (default false)." },
      },
      required: ['text'],
    },
    undefined,
  ),
  validate(args) {
    requireString(args, 'text');
    if (args.via !== undefined && args.via !== 'sampling' && args.via !== 'elicitation') throw invalidArgument('via', '"sampling" or "elicitation"');
    if (args.listTasks !== undefined && typeof args.listTasks !== 'boolean') throw invalidArgument('listTasks', 'a boolean');
  },
  async run(args, ctx) {
    const sampling = args.via !== 'elicitation';
    // Asking a client for what it did not declare would break capability negotiation.
    if (sampling ? !ctx.clientCanSample : !ctx.clientCanElicit) return toolError(`conformance_ask needs the client to declare the ${sampling ? 'sampling' : 'elicitation (form)'} capability`);
    const text = args.text as string;
    const params = sampling ? { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 256 } : { mode: 'form', message: text, requestedSchema: structuredClone(ANSWER_SCHEMA) };
    let answer: Record<string, unknown>;
    try {
      answer = await ctx.ask(sampling ? 'sampling/createMessage' : 'elicitation/create', params, args.listTasks === true);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      return toolError(`asking the client failed: ${error instanceof RpcError ? `JSON-RPC error ${error.code}: ${error.message}` : describeError(error)}`);
    }
    const content = answer.content as Record<string, unknown> | undefined;
    const reply = sampling ? content?.text : answer.action === 'accept' ? content?.answer : undefined;
    if (typeof reply !== 'string') return toolError(`the client's answer carried no text: ${JSON.stringify(answer).slice(0, 300)}`);
    return { kind: 'result', result: { content: [{ type: 'text', text: reply }] } };
  },
  predictContent: () => undefined,
};

/** The fixture tools, keyed by name. */
export const FIXTURE_TOOLS: ReadonlyMap<string, FixtureTool> = new Map(
  [
    textTool('conformance_echo', 'optional', false, 'Returns `text` after delayMs; may be called as a task or not.'),
    textTool('conformance_required', 'required', false, 'Returns `text` after delayMs; must be called as a task.'),
    textTool('conformance_forbidden', 'forbidden', false, 'Returns `text` after delayMs; must not be called as a task.'),
    textTool('conformance_plain', undefined, false, 'Returns `text` after delayMs; declares no execution field, so it cannot be a task.'),
    textTool('conformance_fail', 'optional', true, 'Returns `text` as an isError result after delayMs.'),
    errorTool,
    inputTool,
    progressTool,
    askTool,
  ].map((tool) => [tool.name, tool]),
);

/** The tools/list result, with `echoTaskSupport` overriding conformance_echo's declared value (for a fault). */
export function listTools(echoTaskSupport?: string): Tool[] {
  return [...FIXTURE_TOOLS.values()].map((tool) => {
    const declaration = structuredClone(tool.declaration);
    if (echoTaskSupport !== undefined && tool.name === 'conformance_echo') {
      declaration.execution = { taskSupport: echoTaskSupport as TaskSupport };
    }
    return declaration;
  });
}

// Correct but serial (--serial-work): one piece of fixture work at a time across every session and both eras, as a
// server with a single worker runs it. Work waits its turn in arrival order; a task cancelled while it waits leaves
// the line without having worked.
export class WorkLine {
  private tail: Promise<void> = Promise.resolve();

  /** Works `ms` once every piece of work that came before has ended; rejects when the signal aborts. */
  async work(ms: number, signal: AbortSignal): Promise<void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = this.tail;
    // The next in line waits for this one and for everyone before it, even if this one leaves early.
    this.tail = before.then(() => mine);
    try {
      await turn(before, signal);
      await sleep(ms, signal);
    } finally {
      release();
    }
  }
}

/** Resolves when `before` does; rejects at once when the signal aborts. */
function turn(before: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    void before.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/** Works `ms`, in the line when the receiver has one, at once otherwise. */
export function work(ms: number, signal: AbortSignal, line: WorkLine | undefined): Promise<void> {
  return line ? line.work(ms, signal) : sleep(ms, signal);
}

/** Waits `ms`, rejecting early (and clearing the timer) when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export class AbortedError extends Error {
  constructor(message = 'the work was aborted') {
    super(message);
    this.name = 'AbortedError';
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? new AbortedError(signal.reason.message) : new AbortedError();
}

function declare(name: string, description: string, inputSchema: object, taskSupport: TaskSupport | undefined): Tool {
  const tool: Tool = { name, description, inputSchema: structuredClone(inputSchema) as Tool['inputSchema'] };
  if (taskSupport !== undefined) tool.execution = { taskSupport };
  return tool;
}

function toolError(text: string): ToolOutcome {
  return { kind: 'result', result: { content: [{ type: 'text', text }], isError: true } };
}

function delayOf(args: Args): number {
  return (args.delayMs as number | undefined) ?? 0;
}

function requireString(args: Args, key: string): void {
  if (typeof args[key] !== 'string') throw invalidArgument(key, 'a string');
}

function optionalNonNegativeInteger(args: Args, key: string): void {
  if (args[key] !== undefined) requireDelay(args, key);
}

function requireDelay(args: Args, key: string): void {
  const value = args[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_DELAY_MS) {
    throw invalidArgument(key, `an integer from 0 to ${MAX_DELAY_MS}`);
  }
}

function invalidArgument(key: string, what: string): RpcError {
  return new RpcError(INVALID_PARAMS, `Invalid arguments: "${key}" must be ${what}`);
}
