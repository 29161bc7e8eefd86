import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import stdoutOnlyMcp from './stdout-only-mcp.js';

/** The stdio transport: nothing but MCP messages on stdout. */
export const TRANSPORT_CHECKS: readonly CheckDefinition[] = [stdoutOnlyMcp];
