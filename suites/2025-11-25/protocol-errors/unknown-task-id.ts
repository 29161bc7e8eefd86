import { defineCheck, type CheckContext, type CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import type { Precondition } from '../../../harness/model/model.js';
import type { Receiver } from '../../../harness/receivers/2025-11-25/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { EXT_TASKS, INVALID_PARAMS_FIX, MCP_FRAMEWORK, SDK_CLIENT, SERVER_EVERYTHING, SIMPLE_TASK_INTERACTIVE, UNKNOWN_ID_AS_INTERNAL_ERROR } from '../explain-words.js';

interface UnknownIdCase {
  method: 'tasks/get' | 'tasks/result' | 'tasks/cancel';
  /** The check's story: the faults that make it fail and its explanation. */
  story: Pick<CheckDefinition, 'provenBy' | 'explain'>;
  needs: Precondition[];
  send(receiver: Receiver, taskId: string): ReturnType<Receiver['request']>;
}

const CASES: UnknownIdCase[] = [
  {
    method: 'tasks/get',
    story: {
      provenBy: ['malformed-task-id-wrong-code', 'unknown-task-get-wrong-code'],
      explain: {
        does:
          'Sends tasks/get for a task ID that never existed, then with a malformed taskId (a number, none at ' +
          'all, an empty string): each answer must be the JSON-RPC error -32602 (Invalid params).',
        causes: [
          {
            ...UNKNOWN_ID_AS_INTERNAL_ERROR,
            seenIn: `${MCP_FRAMEWORK}; ${SIMPLE_TASK_INTERACTIVE}; ${EXT_TASKS}`,
            faults: ['unknown-task-get-wrong-code'],
          },
          {
            cause: 'A taskId that is no string, or missing, fails the request schema, and the SDK sends the validation error as -32603.',
            fix: `Check params.taskId first: for a non-string, missing or empty one, ${INVALID_PARAMS_FIX}.`,
            seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}; ${SIMPLE_TASK_INTERACTIVE}; ${SDK_CLIENT}; ${EXT_TASKS}`,
            faults: ['malformed-task-id-wrong-code'],
          },
        ],
      },
    },
    needs: [],
    send: (receiver, id) => receiver.getTask(id),
  },
  {
    method: 'tasks/result',
    story: {
      provenBy: ['malformed-task-id-wrong-code', 'unknown-task-result-wrong-code'],
      explain: {
        does:
          'Sends tasks/result for a task ID that never existed, then with a malformed taskId (a number, none at all, an empty string): ' +
          'each answer must be the JSON-RPC error -32602 (Invalid params).',
        causes: [
          {
            ...UNKNOWN_ID_AS_INTERNAL_ERROR,
            seenIn: `${MCP_FRAMEWORK}; ${SIMPLE_TASK_INTERACTIVE}; ${EXT_TASKS}`,
            faults: ['unknown-task-result-wrong-code'],
          },
          {
            cause: 'A taskId that is no string, or missing, fails the request schema, and the SDK sends the validation error as -32603.',
            fix: `Check params.taskId first: for a non-string, missing or empty one, ${INVALID_PARAMS_FIX}.`,
            seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}; ${SIMPLE_TASK_INTERACTIVE}; ${SDK_CLIENT}; ${EXT_TASKS}`,
            faults: ['malformed-task-id-wrong-code'],
          },
          {
            cause: 'tasks/result waits for a task that does not exist, and never answers.',
            fix: 'Look the task up before waiting for its end.',
          },
        ],
      },
    },
    needs: [],
    send: (receiver, id) => receiver.taskResult(id),
  },
  {
    method: 'tasks/cancel',
    story: {
      provenBy: ['malformed-task-id-wrong-code', 'unknown-task-cancel-wrong-code'],
      explain: {
        does:
          'Sends tasks/cancel for a task ID that never existed, then with a malformed taskId (a number, none at all, an empty string): ' +
          'each answer must be the JSON-RPC error -32602 (Invalid params).',
        causes: [
          {
            ...UNKNOWN_ID_AS_INTERNAL_ERROR,
            seenIn: `${MCP_FRAMEWORK}; ${EXT_TASKS}`,
            faults: ['unknown-task-cancel-wrong-code'],
          },
          {
            cause: 'A taskId that is no string, or missing, fails the request schema, and the SDK sends the validation error as -32603.',
            fix: `Check params.taskId first: for a non-string, missing or empty one, ${INVALID_PARAMS_FIX}.`,
            seenIn: `${SERVER_EVERYTHING}; ${MCP_FRAMEWORK}; ${SDK_CLIENT}; ${EXT_TASKS}`,
            faults: ['malformed-task-id-wrong-code'],
          },
          {
            cause: 'The cancel of an unknown ID succeeds silently.',
            fix: 'Look the task up first and refuse an unknown ID with -32602.',
          },
        ],
      },
    },
    needs: [{ kind: 'tasks-capability', path: 'cancel' }],
    send: (receiver, id) => receiver.cancelTask(id),
  },
];

/** Params whose taskId is malformed rather than unknown: invalid params as much as an ID that never existed. */
const MALFORMED_TASK_IDS: readonly { what: string; params: Record<string, unknown> }[] = [
  { what: 'a number as taskId (42)', params: { taskId: 42 } },
  { what: 'no taskId at all', params: {} },
  { what: 'an empty string as taskId', params: { taskId: '' } },
];

function isInvalidParams(reply: RpcReply): boolean {
  return !reply.ok && reply.error.code === -32602;
}

/** Whether tasks/get with the empty taskId finds a task that the receiver gave that ID. */
async function holdsEmptyIdTask(receiver: Receiver): Promise<boolean> {
  const reply = await receiver.getTask('');
  return reply.ok && reply.result.taskId === '';
}

function unknownTaskIdCheck(testCase: UnknownIdCase): CheckDefinition {
  const name = testCase.method.split('/')[1];
  return defineCheck({
    id: `protocol-errors.unknown-task-${name}`,
    title: `${testCase.method} naming no task (a task ID that never existed, or a numeric, missing or empty one, unless a task has the empty ID) is answered with -32602`,
    suite: 'protocol-errors',
    spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#protocol-errors',
    ...testCase.story,
    cohabits: true,
    requirements: ['TASKS-ERROR-INVALID-TASK-ID'],
    roles: ['server', 'client'],
    needs: [{ kind: 'tasks-capability', path: 'requests' }, ...testCase.needs],
    async run(ctx: CheckContext) {
      const receiver = await ctx.connect();
      const reply = await testCase.send(receiver, uniqueText('no-such-task'));
      ctx.expect('TASKS-ERROR-INVALID-TASK-ID', isInvalidParams(reply), `expected error -32602 for a task ID that never existed, got ${errorCodeOf(reply)}`);
      for (const malformed of MALFORMED_TASK_IDS) {
        // The empty string is a string, so a receiver may have given it to a task (each ID names one task): then it names that task.
        if (malformed.params.taskId === '' && (await holdsEmptyIdTask(receiver))) {
          ctx.reportInfo(`tasks/get with an empty taskId answered with a task of that ID, so the empty string names a task here and ${testCase.method} with it is not judged`);
          continue;
        }
        const answer = await receiver.request(testCase.method, malformed.params);
        ctx.expect('TASKS-ERROR-INVALID-TASK-ID', isInvalidParams(answer), `expected error -32602 for ${testCase.method} with ${malformed.what}, got ${errorCodeOf(answer)}`);
      }
    },
  });
}

export const UNKNOWN_TASK_ID_CHECKS = CASES.map(unknownTaskIdCheck);
export const UNKNOWN_TASK_ID_CASES = CASES;
