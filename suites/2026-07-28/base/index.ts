import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import initializeNamesVersions from './initialize-names-versions.js';
import metaRequired from './meta-required.js';
import unsupportedVersion from './unsupported-version.js';

/** The base protocol rules the extension leans on: the per-request _meta envelope and version negotiation. */
export const EXT_BASE_CHECKS: readonly CheckDefinition[] = [metaRequired, unsupportedVersion, initializeNamesVersions];
