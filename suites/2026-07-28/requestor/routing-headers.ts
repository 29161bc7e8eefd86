import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { decodedHeaderValue, headerValue, META_PROTOCOL_VERSION } from '../../../harness/wire/2026-07-28/envelope.js';
import { driveClient, TASK_METHODS } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.routing-headers',
  title: 'Over HTTP the client sets Mcp-Name to the taskId on task requests and to the tool on tools/call, and Mcp-Method and MCP-Protocol-Version on every request',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/extensions/tasks/specification#streamable-http-routing-headers',
  requirements: ['EXT-HTTP-MCP-NAME', 'EXT-BASE-CLIENT-HTTP-HEADERS'],
  roles: ['client'],
  cost: { waitMs: 2_000, roundTrips: 14 },
  provenBy: ['ext-req-mcp-name-is-method', 'ext-req-no-mcp-method', 'ext-req-no-tool-name-header'],
  explain: {
    does:
      'Offers tools whose tasks the client polls, answers and cancels, and requires over Streamable HTTP ' +
      'the taskId in Mcp-Name of every tasks/get, tasks/update and tasks/cancel, the tool in Mcp-Name of ' +
      "every tools/call, the method in Mcp-Method and the body's protocol version in MCP-Protocol-Version " +
      'of every POST.',
    causes: [
      {
        cause: 'The transport fills Mcp-Name from params.name only (as for tools/call), so task requests carry none or a wrong one.',
        fix: 'For tasks/get, tasks/update and tasks/cancel set Mcp-Name to params.taskId (Base64 sentinel form when it is not plain ASCII).',
        faults: ['ext-req-mcp-name-is-method'],
      },
      {
        cause: 'The routing headers are set only where a server routes on a name (tools/call), so the task methods go without Mcp-Method.',
        fix: 'Set Mcp-Method to the JSON-RPC method and MCP-Protocol-Version to the protocol version on every POST, whatever the method.',
        faults: ['ext-req-no-mcp-method'],
      },
      {
        cause: 'Mcp-Name is set only for the task methods the extension names, and tools/call, whose name the base transport mirrors, goes without.',
        fix: 'Set Mcp-Name to params.name on tools/call and prompts/get and to params.uri on resources/read, as for the task methods their taskId.',
        faults: ['ext-req-no-tool-name-header'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await driveClient(ctx, { tools: ['task', 'input', 'cancel'], inputRounds: 1 });
    const posts = run.record.requests.filter((request) => request.via === 'http');
    if (posts.length === 0) ctx.skip('the client reached the server over stdio, where no HTTP headers travel');
    const taskRequests = posts.filter((request) => TASK_METHODS.has(request.method) && typeof request.params.taskId === 'string');
    if (taskRequests.length === 0) ctx.skip('the client sent no tasks/get, tasks/update or tasks/cancel, so there is no Mcp-Name of a task request to judge');
    // A plain taskId may also be sent in the Base64 sentinel form: both read back to the taskId.
    const misnamed = taskRequests.filter(
      (request) => request.headers.mcpName !== headerValue(request.params.taskId as string) && decodedHeaderValue(request.headers.mcpName) !== request.params.taskId,
    );
    ctx.expect(
      'EXT-HTTP-MCP-NAME',
      misnamed.length === 0,
      () =>
        `expected Mcp-Name to be the taskId on every task request, got ${misnamed
          .slice(0, 3)
          .map((request) => `${request.method} of ${String(request.params.taskId)} with Mcp-Name ${JSON.stringify(request.headers.mcpName ?? null)}`)
          .join('; ')}`,
    );
    // The base transport page requires Mcp-Name of tools/call too: the tool's name, plain or in the Base64 sentinel form.
    const calls = posts.filter((request) => request.method === 'tools/call' && typeof request.params.name === 'string');
    const unnamedCalls = calls.filter((request) => request.headers.mcpName !== headerValue(request.params.name as string) && decodedHeaderValue(request.headers.mcpName) !== request.params.name);
    ctx.expect(
      'EXT-BASE-CLIENT-HTTP-HEADERS',
      unnamedCalls.length === 0,
      () =>
        `expected Mcp-Name to be the tool's name on every tools/call, got ${unnamedCalls
          .slice(0, 3)
          .map((request) => `${String(request.params.name)} with Mcp-Name ${JSON.stringify(request.headers.mcpName ?? null)}`)
          .join('; ')}`,
    );
    const wrongMethod = posts.filter((request) => request.headers.mcpMethod !== request.method);
    ctx.expect(
      'EXT-BASE-CLIENT-HTTP-HEADERS',
      wrongMethod.length === 0,
      () =>
        `expected Mcp-Method to be the method of every request, got ${wrongMethod
          .slice(0, 3)
          .map((request) => `${request.method} with Mcp-Method ${JSON.stringify(request.headers.mcpMethod ?? null)}`)
          .join('; ')}`,
    );
    const versionOf = (request: (typeof run.record.requests)[number]) => (request.params._meta as Record<string, unknown> | undefined)?.[META_PROTOCOL_VERSION];
    // A body without a version is EXT-BASE-CLIENT-REQUEST-META's to judge; here the header must be there and agree.
    const wrongVersion = posts.filter((request) => request.headers.protocolVersion === undefined || (versionOf(request) !== undefined && request.headers.protocolVersion !== versionOf(request)));
    ctx.expect(
      'EXT-BASE-CLIENT-HTTP-HEADERS',
      wrongVersion.length === 0,
      () =>
        `expected MCP-Protocol-Version on every POST, equal to _meta's protocol version, got ${wrongVersion
          .slice(0, 3)
          .map((request) => `${request.method} with ${JSON.stringify(request.headers.protocolVersion ?? null)} (body ${JSON.stringify(versionOf(request) ?? null)})`)
          .join('; ')}`,
    );
  },
});
