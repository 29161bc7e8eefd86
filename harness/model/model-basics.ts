// The model's plain values and functions: what the run path needs of the model without loading its zod schemas.
import type { CheckResult, Keyword, Level, Requirement, RunSummary } from './model.js';

export const SPEC_VERSION = '2025-11-25';
export const SPEC_URL = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks';
/** The _meta key that ties a request or notification to a task. */
export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

export function levelOf(keyword: Keyword): Level {
  if (keyword === 'MUST' || keyword === 'MUST NOT') return 'must';
  if (keyword === 'SHOULD' || keyword === 'SHOULD NOT') return 'should';
  return 'may';
}

export function requirementUrl(requirement: Pick<Requirement, 'anchor' | 'url'>): string {
  return requirement.url ?? `${SPEC_URL}#${requirement.anchor}`;
}

export function summarize(results: readonly Pick<CheckResult, 'outcome'>[]): RunSummary {
  const summary: RunSummary = { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, error: 0 };
  for (const result of results) summary[result.outcome] += 1;
  return summary;
}
