import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import routingHeadersValidated from './routing-headers-validated.js';
import standardHeadersRequired from './standard-headers-required.js';

/** Streamable HTTP: the standard headers required, and checked against the body. */
export const EXT_HTTP_CHECKS: readonly CheckDefinition[] = [routingHeadersValidated, standardHeadersRequired];
