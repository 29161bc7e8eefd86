// The JUnit XML validates against Jenkins' JUnit schema (../shared/reference/junit-10.xsd), checked with
// xmllint (libxml2 compiled to WebAssembly): a hand-made report with every outcome and hostile text, strict
// mode, and a real run with failures against the reference receiver.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';

import type { CheckResult, RunReport } from '../../harness/model/model.js';
import { runVerdict } from '../../harness/engine/run-policy.js';
import { buildJunitXml } from '../../reports/junit.js';
import { runAgainstReferenceHttp } from '../support/reference-runs.js';
import { CALIBRATION } from '../support/results.js';

const XSD_PATH = fileURLToPath(new URL('../../../shared/reference/junit-10.xsd', import.meta.url));
const XSD = existsSync(XSD_PATH) ? readFileSync(XSD_PATH, 'utf8') : undefined;
const SKIP_REASON = `${XSD_PATH} is absent (../shared is not beside the project), so the JUnit XML cannot be checked against the schema`;

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [XSD!] });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

const HOSTILE = 'bad\u0000chars\u001b[31mred\uFFFF\uD800 end ]]> and <tag attr="x"> & \'quote\' ]]> done\r\nline two';

function result(overrides: Partial<CheckResult> & Pick<CheckResult, 'id' | 'outcome'>): CheckResult {
  return {
    title: `title of ${overrides.id} ${HOSTILE}`,
    suite: 'lifecycle',
    role: 'server',
    requirements: ['REQ-A'],
    level: 'must',
    message: `message ${HOSTILE}`,
    findings: [],
    info: [`info ${HOSTILE}`],
    durationMs: 12.3456,
    protocolVersion: '2025-11-25',
    transcript: [
      { t: 0, dir: 'out', conn: 'A', message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { x: HOSTILE, n: 10n } } },
      { t: 1.5, dir: 'in', conn: 'A', message: { jsonrpc: '2.0', id: 1, result: { text: HOSTILE } } },
      { t: 2, dir: 'stderr', text: HOSTILE },
      { t: 3, dir: 'note', text: HOSTILE },
    ],
    ...overrides,
  };
}

/** The requirements as the report's coverage describes them; the JUnit body quotes their section and summary. */
const COVERAGE: RunReport['coverage'] = [
  {
    id: 'REQ-A',
    keyword: 'MUST',
    binds: 'receiver',
    section: `Tasks ${HOSTILE}`,
    url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tasks',
    summary: HOSTILE,
    checks: ['lifecycle.create'],
  },
  {
    id: 'REQ-B',
    keyword: 'SHOULD',
    binds: 'receiver',
    section: 'TTL',
    url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#ttl',
    summary: 'ttl',
    checks: ['lifecycle.ttl'],
  },
];

