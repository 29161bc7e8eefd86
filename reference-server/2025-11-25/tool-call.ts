// tools/call: argument checks, tool-level task negotiation, plain execution, and task creation and execution.
import type { ElicitRequestFormParams, ElicitResult, ProgressToken } from '@modelcontextprotocol/sdk/types.js';
import { NO_REPLY, type Connection, type HandlerResult, type IncomingRequest } from './connection.js';
import { askClient } from './ask-requestor.js';
import { AbortedError, FIXTURE_TOOLS, sleep, type FixtureTool, type ToolContext } from '../shared/fixture-tools.js';
import { inputRelayFor } from './input-relay.js';
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, RpcError, describeError, isObject } from '../shared/jsonrpc.js';
import { openTask, settleTask } from './task-lifecycle.js';
import { taskLayerError } from './task-methods.js';
import type { TaskRecord, ToolOutcome } from '../shared/task-store.js';
import { IMMEDIATE_RESPONSE_KEY, relatedTaskMeta, wireTaskForCreate } from './wire.js';

interface CallParams {
  tool: FixtureTool;
  args: Record<string, unknown>;
  /** The task field as sent (checked only where tasks are supported). */
  task?: unknown;
  progressToken?: ProgressToken;
}

export async function handleToolsCall(connection: Connection, request: IncomingRequest): Promise<HandlerResult> {
  const call = parseCall(request.params);
  const { env } = connection;
  const faults = env.faults;
  const name = call.tool.name;

  let asTask = call.task !== undefined;
  if (!env.tasksEnabled) {
    // Without the tasks capability the task field is ignored and the call is processed normally.
    asTask = asTask && faults.has('undeclared-still-creates-task');
  } else {
    if (asTask && !isObject(call.task)) throw taskLayerError(faults, INVALID_PARAMS, 'tools/call: params.task must be an object such as {} or {"ttl": 60000}');
    const support = call.tool.taskSupport;
    if (asTask && (support === 'forbidden' || support === undefined)) {
      const allowed = support === 'forbidden' ? faults.has('forbidden-with-task-runs') : faults.has('plain-with-task-runs');
      if (!allowed) {
        const declared = support === undefined ? 'declares no execution.taskSupport (so it defaults to "forbidden")' : 'declares execution.taskSupport "forbidden"';
        throw taskLayerError(env.faults, METHOD_NOT_FOUND, `Tool ${name} ${declared}: call it without the task field`);
      }
    }
    // A receiver that demands task augmentation may refuse plain requests with -32600 (Protocol Errors).
    if (!asTask && (support === 'required' || support === 'optional') && faults.has('plain-calls-refused')) {
      throw taskLayerError(env.faults, INVALID_REQUEST, `Tool ${name} runs only as a task on this receiver: call it with a task field, e.g. "task": {}`);
    }
    if (!asTask && support === 'required') {
      const message = `Tool ${name} declares execution.taskSupport "required": call it with a task field, e.g. "task": {}`;
      if (faults.has('required-without-task-iserror')) return { content: [{ type: 'text', text: message }], isError: true };
      throw taskLayerError(env.faults, faults.has('required-without-task-invalid-request') ? INVALID_REQUEST : METHOD_NOT_FOUND, message);
    }
    if (name === 'conformance_echo') {
      if (!asTask && faults.has('optional-plain-call-error')) throw new RpcError(INTERNAL_ERROR, `Internal error while running ${name}`);
      if (asTask && faults.has('optional-task-call-ignored')) asTask = false;
      else if (!asTask && faults.has('optional-plain-call-answers-task')) asTask = true;
    }
    if (name === 'conformance_fail' && asTask && faults.has('fail-task-call-ignored')) asTask = false;
    // Fault: the 2026-07-28 extension declared at initialize is taken as asking for tasks under 2025-11-25.
    const extensions = connection.peerCapabilities.extensions;
    if (!asTask && support === 'optional' && faults.has('ext-capability-enables-legacy-tasks') && isObject(extensions) && isObject(extensions['io.modelcontextprotocol/tasks'])) asTask = true;
  }
  call.tool.validate(call.args);
  return asTask ? createTask(connection, request, call) : runPlain(connection, request, call);
}

