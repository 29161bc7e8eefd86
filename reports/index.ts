// Report writers: console lines and summary, the JSON report, the JUnit XML report.
// They read a RunReport (harness/model.ts) and never compute verdicts.

export { formatCheckLine, formatSummary } from './console.js';
export type { ConsoleOptions } from './console.js';

export { toJsonReport, writeJsonReport } from './json.js';
export type { JsonCheckResult, JsonReport, JsonTranscriptEntry } from './json.js';

export { buildJunitXml, stripInvalidXmlChars, writeJunitReport, JUNIT_ROOT_NAME, SYSTEM_OUT_MAX_BYTES } from './junit.js';
export type { JunitOptions, RequirementInfo, RequirementMap } from './junit.js';
