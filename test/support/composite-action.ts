// Runs a composite GitHub Action the way the runner does, for the parts our action.yml uses: each `run` step in
// order with `bash --noprofile --norc -eo pipefail`, its `env` and `working-directory` evaluated, GITHUB_OUTPUT
// read back after each step, the run stopped at the first failing step, the action's outputs evaluated at the end.
// Anything else in action.yml (`uses`, `if`, an expression beyond plain context paths) is refused, so a change to
// the action that this runner cannot honour fails the test instead of passing untested.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface ActionInput {
  description: string;
  default?: string;
}

export interface ActionStep {
  id?: string;
  name?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
  [key: string]: unknown;
}

export interface CompositeAction {
  inputs: Record<string, ActionInput>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export function loadAction(file: string): CompositeAction {
  return parse(readFileSync(file, 'utf8')) as CompositeAction;
}

export interface ActionRunOptions {
  inputs: Record<string, string>;
  workspace: string;
  actionPath: string;
  /** RUNNER_TEMP: the step scripts, their output files and the step summary go here too; the caller removes it. */
  runnerTemp: string;
  /** Why a step is left out (the test says so), or undefined to run it. */
  leaveOut?: (step: ActionStep) => string | undefined;
  /** Ends the run, group and all, when it takes longer. */
  boundMs: number;
  /** A folder searched before the PATH, for commands a test stands in for (npm). */
  pathFirst?: string;
}

export interface ActionRun {
  /** The exit status of the step that failed, or 0. */
  status: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** What the steps appended to GITHUB_STEP_SUMMARY. */
  summary: string;
  /** Each step left out, with why. */
  leftOut: string[];
}

/**
 * Leaves out action.yml's `install` step (npm ci, and npm run build without a release's dist/, in the action's
 * folder): the tests run in this checkout, whose node_modules and dist exist already, and reinstalling them would
 * disturb every other test.
 */
export function leaveOutInstall(step: ActionStep): string | undefined {
  return step.id === 'install' ? 'npm ci and npm run build left out: this checkout\'s node_modules and dist are used (built by "npm run build")' : undefined;
}

const STEP_KEYS = new Set(['id', 'name', 'shell', 'run', 'env', 'working-directory']);
const EXPRESSION = /\$\{\{\s*(.*?)\s*\}\}/g;

/** Parses the GITHUB_OUTPUT file format: `name=value` lines and `name<<DELIMITER` … `DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], index + 1);
      if (end < 0) throw new Error(`GITHUB_OUTPUT: "${heredoc[1]}" has no closing ${heredoc[2]}`);
      outputs[heredoc[1]] = lines.slice(index + 1, end).join('\n');
      index = end;
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

export async function runCompositeAction(action: CompositeAction, options: ActionRunOptions): Promise<ActionRun> {
  if (action.runs.using !== 'composite') throw new Error(`expected a composite action, got runs.using "${action.runs.using}"`);
  const temp = options.runnerTemp;
  const summaryFile = join(temp, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, options.inputs[name] ?? input.default ?? '']));
  for (const name of Object.keys(options.inputs)) if (!(name in action.inputs)) throw new Error(`input "${name}" is not declared in action.yml`);
  const steps: Record<string, Record<string, string>> = {};
  const contexts: Record<string, (path: string[]) => string | undefined> = {
    inputs: ([name]) => inputs[name],
    github: ([name]) => ({ action_path: options.actionPath, workspace: options.workspace })[name],
    runner: ([name]) => ({ temp, os: 'Linux' })[name],
    steps: ([id, kind, name]) => (kind === 'outputs' ? (steps[id]?.[name] ?? '') : undefined),
  };
  const evaluate = (text: string) =>
    text.replace(EXPRESSION, (_, expression: string) => {
      const [context, ...path] = expression.split('.');
      const value = /^[\w.-]+$/.test(expression) ? contexts[context]?.(path) : undefined;
      if (value === undefined) throw new Error(`the test's evaluator does not know \${{ ${expression} }}`);
      return value;
    });

  const run: ActionRun = { status: 0, stdout: '', stderr: '', outputs: {}, summary: '', leftOut: [] };
  const deadline = Date.now() + options.boundMs;
  for (const [index, step] of action.runs.steps.entries()) {
    const unknown = Object.keys(step).filter((key) => !STEP_KEYS.has(key));
    if (unknown.length > 0 || step.run === undefined) throw new Error(`step ${step.id ?? index}: the test runs only "run" steps without ${unknown.join(', ') || 'uses'}`);
    if (step.shell !== 'bash') throw new Error(`step ${step.id ?? index}: expected shell bash, got ${step.shell}`);
    const why = options.leaveOut?.(step);
    if (why) {
      run.leftOut.push(`${step.id ?? index}: ${why}`);
      continue;
    }
    const outputFile = join(temp, `output-${index}`);
    const scriptFile = join(temp, `step-${index}.sh`);
    writeFileSync(outputFile, '');
    writeFileSync(scriptFile, evaluate(step.run));
    const env: Record<string, string> = {
      PATH: [options.pathFirst, process.env.PATH ?? ''].filter(Boolean).join(':'),
      HOME: process.env.HOME ?? temp,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_ACTION_PATH: options.actionPath,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: temp,
      NO_COLOR: '1',
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, evaluate(String(value))])),
    };
    const cwd = step['working-directory'] ? evaluate(step['working-directory']) : options.workspace;
    const status = await runBash(scriptFile, cwd, env, Math.max(1, deadline - Date.now()), run);
    steps[step.id ?? String(index)] = { ...parseOutputFile(readFileSync(outputFile, 'utf8')) };
    if (status !== 0) {
      run.status = status;
      break;
    }
  }
  run.outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, output]) => [name, evaluate(output.value)]));
  run.summary = readFileSync(summaryFile, 'utf8');
  return run;
}

/** The runner's own command for `shell: bash`; the step's output is collected into the run. */
async function runBash(scriptFile: string, cwd: string, env: Record<string, string>, boundMs: number, run: ActionRun): Promise<number> {
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', scriptFile], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (run.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (run.stderr += chunk));
  let hung = false;
  const bound = setTimeout(() => {
    hung = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, boundMs);
  const status = await new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? 128)));
  clearTimeout(bound);
  if (hung) throw new Error(`the action ran longer than its bound; output so far:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
  return status;
}
