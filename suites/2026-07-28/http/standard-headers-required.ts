import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { HEADER_MISMATCH, MODERN_PROTOCOL_VERSION, UNSUPPORTED_PROTOCOL_VERSION } from '../../../harness/wire/2026-07-28/envelope.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { uniqueText } from '../../../harness/receivers/waits.js';

/** The version a server that still serves pre-2025-06-18 clients may take a POST without MCP-Protocol-Version for. */
const HEADERLESS_VERSION = '2025-03-26';

export default defineCheck({
  id: 'ext-http.standard-headers-required',
  title: 'HTTP: a request left without a required standard header (Mcp-Method, MCP-Protocol-Version, the Mcp-Name of tools/call) is refused with 400 and -32020',
  suite: 'ext-http',
  spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#server-validation',
  requirements: ['EXT-BASE-HEADER-VALIDATION'],
  needs: [{ kind: 'transport', transport: 'http' }],
  cost: { roundTrips: 4 },
  provenBy: ['ext-ignores-routing-headers', 'ext-method-header-optional', 'ext-tool-name-header-optional', 'ext-version-header-optional'],
  explain: {
    does:
      'Over Streamable HTTP, sends tools/list without Mcp-Method, tools/call of the slow fixture (no work) ' +
      'without Mcp-Name, and tools/list without MCP-Protocol-Version, each otherwise as a conforming client ' +
      'sends it: each must be refused with status 400 and error -32020. A server that lists a version ' +
      'before 2026-07-28 in server/discover, or answers a legacy initialize, may take the POST without a ' +
      'version for 2025-03-26: its answer is then noted, not judged.',
    causes: [
      {
        cause: 'The server compares a standard header with the body only when the header is there, so a request that leaves it out is served from the body alone.',
        fix: 'Treat a missing Mcp-Method (any request) or Mcp-Name (tools/call, resources/read, prompts/get) as a failed validation: 400 with -32020.',
        faults: ['ext-ignores-routing-headers', 'ext-method-header-optional', 'ext-tool-name-header-optional'],
      },
      {
        cause: 'A POST without MCP-Protocol-Version is served by the version in `_meta`, although the server serves no client old enough to leave the header out.',
        fix: 'Unless you still serve 2025-03-26 clients, answer a POST without MCP-Protocol-Version with 400 and -32020.',
        faults: ['ext-version-header-optional'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    expectRefused(ctx, receiver, 'tools/list without Mcp-Method', await receiver.request('tools/list', {}, { headers: { 'mcp-method': null } }));
    if (ctx.facts.fixtures.has('slow')) {
      const binding = ctx.fixture('slow');
      // Served anyway, the call only computes for 0 s.
      const call = await receiver.callFixture(binding, { seconds: 0, label: uniqueText('headers') }, { headers: { 'mcp-name': null } });
      expectRefused(ctx, receiver, `tools/call of ${binding.tool} without Mcp-Name`, call);
    } else {
      ctx.reportInfo('no slow fixture is bound, so tools/call without Mcp-Name was not tried');
    }

    const versionless = await receiver.request('tools/list', {}, { headers: { 'mcp-protocol-version': null } });
    const status = receiver.exchange(versionless)?.status;
    // A modern error with 400 refuses it; -32022 reads the missing header as an old version the server does not serve.
    if (status === 400 && !versionless.ok && (versionless.error.code === HEADER_MISMATCH || versionless.error.code === UNSUPPORTED_PROTOCOL_VERSION)) {
      if (versionless.error.code !== HEADER_MISMATCH) ctx.reportInfo(`tools/list without MCP-Protocol-Version was refused with status 400 and ${describeReply(versionless)}`);
      return;
    }
    const legacy = await servesLegacyClients(ctx, receiver);
    if (legacy) {
      ctx.reportInfo(
        `tools/list without MCP-Protocol-Version was answered with HTTP status ${status ?? 'unknown'} and ` +
          `${describeReply(versionless)}; the server ${legacy}, so it may take the request for ${HEADERLESS_VERSION} (not judged)`,
      );
      return;
    }
    expectRefused(ctx, receiver, 'tools/list without MCP-Protocol-Version, from a server serving no version that opens with initialize,', versionless);
  },
});

function expectRefused(ctx: CheckContext, receiver: ExtReceiver, what: string, reply: RpcReply): void {
  const status = receiver.exchange(reply)?.status;
  ctx.expect(
    'EXT-BASE-HEADER-VALIDATION',
    status === 400 && !reply.ok && reply.error.code === HEADER_MISMATCH,
    () => `${what} was answered with HTTP status ${status ?? 'unknown'} and ${describeReply(reply)}; expected status 400 with error ${HEADER_MISMATCH} (HeaderMismatch)`,
  );
}

/** How the server shows it serves clients that open with initialize (and may leave the version header out), or undefined. */
async function servesLegacyClients(ctx: CheckContext, receiver: ExtReceiver): Promise<string | undefined> {
  const older = (ctx.facts.supportedVersions ?? []).filter((version) => version < MODERN_PROTOCOL_VERSION);
  if (older.length > 0) return `lists ${older.join(', ')} in server/discover`;
  // As a client of that version opens: no _meta, none of the modern headers.
  const opened = await receiver.request(
    'initialize',
    { protocolVersion: HEADERLESS_VERSION, capabilities: {}, clientInfo: { name: 'version-header-probe', version: '1.0.0' } },
    { bare: true, headers: { 'mcp-protocol-version': null, 'mcp-method': null } },
  );
  return opened.ok ? `answers initialize for ${HEADERLESS_VERSION}` : undefined;
}
