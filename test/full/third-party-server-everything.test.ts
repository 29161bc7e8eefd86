// The suite against @modelcontextprotocol/server-everything (pinned in package.json), over stdio and over its
// streamableHttp mode, with configs/server-everything.json mapping the fixture roles to its task tool.
// Regenerate the expected results deliberately with: UPDATE_EXPECTED=1 npx vitest run --config vitest.full.config.ts test/full/third-party-server-everything.test.ts
import { afterAll, describe, expect, it } from 'vitest';
import { liveProcessGroups } from '../../harness/wire/connections/process-group.js';
import { checkThirdParty, describeChanges, TARGETS, TEST_TIMEOUT_MS } from '../support/third-party.js';

// The runs in this file go side by side (they mostly wait on the servers' work); no process may outlive them.
describe.concurrent('@modelcontextprotocol/server-everything 2026.8.31', () => {
  afterAll(() => {
    expect(liveProcessGroups()).toEqual([]);
  });

  for (const target of [TARGETS.serverEverythingStdio, TARGETS.serverEverythingHttp]) {
    it(
      `gives the expected verdicts over ${target.stdio ? 'stdio' : 'Streamable HTTP'} (test/expected/${target.name}.json)`,
      async ({ expect }) => {
        const { report, changes } = await checkThirdParty(target);
        expect(changes, describeChanges(target.name, changes)).toEqual([]);
        // Its task tool appears only after notifications/initialized: without it nearly every check would skip.
        expect(report.results.find((r) => r.id === 'creation.create-task-result-shape')?.outcome).toBe('pass');
      },
      TEST_TIMEOUT_MS,
    );
  }
});
