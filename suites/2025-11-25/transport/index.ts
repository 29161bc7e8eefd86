import type { CheckDefinition } from '../../../harness/receivers/check.js';
import stdoutOnlyMcp from './stdout-only-mcp.js';

/** The stdio transport: nothing but MCP messages on stdout. */
export const TRANSPORT_CHECKS: readonly CheckDefinition[] = [stdoutOnlyMcp];
