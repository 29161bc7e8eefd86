import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { TASKS_EXTENSION } from '../../../harness/wire/2026-07-28/envelope.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

const LEGACY_VERSION = '2025-11-25';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export default defineCheck({
  id: 'ext-negotiation.legacy-era-not-enabled',
  title: 'Under 2025-11-25, a client declaring the extension gets no task for a call without the task field',
  suite: 'ext-negotiation',
  // The SEP's compatibility table, under this section.
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#capability-negotiation',
  requirements: ['EXT-CAP-LEGACY-ERA-NOT-ENABLED'],
  // On stdio an initialize opens the legacy era on the process itself; over HTTP it would need a legacy session.
  needs: [{ kind: 'transport', transport: 'stdio' }],
  cost: { roundTrips: 4 },
  provenBy: ['ext-capability-enables-legacy-tasks'],
  explain: {
    does:
      'Over stdio, when server/discover also lists 2025-11-25: opens a 2025-11-25 session with an ' +
      'initialize that declares the Tasks extension, and calls a tool of task support optional without the ' +
      'task field. The answer must be no task (a plain result or an error).',
    causes: [
      {
        cause:
          'The code deciding on tasks reads the extension from the client capabilities whatever the protocol ' +
          'version, so a 2025-11-25 client declaring it gets tasks it did not ask for with the task field.',
        fix: 'Under 2025-11-25 decide by the task field of the call alone (and the 2025-11-25 capabilities); read the extension only on requests of versions that include it.',
        faults: ['ext-capability-enables-legacy-tasks'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    if (!(ctx.facts.supportedVersions ?? []).includes(LEGACY_VERSION)) ctx.skip(`server/discover does not list ${LEGACY_VERSION}, so the server is not known to serve that version beside this one`);
    const receiver = await ctx.connect();
    // A 2025-11-25 handshake whose capabilities declare the extension (and not the 2025-11-25 tasks capability).
    const init = await receiver.request(
      'initialize',
      { protocolVersion: LEGACY_VERSION, capabilities: { extensions: { [TASKS_EXTENSION]: {} } }, clientInfo: { name: 'dual-era-probe', version: '1.0.0' } },
      { bare: true },
    );
    if (!init.ok || init.result.protocolVersion !== LEGACY_VERSION)
      ctx.skip(`initialize for ${LEGACY_VERSION} was answered with ${describeReply(init)}, so there is no ${LEGACY_VERSION} session to try`);
    await receiver.session.notify('notifications/initialized');
    const listed = await receiver.request('tools/list', {}, { bare: true });
    const tools = listed.ok && Array.isArray(listed.result.tools) ? (listed.result.tools as Json[]) : [];
    const tool = tools.find((t) => isObject(t.execution) && t.execution.taskSupport === 'optional');
    if (!tool) ctx.skip(`no tool of the ${LEGACY_VERSION} session declares execution.taskSupport "optional", so none could answer a call either way`);
    // Without the task field: under 2025-11-25 only that field asks for a task.
    const reply = await receiver.request('tools/call', { name: tool.name, arguments: argumentsFor(tool.inputSchema) }, { bare: true });
    const task = reply.ok ? reply.result.task : undefined;
    ctx.expect(
      'EXT-CAP-LEGACY-ERA-NOT-ENABLED',
      !isObject(task) && !(reply.ok && reply.result.resultType === 'task'),
      () => `under ${LEGACY_VERSION}, ${String(tool.name)} called without the task field by a client that declared ${TASKS_EXTENSION} was answered with a task: ${describeReply(reply)}`,
    );
  },
});

/** Arguments that fit a tool's input schema: each required property with a plain value of its type. */
function argumentsFor(schema: unknown): Json {
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const required = isObject(schema) && Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const value = (property: unknown): unknown => {
    const type = isObject(property) ? property.type : undefined;
    if (type === 'integer' || type === 'number') return isObject(property) && typeof property.minimum === 'number' ? property.minimum : 0;
    return type === 'boolean' ? true : type === 'object' ? {} : type === 'array' ? [] : uniqueText('legacy');
  };
  return Object.fromEntries(required.map((name) => [name, value(properties[name])]));
}
