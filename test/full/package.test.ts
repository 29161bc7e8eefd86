// The suite as its users get it: the npm package installed into an empty folder, and the GitHub Action at a
// release tag (scripts/release-tag.mjs), whose install step must install runtime dependencies only and build nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAction, runCompositeAction } from '../support/composite-action.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const workdir = mkdtempSync(join(tmpdir(), 'tasks-conformance-pack-'));
const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

afterAll(() => rmSync(workdir, { recursive: true, force: true }));

/** The packages at the top of a node_modules folder, scoped ones as @scope/name. */
function topLevelPackages(nodeModules: string): string[] {
  return readdirSync(nodeModules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(nodeModules, name)).map((inner) => `${name}/${inner}`) : [name]));
}

function expectNoDevDependency(nodeModules: string) {
  const installed = topLevelPackages(nodeModules);
  expect(
    Object.keys(pkg.devDependencies).filter((name) => installed.includes(name)),
    'dev dependencies installed',
  ).toEqual([]);
  for (const name of Object.keys(pkg.dependencies)) expect(installed, name).toContain(name);
}

describe('the published package', () => {
  it('packs, installs into an empty folder with runtime dependencies only, and runs the suite against the bundled reference', () => {
    // The tier's build is packed as it is: npm's prepare would rebuild dist/ under the CLI runs of the files beside this one.
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', workdir, '--silent'], { cwd: projectRoot, stdio: 'pipe' });
    const tarball = readdirSync(workdir).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    // The README points users at configs/: the tarball carries it, beside the built suite and the docs.
    const packed = execFileSync('tar', ['-tzf', join(workdir, tarball!)], { encoding: 'utf8' }).split('\n');
    for (const file of ['package/configs/server-everything.json', 'package/dist/cli/main.js', 'package/README.md', 'package/docs/ci.md']) expect(packed, file).toContain(file);
    const consumer = join(workdir, 'consumer');
    mkdirSync(consumer, { recursive: true });
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    // Dependencies come from npm's cache where the project's own install put them.
    execFileSync('npm', ['install', join(workdir, tarball!), '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--silent'], { cwd: consumer, stdio: 'pipe' });
    expectNoDevDependency(join(consumer, 'node_modules'));
    expect(topLevelPackages(join(consumer, 'node_modules'))).not.toContain('tsx');
    const help = spawnSync('npx', ['--no-install', 'mcp-tasks-conformance', '--help'], { cwd: consumer, encoding: 'utf8', timeout: 60_000 });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^usage:\n {2}mcp-tasks-conformance server /);
    const run = spawnSync('npx', ['--no-install', 'mcp-tasks-conformance', 'server', '--json', 'results.json'], { cwd: consumer, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Results:\s+\d+ passed, 0 failed, 0 warned/);
    expect(readdirSync(consumer)).toContain('results.json');
  });
});

describe('the suite installed from a Git URL (no registry)', () => {
  it('builds on install (prepare, with the devDependencies npm installs for it), into an empty folder, and runs --help', () => {
    // A clone of this checkout's HEAD stands for the repository on GitHub: git+file:// is fetched as git+https:// is.
    const clone = join(workdir, 'git-clone');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', projectRoot, clone], { stdio: 'pipe' });
    expect(existsSync(join(clone, 'dist')), 'the clone has no built dist/ of its own').toBe(false);
    const consumer = join(workdir, 'git-consumer');
    mkdirSync(consumer, { recursive: true });
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'git-consumer', version: '1.0.0', private: true }));
    execFileSync('npm', ['install', `git+file://${clone}`, '--prefer-offline', '--no-audit', '--no-fund', '--silent'], { cwd: consumer, stdio: 'pipe', timeout: 600_000 });
    const installed = join(consumer, 'node_modules/mcp-tasks-conformance');
    expect(existsSync(join(installed, 'dist/cli/main.js')), 'prepare built the suite').toBe(true);
    expect(existsSync(join(installed, 'configs/server-everything.json'))).toBe(true);
    expectNoDevDependency(join(consumer, 'node_modules'));
    const help = spawnSync('npx', ['--no-install', 'mcp-tasks-conformance', '--help'], { cwd: consumer, encoding: 'utf8', timeout: 60_000 });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^usage:\n {2}mcp-tasks-conformance server /);
    // An install of every dependency in the clone, a build, then the package's own install: minutes on a busy machine.
  }, 600_000);
});

describe('the GitHub Action at a release tag', () => {
  it("installs runtime dependencies only, builds nothing, and passes against the reference from the tag's tree", async () => {
    // A clone of this checkout's HEAD, so the tag is made there and never in this repository.
    const clone = join(workdir, 'clone');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', projectRoot, clone], { stdio: 'pipe' });
    symlinkSync(join(projectRoot, 'node_modules'), join(clone, 'node_modules'));
    execFileSync(process.execPath, ['scripts/release-tag.mjs', 'v0.0.0-test'], { cwd: clone, stdio: 'pipe' });
    expect(execFileSync('git', ['rev-parse', 'HEAD^{tree}'], { cwd: clone, encoding: 'utf8' }), 'the branch is left as it was').toBe(
      execFileSync('git', ['rev-parse', 'HEAD^{tree}'], { cwd: projectRoot, encoding: 'utf8' }),
    );
    const tagged = execFileSync('git', ['ls-tree', '-r', '--name-only', 'v0.0.0-test', '--', 'dist'], { cwd: clone, encoding: 'utf8' }).split('\n');
    expect(tagged).toContain('dist/cli/main.js');
    expect(tagged).toContain('dist/release.json');
    expect(
      tagged.filter((file) => file.startsWith('dist/bench/') || file.startsWith('dist/test/')),
      'tests and benches in the tag',
    ).toEqual([]);

    // The action's folder as the runner fetches it: the tag's tree, nothing else.
    const actionPath = join(workdir, 'action');
    mkdirSync(actionPath);
    execFileSync('sh', ['-c', `git -C "${clone}" archive v0.0.0-test | tar -x -C "${actionPath}"`]);
    const runnerTemp = join(workdir, 'runner-temp');
    const workspace = join(workdir, 'workspace');
    mkdirSync(runnerTemp);
    mkdirSync(workspace);
    const action = loadAction(join(actionPath, 'action.yml'));
    const run = await runCompositeAction(action, { inputs: { spec: '2025-11-25', only: 'creation.*', html: '' }, workspace, actionPath, runnerTemp, boundMs: 300_000 });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('installing runtime dependencies only');
    expect(run.stdout).not.toContain('no built dist/');
    expectNoDevDependency(join(actionPath, 'node_modules'));
    expect(existsSync(join(actionPath, 'node_modules/.bin/tsc')), 'a compiler in the action folder').toBe(false);
    expect(run.outputs.outcome).toBe('pass');
    expect(Number(run.outputs.pass)).toBeGreaterThan(0);
  });
});
