// The runtime dependency set stays lean: each package in "dependencies" is imported by code the package ships, so
// the Action at a release tag and `npm install` (both --omit=dev) install nothing only the tests or benches use.
// The other way round (shipped code importing a devDependency) is dependency-cruiser's rule
// shipped-code-needs-runtime-dependencies-only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli-run.js';

const SHIPPED = ['cli', 'harness', 'suites', 'reports', 'reference-server', 'reference-client'];
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; files: string[] };

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => readFileSync(join(ROOT, folder, file), 'utf8'));
}

/** Imports that load a package at run time: static imports other than `import type`, and dynamic ones. */
function runtimeImports(text: string): string[] {
  const statics = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^'.][^']*)'/gm)].map((match) => match[1]);
  const dynamics = [...text.matchAll(/\bimport\(\s*'([^'.][^']*)'\s*\)/g)].map((match) => match[1]);
  return [...statics, ...dynamics].map((specifier) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/'),
  );
}

describe('the runtime dependencies', () => {
  const imported = new Set(SHIPPED.flatMap(sources).flatMap(runtimeImports));

  it('are each loaded at run time by code the package ships', () => {
    expect(imported.size).toBeGreaterThan(3);
    expect(
      Object.keys(pkg.dependencies).filter((name) => !imported.has(name)),
      'dependencies only tests or benches use (move them to devDependencies)',
    ).toEqual([]);
  });

  it('are the ones the package ships code for', () => {
    for (const folder of SHIPPED) expect(pkg.files, folder).toContain(`dist/${folder}`);
  });
});
