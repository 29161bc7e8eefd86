import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { canonicalJson, describeReply } from '../../../harness/model/describe.js';
import type { ReceiverRole } from '../../../harness/model/model.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';

/** A request type no receiver of the role declares task support for (the capability tables name none for it). */
interface UndeclaredType {
  method: string;
  roles: readonly ReceiverRole[];
  /** The capability the receiver must declare to take the request at all. */
  capability?: string;
  /** What stays the same between a plain answer and one to the request carrying `task`. */
  essence(result: Record<string, unknown>): string;
}

const TYPES: readonly UndeclaredType[] = [
  // Every party answers ping; its result is empty, `_meta` aside.
  { method: 'ping', roles: ['server', 'client'], essence: (result) => canonicalJson({ ...result, _meta: undefined }) },
  { method: 'tools/list', roles: ['server'], capability: 'tools', essence: (result) => canonicalJson(toolNames(result)) },
];

function toolNames(result: Record<string, unknown>): unknown {
  return Array.isArray(result.tools) ? result.tools.map((tool) => (tool as { name?: unknown } | null)?.name).sort() : result.tools;
}

/** Whether `tasks.requests` names the method (e.g. tools/list → requests.tools.list): then the rule is not for it. */
function declaresTasksFor(requests: unknown, method: string): boolean {
  let node = requests;
  for (const segment of method.split('/')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
  return node !== undefined;
}

export default defineCheck({
  id: 'capabilities.undeclared-type-ignores-task',
  title: 'A receiver with task support treats a request of another type (ping, tools/list) carrying task as a plain one',
  suite: 'capabilities',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-support-and-handling',
  cohabits: true,
  requirements: ['TASKS-SUPPORT-UNDECLARED-NORMAL'],
  // The rule binds clients as well: for them only ping is sent.
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }],
  provenBy: ['undeclared-type-rejects-task'],
  explain: {
    does:
      'For a receiver that declares task support (for tools/call), sends ping and tools/list twice each, once plain and once ' +
      'carrying `task`: no receiver can declare task support for them, so the second must be answered like the first ' +
      '(the same tool names; no CreateTaskResult, no error). A type the receiver cannot answer even plainly is left out.',
    causes: [
      {
        cause: 'The request schemas reject the unknown `task` field (-32602) on every method but tools/call.',
        fix: 'Accept and ignore `params.task` on request types without declared task support; only the declared ones read it.',
        faults: ['undeclared-type-rejects-task'],
      },
      {
        cause: 'A generic middleware turns every request carrying `task` into a task, whatever its type.',
        fix: 'Create tasks only for the request types declared in `capabilities.tasks.requests`.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const requests = tasksCapability(ctx.facts)?.requests;
    const types = TYPES.filter((type) => type.roles.includes(ctx.facts.role) && (type.capability === undefined || ctx.facts.capabilities[type.capability] !== undefined));
    let compared = 0;
    for (const type of types) {
      if (declaresTasksFor(requests, type.method)) continue;
      const plain = await receiver.request(type.method, {});
      if (!plain.ok) {
        ctx.reportInfo(`${type.method} without task already fails (${describeReply(plain)}), so there is no normal answer to compare with`);
        continue;
      }
      compared += 1;
      const augmented = await receiver.request(type.method, { task: { ttl: 60_000 } });
      const created = augmented.ok && typeof augmented.result.task === 'object' && augmented.result.task !== null;
      const undeclared = `no task support is declared for ${type.method}, so the task field is to be ignored`;
      const normal = ctx.expect('TASKS-SUPPORT-UNDECLARED-NORMAL', augmented.ok && !created, `expected the normal ${type.method} result (${undeclared}), got ${describeReply(augmented)}`);
      if (!normal || !augmented.ok) continue;
      const [before, after] = [type.essence(plain.result), type.essence(augmented.result)];
      ctx.expect('TASKS-SUPPORT-UNDECLARED-NORMAL', before === after, `expected the same ${type.method} result as without task, ${before}, got ${after}`);
    }
    if (compared === 0) ctx.skip('no request type without declared task support could be answered normally here, so none could be sent with task to compare');
  },
});
