// The input_required scenario shared by the input-required checks: a conformance_input task asks the
// requestor for input; the harness answers as a requestor would and records what the receiver did.
import { UnexpectedReply, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { RELATED_TASK_META, isTerminal, taskOf, type Receiver, type TaskRecord } from '../../../harness/receivers/2025-11-25/receiver.js';
import type { IncomingRequest, RpcReply } from '../../../harness/model/rpc.js';
import { awaitTerminalStatus, pollTask, type TaskObservation } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export interface InputScenario {
  receiver: Receiver;
  task: TaskRecord;
  /** The text the harness answered the elicitation with. */
  answer: string;
  /** Whether a poll or a status notification showed input_required before the answer. */
  sawInputRequired: boolean;
  /** What the polls before the answer showed, in order. */
  statusesBefore: string[];
  elicitation: IncomingRequest;
  /** Statuses of the tasks/get polls after the answer had been sent, with ms since it was sent. */
  afterAnswer: { status: string; msAfterAnswer: number }[];
  terminal: TaskRecord;
  result: RpcReply;
}

/** How long the scenario polls for input_required before going on without having seen it. */
const INPUT_STATUS_BOUND_MS = 1_000;

/**
 * Starts the input task, polls (bounded) for input_required, opens tasks/result without awaiting it, waits
 * for the elicitation/create request, answers it, then follows the task to its end and collects the result.
 * The answer is held back until the polls are done, so a receiver that asks before tasks/result is open,
 * or that enters input_required only once it has asked, still shows its waiting status to them.
 */
export async function runInputScenario(ctx: CheckContext): Promise<InputScenario> {
  const binding = ctx.fixture('input');
  const receiver = await ctx.connect();
  const answer = uniqueText('answer');
  // Set once the task exists; the elicitation handler below is registered before that and reads it when called.
  // eslint-disable-next-line prefer-const
  let taskId: string | undefined;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // The requestor side tags its response with the related task, as the spec's message flow shows.
  receiver.onRequest('elicitation/create', async (request) => {
    await released;
    return { result: { action: 'accept', content: contentFor(request.params.requestedSchema, answer), _meta: { [RELATED_TASK_META]: { taskId } } } };
  });

  const { task } = await receiver.startTask(binding, { text: uniqueText('question') }, { task: { ttl: 60_000 } });
  taskId = task.taskId;
  const { statusesBefore } = await pollForInputStatus(ctx, receiver, task);

  // Like a requestor that has seen input_required: open tasks/result at once and leave it pending.
  const resultTimeout = ctx.timing.requestTimeoutMs * 2;
  const pendingResult = receiver.taskResultWithin(task.taskId, resultTimeout);
  pendingResult.catch(() => undefined);
  const elicitationArrived = receiver.waitForRequest((r) => r.method === 'elicitation/create', ctx.timing.requestTimeoutMs);
  const first = await Promise.race([
    elicitationArrived.then((request) => ({ request })),
    pendingResult.then(
      (reply) => ({ reply }),
      (error: Error) => ({ error }),
    ),
  ]);
  if (!('request' in first)) {
    // A task that ended without asking brought nothing about asking to judge: its tool did not do what the contract says.
    if ('reply' in first && first.reply !== undefined) await skipUnlessAsking(ctx, receiver, task, binding.tool, describeReply(first.reply));
    const what = 'error' in first ? first.error.message : first.reply ? `tasks/result answered with ${describeReply(first.reply)}` : `tasks/result went unanswered for ${resultTimeout} ms`;
    // An error from tasks/result while the task waits for input breaks TASKS-RESULT-BLOCK (result-retrieval.blocks-until-terminal judges it).
    const refused = 'reply' in first && first.reply !== undefined && !first.reply.ok;
    throw new UnexpectedReply(
      `the ${binding.tool} task should send elicitation/create to ask for input; instead ${what} before any elicitation arrived`,
      refused ? 'TASKS-RESULT-BLOCK' : undefined,
      refused ? { method: 'tasks/result', fixture: binding.tool } : undefined,
    );
  }
  const elicitation = first.request;
  if (!elicitation)
    throw new UnexpectedReply(`the ${binding.tool} task should send elicitation/create to ask for input; none arrived within ${ctx.timing.requestTimeoutMs} ms of calling tasks/result`);

  // A receiver may enter input_required only once the request is out: look once more before answering.
  if (!sawInputStatus(receiver, task, statusesBefore)) {
    const reply = await receiver.getTask(task.taskId);
    statusesBefore.push(String(taskOf(reply)?.status ?? describeReply(reply)));
  }
  const sawInputRequired = sawInputStatus(receiver, task, statusesBefore);
  release();
  await receiver.answerSent(elicitation.id);
  const answeredAt = performance.now();
  const polls: TaskObservation[] = [];
  const terminal = await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal, observations: polls });
  const afterAnswer = polls.map((poll) => ({ status: String(poll.task.status), msAfterAnswer: Math.round((poll.sentAt ?? poll.at) - answeredAt) }));

  const result = await pendingResult;
  // Every request is owed an answer (a base rule, judged as such): a terminal task's tasks/result all the more.
  if (!result)
    throw new UnexpectedReply(`tasks/result for task ${task.taskId} did not answer within ${resultTimeout} ms although tasks/get already reports "${terminal.status}"`, 'BASE-JSONRPC-RESPONSE');
  return { receiver, task, answer, sawInputRequired, statusesBefore, elicitation, afterAnswer, terminal, result };
}

