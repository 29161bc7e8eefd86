import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation
export default defineCheck({
  id: 'tool-negotiation.required-without-task',
  title: 'A plain call to a taskSupport "required" tool is refused with -32601',
  suite: 'tool-negotiation',
  cohabits: true,
  requirements: ['TASKS-TOOL-REQUIRED-METHOD-NOT-FOUND'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'required', taskSupport: true },
  ],
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
