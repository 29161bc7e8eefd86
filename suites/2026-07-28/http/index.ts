import type { CheckDefinition } from '../../../harness/receivers/check.js';
import routingHeadersValidated from './routing-headers-validated.js';

/** Streamable HTTP: the Mcp-Name routing header checked against the body. */
export const EXT_HTTP_CHECKS: readonly CheckDefinition[] = [routingHeadersValidated];
