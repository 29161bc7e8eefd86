import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { MISSING_REQUIRED_CLIENT_CAPABILITY } from '../../../harness/wire/2026-07-28/envelope.js';
import { createdTask, type ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import type { ExtRequestOptions } from '../../../harness/receivers/2026-07-28/receiver.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** What a 2025-11-25 client declares: the old `tasks` capability object, and no extension. */
const LEGACY_ONLY = { elicitation: { form: {} }, tasks: { cancel: {}, requests: { tools: { call: {} } } } };

export default defineCheck({
  id: 'ext-negotiation.no-task-without-extension',
  title: 'A request that does not declare the extension never gets a CreateTaskResult (nor through the old task parameter or capability)',
  suite: 'ext-negotiation',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation',
  requirements: ['EXT-CAP-NO-TASK-WITHOUT-EXTENSION', 'EXT-CAP-TASK-PARAM-IGNORED', 'EXT-CAP-LEGACY-CLIENT-NON-DECLARING'],
  needs: [{ kind: 'fixture', role: 'slow' }],
  cost: { roundTrips: 7, awaitsWork: 1 },
  provenBy: ['ext-legacy-capability-declares', 'ext-remembers-extension', 'ext-task-param-opt-in', 'ext-task-without-extension'],
  explain: {
    does:
      'Calls slow_compute without the Tasks extension in clientCapabilities four ways: from a requestor ' +
      'that never declared it, with the 2025-11-25 `task` parameter, declaring only the 2025-11-25 `tasks` ' +
      'capability, and (with a second of work) right after a call of the same requestor that declared it. ' +
      'None may get a CreateTaskResult; the plain result or a refusal is fine. The task the declaring call ' +
      'got is then asked for with tasks/get declaring only the old capability, which must be refused with ' +
      '-32021.',
    causes: [
      {
        cause: 'The server decides to make a task from the tool alone, without reading the capabilities of this request.',
        fix:
          'Look for the Tasks extension under `extensions` in the client capabilities that each request ' +
          'carries in its `_meta`; where it is absent run the tool inline, or answer -32021 naming the ' +
          'extension.',
        faults: ['ext-task-without-extension'],
      },
      {
        cause: 'A 2025-11-25 code path survives: the `task` parameter of tools/call still opts in, or the old `tasks` client capability is read as the extension.',
        fix: 'Ignore params.task like any unknown field, and look only at `extensions["io.modelcontextprotocol/tasks"]` to decide whether a request may get a task.',
        faults: ['ext-task-param-opt-in', 'ext-legacy-capability-declares'],
      },
      {
        cause: 'The declaration is cached per client or session (as initialize capabilities were), so a later request that leaves the extension out still gets a task.',
        fix: 'Decide on each request from its own `_meta` clientCapabilities; keep nothing from earlier requests.',
        faults: ['ext-remembers-extension'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect({ extension: false });
    const binding = ctx.fixture('slow');
    const plain = (requirement: string, what: string, input: Record<string, unknown>, options: ExtRequestOptions & { task?: unknown } = {}) =>
      expectNoTask(ctx, receiver, requirement, what, input, options);

    // A requestor that never declared it, then the two opt-ins of 2025-11-25 the extension replaced.
    await plain('EXT-CAP-NO-TASK-WITHOUT-EXTENSION', 'without the extension in clientCapabilities', { seconds: 0, label: uniqueText('plain') });
    await plain('EXT-CAP-TASK-PARAM-IGNORED', 'with the 2025-11-25 params.task but no extension', { seconds: 0, label: uniqueText('param') }, { task: { ttl: 60_000 } });
    await plain('EXT-CAP-LEGACY-CLIENT-NON-DECLARING', 'declaring only the 2025-11-25 tasks capability', { seconds: 0, label: uniqueText('legacy') }, { capabilities: LEGACY_ONLY });

    // Declared on one request, left out of the next: the rule is per request, and the omitted call has real work.
    const declared = await receiver.callFixture(binding, { seconds: 0, label: uniqueText('declared') }, { extension: true });
    await plain('EXT-CAP-NO-TASK-WITHOUT-EXTENSION', 'right after a request of the same requestor declared the extension, without it', { seconds: 1, label: uniqueText('omitted') });

    // The task the declaring request got, addressed with only the old capability: refused like any non-declaring request.
    const task = createdTask(declared);
    if (!task) return ctx.reportInfo(`${binding.tool} with the extension was answered without a task (${describeReply(declared)}), so tasks/get with the old capability was not tried`);
    // Judged only where a request declaring nothing is refused: otherwise that is task-methods-need-extension's finding.
    const bare = await receiver.getTask(task.taskId, { extension: false });
    if (bare.ok || bare.error.code !== MISSING_REQUIRED_CLIENT_CAPABILITY)
      return ctx.reportInfo(`tasks/get without the extension was answered with ${describeReply(bare)}, so the old capability's tasks/get was not judged`);
    const get = await receiver.getTask(task.taskId, { capabilities: LEGACY_ONLY });
    ctx.expect(
      'EXT-CAP-LEGACY-CLIENT-NON-DECLARING',
      !get.ok && get.error.code === MISSING_REQUIRED_CLIENT_CAPABILITY,
      () =>
        `tasks/get of task ${task.taskId}, declaring only the 2025-11-25 tasks capability, was answered with ` +
        `${describeReply(get)}; expected error ${MISSING_REQUIRED_CLIENT_CAPABILITY}, as for any request ` +
        `without the extension`,
    );
  },
});

async function expectNoTask(
  ctx: CheckContext,
  receiver: ExtReceiver,
  requirement: string,
  what: string,
  input: Record<string, unknown>,
  { task, ...options }: ExtRequestOptions & { task?: unknown },
): Promise<void> {
  const binding = ctx.fixture('slow');
  const reply = await receiver.callFixture(binding, input, { extension: false, ...options, ...(task === undefined ? {} : { extra: { task } }) });
  ctx.expect(
    requirement,
    createdTask(reply) === undefined && !(reply.ok && reply.result.resultType === 'task'),
    () => `${binding.tool} ${what} was answered with a CreateTaskResult: ${describeReply(reply)}`,
  );
  // Refusing is the other allowed answer (the server cannot serve it without a task); that error is judged elsewhere.
  if (!reply.ok && reply.error.code !== MISSING_REQUIRED_CLIENT_CAPABILITY) ctx.reportInfo(`${binding.tool} ${what} was answered with ${describeReply(reply)}`);
}
