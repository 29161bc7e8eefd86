// The JSON report: a plain, stable rendering of a RunReport. Field-by-field description in docs/report-format.md.
// It copies what the runner decided; it never computes a verdict or recounts the summary.

import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

import type {
  Binds,
  CheckResult,
  CoverageEntry,
  Finding,
  Keyword,
  Level,
  Outcome,
  ReceiverRole,
  RunReport,
  RunSummary,
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
  transcript: JsonTranscriptEntry[];
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

/**
 * Identifies the JSON report format and its schema (reports/report.schema.json, whose `$id` this is); written
 * as the report's `$schema`. Bump the version when a field changes meaning or is removed.
 */
export const REPORT_SCHEMA_ID = 'urn:mcp-tasks-conformance:report:v1';

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
  notices: string[];
  summary: RunSummary;
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
    transcript: result.transcript.map(jsonEntry),
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
    notices: [...report.notices],
    summary: {
      pass: report.summary.pass,
      fail: report.summary.fail,
      warn: report.summary.warn,
      skip: report.summary.skip,
      error: report.summary.error,
    },
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
