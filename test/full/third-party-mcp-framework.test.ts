// The suite against a fixture server built with mcp-framework (pinned in package.json) and its own task support,
// test/fixtures/third-party/mcp-framework-server.mjs, over stdio and over the framework's http-stream transport.
// Regenerate the expected results deliberately with: UPDATE_EXPECTED=1 npx vitest run --config vitest.full.config.ts test/full/third-party-mcp-framework.test.ts
import { afterAll, describe, expect, it } from 'vitest';
import { liveProcessGroups } from '../../harness/wire/connections/process-group.js';
import { checkThirdParty, describeChanges, TARGETS, TEST_TIMEOUT_MS } from '../support/third-party.js';

// The runs in this file go side by side (they mostly wait on the servers' work); no process may outlive them.
describe.concurrent('mcp-framework 0.2.22', () => {
  afterAll(() => {
    expect(liveProcessGroups()).toEqual([]);
  });

  for (const target of [TARGETS.mcpFrameworkStdio, TARGETS.mcpFrameworkHttp]) {
    it(
      `gives the expected verdicts over ${target.stdio ? 'stdio' : 'Streamable HTTP'} (test/expected/${target.name}.json)`,
      async ({ expect }) => {
        const { changes } = await checkThirdParty(target);
        expect(changes, describeChanges(target.name, changes)).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );
  }
});
