// The JSON report: a plain, stable rendering of a RunReport. Field-by-field description in docs/report-format.md.
// It copies what the runner decided and the run's verdict as the report carries them; it never computes a verdict
// or recounts the summary.

import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

import type {
  Binds,
  Calibration,
  CheckResult,
  CoverageEntry,
  Finding,
  Keyword,
  Level,
  Outcome,
  ReceiverRole,
  RunReport,
  RunSummary,
  RunVerdict,
  TargetExit,
  TranscriptEntry,
  TransportKind,
} from '../harness/model.js';

export interface JsonTranscriptEntry {
  t: number;
  dir: TranscriptEntry['dir'];
  conn?: string;
  message?: unknown;
  text?: string;
}

export interface JsonCheckResult {
  id: string;
  title: string;
  suite: string;
  role: ReceiverRole;
  requirements: string[];
  level: Level;
  outcome: Outcome;
  message: string;
  findings: Finding[];
  info: string[];
  durationMs: number;
  /** null when the check never got as far as negotiating a version. */
  protocolVersion: string | null;
  /** How often the --launch server had been started again (after it died) before this check started; 0: the first process. */
  targetRestarts: number;
  transcript: JsonTranscriptEntry[];
}

/** The server under test went away during the run (TargetExit); absent optional values are null. */
export interface JsonTargetExit {
  at: string;
  how: 'exited' | 'refused';
  code: number | null;
  signal: string | null;
  check: string | null;
  checks: string[];
  /** null when the suite did not start the server and cannot see its stderr. */
  stderrTail: { at: string; text: string }[] | null;
  restart: { outcome: 'restarted' | 'failed' | 'not-attempted'; at: string | null; message: string } | null;
  summary: string;
}

/** One row of the requirement matrix; `reason` is null when checks verify the requirement. */
export interface JsonCoverageEntry {
  id: string;
  keyword: Keyword;
  binds: Binds;
  section: string;
  url: string;
  summary: string;
  checks: string[];
  reason: string | null;
}

/** A check named by the run's verdict; the same fields as in RunVerdict. */
export interface JsonVerdictEntry {
  check: string;
  outcome: Outcome;
  message: string;
}

/** The run's verdict (RunVerdict); absent optional values are null. */
export interface JsonVerdict {
  outcome: 'pass' | 'fail';
  strict: boolean;
  failing: JsonVerdictEntry[];
  baseline: {
    file: string | null;
    expected: (JsonVerdictEntry & { reason: string; link: string | null })[];
    stale: (JsonVerdictEntry & { reason: string })[];
    unknown: { check: string; message: string }[];
    notExercised: (JsonVerdictEntry & { reason: string })[];
  } | null;
  unstable: { check: string; outcomes: Outcome[] }[] | null;
  problems: string[];
  summary: string;
}

/**
 * Identifies the JSON report format and its schema (reports/report.schema.json, whose `$id` this is); written
 * as the report's `$schema`. Bump the version when a field is added, changes meaning or is removed: the schema
 * refuses fields it does not list. v2 added `calibration`, `verdict`, `targetExits` and `results[].targetRestarts`.
 */
export const REPORT_SCHEMA_ID = 'urn:mcp-tasks-conformance:report:v2';

export interface JsonReport {
  $schema: typeof REPORT_SCHEMA_ID;
  tool: { name: string; version: string };
  specVersion: string;
  target: { transport: TransportKind; description: string; bundledReference: boolean };
  role: ReceiverRole;
  negotiatedProtocolVersion: string | null;
  serverInfo: unknown;
  startedAt: string;
  durationMs: number;
  /** null when the run could not happen, or the report was made without a calibration. */
  calibration: Calibration | null;
  notices: string[];
  /** Each time the server under test died or stopped accepting connections during the run; empty when it never did. */
  targetExits: JsonTargetExit[];
  summary: RunSummary;
  /** null when the report was made without the CLI and nobody set one. */
  verdict: JsonVerdict | null;
  results: JsonCheckResult[];
  coverage: JsonCoverageEntry[];
}

/**
 * Turns anything the peer sent into data JSON.stringify accepts and that parses back to the same value:
 * bigint → decimal string, circular reference → "[Circular]", function/symbol → dropped (as JSON does),
 * Error → { name, message }, non-finite numbers → null (as JSON does).
 */
export function toPlain(value: unknown, ancestors: object[] = []): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  const object = value as object;
  if (ancestors.includes(object)) return '[Circular]';
  const nested = [...ancestors, object];
  if (Array.isArray(object)) return object.map((item) => toPlain(item, nested) ?? null);
  if (object instanceof Error) return { name: object.name, message: object.message };
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  const withToJson = object as { toJSON?: unknown };
  if (typeof withToJson.toJSON === 'function') return toPlain((withToJson.toJSON as () => unknown).call(object), nested);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) {
    const plain = toPlain(item, nested);
    if (plain !== undefined) out[key] = plain;
  }
  return out;
}

