import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { describeReply } from '../../../harness/model/describe.js';
import { MODERN_PROTOCOL_VERSION } from '../../../harness/wire/2026-07-28/envelope.js';

/** The last protocol version that opened with initialize. */
const LEGACY_VERSION = '2025-11-25';

export default defineCheck({
  id: 'ext-base.initialize-names-versions',
  title: "A modern-only server's error to a legacy initialize names the protocol versions it serves",
  suite: 'ext-base',
  spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning#backward-compatibility-with-initialization-based-versions',
  requirements: ['EXT-BASE-INITIALIZE-NAMES-VERSIONS'],
  // A legacy client over stdio starts the server and opens with initialize: on a process earlier checks' modern
  // requests settled, a dual-era server would answer otherwise (the v2 SDK's stdio does).
  ownConnections: true,
  cost: { roundTrips: 1 },
  provenBy: ['ext-initialize-error-unnamed'],
  explain: {
    does:
      'When server/discover lists no version that opens with initialize, sends initialize for 2025-11-25 ' +
      'the way a legacy client does (no _meta, over HTTP no modern headers) and expects the error to name ' +
      'every version server/discover lists, in its message or data; otherwise it warns.',
    causes: [
      {
        cause: 'initialize falls through to the generic unknown-method path, so a legacy client sees only "Method not found" and cannot tell its user which version to move to.',
        fix: 'Answer initialize with -32022 whose data.supported (and message) list the versions you serve, on every transport.',
        faults: ['ext-initialize-error-unnamed'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const served = ctx.facts.supportedVersions ?? [MODERN_PROTOCOL_VERSION];
    // Versions before the per-request era are served through initialize: such a server answers it, as it should.
    const legacy = served.filter((version) => version < MODERN_PROTOCOL_VERSION);
    if (legacy.length > 0) ctx.skip(`server/discover lists ${legacy.join(', ')}, versions that open with initialize, so the server is dual-era and answers it`);
    const receiver = await ctx.connect();
    // As a 2025-11-25 client sends it: no _meta envelope, and over HTTP none of the modern standard headers.
    const reply = await receiver.request(
      'initialize',
      { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: { name: 'legacy-probe', version: '1.0.0' } },
      { bare: true, headers: { 'mcp-protocol-version': null, 'mcp-method': null } },
    );
    if (reply.ok) ctx.skip(`initialize for ${LEGACY_VERSION} was answered with a result (${describeReply(reply)}), so there is no error to judge`);
    const said = `${reply.error.message} ${JSON.stringify(reply.error.data ?? null)}`;
    const unnamed = served.filter((version) => !said.includes(version));
    ctx.expect(
      'EXT-BASE-INITIALIZE-NAMES-VERSIONS',
      unnamed.length === 0,
      () =>
        `initialize for ${LEGACY_VERSION} was refused with ${describeReply(reply)}, which names neither in ` +
        `its message nor in its data the served version${unnamed.length > 1 ? 's' : ''} ` +
        `${unnamed.join(', ')}; a legacy client has nothing else to show its user`,
    );
  },
});
