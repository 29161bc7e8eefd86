import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

export default defineCheck({
  id: 'tool-negotiation.optional-both-ways',
  title: 'A taskSupport "optional" tool serves a plain call and a task-augmented call',
  suite: 'tool-negotiation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation',
  cohabits: true,
  requirements: ['TASKS-TOOL-OPTIONAL-SERVED'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo', taskSupport: true },
  ],
  provenBy: ['optional-plain-call-answers-task', 'optional-plain-call-error'],
  explain: {
    does:
      'Calls the echo fixture (taskSupport "optional") once plainly and once with `task`: the first must give an ordinary ' +
      'CallToolResult, the second a CreateTaskResult. A plain call refused with -32600 passes (a receiver that declares tasks ' +
      'for tools/call may demand them, and -32600 is how it says so); one refused otherwise is only warned.',
    causes: [
      {
        cause: 'The task-augmented call is answered with the plain result: `task` is ignored.',
        fix: 'When an optional tool is called with `task`, create the task and answer with the CreateTaskResult.',
      },
      {
        cause: 'The plain call creates a task anyway.',
        fix: 'Create a task only when the request carries `task`.',
        faults: ['optional-plain-call-answers-task'],
      },
      {
        cause: '(a warning) The plain call is refused.',
        fix: 'Serve plain calls to optional tools, or declare the tool "required" if it must run as a task.',
        faults: ['optional-plain-call-error'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const binding = ctx.fixture('echo');
    const receiver = await ctx.connect();
    const plain = await receiver.invoke(binding, { text: uniqueText('optional-plain') });
    if (!plain.ok && plain.error.code === -32600) {
      // The refusal Protocol Errors names for a receiver that demands tasks (TASKS-ERROR-MAY-REQUIRE-TASK): allowed.
      ctx.reportInfo(`the plain call was refused with -32600 (${plain.error.message}): this receiver demands task augmentation, as it may`);
    } else if (!plain.ok) {
      // Task Support and Handling lets a receiver that declared tasks refuse plain requests (TASKS-SUPPORT-MAY-REQUIRE), though "optional" invites them.
      ctx.lenient(
        'TASKS-TOOL-OPTIONAL-SERVED',
        `the plain call was refused with ${describeReply(plain)}; "optional" invites plain calls, though a receiver that declares tasks for tools/call may demand them`,
      );
    } else {
      ctx.expect(
        'TASKS-TOOL-OPTIONAL-SERVED',
        plain.ok && Array.isArray(plain.result.content) && plain.result.task === undefined,
        `expected a CallToolResult for the plain call, got ${describeReply(plain)}`,
      );
    }
    const augmented = await receiver.invoke(binding, { text: uniqueText('optional-task') }, { task: { ttl: 60_000 } });
    ctx.expect(
      'TASKS-TOOL-OPTIONAL-SERVED',
      augmented.ok && typeof augmented.result.task === 'object' && augmented.result.task !== null,
      `expected a CreateTaskResult for the task-augmented call, got ${describeReply(augmented)}`,
    );
  },
});
