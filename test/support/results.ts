import { summarize } from '../../harness/model/model-basics.js';
import type { Calibration, CheckResult, RunReport } from '../../harness/model/model.js';

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

/** A hand-made run report around `results`: counts taken from them, no coverage; the test names what matters. */
export function runReport(results: CheckResult[], overrides: Partial<RunReport> = {}): RunReport {
  return {
    tool: { name: 'mcp-tasks-conformance', version: '0.1.0' },
    specVersion: '2025-11-25',
    profile: { id: '2025-11-25', title: 'Tasks, MCP 2025-11-25', specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks' },
    target: { transport: 'stdio', description: 'node server.js', bundledReference: false },
    role: 'server',
    negotiatedProtocolVersion: '2025-11-25',
    serverInfo: { name: 'demo-server', version: '1.2.3' },
    startedAt: '2025-11-25T10:20:30.456Z',
    durationMs: 4210,
    summary: summarize(results),
    results,
    notices: [],
    coverage: [],
    ...overrides,
  };
}

/** A calibration as the runner measures it, for the report tests. */
export const CALIBRATION: Calibration = {
  method: 'median of 5 ping requests on the discovery connection',
  samplesMs: [11.2, 12.4, 12.1, 13.9, 11.8],
  roundTripMs: 12.1,
  connectMs: 140.4,
  multiplier: 1,
  allowanceMs: 250,
};
