// npm's `prepare`: builds the suite wherever it is installed from its sources (`npm ci` here, a Git URL, `npm pack`).
// A tree that carries its build (a release tag made by scripts/release-tag.mjs) builds nothing.
//
// `npm install -g git+…` cannot work (npm/cli#8440): npm prepares the clone with an inner install that inherits
// --global, so the clone gets no dev dependencies (no compiler) and is linked into the global folder that the outer
// install then unpacks into. That case is told in one line with the command that works: `npm pack` of the same URL
// prepares it as a local install does, and the global install of the tarball needs no build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsc = join(root, 'node_modules/typescript-native/bin/tsc');

function run(args) {
  const ran = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (ran.status !== 0) process.exit(ran.status || 1);
}

if (!existsSync(tsc)) {
  if (existsSync(join(root, 'dist/release.json'))) process.exit(0);
  const global = process.env.npm_config_global === 'true';
  console.error(
    global
      ? 'mcp-tasks-conformance: npm install -g from a Git URL cannot build the suite (npm/cli#8440); install the packed tarball instead: npm install -g "$(npm pack git+https://…#COMMIT | tail -n 1)"'
      : 'mcp-tasks-conformance: no TypeScript compiler in node_modules to build the suite with; run "npm install" (with the dev dependencies) first',
  );
  process.exit(1);
}
run([tsc, '-p', 'tsconfig.json']);
run([join(root, 'scripts/build-report-assets.mjs')]);
