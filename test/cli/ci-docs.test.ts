// The CI recipes of docs/ci.md: every YAML block parses; the action inputs, outputs and command-line flags they use
// exist; the GitLab job hands its own JUnit file to the merge request; and the stdio job runs, with the reference
// receiver standing in for "your" server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MATRIX_OPTIONS } from '../../cli/matrix.js';
import { SERVER_OPTIONS } from '../../cli/options.js';
import { parseShard } from '../../harness/engine/selection.js';
import { PROFILE_IDS } from '../../cli/profiles.js';
import { BUILT, ROOT } from '../support/cli-run.js';
import { leaveOutInstall, loadAction, runCompositeAction } from '../support/composite-action.js';

const ACTION = loadAction(join(ROOT, 'action.yml'));
const DOC = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
const BLOCKS = [...DOC.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]);
/** The spec profiles the suite has; a matrix over profiles may name only these. */
const PROFILES: readonly string[] = PROFILE_IDS;
const OUR_ACTION = /(^|\/)mcp-tasks-conformance@/;

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}

interface Job {
  steps?: Step[];
  script?: string[];
  strategy?: { matrix?: Record<string, unknown[]> };
  artifacts?: { reports?: { junit?: string } };
}

const parsed = BLOCKS.map((block) => parse(block) as unknown);
const workflowJobs = (document: unknown): Job[] => (typeof document === 'object' && document !== null && 'jobs' in document ? Object.values((document as { jobs: Record<string, Job> }).jobs) : []);
const stepsOf = (document: unknown): Step[] => (Array.isArray(document) ? (document as Step[]) : workflowJobs(document).flatMap((job) => job.steps ?? []));
const gitlabJobs = (document: unknown): Job[] =>
  typeof document === 'object' && document !== null && !Array.isArray(document) && !('jobs' in document)
    ? Object.values(document as Record<string, Job>).filter((job) => Array.isArray(job?.script))
    : [];
const actionSteps = parsed.flatMap(stepsOf).filter((step) => OUR_ACTION.test(step.uses ?? ''));
/** The README's short example of the action, held to the same inputs. */
const README_ACTION_STEPS = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)]
  .flatMap((match) => stepsOf(parse(match[1]) as unknown))
  .filter((step) => OUR_ACTION.test(step.uses ?? ''));

/** The flags of each `mcp-tasks-conformance server|client` command line in a shell text. */
function suiteFlags(shell: string): string[] {
  return [...shell.matchAll(/mcp-tasks-conformance(?:@[\w.-]+)? (?:server|client)\b([^\n]*(?:\n(?!\s*-)[^\n]*)*)/g)].flatMap((match) =>
    [...match[1].matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)].map((flag) => flag[1]),
  );
}

