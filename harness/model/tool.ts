// The suite's own name and version, read from its package.json: the one place a release bumps. The CLI puts them in
// every report (RunReport.tool); the connections introduce the harness with them (clientInfo, serverInfo).
import { existsSync, readFileSync } from 'node:fs';

/**
 * The package.json nearest above this module: the package root whether this runs built (dist/harness/), installed
 * (node_modules/<name>/dist/harness/) or from the TypeScript sources (harness/, in the tests).
 */
function readManifest(): { name: string; version: string } {
  for (let folder = new URL('../', import.meta.url); ; folder = new URL('../', folder)) {
    const file = new URL('package.json', folder);
    if (existsSync(file)) {
      const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (typeof name !== 'string' || typeof version !== 'string') throw new Error(`${file.pathname} has no name and version`);
      return { name, version };
    }
    if (new URL('../', folder).href === folder.href) throw new Error(`no package.json above ${import.meta.url}`);
  }
}

/** The tool as reports name it, e.g. { name: 'mcp-tasks-conformance', version: '0.1.0' }. */
export const TOOL: { readonly name: string; readonly version: string } = readManifest();
