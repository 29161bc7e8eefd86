// The suite against servers of the TypeScript SDK (pinned in package.json): the v1 SDK's own example task server
// (examples/server/simpleTaskInteractive.js, over HTTP, mapped by configs/sdk-simple-task-interactive.json), and two
// negative controls without any task support, a plain v1 McpServer and a v2 (@modelcontextprotocol/server) one.
// Regenerate the expected results deliberately with: UPDATE_EXPECTED=1 npx vitest run --config vitest.full.config.ts test/full/third-party-sdk.test.ts
import { afterAll, describe, expect, it } from 'vitest';
import { liveProcessGroups } from '../../harness/wire/connections/process-group.js';
import { checkThirdParty, describeChanges, TARGETS, TEST_TIMEOUT_MS } from '../support/third-party.js';

// The runs in this file go side by side (they mostly wait on the servers' work); no process may outlive them.
describe.concurrent('TypeScript SDK servers', () => {
  afterAll(() => {
    expect(liveProcessGroups()).toEqual([]);
  });

  it(
    `@modelcontextprotocol/sdk 1.32.2 examples/server/simpleTaskInteractive.js gives the expected verdicts (test/expected/${TARGETS.sdkSimpleTaskInteractive.name}.json)`,
    async ({ expect }) => {
      const { changes } = await checkThirdParty(TARGETS.sdkSimpleTaskInteractive);
      expect(changes, describeChanges(TARGETS.sdkSimpleTaskInteractive.name, changes)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  for (const target of [TARGETS.plainSdkStdio, TARGETS.v2SdkStdio]) {
    it(
      `negative control ${target.name}, with no tasks capability, gives the expected verdicts (test/expected/${target.name}.json)`,
      async ({ expect }) => {
        const { report, changes } = await checkThirdParty(target);
        expect(changes, describeChanges(target.name, changes)).toEqual([]);
        // The capability rules still apply to it: the one check for servers without tasks support must have run.
        expect(report.results.find((r) => r.id === 'capabilities.undeclared-ignores-task')?.outcome).not.toBe('skip');
      },
      TEST_TIMEOUT_MS,
    );
  }
});
