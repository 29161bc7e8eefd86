// Makes a release tag whose tree is HEAD's plus the built dist/ that the package ships, so the GitHub Action at
// that tag installs runtime dependencies only and builds nothing (action.yml's install step). Run by a maintainer
// on a clean checkout: `node scripts/release-tag.mjs [TAG]` (default v<package.json version>), then push the tag.
// The branch, the index and the working tree are left as they were: the tag's commit is made with a temporary index
// on top of HEAD, and no branch points at it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const git = (args, env = process.env) => execFileSync('git', args, { cwd: root, env, encoding: 'utf8' }).trim();
const stop = (message) => {
  console.error(`release-tag: ${message}`);
  process.exit(2);
};

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const tag = process.argv[2] ?? `v${pkg.version}`;
// A dist/ built from uncommitted sources would not be the tagged sources' build.
if (git(['status', '--porcelain', '--untracked-files=no']) !== '') stop('the working tree has uncommitted changes; commit or stash them first');
if (git(['tag', '--list', tag]) !== '') stop(`tag ${tag} exists already`);
const commit = git(['rev-parse', 'HEAD']);

// A clean build, so no file of an earlier build (a module since removed) rides along.
rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
// The build runs before it is tagged: the catalogue of each profile loads.
for (const spec of ['2025-11-25', '2026-07-28']) execFileSync(process.execPath, ['dist/cli/main.js', 'list', '--spec', spec], { cwd: root, stdio: 'ignore' });
// What action.yml looks for before it leaves the build out, and names in the log.
writeFileSync(join(root, 'dist/release.json'), `${JSON.stringify({ version: pkg.version, tag, commit }, null, 2)}\n`);

// The dist/ folders the npm package ships (package.json "files"); tests and benches stay out.
const shipped = [...pkg.files.filter((entry) => entry.startsWith('dist/')), 'dist/release.json'];
const scratch = mkdtempSync(join(tmpdir(), 'release-tag-'));
try {
  const env = { ...process.env, GIT_INDEX_FILE: join(scratch, 'index') };
  git(['read-tree', commit], env);
  git(['add', '--force', '--', ...shipped], env);
  const tree = git(['write-tree'], env);
  const released = git(['commit-tree', tree, '-p', commit, '-m', `Release ${tag}: ${commit.slice(0, 12)} with its built dist/`], env);
  git(['tag', '--annotate', tag, released, '-m', `mcp-tasks-conformance ${tag}`]);
  const files = git(['ls-tree', '-r', '--name-only', released, '--', 'dist']).split('\n').length;
  console.log(`tagged ${tag}: commit ${released.slice(0, 12)} = ${commit.slice(0, 12)} + dist/ (${files} files)`);
  console.log(`publish it with: git push origin ${tag}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
