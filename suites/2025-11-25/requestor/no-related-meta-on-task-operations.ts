import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { hasRelatedTaskMeta } from '../../../harness/receivers/2025-11-25/receiver.js';
import { requestorTraffic } from './traffic.js';

const TASK_OPERATIONS = ['tasks/get', 'tasks/result', 'tasks/cancel', 'tasks/list'];

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#associating-task-related-messages
export default defineCheck({
  id: 'requestor.no-related-meta-on-task-operations',
  title: 'As a requestor, the client (or server) sends tasks/get, tasks/result and tasks/cancel without related-task _meta',
  suite: 'requestor',
  requirements: ['TASKS-META-REQUESTOR-NO-META'],
  roles: ['client', 'server'],
  needs: [{ kind: 'fixture', role: 'echo' }],
  // The requestor scenario: the harness's tasks take their polls to finish, as in requestor.polls-until-terminal.
  cost: { waitMs: 1000, roundTrips: 8 },
  async run(ctx: CheckContext) {
    const { who, requests } = await requestorTraffic(ctx);
    const operations = requests.filter((request) => TASK_OPERATIONS.includes(request.method));
    if (operations.length === 0) ctx.skip(`the ${who} created no task it then asked about (no tasks/get, tasks/result or tasks/cancel was sent)`);
    for (const request of operations.filter((r) => hasRelatedTaskMeta(r.params))) {
      ctx.expect('TASKS-META-REQUESTOR-NO-META', false, `expected no related-task _meta on ${request.method} (its params.taskId names the task), got _meta ${JSON.stringify(request.params._meta)}`);
    }
  },
});
