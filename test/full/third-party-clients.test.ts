// The client suite against real MCP clients made task receivers (pinned in package.json): a v1 SDK
// (@modelcontextprotocol/sdk) Client with its experimental InMemoryTaskStore, and a v2 SDK
// (@modelcontextprotocol/client) Client bound to @modelcontextprotocol/ext-tasks' receiver. Each check launches the
// fixture client (test/fixtures/third-party/*-client.mjs) against the suite's endpoint on loopback.
// Regenerate the expected results deliberately with: UPDATE_EXPECTED=1 npx vitest run --config vitest.full.config.ts test/full/third-party-clients.test.ts
import { afterAll, describe, expect, it } from 'vitest';
import { liveProcessGroups } from '../../harness/wire/connections/process-group.js';
import { checkThirdParty, describeChanges, TARGETS, TEST_TIMEOUT_MS } from '../support/third-party.js';

// Side by side: the runs mostly wait on the clients' delays; no client process may outlive them.
describe.concurrent('MCP clients as task receivers', () => {
  afterAll(() => {
    expect(liveProcessGroups()).toEqual([]);
  });

  const cases = [
    { target: TARGETS.sdkClient, what: '@modelcontextprotocol/sdk 1.32.2 Client with InMemoryTaskStore' },
    { target: TARGETS.extTasksClient, what: '@modelcontextprotocol/client 2.4.0 Client with @modelcontextprotocol/ext-tasks 0.2.2 bindTaskReceiver' },
  ];
  for (const { target, what } of cases) {
    it(
      `${what} gives the expected verdicts (test/expected/${target.name}.json)`,
      async ({ expect }) => {
        const { report, changes } = await checkThirdParty(target);
        expect(changes, describeChanges(target.name, changes)).toEqual([]);
        expect(report.role).toBe('client');
        // The client connected in every check: nothing ended in an error (a client that never connects would).
        expect(report.results.filter((r) => r.outcome === 'error').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  }
});