/**
 * Skips when the task is over without having asked (tasks/get reports it terminal): the input fixture of the contract
 * (README, "The fixture contract": conformance_input sends elicitation/create and waits) did not ask, so no rule about
 * asking was exercised. A task still open returns, and the missing elicitation is judged as before.
 */
async function skipUnlessAsking(ctx: CheckContext, receiver: Receiver, task: TaskRecord, tool: string, answered: string): Promise<void> {
  const status = taskOf(await receiver.getTask(task.taskId))?.status;
  if (!isTerminal(status)) return;
  ctx.skip(
    `the ${tool} task ended "${String(status)}" without sending elicitation/create (tasks/result ` +
      `answered with ${answered}); the fixture contract (README, "The fixture contract") has the input ` +
      `tool ask for an answer and wait for it, so nothing about asking for input could be judged`,
  );
}

/** Polls at the receiver's pace until input_required shows (in a poll or a notification), or a terminal status, or the bound passes. */
async function pollForInputStatus(ctx: CheckContext, receiver: Receiver, task: TaskRecord): Promise<{ statusesBefore: string[] }> {
  const statusesBefore: string[] = [String(task.status)];
  if (sawInputStatus(receiver, task, statusesBefore)) return { statusesBefore };
  await pollTask(
    receiver,
    task.taskId,
    (current) => {
      statusesBefore.push(String(current.status));
      return sawInputStatus(receiver, task, statusesBefore) || isTerminal(current.status);
    },
    { timing: ctx.timing, signal: ctx.signal, timeoutMs: ctx.timing.span(INPUT_STATUS_BOUND_MS, 2), returnAtBound: true },
  );
  return { statusesBefore };
}

function sawInputStatus(receiver: Receiver, task: TaskRecord, statuses: readonly string[]): boolean {
  return statuses.includes('input_required') || receiver.statusNotifications(task.taskId).some((n) => n.params.status === 'input_required');
}

/**
 * The accepted content a requestor would give: the answer text in every free-text field (the fixture contract asks
 * for `answer` alone), and for a tool mapped by --config that asks for more, a valid value for each other field
 * (its default, the first choice offered, true, the minimum), since content off the requestedSchema is refused.
 */
function contentFor(requestedSchema: unknown, answer: string): Record<string, unknown> {
  const properties = (requestedSchema as { properties?: unknown } | undefined)?.properties;
  if (typeof properties !== 'object' || properties === null) return { answer };
  const content: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(properties as Record<string, Record<string, unknown>>)) {
    const field = raw ?? {};
    const choices = Array.isArray(field.enum) ? field.enum : Array.isArray(field.oneOf) ? field.oneOf.map((choice: { const?: unknown }) => choice?.const) : undefined;
    if (field.type === 'string' && !choices && field.format === undefined) content[name] = answer;
    else if ('default' in field) content[name] = field.default;
    else if (choices?.length) content[name] = choices[0];
    else if (field.type === 'boolean') content[name] = true;
    else if (field.type === 'number' || field.type === 'integer') content[name] = typeof field.minimum === 'number' ? field.minimum : 0;
    else content[name] = answer;
  }
  return content;
}
