import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const workdir = mkdtempSync(join(tmpdir(), 'tasks-conformance-pack-'));

afterAll(() => rmSync(workdir, { recursive: true, force: true }));

describe('the published package', () => {
  it('packs, installs into an empty folder, and runs the suite against the bundled reference with no tsx', () => {
    execFileSync('npm', ['pack', '--pack-destination', workdir, '--silent'], { cwd: projectRoot, stdio: 'pipe' });
    const tarball = readdirSync(workdir).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    const consumer = join(workdir, 'consumer');
    execFileSync('mkdir', ['-p', consumer]);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    // Dependencies come from npm's cache where the project's own install put them.
    execFileSync('npm', ['install', join(workdir, tarball!), '--prefer-offline', '--no-audit', '--no-fund', '--silent'], { cwd: consumer, stdio: 'pipe' });
    const installed = readdirSync(join(consumer, 'node_modules'));
    expect(installed).not.toContain('tsx');
    expect(installed).not.toContain('typescript');
    const run = spawnSync('npx', ['--no-install', 'mcp-tasks-conformance', 'server', '--json', 'results.json'], { cwd: consumer, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Results:\s+\d+ passed, 0 failed, 0 warned/);
    expect(readdirSync(consumer)).toContain('results.json');
  });
});
