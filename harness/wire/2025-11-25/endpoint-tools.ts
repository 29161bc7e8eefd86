import { REQUESTOR_POLL_INTERVAL_MS } from '../../model/fixtures.js';
import { ENDPOINT_INPUT_TOOL, type EndpointOptions, type EndpointRecord, type EndpointTask } from './client-record.js';
import type { RpcSession } from '../session.js';
import { TaskStore, type HeldTask } from './task-store.js';

/**
 * What the endpoint serves a client under test acting as a requestor: tools with each taskSupport and a small, strict
 * task receiver for the tasks the client creates. The client checks judge how the client used them.
 */
export const ENDPOINT_TOOLS = [
  { name: 'conformance_echo', execution: { taskSupport: 'optional' } },
  { name: 'conformance_required', execution: { taskSupport: 'required' } },
  { name: 'conformance_forbidden', execution: { taskSupport: 'forbidden' } },
  { name: 'conformance_plain' },
  // Its task turns input_required, so the client shows what it does on seeing that status.
  { name: ENDPOINT_INPUT_TOOL, execution: { taskSupport: 'required' } },
].map((tool) => ({ ...tool, description: 'Echoes text (mcp-tasks-conformance hub).', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }));

/** The endpoint's capabilities; without tool tasks it still declares tasks/list and tasks/cancel, so only the rule under test differs. */
export function endpointCapabilities(options: EndpointOptions = {}): Record<string, unknown> {
  if (options.toolTasks === false) return { tools: {}, tasks: { list: {}, cancel: {} } };
  return { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
}

/** Before this a task does not end, so that a client polling too fast shows it. */
const MIN_WORK_MS = 300;
/** A task ends after this many polls (once it has worked MIN_WORK_MS), or as soon as a tasks/result waits for it. */
const POLLS_BEFORE_DONE = 3;
/**
 * A working task ends by then however little it was followed, so the endpoint never holds a client that stopped;
 * one waiting for input does not, so a slow client's tasks/result still finds it waiting.
 */
const MAX_WORK_MS = 5_000;
const INVALID_PARAMS = -32602;
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const INPUT_SCHEMA = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };
/** How long the input tool's elicitation waits for the client's answer (option askInput). */
const INPUT_ANSWER_MS = 5_000;

type EndpointExtra = Pick<EndpointTask, 'tool' | 'cancelledByNotification' | 'inputAnswered'>;

/**
 * Serves the endpoint's tools and tasks to one check's client. A task stays working until it has been polled a few times or a
 * tasks/result waits for it, and the endpoint sends no status notifications: a client learns the end only by asking. The
 * input tool's task turns input_required once it has worked a while, and stays so until a tasks/result arrives (the
 * requestor is then listening, which is all this endpoint needs) or a few more polls pass, however long that takes.
 */
export function serveEndpointTools(session: RpcSession, options: EndpointOptions = {}): EndpointRecord {
  const toolTasks = options.toolTasks !== false;
  // A long interval is asked for to tell a fixed pace from obedience: two polls then suffice, and the work outlasts them.
  const pollIntervalMs = options.pollIntervalMs ?? REQUESTOR_POLL_INTERVAL_MS;
  // Not in answer to any request of the client's, so the transport sends it on the client's GET stream.
  const askForInput = async (task: HeldTask): Promise<boolean> => {
    const message = `conformance:${JSON.stringify({ reply: 'echo', text: 'input for the hub' })}`;
    const params = { mode: 'form', message, requestedSchema: INPUT_SCHEMA, _meta: { [RELATED_TASK]: { taskId: task.taskId } } };
    const reply = await session.request('elicitation/create', params, { timeoutMs: INPUT_ANSWER_MS }).catch(() => undefined);
    return reply !== undefined;
  };
  const store = new TaskStore<EndpointExtra>(session, {
    holder: 'server',
    pollIntervalMs,
    minWorkMs: Math.max(MIN_WORK_MS, pollIntervalMs),
    maxWorkMs: Math.max(MAX_WORK_MS, 3 * pollIntervalMs),
    pollsBeforeDone: options.pollIntervalMs === undefined ? POLLS_BEFORE_DONE : 2,
    asksInput: (task) => (task.tool === ENDPOINT_INPUT_TOOL ? 'once-worked' : undefined),
    onInputRequired: (task) => {
      if (options.askInput) task.inputAnswered = askForInput(task);
    },
    inputOutlastsMaxWork: true,
    notifyStatus: options.notifyStatus,
    cutResult: options.cutResult,
    deleteCancelled: options.deleteCancelled,
  });

  session.onRequest('tools/list', () => ({ result: { tools: ENDPOINT_TOOLS } }));
  session.onRequest('tools/call', (request) => {
    const tool = ENDPOINT_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) return { error: { code: INVALID_PARAMS, message: `unknown tool ${JSON.stringify(request.params.name)}` } };
    const support = (tool.execution as { taskSupport?: string } | undefined)?.taskSupport ?? 'forbidden';
    // Without tasks.requests.tools.call the endpoint ignores a task field and runs the call normally, as a receiver must.
    const asTask = toolTasks && typeof request.params.task === 'object' && request.params.task !== null;
    if (toolTasks && support === 'required' && !asTask) return { error: { code: -32601, message: `${tool.name} must be called as a task` } };
    if (support === 'forbidden' && asTask) return { error: { code: -32601, message: `${tool.name} cannot be called as a task` } };
    const text = String((request.params.arguments as { text?: unknown } | undefined)?.text ?? '');
    const result = { content: [{ type: 'text', text }] };
    if (!asTask) return { result };
    return store.create(request, result, { tool: tool.name, cancelledByNotification: false });
  });
  session.onNotification((notification) => {
    if (notification.method !== 'notifications/cancelled') return;
    const task = store.tasks.find((candidate) => candidate.createdRequestId === notification.params.requestId);
    if (task) task.cancelledByNotification = true;
  });
  return store;
}
