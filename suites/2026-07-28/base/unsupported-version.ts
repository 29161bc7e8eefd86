import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { brief, errorCodeOf } from '../../../harness/model/describe.js';
import { META_PROTOCOL_VERSION, UNSUPPORTED_PROTOCOL_VERSION } from '../../../harness/wire/2026-07-28/envelope.js';

/** A version no server supports. */
const UNSUPPORTED = '1900-01-01';

export default defineCheck({
  id: 'ext-base.unsupported-version',
  title: 'A request for a protocol version the server does not serve is refused with -32022 listing the supported ones (HTTP 400)',
  suite: 'ext-base',
  spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning#protocol-version-negotiation',
  requirements: ['EXT-BASE-UNSUPPORTED-VERSION'],
  cost: { roundTrips: 1 },
  provenBy: ['ext-unsupported-version-no-list'],
  explain: {
    does:
      'Sends tools/list for protocol version 1900-01-01 (in `_meta` and, over HTTP, in ' +
      'MCP-Protocol-Version): it must fail with -32022 whose data.supported lists the versions the server ' +
      'serves, over HTTP with status 400.',
    causes: [
      {
        cause: 'The error says the version is unsupported but leaves out data.supported, so a client cannot pick a version to retry with.',
        fix: 'Answer `{code: -32022, data: {supported: [...], requested}}` listing every version the server serves.',
        faults: ['ext-unsupported-version-no-list'],
      },
      {
        cause: 'An unknown version is served as the newest one, or refused with -32602 or -32600.',
        fix: 'Compare the requested version with the supported list before dispatching and answer -32022 when it is not there.',
      },
    ],
  },
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    // The header mirrors _meta, as a client asking for that version would send it.
    const reply = await receiver.request('tools/list', { _meta: { [META_PROTOCOL_VERSION]: UNSUPPORTED } }, { headers: { 'mcp-protocol-version': UNSUPPORTED } });
    const status = receiver.exchange(reply)?.status;
    const at = status === undefined ? '' : ` with HTTP status ${status}`;
    ctx.require(
      'EXT-BASE-UNSUPPORTED-VERSION',
      !reply.ok && reply.error.code === UNSUPPORTED_PROTOCOL_VERSION,
      () => `tools/list for protocol version ${UNSUPPORTED} was answered with ${errorCodeOf(reply)}${at}; expected error ${UNSUPPORTED_PROTOCOL_VERSION} (unsupported protocol version)`,
    );
    const data = reply.error.data;
    const supported = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).supported : undefined;
    const listed = Array.isArray(supported) && supported.length > 0 && supported.every((version) => typeof version === 'string');
    ctx.expect(
      'EXT-BASE-UNSUPPORTED-VERSION',
      listed,
      () => `the error ${UNSUPPORTED_PROTOCOL_VERSION} does not list the supported versions: expected data.supported, a non-empty array of version strings, got data ${brief(data)}`,
    );
    if (listed && (supported as string[]).includes(UNSUPPORTED)) ctx.expect('EXT-BASE-UNSUPPORTED-VERSION', false, `data.supported lists ${UNSUPPORTED}, the version just refused`);
    if (status !== undefined) ctx.expect('EXT-BASE-UNSUPPORTED-VERSION', status === 400, `the error ${UNSUPPORTED_PROTOCOL_VERSION} came with HTTP status ${status}; expected 400`);
  },
});
