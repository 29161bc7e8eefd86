// The tool's name and version as reports print them, read from package.json so there is one place to bump.
import { readFileSync } from 'node:fs';

/** package.json sits two levels above this module, built (dist/cli/) or installed (node_modules/<name>/dist/cli/). */
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

export const TOOL = { name: manifest.name, version: manifest.version };
