import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import perContextAccess from './per-context-access.js';
import unguessableIds from './unguessable-ids.js';

/** Security Considerations: unguessable task IDs, and each task request authorized for its caller. */
export const EXT_SECURITY_CHECKS: readonly CheckDefinition[] = [unguessableIds, perContextAccess];