function handMade(overrides: Partial<RunReport> = {}): RunReport {
  const results = [
    result({ id: 'lifecycle.create', outcome: 'pass', message: '' }),
    result({
      id: 'result.exact',
      outcome: 'fail',
      suite: `result ${HOSTILE}`,
      findings: [{ requirement: 'REQ-A', keyword: 'MUST', severity: 'fail', message: HOSTILE }],
    }),
    result({ id: 'lifecycle.ttl', outcome: 'warn', level: 'should', findings: [{ requirement: 'REQ-B', keyword: 'SHOULD', severity: 'warn', message: HOSTILE }] }),
    result({ id: 'cancel.terminal', outcome: 'skip', suite: 'cancel', durationMs: 0, transcript: [] }),
    result({ id: 'result.timeout', outcome: 'error', suite: 'cancel', durationMs: 30_000, protocolVersion: undefined }),
    result({ id: 'lifecycle.empty-message', outcome: 'skip', message: '', info: [], transcript: [] }),
  ];
  return {
    tool: { name: 'mcp-tasks-conformance', version: '0.1.0' },
    specVersion: '2025-11-25',
    profile: { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks' },
    target: { transport: 'stdio', description: `node server.js ${HOSTILE}`, bundledReference: false },
    role: 'server',
    negotiatedProtocolVersion: '2025-11-25',
    serverInfo: { name: 'demo', version: '1' },
    startedAt: '2025-11-25T10:20:30.456Z',
    durationMs: 4210,
    summary: { pass: 1, fail: 1, warn: 1, skip: 2, inconclusive: 0, error: 1 },
    results,
    notices: [HOSTILE],
    coverage: COVERAGE,
    ...overrides,
  };
}

describe.skipIf(XSD === undefined)('JUnit XML against junit-10.xsd', () => {
  it('validates for a hand-made report with every outcome and hostile characters', async () => {
    const xml = buildJunitXml(handMade());
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<skipped message="message bad');
    expect(xml).toMatch(/<testsuite name="mcp-tasks-conformance 2025-11-25 · lifecycle" timestamp="2025-11-25T10:20:30Z"/);
    expect(xml).toContain('keyword: MUST');
  });

  it('validates in strict mode, where a warn is a failure', async () => {
    const xml = buildJunitXml(handMade(), { strict: true });
    expect(xml.match(/<failure\b/g)).toHaveLength(2);
    expect(await schemaErrors(xml)).toEqual([]);
  });

  it('validates with a baseline: expected failures skipped, a stale entry failing, an unknown entry in the run-verdict case', async () => {
    const report = handMade({ calibration: { ...CALIBRATION, method: HOSTILE } });
    const entries = [
      { check: 'result.exact', reason: `known ${HOSTILE}` },
      { check: 'result.timeout', reason: 'flaky' },
    ];
    const baselined = { ...report, verdict: runVerdict(report, { baseline: { file: `ci/${HOSTILE}.yml`, entries } }) };
    expect(baselined.verdict.outcome).toBe('pass');
    const passing = buildJunitXml(baselined);
    expect(passing).not.toMatch(/<(failure|error)\b/);
    expect(passing).toContain('<skipped message="expected failure: known bad');
    expect(await schemaErrors(passing)).toEqual([]);

    const withProblems = {
      ...report,
      verdict: runVerdict(report, { baseline: { entries: [...entries, { check: 'lifecycle.create', reason: 'was broken' }, { check: `typo ${HOSTILE}`, reason: 'r' }] } }),
    };
    const failing = buildJunitXml(withProblems);
    expect(failing).toContain('type="stale-baseline-entry"');
    expect(failing).toContain('<testsuite name="mcp-tasks-conformance 2025-11-25 · run-verdict"');
    expect(await schemaErrors(failing)).toEqual([]);
  });

  it('validates for edge cases: no results, no negotiated version, an unparseable start time', async () => {
    expect(await schemaErrors(buildJunitXml(handMade({ results: [], summary: { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 0 } })))).toEqual([]);
    expect(await schemaErrors(buildJunitXml(handMade({ negotiatedProtocolVersion: undefined, startedAt: 'not a date' })))).toEqual([]);
  });

  it('rejects what the schema forbids (the validator is really checking)', async () => {
    const clean = result({ id: 'plain.case', outcome: 'pass', title: 'plain', message: '', info: [], transcript: [] });
    const xml = buildJunitXml(handMade({ results: [clean], summary: { pass: 1, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 0 } }));
    expect(await schemaErrors(xml)).toEqual([]);
    const withCaseProperties = xml.replace(/(<testcase\b[^>]*>)/, '$1<properties><property name="a" value="b"/></properties>');
    expect((await schemaErrors(withCaseProperties)).join('\n')).toMatch(/properties.*not expected/);
    const withRootSkipped = xml.replace('<testsuites ', '<testsuites skipped="1" ');
    expect((await schemaErrors(withRootSkipped)).join('\n')).toMatch(/attribute 'skipped'/);
  });

  it('validates for a real run with failures against the reference receiver', async () => {
    const report = await runAgainstReferenceHttp({ faults: ['result-differs', 'failed-without-status-message', 'ttl-missing'] });
    expect(report.summary.fail + report.summary.warn).toBeGreaterThan(0);
    for (const strict of [false, true]) {
      const xml = buildJunitXml(report, { strict });
      expect(await schemaErrors(xml)).toEqual([]);
    }
  });
});

describe.skipIf(XSD !== undefined)('JUnit XML against junit-10.xsd (schema absent)', () => {
  it.skip(SKIP_REASON, () => undefined);
});
