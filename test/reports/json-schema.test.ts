// The JSON report matches its documented schema (reports/report.schema.json, draft 2020-12): a hand-made
// report with every outcome, and real runs against the reference receiver, clean and with faults. The committed
// schema is the one the report model generates, and a written report reads back into the model it came from.

import { readFileSync } from 'node:fs';

import AjvModule from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { AnySchemaObject, ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';

import type { RunReport } from '../../harness/model/model.js';
import { runVerdict } from '../../harness/engine/run-policy.js';
import { fromJsonReport, REPORT_SCHEMA_ID, reportJsonSchema, toJsonReport } from '../../reports/json.js';
import { runAgainstReferenceHttp } from '../support/reference-runs.js';
import { CALIBRATION, result } from '../support/results.js';

// CommonJS interop as in harness/model/schemas/validate.ts.
type AjvClass = typeof AjvModule.default;
type AddFormats = typeof addFormatsModule.default;
const Ajv2020: AjvClass = (AjvModule as unknown as { default?: AjvClass }).default ?? (AjvModule as unknown as AjvClass);
const addFormats: AddFormats = (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

const SCHEMA = JSON.parse(readFileSync(new URL('../../reports/report.schema.json', import.meta.url), 'utf8')) as AnySchemaObject;

let validate: ValidateFunction;
beforeAll(() => {
  // strict: true makes ajv refuse unknown keywords and other schema mistakes, not only bad data.
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  validate = ajv.compile(SCHEMA);
});

/** The report as a file would hold it (JSON text parsed back), checked against the schema. */
function schemaErrors(report: RunReport): string[] {
  const json = JSON.parse(JSON.stringify(toJsonReport(report))) as unknown;
  return validate(json) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
}

const cyclic: Record<string, unknown> = { big: 12345678901234567890n };
cyclic.self = cyclic;

function handMade(): RunReport {
  return {
    tool: { name: 'mcp-tasks-conformance', version: '0.1.0' },
    specVersion: '2025-11-25',
    profile: { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks' },
    target: { transport: 'http', description: 'http://127.0.0.1:3000/mcp', bundledReference: false },
    role: 'server',
    negotiatedProtocolVersion: undefined,
    serverInfo: undefined,
    startedAt: '2025-11-25T10:20:30.456Z',
    durationMs: 4210.5,
    summary: { pass: 1, fail: 1, warn: 1, skip: 1, inconclusive: 0, error: 1 },
    results: [
      result({
        id: 'lifecycle.create',
        outcome: 'pass',
        info: ['the receiver sends status notifications'],
        transcript: [
          { t: 0, dir: 'out', conn: 'A', message: { jsonrpc: '2.0', id: 1, method: 'tools/call' } },
          { t: 1.25, dir: 'in', conn: 'A', message: cyclic },
          { t: 2, dir: 'stderr', text: 'line\u0000with control' },
          { t: 3, dir: 'note', text: 'waiting' },
        ],
      }),
      result({
        id: 'result.exact',
        outcome: 'fail',
        message: 'expected x, got y',
        findings: [
          { requirement: 'REQ-A', keyword: 'MUST', severity: 'fail', message: 'expected x, got y' },
          { requirement: 'REQ-B', keyword: 'SHOULD NOT', severity: 'warn', message: 'also this' },
        ],
      }),
      result({ id: 'ttl.stable', outcome: 'warn', level: 'should', message: 'ttl changed', findings: [{ requirement: 'REQ-B', keyword: 'SHOULD', severity: 'warn', message: 'ttl changed' }] }),
      result({ id: 'cancel.terminal', outcome: 'skip', message: 'tasks.cancel not declared', protocolVersion: undefined }),
      result({ id: 'result.timeout', outcome: 'error', level: 'may', message: 'harness: timed out', durationMs: 0 }),
    ],
    notices: ['the target negotiated 2025-06-18'],
    coverage: [
      { id: 'REQ-A', keyword: 'MUST', binds: 'receiver', section: 'Tasks', url: 'https://example.org/spec#tasks', summary: 'a', checks: ['lifecycle.create', 'result.exact'] },
      { id: 'REQ-B', keyword: 'MAY', binds: 'requestor', section: 'Tasks', url: 'https://example.org/spec#tasks', summary: 'b', checks: [], reason: 'binds the requestor' },
      { id: 'REQ-C', keyword: 'MUST NOT', binds: 'receiver', section: 'TTL', url: 'https://example.org/spec#ttl', summary: 'c', checks: [] },
    ],
  };
}

describe('JSON report schema', () => {
  it('is the schema the report model generates (run `npm run schema` after changing the model)', () => {
    // Compared as text of the parsed values, so that the order of keys counts too.
    expect(JSON.stringify(SCHEMA)).toBe(JSON.stringify(reportJsonSchema()));
  });

  it('is a draft 2020-12 schema whose $id the report names in $schema, with a description on every property', () => {
    expect(SCHEMA.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(SCHEMA.$id).toBe(REPORT_SCHEMA_ID);
    expect(toJsonReport(handMade()).$schema).toBe(SCHEMA.$id);
    const undocumented: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (node === null || typeof node !== 'object') return;
      const properties = (node as { properties?: Record<string, { description?: unknown }> }).properties;
      for (const [key, value] of Object.entries(properties ?? {})) if (typeof value.description !== 'string') undocumented.push(`${path}.${key}`);
      for (const [key, value] of Object.entries(node)) walk(value, `${path}/${key}`);
    };
    walk(SCHEMA, '#');
    expect(undocumented).toEqual([]);
  });

  it('lists the top-level properties in the order the report writes them', () => {
    expect(Object.keys(SCHEMA.properties as object)).toEqual(Object.keys(toJsonReport(handMade())));
    expect(SCHEMA.required).toEqual(Object.keys(toJsonReport(handMade())));
  });

  it('accepts a hand-made report with every outcome, nulls, bigint and cycles', () => {
    expect(schemaErrors(handMade())).toEqual([]);
  });

  it('accepts the verdict (with a baseline, with --repeat, without either) and the calibration', () => {
    const report = { ...handMade(), calibration: CALIBRATION };
    const baseline = {
      file: 'ci/expected.yml',
      entries: [
        { check: 'result.exact', reason: 'known', link: 'https://example.org/1' },
        { check: 'lifecycle.create', reason: 'was broken' },
        { check: 'cancel.terminal', reason: 'skipped' },
        { check: 'unselected.check', reason: 'not run' },
        { check: 'no.such', reason: 'typo' },
      ],
    };
    const verdicts = [
      runVerdict(report),
      runVerdict(report, { strict: true, baseline, knownChecks: ['unselected.check'], unstable: [{ id: 'ttl.stable', outcomes: ['pass', 'warn'] }] }),
      runVerdict(report, { notRun: 'the receiver under test could not be reached: ECONNREFUSED' }),
    ];
    for (const verdict of verdicts) expect(schemaErrors({ ...report, verdict })).toEqual([]);
    const json = JSON.parse(JSON.stringify(toJsonReport({ ...report, verdict: verdicts[1] }))) as { verdict: Record<string, unknown> };
    expect(validate({ ...json, verdict: { ...json.verdict, outcome: 'maybe' } })).toBe(false);
    const { problems: _problems, ...withoutProblems } = json.verdict;
    expect(validate({ ...json, verdict: withoutProblems })).toBe(false);
    expect(validate({ ...json, calibration: { ...CALIBRATION, extra: 1 } })).toBe(false);
  });

  it('reads back into the model: absent values undefined again, what the peer sent as JSON carries it', () => {
    const report = { ...handMade(), calibration: CALIBRATION, targetExits: [] };
    report.verdict = runVerdict(report, { baseline: { entries: [{ check: 'result.exact', reason: 'known' }] } });
    const json = JSON.parse(JSON.stringify(toJsonReport(report))) as unknown;
    const back = fromJsonReport(json);
    expect(back.negotiatedProtocolVersion).toBeUndefined();
    expect(back.serverInfo).toBeUndefined();
    expect(back.results[3]!.protocolVersion).toBeUndefined();
    expect(back.coverage[0]!.reason).toBeUndefined();
    expect(back.verdict!.baseline!.file).toBeUndefined();
    expect(back.results[0]!.transcript[1]!.message).toEqual({ big: '12345678901234567890', self: '[Circular]' });
    expect(toJsonReport(back)).toEqual(json);
    expect(() => fromJsonReport({ ...(json as object), summary: undefined })).toThrow(/summary/);
  });

  it('rejects a report missing summary, an unknown outcome, an extra field, or a wrong $schema', () => {
    const json = JSON.parse(JSON.stringify(toJsonReport(handMade()))) as Record<string, unknown>;
    const { summary: _summary, ...withoutSummary } = json;
    expect(validate(withoutSummary)).toBe(false);
    expect(validate.errors?.some((error) => error.keyword === 'required' && error.params.missingProperty === 'summary')).toBe(true);

    const results = structuredClone(json.results) as Record<string, unknown>[];
    results[0]!.outcome = 'maybe';
    expect(validate({ ...json, results })).toBe(false);
    expect(validate({ ...json, extra: 1 })).toBe(false);
    expect(validate({ ...json, $schema: 'urn:something-else' })).toBe(false);
    expect(validate({ ...json, startedAt: 'yesterday' })).toBe(false);
    expect(validate(json)).toBe(true);
  });

  it('accepts real runs against the reference receiver: clean, and with faults', async () => {
    const [clean, faulty] = await Promise.all([runAgainstReferenceHttp(), runAgainstReferenceHttp({ faults: ['result-differs', 'ttl-unstable', 'failed-without-status-message'] })]);
    expect(clean.coverage.length).toBeGreaterThan(0);
    expect(faulty.summary.fail).toBeGreaterThan(0);
    expect(schemaErrors(clean)).toEqual([]);
    expect(schemaErrors(faulty)).toEqual([]);
    expect(schemaErrors({ ...faulty, verdict: runVerdict(faulty) })).toEqual([]);
    const json = toJsonReport(faulty);
    expect(json.coverage.map((entry) => entry.id)).toEqual(faulty.coverage.map((entry) => entry.id));
    expect(json.coverage.some((entry) => entry.reason !== null && entry.checks.length === 0)).toBe(true);
  });
});
