// How the user started this CLI, so that every command line it prints (a rerun, a hint) runs as printed: the bare name
// only when it is on the user's PATH, `npx mcp-tasks-conformance` when run from a project's node_modules, else
// `node SCRIPT` (a clone, or npx's cache of a package fetched by URL).
import { realpathSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative, sep } from 'node:path';

const NAME = 'mcp-tasks-conformance';

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** The first executable called `name` on PATH, resolved, and the folder it was found in; undefined when none. */
function onPath(name: string, env: NodeJS.ProcessEnv): { found: string; folder: string } | undefined {
  for (const folder of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const found = real(join(folder, name));
    if (found) return { found, folder };
  }
  return undefined;
}

/** A package's bin folder, which npm puts first on PATH for npx and npm scripts only: not the user's shell's PATH. */
function isPackageBin(folder: string): boolean {
  return folder.split(sep).slice(-2).join('/') === 'node_modules/.bin';
}

function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface InvocationContext {
  script: string | undefined;
  execPath: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** The words that start this CLI again, as the user started it. */
export function invocationFrom({ script, execPath, cwd, env }: InvocationContext): string {
  const realScript = script === undefined ? undefined : real(script);
  // Installed (globally or linked): the bare name runs this very script. Not where npx or an npm script put the
  // package's bin folder on PATH for this run alone: the user's shell has no such command.
  const named = onPath(NAME, env);
  if (realScript !== undefined && named?.found === realScript && !isPackageBin(named.folder)) return NAME;
  // The GitHub Action runs its own copy: whoever reads the log reruns it on their machine, through npx.
  if (script !== undefined && env.GITHUB_ACTION_PATH && !relative(env.GITHUB_ACTION_PATH, script).startsWith('..')) return `npx ${NAME}`;
  const node = onPath('node', env)?.found === real(execPath) ? 'node' : shellWord(execPath);
  // npx of a URL (npx github:OWNER/…): the package lies in npx's cache, where `npx mcp-tasks-conformance` would not
  // look (it asks the registry for that name); this very script, by its path, runs as printed.
  if (script !== undefined && script.split(sep).includes('_npx')) return `${node} ${shellWord(realScript ?? script)}`;
  // A package's bin (an install into a project, npm scripts): the script lies in a node_modules, and npx finds it
  // again (the local one first). Not npm's environment: a child of `npm test` inherits it.
  if (script !== undefined && script.split(sep).includes('node_modules')) return `npx ${NAME}`;
  if (script === undefined) return `${node} ${NAME}`;
  // From a clone: the script as a path from where the user stands, when it is below it.
  const fromCwd = relative(cwd, script);
  const path = fromCwd && !fromCwd.startsWith('..') && !isAbsolute(fromCwd) ? fromCwd : script;
  return `${node} ${shellWord(path)}`;
}

/** This process's invocation (see invocationFrom). */
export function invocation(): string {
  return invocationFrom({ script: process.argv[1], execPath: process.execPath, cwd: process.cwd(), env: process.env });
}
