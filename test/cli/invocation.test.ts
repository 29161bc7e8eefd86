import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invocationFrom } from '../../cli/invocation.js';

describe('invocationFrom: the words that start the CLI again, as the user started it', () => {
  const root = mkdtempSync(join(tmpdir(), 'invocation-'));
  const clone = join(root, 'clone');
  const script = join(clone, 'dist/cli/main.js');
  mkdirSync(join(clone, 'dist/cli'), { recursive: true });
  writeFileSync(script, '');
  const bin = join(root, 'bin');
  mkdirSync(bin);
  const node = join(bin, 'node');
  writeFileSync(node, '');
  const base = { execPath: node, env: { PATH: bin } };

  it('from a clone: node and the script, relative to where the user stands when below it', () => {
    expect(invocationFrom({ ...base, script, cwd: clone })).toBe('node dist/cli/main.js');
    expect(invocationFrom({ ...base, script, cwd: join(root, 'elsewhere') })).toBe(`node ${script}`);
    // A node that is not the one on PATH is named by its path.
    expect(invocationFrom({ ...base, execPath: '/opt/node 20/bin/node', script, cwd: clone })).toBe(`'/opt/node 20/bin/node' dist/cli/main.js`);
  });

  it('installed on PATH: the bare name; through npx or a node_modules bin: npx', () => {
    const global = join(root, 'global-bin');
    mkdirSync(global);
    symlinkSync(script, join(global, 'mcp-tasks-conformance'));
    expect(invocationFrom({ ...base, env: { PATH: `${global}:${bin}` }, script: join(global, 'mcp-tasks-conformance'), cwd: root })).toBe('mcp-tasks-conformance');
    // npx of a URL: npx's cache, which `npx mcp-tasks-conformance` would not look in (it asks the registry): the script by its path.
    const cached = join(root, '.npm/_npx/1a2b/node_modules/mcp-tasks-conformance/dist/cli/main.js');
    expect(invocationFrom({ ...base, script: cached, cwd: root })).toBe(`node ${cached}`);
    // npm's environment is inherited by children of `npm test`: it says nothing of how this script was started.
    expect(invocationFrom({ ...base, env: { PATH: bin, npm_command: 'exec' }, script, cwd: clone })).toBe('node dist/cli/main.js');
    expect(invocationFrom({ ...base, script: join(root, 'app/node_modules/.bin/mcp-tasks-conformance'), cwd: join(root, 'app') })).toBe('npx mcp-tasks-conformance');
    // npx and npm scripts put the package's bin folder first on PATH for their run: the user's shell has no such command.
    const app = join(root, 'app2');
    const installed = join(app, 'node_modules/mcp-tasks-conformance/dist/cli/main.js');
    mkdirSync(join(app, 'node_modules/mcp-tasks-conformance/dist/cli'), { recursive: true });
    mkdirSync(join(app, 'node_modules/.bin'), { recursive: true });
    writeFileSync(installed, '');
    symlinkSync(installed, join(app, 'node_modules/.bin/mcp-tasks-conformance'));
    const npxPath = { ...base, env: { PATH: `${join(app, 'node_modules/.bin')}:${bin}` }, cwd: app };
    expect(invocationFrom({ ...npxPath, script: join(app, 'node_modules/.bin/mcp-tasks-conformance') })).toBe('npx mcp-tasks-conformance');
  });

  it("from the GitHub Action's copy: npx, since the log's reader reruns it on their own machine", () => {
    expect(invocationFrom({ ...base, env: { PATH: bin, GITHUB_ACTION_PATH: clone }, script, cwd: join(root, 'workspace') })).toBe('npx mcp-tasks-conformance');
  });
});
