// How the user started this CLI, so that every command line it prints (a rerun, a hint) runs as printed: the bare name
// only when it is on PATH, `npx mcp-tasks-conformance` when run through npx or a package's bin, else `node SCRIPT`.
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

/** The first executable called `name` on PATH, resolved; undefined when none. */
function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const folder of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const found = real(join(folder, name));
    if (found) return found;
  }
  return undefined;
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
  // Installed (globally or linked): the bare name runs this very script.
  if (realScript !== undefined && onPath(NAME, env) === realScript) return NAME;
  // The GitHub Action runs its own copy: whoever reads the log reruns it on their machine, through npx.
  if (script !== undefined && env.GITHUB_ACTION_PATH && !relative(env.GITHUB_ACTION_PATH, script).startsWith('..')) return `npx ${NAME}`;
  // npx, or a package's bin (npm scripts): the script lies in a node_modules, and npx finds it again (the local one
  // first). Not npm's environment: a child of `npm test` inherits it.
  if (script !== undefined && script.split(sep).includes('node_modules')) return `npx ${NAME}`;
  const node = onPath('node', env) === real(execPath) ? 'node' : shellWord(execPath);
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