describe('docs/ci.md', () => {
  it('has YAML blocks that all parse: GitHub workflows, a step list, a GitLab job', () => {
    expect(BLOCKS.length).toBeGreaterThanOrEqual(6);
    expect(parsed.filter((document) => workflowJobs(document).length > 0).length).toBeGreaterThanOrEqual(4);
    expect(parsed.some((document) => Array.isArray(document))).toBe(true);
    expect(parsed.flatMap(gitlabJobs)).toHaveLength(1);
  });

  it('gives the action only inputs action.yml declares, and reads only outputs it sets', () => {
    expect(actionSteps.length).toBeGreaterThanOrEqual(3);
    expect(README_ACTION_STEPS).toHaveLength(1);
    const ids = new Set(actionSteps.map((step) => step.id));
    expect(ids).toEqual(new Set(['tasks']));
    for (const step of [...actionSteps, ...README_ACTION_STEPS]) {
      for (const input of Object.keys(step.with ?? {})) expect(Object.keys(ACTION.inputs), `with: ${input}`).toContain(input);
    }
    const read = [...DOC.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)];
    expect(read.length).toBeGreaterThan(5);
    for (const [, id, output] of read) {
      expect(ids.has(id), `steps.${id} is no step of the action`).toBe(true);
      expect(Object.keys(ACTION.outputs), `steps.${id}.outputs.${output}`).toContain(output);
    }
  });

  it('uses only command-line flags the suite knows', () => {
    const shells = [...parsed.flatMap(stepsOf).map((step) => step.run ?? ''), ...parsed.flatMap(gitlabJobs).flatMap((job) => job.script ?? [])];
    const flags = shells.flatMap(suiteFlags);
    expect(flags.length).toBeGreaterThan(8);
    for (const flag of flags) expect(Object.keys(SERVER_OPTIONS), `--${flag}`).toContain(flag);
    // The prose names flags too.
    for (const [, flag] of DOC.matchAll(/`--([a-z][a-z-]*)[ `]/g)) expect([...Object.keys(SERVER_OPTIONS), ...Object.keys(MATRIX_OPTIONS)], `--${flag}`).toContain(flag);
  });

  it('shards the conformance matrix over real shards, and merges what the shards write', () => {
    const shardJobs = parsed.flatMap(workflowJobs).filter((job) => job.steps?.some((step) => /mcp-tasks-conformance matrix \S+ --shard/.test(step.run ?? '')));
    expect(shardJobs).toHaveLength(1);
    const [job] = shardJobs;
    const run = job!.steps!.find((step) => /--shard/.test(step.run ?? ''))!.run!;
    const shards = (job!.strategy!.matrix!.shard ?? []).map((value) => /--shard (\S+)/.exec(run.replaceAll('${{ matrix.shard }}', String(value)))![1]!);
    expect(shards.length).toBeGreaterThan(1);
    for (const shard of shards) expect(parseShard(shard), shard).toEqual({ index: expect.any(Number), count: shards.length });
    const matrixLines = parsed.flatMap(stepsOf).flatMap((step) => [...(step.run ?? '').matchAll(/mcp-tasks-conformance matrix ([^\n]*)/g)].map((match) => match[1]!));
    expect(matrixLines.some((line) => line.startsWith('merge '))).toBe(true);
    for (const line of matrixLines) for (const [, flag] of line.matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)) expect(Object.keys(MATRIX_OPTIONS), `--${flag}`).toContain(flag);
  });

  it('runs matrices over real shards and spec profiles only', () => {
    // The action's matrix; the conformance matrix's jobs run the CLI and are checked below.
    const matrices = parsed.flatMap(workflowJobs).flatMap((job) => (job.strategy?.matrix && job.steps?.some((step) => OUR_ACTION.test(step.uses ?? '')) ? [job] : []));
    expect(matrices).toHaveLength(1);
    const [job] = matrices;
    const matrix = job.strategy!.matrix!;
    for (const spec of matrix.spec ?? []) expect(PROFILES).toContain(spec);
    const step = job.steps!.find((candidate) => OUR_ACTION.test(candidate.uses ?? ''))!;
    expect(step.with?.spec).toBe('${{ matrix.spec }}');
    const shards = (matrix.shard ?? []).map((value) => String(step.with?.shard).replace('${{ matrix.shard }}', String(value)));
    expect(shards.length).toBeGreaterThan(1);
    for (const shard of shards) expect(parseShard(shard), shard).toEqual({ index: expect.any(Number), count: shards.length });
  });

  it('hands the GitLab merge request the JUnit file the job writes', () => {
    const [job] = parsed.flatMap(gitlabJobs);
    const junit = /--junit (\S+)/.exec(job.script!.join('\n'))?.[1];
    expect(junit).toBeDefined();
    expect(job.artifacts?.reports?.junit).toBe(junit);
  });
});

describe.skipIf(!BUILT)('the stdio job of docs/ci.md', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('runs as written, with the reference receiver as the server and a narrower selection', async () => {
    const step = actionSteps.find((candidate) => typeof candidate.with?.command === 'string')!;
    const [workspace, runnerTemp] = ['docs-workspace-', 'docs-runner-'].map((prefix) => mkdtempSync(join(tmpdir(), prefix)));
    folders.push(workspace, runnerTemp);
    const inputs = { ...(step.with as Record<string, string>), command: `node "${join(ROOT, 'dist/reference-server/main.js')}"`, only: 'creation.*' };
    const run = await runCompositeAction(ACTION, {
      inputs,
      workspace,
      actionPath: ROOT,
      runnerTemp,
      leaveOut: leaveOutInstall,
      boundMs: 60_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.outcome).toBe('pass');
    // The next step of the job publishes this file.
    expect(run.outputs.junit).toBe(join(workspace, 'tasks-conformance/junit.xml'));
    expect(readFileSync(run.outputs.junit, 'utf8')).toContain('<testsuites');
  });
});
