import { defineCheck, type CheckContext } from '../../../harness/receivers/2025-11-25/check.js';
import { tasksCapability } from '../../../harness/receivers/preconditions.js';
import { awaitTerminalStatus } from '../../../harness/receivers/2025-11-25/waits.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** Output that is no MCP message at all; an answer to an unknown request is a JSON-RPC message, judged elsewhere. */
const NOT_MCP = new Set(['line that is not JSON', 'message that is not JSON-RPC']);

export default defineCheck({
  id: 'transport.stdout-only-mcp',
  title: 'A server on stdio writes nothing but MCP messages to its stdout',
  suite: 'transport',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio',
  requirements: ['BASE-STDIO-STDOUT-MCP-ONLY'],
  needs: [{ kind: 'transport', transport: 'stdio' }],
  cost: { awaitsWork: 1 },
  // What a server writes as it starts counts too: its process is its own, not one an earlier check used.
  ownConnections: true,
  provenBy: ['stdout-log-line'],
  explain: {
    does:
      'Over stdio, lists the tools and, where the server runs tasks, takes one echo task from creation to its result, then ' +
      "reads what the connection recorded: every line on the server's stdout that was not JSON, or JSON that was no " +
      'JSON-RPC message, fails the check.',
    causes: [
      {
        cause: 'Logging, a banner or debug output goes to stdout (console.log in a Node server, print in Python).',
        fix: 'Send logs to stderr (console.error, sys.stderr) or as notifications/message; keep stdout for MCP messages alone.',
        faults: ['stdout-log-line'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // The paths a run takes most: listing tools and, where the server runs tasks, one task from start to result.
    await receiver.listAllTools();
    if (tasksCapability(ctx.facts)?.requests !== undefined && ctx.facts.fixtures.has('echo')) {
      const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('stdout'), delayMs: 0 }, { task: { ttl: 60_000 } });
      await awaitTerminalStatus(receiver, task.taskId, { timing: ctx.timing, signal: ctx.signal });
      await receiver.taskResult(task.taskId);
    }
    const improper = receiver.improperOutput().filter((seen) => NOT_MCP.has(seen.kind));
    ctx.expect(
      'BASE-STDIO-STDOUT-MCP-ONLY',
      improper.length === 0,
      () => `expected only MCP messages on stdout (logs belong on stderr), got ${improper.map((seen) => `${seen.count} × ${seen.kind} (the last ${JSON.stringify(seen.last)})`).join('; ')}`,
    );
  },
});
