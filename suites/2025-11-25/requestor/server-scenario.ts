// The requestor scenario of a server under test: the harness connects as a client (task-capable or not) and calls
// the ask fixture, whose work asks that client for sampling or elicitation; the harness takes task-augmented ones as
// tasks of its own, and the checks judge how the server followed them.
import type { CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { CLIENT_TASK_METHODS, ClientTaskReceiver, type ClientTask } from '../../../harness/receivers/2025-11-25/client-task-receiver.js';
import { describeReply } from '../../../harness/model/describe.js';
import { takesInput } from '../../../harness/model/fixtures.js';
import type { IncomingRequest, RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export interface ServerRequestorScenario {
  /** Every request the server sent the harness's client, with its arrival time. */
  requests: IncomingRequest[];
  /** Its sampling/createMessage and elicitation/create requests. */
  asks: IncomingRequest[];
  /** The tasks the harness made of task-augmented asks. */
  tasks: readonly ClientTask[];
  pollIntervalMs: number;
  cursorsIssued: ReadonlySet<string>;
  /** The answer to each ask call; undefined where the server went quiet before answering. */
  replies: (RpcReply | undefined)[];
}

export interface ServerRequestorOptions {
  /** Whether the harness's client declares the tasks capability for sampling and elicitation (default true), or for sampling only. */
  clientTasks?: boolean | 'sampling';
  /** Ask the ask fixture to send elicitation/create instead of sampling/createMessage. */
  viaElicitation?: boolean;
  /** Call ask twice, the second time asking it to walk tasks/list: two tasks on pages of one need a cursor. */
  listTasks?: boolean;
  /** The pollInterval the harness's tasks ask for (a brisk one unless given). */
  pollIntervalMs?: number;
  /** The harness's tasks turn input_required at their first poll (until a tasks/result waits for them). */
  inputRequired?: boolean;
  /** The harness sends a status notification (still working) of each task at its first poll. */
  notifyStatus?: boolean;
}

export async function runServerRequestorScenario(ctx: CheckContext, options: ServerRequestorOptions = {}): Promise<ServerRequestorScenario> {
  const ask = ctx.fixture('ask');
  const clientTasks = options.clientTasks ?? true;
  if (options.listTasks && !takesInput(ask, 'listTasks')) ctx.skip('the config maps the ask role without ${listTasks}, so the server is never asked to walk tasks/list');
  if (options.viaElicitation && !takesInput(ask, 'via')) ctx.skip('the config maps the ask role without ${via}, so the server is never asked for elicitation/create');
  const receiver = await ctx.connect({ taskCapableClient: clientTasks });
  const client = new ClientTaskReceiver(receiver, {
    tasksDeclared: clientTasks,
    timing: ctx.timing,
    inputRequired: options.inputRequired,
    notifyStatus: options.notifyStatus,
    pollIntervalMs: options.pollIntervalMs,
  });
  const via = options.viaElicitation ? { via: 'elicitation' } : {};
  const inputs = options.listTasks
    ? [
        { listTasks: false, ...via },
        { listTasks: true, ...via },
      ]
    : [via];
  const replies: (RpcReply | undefined)[] = [];
  for (const input of inputs) {
    const call = receiver.invoke(ask, { text: uniqueText('ask'), ...input }, { timeoutMs: ctx.timing.requestTimeoutMs + client.maxWorkMs });
    const reply = await client.awaitRequestor(call);
    replies.push(reply);
    // The server stopped following its task: a further call would only wait on it again.
    if (reply === undefined) break;
  }
  const requests = client.requests;
  const asks = requests.filter((request) => CLIENT_TASK_METHODS.includes(request.method));
  if (asks.length === 0) {
    const answered = replies.find((reply) => reply !== undefined);
    ctx.skip(
      `the ask fixture (${ask.tool}) sent this ${clientTasks ? 'task-capable ' : ''}client no ` +
        `sampling/createMessage or ` +
        `elicitation/create${answered ? `; the call was answered with ${describeReply(answered)}` : ''}`,
    );
  }
  return { requests, asks, tasks: client.tasks, pollIntervalMs: client.pollIntervalMs, cursorsIssued: client.cursorsIssued, replies };
}
