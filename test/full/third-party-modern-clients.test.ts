// The 2026-07-28 client checks against a real requester: @modelcontextprotocol/ext-tasks 0.2.2 on the v2 SDK Client
// (@modelcontextprotocol/client 2.4.0), through test/fixtures/third-party/ext-tasks-requester.mjs, launched per check
// on an endpoint of the suite's extension server, over Streamable HTTP and over stdio. Its verdicts are pinned in
// test/expected/ext-tasks-requester.json and ext-tasks-requester-stdio.json; docs/compatibility.md explains every non-pass.
// Regenerate the expected results deliberately with: UPDATE_EXPECTED=1 npx vitest run --config vitest.full.config.ts test/full/third-party-modern-clients.test.ts
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runSuite } from '../../harness/engine/runner.js';
import { ClientEndpoint } from '../../harness/wire/2025-11-25/client-endpoint.js';
import { liveProcessGroups } from '../../harness/wire/connections/process-group.js';
import { makeTiming } from '../../harness/wire/timing.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';
import { changedVerdicts, describeChanges, ECOSYSTEM, inManifestDirectory, RUN_DEADLINE_MS, TEST_TIMEOUT_MS } from '../support/third-party.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NAME = 'ext-tasks-requester';
/** The requester as configs/ecosystem.yaml lists it (the stdio run is its ext-tasks-requester-stdio entry). */
const REQUESTER = ECOSYSTEM.targets.find((target) => target.name === NAME)!;
const COMMAND = inManifestDirectory(REQUESTER.command!);

describe.concurrent('a real 2026-07-28 client as the requestor of tasks', () => {
  afterAll(() => {
    expect(liveProcessGroups()).toEqual([]);
  });

  const BRIDGE = `"${process.execPath}" "${ROOT}dist/harness/wire/2026-07-28/stdio-bridge.js"`;
  const cases = [
    { name: NAME, over: undefined, how: 'over Streamable HTTP' },
    // Over stdio the SDK's StdioClientTransport launches the suite's bridge (built: dist/) as the server command.
    { name: `${NAME}-stdio`, over: { transport: 'stdio' as const, bridgeCommand: BRIDGE }, how: 'over stdio' },
  ];
  for (const { name, over, how } of cases) {
    it(
      `@modelcontextprotocol/client 2.4.0 Client with @modelcontextprotocol/ext-tasks 0.2.2 createTaskSessionFromClient, ${how}, gives the expected verdicts (test/expected/${name}.json)`,
      async ({ expect }) => {
        const endpoint = await ClientEndpoint.start();
        try {
          // Every check starts a node process that loads the SDK; the time bounds are doubled as for the other SDK clients.
          const report = await runSuite({
            target: { transport: 'client', command: COMMAND, endpoint, ...(over ? { over } : {}) },
            role: 'client',
            checks: TASKS_2026_07_28.checks,
            profile: TASKS_2026_07_28,
            timing: makeTiming(REQUESTER.timeoutMultiplier ?? 1, { runDeadlineMs: RUN_DEADLINE_MS }),
            concurrency: REQUESTER.concurrency ?? 8,
            tool: { name: 'mcp-tasks-conformance', version: 'test' },
          });
          const changes = changedVerdicts(name, report);
          expect(changes, describeChanges(name, changes)).toEqual([]);
          expect(report.results.filter((r) => r.outcome === 'error').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
        } finally {
          await endpoint.close();
        }
      },
      TEST_TIMEOUT_MS,
    );
  }
});
