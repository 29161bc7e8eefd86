import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { takesTasks } from '../../../harness/model/fixtures.js';
import type { FixtureRole } from '../../../harness/model/model.js';
import { describeReply } from '../../../harness/model/describe.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { SIMPLE_TASK_INTERACTIVE, EXT_TASKS } from '../explain-words.js';

interface Probe {
  role: FixtureRole;
  label: string;
  input(workMs: number): Record<string, unknown>;
  /** How long the work takes at the least; 0 when it may finish (or ask for input) at once. */
  minWorkMs(workMs: number): number;
  /** The statuses the work itself can move the task to, once it has had time to. */
  reachable: readonly string[];
}

const DELIBERATE_ERROR = { code: -32042, message: 'conformance: deliberate failure' };

/** Every fixture that runs as a task, with work long enough to outlast the answer, plus echo's instant case. */
const PROBES: readonly Probe[] = [
  { role: 'echo', label: 'echo', input: (workMs) => ({ text: uniqueText('working'), delayMs: workMs }), minWorkMs: (workMs) => workMs, reachable: ['completed'] },
  { role: 'echo', label: 'echo with no delay', input: () => ({ text: uniqueText('working-instant'), delayMs: 0 }), minWorkMs: () => 0, reachable: ['completed'] },
  { role: 'required', label: 'required', input: (workMs) => ({ text: uniqueText('working'), delayMs: workMs }), minWorkMs: (workMs) => workMs, reachable: ['completed'] },
  { role: 'fail', label: 'fail', input: (workMs) => ({ text: uniqueText('working'), delayMs: workMs }), minWorkMs: (workMs) => workMs, reachable: ['failed'] },
  { role: 'error', label: 'error', input: (workMs) => ({ ...DELIBERATE_ERROR, delayMs: workMs }), minWorkMs: (workMs) => workMs, reachable: ['failed'] },
  // The input fixture asks for input as soon as it starts.
  { role: 'input', label: 'input', input: () => ({ text: uniqueText('working') }), minWorkMs: () => 0, reachable: ['input_required'] },
  { role: 'progress', label: 'progress', input: () => ({ steps: 1, intervalMs: 0 }), minWorkMs: () => 0, reachable: ['completed'] },
];

export default defineCheck({
  id: 'creation.status-working',
  title: 'Every new task begins in status "working"',
  suite: 'creation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#task-status-lifecycle',
  cohabits: true,
  requirements: ['TASKS-LIFECYCLE-START-WORKING'],
  roles: ['server', 'client'],
  needs: [{ kind: 'tasks-capability', path: 'requests' }],
  provenBy: ['create-result-slow', 'create-status-not-working', 'input-task-created-input-required', 'instant-task-created-completed'],
  explain: {
    does:
      'Starts a task with every fixture that can run as one (echo, required, fail, error, input, progress), with work long ' +
      'enough to outlast the answer, and reads the status in each CreateTaskResult: it must be "working". A later status is ' +
      'only warned when the work could really have got there before the answer left, as instant work can.',
    causes: [
      {
        cause: 'The task begins in input_required, because its work asks the requestor a question before the CreateTaskResult is sent.',
        fix: 'Create the task "working", send the CreateTaskResult, and switch to input_required only once the work waits for an answer.',
        seenIn: `${SIMPLE_TASK_INTERACTIVE}; ${EXT_TASKS} (every task)`,
        faults: ['create-status-not-working'],
      },
      {
        cause: 'The CreateTaskResult is held until the work has finished, yet still says "working" or already a terminal status.',
        fix: 'Answer as soon as the task is stored and run the work detached from the request (see creation.prompt).',
        faults: ['create-result-slow'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    // Only tools that may be called as tasks: no execution.taskSupport means "forbidden".
    const probes = PROBES.filter(({ role }) => {
      const binding = ctx.facts.fixtures.get(role);
      return binding !== undefined && takesTasks(binding);
    });
    if (probes.length === 0) ctx.skip('the receiver offers no fixture that can run as a task');
    // Long enough that the work cannot have ended before a prompt CreateTaskResult reaches us.
    const workMs = ctx.timing.span(500, 2);
    const receiver = await ctx.connect();
    // No pass without a task seen: the first refusal is kept to say why there was none.
    let created = 0;
    let refusal: string | undefined;
    for (const probe of probes) {
      const binding = ctx.fixture(probe.role);
      const reply = await receiver.invoke(binding, probe.input(workMs), { task: { ttl: 60_000 } });
      const task = reply.ok ? (reply.result.task as Record<string, unknown> | undefined) : undefined;
      // A fixture that creates no task here is the concern of the creation and negotiation checks.
      if (!task) refusal ??= `${binding.tool}: ${describeReply(reply)}`;
      else created += 1;
      if (!task || task.status === 'working') continue;
      const what = `the ${binding.tool} task (${probe.label})`;
      // The status a CreateTaskResult shows may already be a later one, if the work could have got there before the answer left.
      const couldHaveMovedOn = probe.reachable.includes(String(task.status)) && (!binding.honoursDelay || reply.elapsedMs >= probe.minWorkMs(workMs));
      if (couldHaveMovedOn) {
        ctx.lenient(
          'TASKS-LIFECYCLE-START-WORKING',
          `expected ${what} to begin "working" in its CreateTaskResult, got ${JSON.stringify(task.status)}; ` +
            `its work could have reached that status before the answer was sent, so the task may have begun ` +
            `working and moved on (warned, not failed)`,
        );
      } else {
        ctx.expect(
          'TASKS-LIFECYCLE-START-WORKING',
          false,
          `expected ${what} to begin "working" in its CreateTaskResult, got ${JSON.stringify(task.status)}, a ` +
            `status its work could not have reached ${reply.elapsedMs} ms after the call (work of ` +
            `${probe.minWorkMs(workMs)} ms)`,
        );
      }
    }
    if (created === 0) ctx.unmet('TASKS-RESULT-CREATE-TASK-RESULT', `none of the ${probes.length} task-augmented calls created a task, so no status to judge; the first was answered ${refusal}`);
  },
});
