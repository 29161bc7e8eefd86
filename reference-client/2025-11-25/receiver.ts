// The client as a receiver: the server's requests (ping, sampling/createMessage, elicitation/create, tasks/*)
// routed through the reference server's Dispatcher, with the tasks/* handlers, task store and wire rendering
// shared with it. The client's one requestor is the server at the other end of its connection.
import { NO_REPLY, type HandlerResult, type IncomingRequest } from '../../reference-server/2025-11-25/connection.js';
import { Dispatcher, type ConnectionIO } from '../../reference-server/2025-11-25/dispatcher.js';
import type { ReceiverEnvironment } from '../../reference-server/shared/environment.js';
import { AbortedError } from '../../reference-server/shared/fixture-tools.js';
import { INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, RpcError, describeError, isObject } from '../../reference-server/shared/jsonrpc.js';
import { openTask, settleTask } from '../../reference-server/2025-11-25/task-lifecycle.js';
import { taskLayerError } from '../../reference-server/2025-11-25/task-methods.js';
import type { TaskOutcome, TaskRecord } from '../../reference-server/shared/task-store.js';
import { RELATED_TASK_KEY, wireTaskForCreate } from '../../reference-server/2025-11-25/wire.js';
import { directiveText, errorAsResult, parseDirective, perform, predictedResult, type ClientMethod, type Directive } from './directives.js';
import { paramsProblem } from './request-params.js';
import { callTools, type Requestor } from './requestor.js';

/** The authorization context of every task: the connection's server (the only requestor a client has). */
export const CLIENT_CONTEXT = 'server';

export class ClientDispatcher extends Dispatcher implements Requestor {
  /** What the server declared in its initialize result; set once initialization is done. */
  serverCapabilities: Record<string, unknown> = {};
  /** Active faults of the client as a requestor (the task-layer faults live in env.faults). */
  requestorFaults: ReadonlySet<string> = new Set();

  constructor(
    env: ReceiverEnvironment,
    io: ConnectionIO,
    readonly diagnose: (line: string) => void,
  ) {
    super(env, io, diagnose);
  }

  protected override route(request: IncomingRequest): Promise<HandlerResult> | HandlerResult {
    switch (request.method) {
      case 'ping':
        return {};
      case 'sampling/createMessage':
        return handleClientRequest(this, request, request.method);
      case 'elicitation/create':
        // The fault input-only-on-result-stream leaves unanswered an input request for a task of its own outside tasks/result.
        if (this.requestorFaults.has('input-only-on-result-stream') && isObject(request.params._meta) && RELATED_TASK_KEY in request.params._meta) return NO_REPLY;
        return handleClientRequest(this, request, request.method);
      case 'tasks/get':
      case 'tasks/result':
      case 'tasks/list':
      case 'tasks/cancel':
        return this.routeTasks(request);
      default:
        throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${request.method} (this client answers ping, sampling/createMessage, elicitation/create and tasks/*)`);
    }
  }
}

async function handleClientRequest(connection: ClientDispatcher, request: IncomingRequest, method: ClientMethod): Promise<HandlerResult> {
  const { env } = connection;
  const faults = env.faults;
  const { task, ...params } = request.params;
  checkParams(method, params);

  let asTask = task !== undefined;
  if (!env.tasksEnabled) {
    // Without the tasks capability the task field is ignored and the request is processed normally.
    asTask = asTask && faults.has('undeclared-still-creates-task');
  } else if (asTask && !isObject(task)) {
    throw taskLayerError(faults, INVALID_PARAMS, `${method}: params.task must be an object such as {} or {"ttl": 60000}`);
  }
  const directive = parseDirective(method, directiveText(method, params));
  return asTask ? createTask(connection, request, method, isObject(task) ? task : {}, params, directive) : runPlain(connection, request, method, directive);
}

/** The request's params (without task) must fit the method's schema, within what this client declared. */
function checkParams(method: ClientMethod, params: Record<string, unknown>): void {
  const problem = paramsProblem(method, params);
  if (problem) throw new RpcError(INVALID_PARAMS, `${method}: invalid ${problem.where}: it ${problem.why}`);
  if (method === 'sampling/createMessage' && (params.tools !== undefined || params.toolChoice !== undefined)) {
    throw new RpcError(INVALID_PARAMS, 'sampling/createMessage: tools and toolChoice need the sampling.tools capability, which this client does not declare');
  }
  if (method === 'elicitation/create' && params.mode === 'url') {
    throw new RpcError(INVALID_PARAMS, 'elicitation/create: URL mode is not supported; this client declares form elicitation only');
  }
}

/** A normal request: do the work and answer with its result or its JSON-RPC error. */
async function runPlain(connection: ClientDispatcher, request: IncomingRequest, method: ClientMethod, directive: Directive): Promise<HandlerResult> {
  let outcome: TaskOutcome;
  try {
    outcome = await perform(method, directive, request.signal, (asked, signal) => callTools(connection, asked, signal));
  } catch (error) {
    if (request.signal.aborted) return NO_REPLY; // cancelled by notifications/cancelled, or the connection closed
    throw error;
  }
  if (outcome.kind === 'error') throw outcome.error;
  return outcome.result;
}

/** A task-augmented request: create the task, answer with CreateTaskResult, then do the work in the background. */
async function createTask(
  connection: ClientDispatcher,
  request: IncomingRequest,
  method: ClientMethod,
  task: Record<string, unknown>,
  params: Record<string, unknown>,
  directive: Directive,
): Promise<HandlerResult> {
  const faults = connection.env.faults;
  const { _meta: _ignored, ...identity } = params;
  const record = openTask(connection, request, task, [method, JSON.stringify(identity)]);
  record.errorAsResult = errorAsResult(method);

  let result: Record<string, unknown> = { task: wireTaskForCreate(record, faults) };
  if (faults.has('create-includes-result')) result = { ...predictedResult(method, directive), ...result };

  if (faults.has('create-result-slow')) {
    await execute(connection, record, method, directive);
    return result;
  }
  // Start the work only after the CreateTaskResult is queued, so no task message can overtake it.
  setImmediate(() => void execute(connection, record, method, directive));
  return result;
}

/** Does a task's work and records the outcome; never throws. */
async function execute(connection: ClientDispatcher, record: TaskRecord, method: ClientMethod, directive: Directive): Promise<void> {
  // When the work will be over, for the fault that lets a late cancel lose to it (shared tasks/cancel handler).
  if (connection.env.faults.has('cancel-race-completes')) record.workEndsAtMs = Date.now() + directive.delayMs;
  let outcome: TaskOutcome;
  try {
    outcome = await perform(method, directive, record.abort.signal, (asked, signal) => callTools(connection, asked, signal));
  } catch (error) {
    if (error instanceof AbortedError) return; // cancelled or expired: the status already says so
    outcome = { kind: 'error', error: new RpcError(INTERNAL_ERROR, `Internal error while handling ${method}: ${describeError(error)}`) };
  }
  settleTask(connection.env, record, outcome, failureMessage);
}

function failureMessage(outcome: TaskOutcome): string {
  return outcome.kind === 'error' ? `The request failed with JSON-RPC error ${outcome.error.code}: ${outcome.error.message}` : 'The request failed';
}