function parseCall(params: Record<string, unknown>): CallParams {
  if (typeof params.name !== 'string') throw new RpcError(INVALID_PARAMS, 'tools/call: params.name must be a string naming the tool');
  const tool = FIXTURE_TOOLS.get(params.name);
  if (!tool) throw new RpcError(INVALID_PARAMS, `Unknown tool ${JSON.stringify(params.name)}; tools/list names the available tools`);
  const args = params.arguments ?? {};
  if (!isObject(args)) throw new RpcError(INVALID_PARAMS, 'tools/call: params.arguments must be a JSON object');
  const meta = isObject(params._meta) ? params._meta : {};
  const token = meta.progressToken;
  return { tool, args, task: params.task, progressToken: typeof token === 'string' || typeof token === 'number' ? token : undefined };
}

/** A normal request: run the tool and answer with its result or its JSON-RPC error. */
async function runPlain(connection: Connection, request: IncomingRequest, call: CallParams): Promise<HandlerResult> {
  const signal = request.signal;
  const ctx: ToolContext = {
    signal,
    minWorkMs: connection.env.workMs,
    workLine: connection.env.workLine,
    clientCanElicit: connection.clientCanElicit,
    progress(progress, total) {
      if (call.progressToken === undefined || signal.aborted) return;
      connection.notify('notifications/progress', { progressToken: call.progressToken, progress, total });
    },
    elicit: async (params) => (await connection.request('elicitation/create', params as unknown as Record<string, unknown>, signal)) as ElicitResult,
    clientCanSample: isObject(connection.peerCapabilities.sampling),
    ask: (method, params, listTasks) => askClient(connection, method, params, { signal, listTasks }),
  };
  let outcome: ToolOutcome;
  try {
    outcome = await call.tool.run(call.args, ctx);
  } catch (error) {
    if (signal.aborted) return NO_REPLY; // cancelled by notifications/cancelled, or the connection closed
    throw error;
  }
  if (outcome.kind === 'error') throw outcome.error;
  return outcome.result as Record<string, unknown>;
}

/** A task-augmented request: create the task, answer with CreateTaskResult, then run the work in the background. */
async function createTask(connection: Connection, request: IncomingRequest, call: CallParams): Promise<HandlerResult> {
  const faults = connection.env.faults;
  const record = openTask(connection, request, isObject(call.task) ? call.task : {}, [call.tool.name, JSON.stringify(call.args)]);

  const result: Record<string, unknown> = { task: wireTaskForCreate(record, faults) };
  if (faults.has('create-includes-result')) {
    const content = call.tool.predictContent(call.args);
    if (content) result.content = content;
  }
  const immediate = `${call.tool.name} is running as task ${record.taskId}; poll tasks/get for its status and fetch the outcome with tasks/result.`;
  result._meta = { [IMMEDIATE_RESPONSE_KEY]: faults.has('immediate-response-not-string') ? { text: immediate } : immediate };

  if (faults.has('create-result-slow')) {
    await execute(connection, record, call);
    return result;
  }
  if (faults.has('instant-task-created-completed') && (call.args.delayMs ?? 0) === 0 && call.tool.name !== 'conformance_input') {
    await execute(connection, record, call);
    result.task = wireTaskForCreate(record, faults);
    return result;
  }
  if (faults.has('input-task-created-input-required') && call.tool.name === 'conformance_input') {
    result.task = { ...(result.task as Record<string, unknown>), status: 'input_required' };
  }
  // Start the work only after the CreateTaskResult is on its way, so no task message can overtake it.
  setImmediate(() => execute(connection, record, call).catch((error: unknown) => process.stderr.write(`reference-server: task work failed: ${describeError(error)}\n`)));
  return result;
}