function jsonEntry(entry: TranscriptEntry): JsonTranscriptEntry {
  const out: JsonTranscriptEntry = { t: entry.t, dir: entry.dir };
  if (entry.conn !== undefined) out.conn = entry.conn;
  if (entry.message !== undefined) out.message = toPlain(entry.message);
  if (entry.text !== undefined) out.text = entry.text;
  return out;
}

function jsonResult(result: CheckResult): JsonCheckResult {
  return {
    id: result.id,
    title: result.title,
    suite: result.suite,
    role: result.role,
    requirements: [...result.requirements],
    level: result.level,
    outcome: result.outcome,
    message: result.message,
    findings: result.findings.map((finding) => ({
      requirement: finding.requirement,
      keyword: finding.keyword,
      severity: finding.severity,
      message: finding.message,
    })),
    info: [...result.info],
    durationMs: result.durationMs,
    protocolVersion: result.protocolVersion ?? null,
    targetRestarts: result.targetRestarts ?? 0,
    transcript: result.transcript.map(jsonEntry),
  };
}

function jsonTargetExit(exit: TargetExit): JsonTargetExit {
  return {
    at: exit.at,
    how: exit.how,
    code: exit.code ?? null,
    signal: exit.signal ?? null,
    check: exit.check ?? null,
    checks: [...exit.checks],
    stderrTail: exit.stderrTail ? exit.stderrTail.map(({ at, text }) => ({ at, text })) : null,
    restart: exit.restart ? { outcome: exit.restart.outcome, at: exit.restart.at ?? null, message: exit.restart.message } : null,
    summary: exit.summary,
  };
}

function jsonCoverage(entry: CoverageEntry): JsonCoverageEntry {
  return {
    id: entry.id,
    keyword: entry.keyword,
    binds: entry.binds,
    section: entry.section,
    url: entry.url,
    summary: entry.summary,
    checks: [...entry.checks],
    reason: entry.reason ?? null,
  };
}

function jsonCalibration(calibration: Calibration): Calibration {
  return {
    method: calibration.method,
    samplesMs: [...calibration.samplesMs],
    roundTripMs: calibration.roundTripMs,
    connectMs: calibration.connectMs,
    multiplier: calibration.multiplier,
    allowanceMs: calibration.allowanceMs,
  };
}

const verdictEntry = ({ check, outcome, message }: JsonVerdictEntry): JsonVerdictEntry => ({ check, outcome, message });

function jsonVerdict(verdict: RunVerdict): JsonVerdict {
  const { baseline } = verdict;
  return {
    outcome: verdict.outcome,
    strict: verdict.strict,
    failing: verdict.failing.map(verdictEntry),
    baseline: baseline
      ? {
          file: baseline.file ?? null,
          expected: baseline.expected.map((entry) => ({ ...verdictEntry(entry), reason: entry.reason, link: entry.link ?? null })),
          stale: baseline.stale.map((entry) => ({ ...verdictEntry(entry), reason: entry.reason })),
          unknown: baseline.unknown.map(({ check, message }) => ({ check, message })),
          notExercised: baseline.notExercised.map((entry) => ({ ...verdictEntry(entry), reason: entry.reason })),
        }
      : null,
    unstable: verdict.unstable ? verdict.unstable.map(({ check, outcomes }) => ({ check, outcomes: [...outcomes] })) : null,
    problems: [...verdict.problems],
    summary: verdict.summary,
  };
}

/** The JSON report as a plain object (fields in documented order; absent optional values are null). */
export function toJsonReport(report: RunReport): JsonReport {
  return {
    $schema: REPORT_SCHEMA_ID,
    tool: { name: report.tool.name, version: report.tool.version },
    specVersion: report.specVersion,
    target: {
      transport: report.target.transport,
      description: report.target.description,
      bundledReference: report.target.bundledReference,
    },
    role: report.role,
    negotiatedProtocolVersion: report.negotiatedProtocolVersion ?? null,
    serverInfo: report.serverInfo === undefined ? null : (toPlain(report.serverInfo) ?? null),
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    calibration: report.calibration ? jsonCalibration(report.calibration) : null,
    notices: [...report.notices],
    targetExits: (report.targetExits ?? []).map(jsonTargetExit),
    summary: {
      pass: report.summary.pass,
      fail: report.summary.fail,
      warn: report.summary.warn,
      skip: report.summary.skip,
      error: report.summary.error,
    },
    verdict: report.verdict ? jsonVerdict(report.verdict) : null,
    results: report.results.map(jsonResult),
    coverage: (report.coverage ?? []).map(jsonCoverage),
  };
}

/**
 * Writes `content` to `file` so that readers see either the old file or the complete new one:
 * creates the folder, writes a uniquely named temporary file beside the target, flushes it, then renames it over the target.
 */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  const folder = dirname(file);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    renamed = true;
  } finally {
    if (!renamed) await unlink(temp).catch(() => undefined);
  }
}

/** Writes the JSON report (pretty-printed, trailing newline) atomically, creating the folder when needed. */
export async function writeJsonReport(file: string, report: RunReport): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(toJsonReport(report), null, 2)}\n`);
}
