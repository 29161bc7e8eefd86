import type { CheckResult } from '../../harness/model.js';

/** A hand-made check result for report tests: defaults for every field, the test names what matters. */
export function result(overrides: Partial<CheckResult> & Pick<CheckResult, 'id' | 'outcome'>): CheckResult {
  return {
    title: `title of ${overrides.id}`,
    suite: 'lifecycle',
    role: 'server',
    requirements: ['REQ-A'],
    level: 'must',
    message: '',
    findings: [],
    info: [],
    durationMs: 10,
    protocolVersion: '2025-11-25',
    transcript: [],
    ...overrides,
  };
}
