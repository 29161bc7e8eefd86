import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { hasRelatedTaskMeta } from '../../../harness/receivers/2025-11-25/receiver.js';
import { requestorTraffic } from './traffic.js';

const TASK_OPERATIONS = ['tasks/get', 'tasks/result', 'tasks/cancel', 'tasks/list'];

export default defineCheck({
  id: 'requestor.no-related-meta-on-task-operations',
  title: 'As a requestor, the client (or server) sends tasks/get, tasks/result and tasks/cancel without related-task _meta',
  suite: 'requestor',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#associating-task-related-messages',
  requirements: ['TASKS-META-REQUESTOR-NO-META'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  // The requestor scenario: the harness's tasks take their polls to finish, as in requestor.polls-until-terminal.
  cost: { waitMs: 1000, roundTrips: 8 },
  provenBy: ['ask-related-meta-on-task-requests', 'related-meta-on-task-requests'],
  explain: {
    does:
      "Through the call-tools directive, has the client under test call the suite's tools and follow the tasks it creates " +
      "(a server under test: calls its ask tool, whose sampling request the suite's client takes as a task), " +
      'then looks at the tasks/get, tasks/result, tasks/cancel and tasks/list requests it sent: none should carry the ' +
      'related-task `_meta`, since `params.taskId` names the task. A tagged request is warned.',
    causes: [
      {
        cause: 'A client helper tags every request about a task with the related-task `_meta`.',
        fix: 'Leave `_meta` out of the task operations; it belongs on messages sent on behalf of a task.',
        faults: ['related-meta-on-task-requests'],
      },
      {
        cause: "A server following a client's task reuses the helper that tags its task-related messages for the task operations too.",
        fix: 'Send tasks/get and tasks/result with `params.taskId` alone; keep the related-task `_meta` for messages sent on behalf of a task.',
        faults: ['ask-related-meta-on-task-requests'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const { who, requests } = await requestorTraffic(ctx);
    const operations = requests.filter((request) => TASK_OPERATIONS.includes(request.method));
    if (operations.length === 0) ctx.skip(`the ${who} created no task it then asked about (no tasks/get, tasks/result or tasks/cancel was sent)`);
    for (const request of operations.filter((r) => hasRelatedTaskMeta(r.params))) {
      ctx.expect('TASKS-META-REQUESTOR-NO-META', false, `expected no related-task _meta on ${request.method} (its params.taskId names the task), got _meta ${JSON.stringify(request.params._meta)}`);
    }
  },
});