/** Runs the tool for a task and records the outcome; never throws. */
async function execute(connection: Connection, record: TaskRecord, call: CallParams): Promise<void> {
  const { env } = connection;
  const { faults } = env;
  const signal = record.abort.signal;
  if (faults.has('cancel-race-completes') && call.tool.name !== 'conformance_input' && call.tool.name !== 'conformance_progress') {
    record.workEndsAtMs = Date.now() + ((call.args.delayMs as number | undefined) ?? 0);
  }
  const ctx: ToolContext = {
    signal,
    minWorkMs: connection.env.workMs,
    workLine: connection.env.workLine,
    clientCanElicit: connection.clientCanElicit,
    progress(progress, total) {
      if (call.progressToken === undefined || record.removed) return;
      // After a terminal status no progress may follow, unless a fault keeps the work running.
      if (record.status === 'cancelled' && !faults.has('cancel-keeps-running') && !faults.has('cancel-not-final')) return;
      if (record.status === 'completed' || record.status === 'failed') return;
      const progressToken = faults.has('progress-token-dropped') ? `${String(call.progressToken)}-task` : call.progressToken;
      const params: Record<string, unknown> = { progressToken, progress, total };
      if (!faults.has('related-meta-missing-on-progress')) params._meta = relatedTaskMeta(record.taskId);
      connection.notify('notifications/progress', params);
      if (faults.has('progress-repeated')) connection.notify('notifications/progress', params);
    },
    elicit: (params) => elicitForTask(connection, record, params),
    clientCanSample: isObject(connection.peerCapabilities.sampling),
    // Only conformance_ask asks, and it cannot run as a task (it declares no execution field).
    ask: () => Promise.reject(new RpcError(INTERNAL_ERROR, 'conformance_ask does not run as a task')),
  };
  let outcome: ToolOutcome;
  try {
    outcome = await call.tool.run(call.args, ctx);
  } catch (error) {
    if (error instanceof AbortedError) return; // cancelled or expired: the status already says so
    outcome = { kind: 'error', error: new RpcError(INTERNAL_ERROR, `Internal error while running ${call.tool.name}: ${describeError(error)}`) };
  }
  if (faults.has('input-status-sticks') && record.status === 'input_required') {
    // The answer came back but the task keeps claiming it waits for input while it finishes.
    try {
      await sleep(1500, signal);
    } catch {
      return;
    }
  }
  settleTask(env, record, outcome, failureMessage);
  if (faults.has('progress-after-completion') && call.tool.name === 'conformance_progress') void progressAfterTheEnd(connection, record, call);
}

/** The fault progress-after-completion: the work reports three more steps once its task is terminal. */
async function progressAfterTheEnd(connection: Connection, record: TaskRecord, call: CallParams): Promise<void> {
  if (call.progressToken === undefined) return;
  const steps = call.args.steps as number;
  for (let extra = 1; extra <= 3; extra++) {
    await sleep(Math.max(20, (call.args.intervalMs as number | undefined) ?? 0), new AbortController().signal);
    connection.notify('notifications/progress', { progressToken: call.progressToken, progress: steps + extra, total: steps + 3, _meta: relatedTaskMeta(record.taskId) });
  }
}

function failureMessage(outcome: ToolOutcome): string {
  if (outcome.kind === 'error') return `The tool call failed with JSON-RPC error ${outcome.error.code}: ${outcome.error.message}`;
  const text = (outcome.result.content ?? []).find((item): item is { type: 'text'; text: string } => item.type === 'text')?.text;
  return `The tool reported an error (isError true)${text ? `: ${text}` : ''}`;
}

/** Asks for input on behalf of a task: input_required while waiting, back to working once answered. */
async function elicitForTask(connection: Connection, record: TaskRecord, params: ElicitRequestFormParams): Promise<ElicitResult> {
  const { faults, store } = connection.env;
  const signal = record.abort.signal;
  // A task with its input at hand asks nothing (allowed, though the fixture contract asks for a question).
  if (faults.has('input-never-asks')) return { action: 'accept', content: { answer: params.message } };
  const request: ElicitRequestFormParams = faults.has('elicitation-without-related-meta') ? params : { ...params, _meta: relatedTaskMeta(record.taskId) };
  if (!faults.has('input-status-missing')) {
    store.transition(record, 'input_required', 'Waiting for input from the requestor: call tasks/result to receive the elicitation request');
  }
  const answer = await inputRelayFor(record).ask(request, signal);
  if (record.status === 'input_required' && !faults.has('input-status-sticks')) store.transition(record, 'working');
  return answer;
}
