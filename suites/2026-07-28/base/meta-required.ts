import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import { META_CLIENT_INFO, META_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '../../../harness/wire/2026-07-28/envelope.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { TOOL } from '../../../harness/model/tool.js';

const INVALID_PARAMS = -32602;

export default defineCheck({
  id: 'ext-base.meta-required',
  title: 'A request lacking the required _meta fields is refused with -32602 (HTTP 400)',
  suite: 'ext-base',
  spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta',
  requirements: ['EXT-BASE-META-REQUIRED'],
  cost: { roundTrips: 2 },
  provenBy: ['ext-accepts-missing-meta'],
  explain: {
    does:
      'Sends tools/list whose `_meta` states the protocol version but no clientCapabilities, and (over ' +
      'HTTP, where the headers mark it modern) tools/list with no `_meta` at all: each must fail with ' +
      '-32602, over HTTP with status 400.',
    causes: [
      {
        cause: 'Missing envelope fields fall back to defaults (the newest version, no capabilities) and the request is served.',
        fix: 'Reject a modern request that lacks `io.modelcontextprotocol/protocolVersion` or `io.modelcontextprotocol/clientCapabilities` in `_meta` with -32602 and, over HTTP, status 400.',
        faults: ['ext-accepts-missing-meta'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // Unmistakably modern (it states the version) but without the client's capabilities.
    const noCapabilities = await receiver.request(
      'tools/list',
      { _meta: { [META_PROTOCOL_VERSION]: MODERN_PROTOCOL_VERSION, [META_CLIENT_INFO]: { name: TOOL.name, version: TOOL.version } } },
      { bare: true },
    );
    judge(ctx, receiver, 'tools/list whose _meta states the protocol version but no clientCapabilities', noCapabilities);
    const bare = await receiver.request('tools/list', {}, { bare: true });
    if (receiver.transport === 'http') judge(ctx, receiver, 'tools/list without any _meta (the MCP-Protocol-Version header says 2026-07-28)', bare);
    // On stdio a dual-era server may take a request without _meta for a legacy one sent before initialize, whose answer is its own affair.
    else if (bare.ok || bare.error.code !== INVALID_PARAMS)
      ctx.reportInfo(`tools/list without any _meta was answered with ${errorCodeOf(bare)}; over stdio a dual-era server may read it as a legacy request, so it is not judged`);
  },
});

function judge(ctx: CheckContext, receiver: ExtReceiver, what: string, reply: RpcReply): void {
  const status = receiver.exchange(reply)?.status;
  const refused = !reply.ok && reply.error.code === INVALID_PARAMS;
  const statusOk = status === undefined || status === 400;
  ctx.expect(
    'EXT-BASE-META-REQUIRED',
    refused && statusOk,
    () =>
      `${what} was answered with ${errorCodeOf(reply)}${status === undefined ? '' : ` and HTTP status ${status}`}; expected error ${INVALID_PARAMS}${status === undefined ? '' : ' with status 400'}`,
  );
}
