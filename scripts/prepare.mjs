// npm's `prepare`: builds the suite wherever it is installed from its sources (a clone, `npm ci` here, a Git URL).
// An install from a Git URL clones the repository, installs the clone's dependencies and runs this script there.
// A global install (`npm install -g git+…`, npm/cli#8440) hands that inner install its own --global and --prefix,
// so the clone's dependencies go to the global folder and the clone has no compiler: then this script installs
// them into the clone itself, as a local install, and builds. A tree that carries its build (a release tag made by
// scripts/release-tag.mjs) builds nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsc = join(root, 'node_modules/typescript-native/bin/tsc');

function run(command, args, env = process.env) {
  const ran = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', shell: process.platform === 'win32' });
  if (ran.status !== 0) {
    console.error(`prepare: ${[command, ...args].join(' ')} failed${ran.error ? `: ${ran.error.message}` : ` (exit ${ran.status ?? ran.signal})`}`);
    process.exit(ran.status || 1);
  }
}

if (!existsSync(tsc)) {
  if (existsSync(join(root, 'dist/release.json'))) {
    console.log('prepare: this tree carries its build (dist/release.json); nothing to build');
    process.exit(0);
  }
  console.log('prepare: no compiler in node_modules (a global install from a Git URL); installing the dependencies into this folder to build');
  // The settings of the outer install that would send this one elsewhere: a local install of this folder, nothing else.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_(global|location|prefix|omit|include|production|only|dry_run|package_lock_only)$/i.test(key)));
  // npm's own entry point when npm runs this script, so the same npm installs.
  const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  run(npm[0], [...npm[1], 'install', '--include=dev', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--location=project'], env);
}
run(process.execPath, [tsc, '-p', 'tsconfig.json']);
run(process.execPath, [join(root, 'scripts/build-report-assets.mjs')]);
