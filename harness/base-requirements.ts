import type { Requirement } from './model.js';

/**
 * Requirements from outside the Tasks page that the harness itself relies on: a receiver that breaks them
 * cannot be tested, and the check that met the breakage fails under them.
 */
export const BASE_REQUIREMENTS: readonly Requirement[] = [
  {
    id: 'BASE-JSONRPC-RESPONSE',
    keyword: 'MUST',
    binds: 'receiver',
    section: 'JSON-RPC 2.0: Response object',
    anchor: 'response_object',
    url: 'https://www.jsonrpc.org/specification#response_object',
    summary: 'Every request is answered with exactly one response, while the connection stays up.',
    verifiedThroughout: 'every check: a request left unanswered, or a connection lost mid-check, fails the check that met it',
  },
];
