// Runs of the 2026-07-28 profile's client checks against the reference client's modern requestor, started in this
// process for each check (or, for a check that restarts its client, each start), with the faults asked for.
import { fileURLToPath } from 'node:url';
import type { RunReport } from '../../harness/model/model.js';
import { runSuite } from '../../harness/engine/runner.js';
import { makeTiming } from '../../harness/wire/timing.js';
import { ClientEndpoint } from '../../harness/wire/2025-11-25/client-endpoint.js';
import type { TargetSpec } from '../../harness/wire/connections/connect.js';
import { runModernReferenceClient } from '../../reference-client/index.js';
import { TASKS_2026_07_28 } from '../../suites/2026-07-28/index.js';

const STDIO_BRIDGE = fileURLToPath(new URL('../../dist/harness/wire/2026-07-28/stdio-bridge.js', import.meta.url));

/** The client checks of the 2026-07-28 profile. */
export const MODERN_CLIENT_CHECKS = TASKS_2026_07_28.checks.filter((check) => check.roles.includes('client'));

/** The whole client profile against any in-process client (a stand-in written for a test). */
export async function runAgainstModernClient(start: NonNullable<Extract<TargetSpec, { transport: 'client' }>['startModernInProcess']>): Promise<RunReport> {
  const endpoint = await ClientEndpoint.start();
  try {
    return await runSuite({
      target: { transport: 'client', command: '(in-process stand-in client, 2026-07-28)', endpoint, startModernInProcess: start },
      role: 'client',
      checks: MODERN_CLIENT_CHECKS,
      profile: TASKS_2026_07_28,
      timing: makeTiming(1),
      concurrency: 16,
      tool: { name: 'mcp-tasks-conformance', version: 'test' },
    });
  } finally {
    await endpoint.close();
  }
}

export async function runAgainstModernReferenceClient(
  options: { faults?: string[]; only?: readonly string[]; multiplier?: number; pollFloorMs?: number; lingers?: boolean; overStdio?: boolean } = {},
): Promise<RunReport> {
  const endpoint = await ClientEndpoint.start();
  try {
    const target: TargetSpec = {
      transport: 'client',
      command: '(in-process reference client, 2026-07-28)',
      endpoint,
      // Over stdio the client launches the suite's bridge (built: dist/) as its server command.
      ...(options.overStdio ? { over: { transport: 'stdio' as const, bridgeCommand: `"${process.execPath}" "${STDIO_BRIDGE}"` } } : {}),
      startModernInProcess: async (url, env) =>
        runModernReferenceClient(url, {
          faults: options.faults,
          stateDir: env.MCP_CONFORMANCE_STATE_DIR,
          serverCommand: env.MCP_CONFORMANCE_SERVER_COMMAND,
          pollFloorMs: options.pollFloorMs,
          lingers: options.lingers,
          log: () => undefined,
        }),
    };
    const checks = options.only ? MODERN_CLIENT_CHECKS.filter((check) => options.only?.includes(check.id)) : MODERN_CLIENT_CHECKS;
    return await runSuite({
      target,
      role: 'client',
      checks,
      profile: TASKS_2026_07_28,
      timing: makeTiming(options.multiplier ?? 1),
      concurrency: 16,
      tool: { name: 'mcp-tasks-conformance', version: 'test' },
    });
  } finally {
    await endpoint.close();
  }
}
