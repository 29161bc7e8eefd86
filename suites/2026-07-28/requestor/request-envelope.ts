import { defineCheck, type CheckContext } from '../../../harness/receivers/2026-07-28/check.js';
import { META_PROTOCOL_VERSION } from '../../../harness/wire/2026-07-28/envelope.js';
import { capabilitiesOf, driveClient } from './drive.js';

export default defineCheck({
  id: 'ext-requestor.request-envelope',
  title: 'As a requestor, the client puts its protocol version and client capabilities in the _meta of every request',
  suite: 'ext-requestor',
  spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/index#meta',
  requirements: ['EXT-BASE-CLIENT-REQUEST-META'],
  roles: ['client'],
  cost: { waitMs: 1_000, roundTrips: 12 },
  provenBy: ['ext-req-cancel-without-version', 'ext-req-polls-without-version'],
  explain: {
    does:
      'Starts the client on an endpoint offering conformance_plain, conformance_task, conformance_input ' +
      'and conformance_cancel (so that it polls, updates and cancels), and requires every request it sends to carry ' +
      'io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities in `_meta`.',
    causes: [
      {
        cause: 'The envelope is added only where a request may become a task (tools/call), or only on the first request, as if the server remembered it like an initialize.',
        fix: 'Build `_meta` for every request in one place of the transport: protocol version, client info and the full client capabilities, each time.',
        faults: ['ext-req-cancel-without-version', 'ext-req-polls-without-version'],
      },
    ],
  },
  async run(ctx: CheckContext) {
    const run = await driveClient(ctx, { tools: ['plain', 'task', 'input', 'cancel'] });
    const bare = run.record.requests.filter((request) => {
      const meta = request.params._meta as Record<string, unknown> | undefined;
      return typeof meta?.[META_PROTOCOL_VERSION] !== 'string' || capabilitiesOf(request) === undefined;
    });
    const shown = bare.slice(0, 3).map((request) => `${request.method} (_meta ${JSON.stringify(request.params._meta ?? null).slice(0, 200)})`);
    ctx.expect(
      'EXT-BASE-CLIENT-REQUEST-META',
      bare.length === 0,
      `expected every request to carry io.modelcontextprotocol/protocolVersion and ` +
        `io.modelcontextprotocol/clientCapabilities in _meta, got ${bare.length} of ` +
        `${run.record.requests.length} without: ${shown.join('; ')}`,
    );
  },
});
