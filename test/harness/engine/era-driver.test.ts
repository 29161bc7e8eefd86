// The engine names no era: a profile brings its driver (discovery, rule book), so a third profile — here a toy one,
// defined in this test alone — runs through the runner and the reports with nothing in harness/engine or reports/
// written for it.
import { describe, it } from 'vitest';
import { defineProfile, PROBE_OPERATIONS, PROBE_STATUSES, type EraDriver, type ProbeMatrix, type TrafficJudge } from '../../../harness/engine/profile.js';
import { runSuite } from '../../../harness/engine/runner.js';
import { defineCheck, type TargetFacts } from '../../../harness/receivers/check.js';
import type { Finding, TranscriptEntry } from '../../../harness/model/model.js';
import { makeTiming } from '../../../harness/wire/timing.js';
import { buildHtmlReport, buildJunitXml, buildMarkdownSummary, toJsonReport } from '../../../reports/index.js';

const FACTS: TargetFacts = {
  role: 'server',
  transport: 'stdio',
  protocolVersion: 'toy-1',
  capabilities: {},
  serverInfo: { name: 'toy' },
  tools: [],
  fixtures: new Map(),
  era: 'legacy',
  toolsAppearLate: false,
  hasPeerIdentity: false,
  hasAuthorization: false,
};

/** The toy era's rule book: it sees what its checks' transcripts carry (nothing here) and judges nothing. */
const seen: TranscriptEntry[] = [];
const TOY_DRIVER: EraDriver = {
  discover: async () => ({ facts: FACTS, measured: { method: 'the toy era measures nothing', samplesMs: [1], roundTripMs: 1, connectMs: 1 } }),
  judgeTraffic: (): TrafficJudge => ({ observe: (entry) => void seen.push(entry), findings: (): Finding[] => [] }),
};

/** The toy era has no tasks: every cell of its probe matrix says so. */
const NO_TASKS = 'the toy era has no tasks';
const PROBES = Object.fromEntries(PROBE_OPERATIONS.map((operation) => [operation, Object.fromEntries(PROBE_STATUSES.map((status) => [status, { why: NO_TASKS }]))])) as ProbeMatrix;

const TOY = defineProfile({
  id: 'toy-1',
  title: 'A toy profile',
  specUrl: 'https://example.invalid/toy',
  protocolVersion: 'toy-1',
  era: 'legacy',
  requirements: [{ id: 'TOY-GREET', keyword: 'MUST', binds: 'receiver', section: 'Greeting', anchor: 'greeting', summary: 'A toy greets.' }],
  checks: [
    defineCheck({
      id: 'toy.greets',
      title: 'The toy greets',
      suite: 'toy',
      spec: 'https://example.invalid/toy#greeting',
      requirements: ['TOY-GREET'],
      provenBy: [],
      explain: { does: 'Nothing but judge what it was given.', causes: [] },
      async run(ctx) {
        ctx.expect('TOY-GREET', ctx.facts.protocolVersion === 'toy-1', 'expected the toy version, got another');
      },
    }),
    defineCheck({
      id: 'toy.says-hello',
      title: 'The toy says hello',
      suite: 'toy',
      spec: 'https://example.invalid/toy#greeting',
      requirements: ['TOY-GREET'],
      provenBy: [],
      explain: { does: 'Fails, to show a fail goes through.', causes: [] },
      async run(ctx) {
        ctx.expect('TOY-GREET', false, 'expected hello, got bye');
      },
    }),
  ],
  driver: TOY_DRIVER,
  probes: PROBES,
  fixtureContract: { server: 'docs/toy.md', client: 'docs/toy.md' },
});

describe('a third profile', () => {
  it('runs through the engine and the reports by its driver alone', async ({ expect }) => {
    const report = await runSuite({
      target: { transport: 'stdio', command: `"${process.execPath}" -e ""` },
      role: 'server',
      checks: TOY.checks,
      profile: TOY,
      timing: makeTiming(1),
      concurrency: 2,
      tool: { name: 'toy-run', version: '0' },
    });
    expect(report.specVersion).toBe('toy-1');
    expect(Object.fromEntries(report.results.map((result) => [result.id, result.outcome]))).toEqual({ 'toy.greets': 'pass', 'toy.says-hello': 'fail' });
    const failing = report.results.find((result) => result.id === 'toy.says-hello')!;
    expect(failing.findings[0]).toMatchObject({ requirement: 'TOY-GREET', expected: 'hello', actual: 'bye' });
    // Every writer renders it as it renders the eras it was written beside.
    expect(toJsonReport(report).results).toHaveLength(2);
    expect(buildJunitXml(report)).toContain('toy.says-hello');
    expect(buildMarkdownSummary(report)).toContain('toy.says-hello');
    expect(buildHtmlReport(report)).toContain('expected hello, got bye');
  });
});
