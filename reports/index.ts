// Report writers: console lines and summary, the JSON report, the JUnit XML report, the Markdown summary.
// They read a RunReport (harness/model/model.ts) and render the run's verdict it carries (harness/engine/run-policy.ts); they never decide one.

export { formatCheckLine, formatSummary } from './console.js';
export type { ConsoleOptions } from './console.js';

export { fromJsonReport, reportJsonSchema, toJsonReport, writeJsonReport, ReportFileSchema, REPORT_SCHEMA_ID } from './json.js';
export type { JsonCheckResult, JsonCoverageEntry, JsonReport, JsonTranscriptEntry, JsonVerdict, JsonVerdictEntry } from './json.js';

export { buildJunitXml, stripInvalidXmlChars, writeJunitReport, JUNIT_ROOT_NAME, RUN_VERDICT_CASE, SYSTEM_OUT_MAX_BYTES } from './junit.js';
export type { JunitOptions, RequirementInfo, RequirementMap } from './junit.js';

export { buildMarkdownSummary, escapeMarkdown, writeMarkdownSummary, MARKDOWN_MAX_BYTES, MARKDOWN_MAX_ROWS } from './markdown.js';
export type { MarkdownOptions } from './markdown.js';
export { buildHtmlReport, writeHtmlReport } from './html.js';
