import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { errorCodeOf } from '../../../harness/model/describe.js';
import { META_CLIENT_INFO, META_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '../../../harness/wire/2026-07-28/envelope.js';
import type { ExtReceiver } from '../../../harness/receivers/2026-07-28/receiver.js';
import type { RpcReply } from '../../../harness/model/rpc.js';
import { TOOL } from '../../../harness/model/tool.js';

const INVALID_PARAMS = -32602;

// https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta
export default defineCheck({
  id: 'ext-base.meta-required',
  title: 'A request lacking the required _meta fields is refused with -32602 (HTTP 400)',
  suite: 'ext-base',
  requirements: ['EXT-BASE-META-REQUIRED'],
  cost: { roundTrips: 2 },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connectModern();
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
