// The JSON report of an exploration (explore --json FILE): the ExploreReport as the engine wrote it
// (harness/explore/report.ts), after the `$schema` that names its format. It copies; it decides nothing.

import type { ExploreReport } from '../harness/explore/report.js';
import { toPlain } from '../harness/model/model.js';
import { writeFileAtomic } from './json.js';

/** Identifies the format of the exploration's JSON report; bump the version when a field changes meaning or goes. */
export const EXPLORE_REPORT_SCHEMA_ID = 'urn:mcp-tasks-conformance:explore:v1';

/** The JSON report as written: `$schema` first, then the report's fields in its own order. */
export type ExploreJsonReport = { $schema: typeof EXPLORE_REPORT_SCHEMA_ID } & ExploreReport;

/** The report as plain JSON data: what the receiver sent (transcripts) made JSON-safe as the run report does (toPlain). */
export function buildExploreJson(report: ExploreReport): ExploreJsonReport {
  return { $schema: EXPLORE_REPORT_SCHEMA_ID, ...(toPlain(report) as ExploreReport) };
}

/** The JSON text: pretty-printed, with a trailing newline. */
export function renderExploreJson(report: ExploreReport): string {
  return `${JSON.stringify(buildExploreJson(report), null, 2)}\n`;
}

/** Writes the JSON report atomically, creating the folder when needed. */
export async function writeExploreJson(file: string, report: ExploreReport): Promise<void> {
  await writeFileAtomic(file, renderExploreJson(report));
}
