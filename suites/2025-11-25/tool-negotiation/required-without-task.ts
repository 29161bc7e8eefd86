import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import { uniqueText } from '../../../harness/receivers/waits.js';
import { MCP_FRAMEWORK, SERVER_EVERYTHING, SIMPLE_TASK_INTERACTIVE } from '../explain-words.js';

export default defineCheck({
  id: 'tool-negotiation.required-without-task',
  title: 'A plain call to a taskSupport "required" tool is refused with -32601',
  suite: 'tool-negotiation',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation',
  cohabits: true,
  requirements: ['TASKS-TOOL-REQUIRED-METHOD-NOT-FOUND'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'required', taskSupport: true },
  ],
  provenBy: ['plain-calls-refused', 'required-without-task-invalid-request', 'required-without-task-iserror'],
  explain: {
    does:
      'Calls the `required` fixture tool (taskSupport "required") without `task`. The call must be refused with the JSON-RPC ' +
      'error -32601; -32600 only warns, because the protocol-errors section lets a receiver that insists on tasks use it.',
    causes: [
      {
        cause: 'The tool simply runs as a plain call.',
        fix: "Before dispatching tools/call, read the tool's taskSupport and refuse a plain call to a required tool with -32601.",
        seenIn: MCP_FRAMEWORK,
      },
      {
        cause: 'The refusal is wrapped into a successful CallToolResult with `isError: true`.',
        fix: 'Answer with a JSON-RPC error object, not a tool result: raise the protocol error outside the tool handler.',
        seenIn: SERVER_EVERYTHING,
        faults: ['required-without-task-iserror'],
      },
      {
        cause: 'The refusal comes as -32603 (Internal error): the handler throws a plain Error.',
        fix: 'Throw the protocol error class of your SDK with code -32601.',
        seenIn: SIMPLE_TASK_INTERACTIVE,
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const reply = await receiver.invoke(ctx.fixture('required'), { text: uniqueText('required') });
    if (!reply.ok && reply.error.code === -32600) {
      // The Protocol Errors section lets a receiver demand augmentation with -32600; only the tool rule asks for -32601.
      ctx.lenient('TASKS-TOOL-REQUIRED-METHOD-NOT-FOUND', 'expected -32601, got -32600; the error section allows -32600 here, the tool-level rule asks for -32601');
      return;
    }
    ctx.expect('TASKS-TOOL-REQUIRED-METHOD-NOT-FOUND', !reply.ok && reply.error.code === -32601, `expected error -32601 (or -32600), got ${errorCodeOf(reply)}`);
  },
});
