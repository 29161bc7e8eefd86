// npm's `prepare`: builds the suite wherever it is installed from its sources (a clone, `npm ci` here, a Git URL).
// An install from a Git URL clones the repository, installs the clone's dependencies and runs this script there.
// A global install (`npm install -g git+…`, npm/cli#8440) hands that inner install its own --global and --prefix,
// so the clone's dependencies go to the global folder and the clone has no compiler: then this script installs
// them into the clone itself, as a local install, and builds. A tree that carries its build (a release tag made by
// scripts/release-tag.mjs) builds nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, realpathSync, unlinkSync } from 'node:fs';
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

// The same global inner install linked this folder into the global folder, where the outer install is about to
// unpack the package it packs from this folder: through that link, into this folder, which npm then deletes. The
// link goes; the outer install puts the package in its place.
if (process.env.npm_config_global === 'true' && process.env.npm_config_prefix) {
  const prefix = process.env.npm_config_prefix;
  const linked = join(prefix, process.platform === 'win32' ? '' : 'lib', 'node_modules', process.env.npm_package_name ?? 'mcp-tasks-conformance');
  try {
    if (lstatSync(linked).isSymbolicLink() && realpathSync(linked) === realpathSync(root)) {
      unlinkSync(linked);
      console.log(`prepare: removed the link ${linked} the inner global install made to this folder`);
    }
  } catch {
    // Nothing linked there.
  }
}
