import { DRIVER } from '../../harness/eras/2026-07-28/driver.js';
// The 2026-07-28 profile: Tasks as the official extension io.modelcontextprotocol/tasks (SEP-2663), spoken in the
// modern era (no initialize; every request carries its protocol version and client capabilities).
import { BASE_REQUIREMENTS } from '../../harness/model/base-requirements.js';
import type { CheckDefinition } from '../../harness/receivers/2026-07-28/check.js';
import { defineProfile, type Profile } from '../../harness/engine/profile.js';
import { EXT_NEGOTIATION_CHECKS } from './negotiation/index.js';
import { EXT_RESULTS_CHECKS } from './results/index.js';
import { EXT_CREATION_CHECKS } from './creation/index.js';
import { EXT_ERRORS_CHECKS } from './errors/index.js';
import { EXT_HTTP_CHECKS } from './http/index.js';
import { EXT_SECURITY_CHECKS } from './security/index.js';
import { EXT_BASE_CHECKS } from './base/index.js';
import { EXT_POLLING_CHECKS } from './polling/index.js';
import { EXT_LIFECYCLE_CHECKS } from './lifecycle/index.js';
import { EXT_UPDATE_CHECKS } from './update/index.js';
import { EXT_CANCEL_CHECKS } from './cancel/index.js';
import { EXT_NOTIFY_CHECKS } from './notify/index.js';
import { EXT_REQUESTOR_CHECKS } from './requestor/index.js';
import { EXT_REQUIREMENTS } from './requirements.js';
import { EXT_PROBE_MATRIX } from './probe-matrix.js';

/** Every check of the extension profile, grouped by the extension page's sections in their order. */
export const EXT_CHECKS: readonly CheckDefinition[] = [
  ...EXT_NEGOTIATION_CHECKS,
  ...EXT_RESULTS_CHECKS,
  ...EXT_CREATION_CHECKS,
  ...EXT_POLLING_CHECKS,
  ...EXT_LIFECYCLE_CHECKS,
  ...EXT_UPDATE_CHECKS,
  ...EXT_CANCEL_CHECKS,
  ...EXT_NOTIFY_CHECKS,
  ...EXT_ERRORS_CHECKS,
  ...EXT_HTTP_CHECKS,
  ...EXT_SECURITY_CHECKS,
  ...EXT_BASE_CHECKS,
  ...EXT_REQUESTOR_CHECKS,
];

/** The base rules every profile's harness judges throughout (an unanswered request, a crash). */
const HARNESS_BASE_REQUIREMENTS = BASE_REQUIREMENTS.filter((requirement) => requirement.id === 'BASE-JSONRPC-RESPONSE' || requirement.id === 'BASE-NO-CRASH');

export const TASKS_2026_07_28: Profile = defineProfile({
  id: '2026-07-28',
  title: 'Tasks extension (io.modelcontextprotocol/tasks), MCP 2026-07-28',
  specUrl: 'https://modelcontextprotocol.io/extensions/tasks/specification',
  protocolVersion: '2026-07-28',
  era: 'modern',
  requirements: [...EXT_REQUIREMENTS, ...HARNESS_BASE_REQUIREMENTS],
  checks: EXT_CHECKS,
  driver: DRIVER,
  fixtureContract: { server: 'docs/fixture-contract-2026-07-28.md', client: 'docs/client-fixture-contract-2026-07-28.md' },
  probes: EXT_PROBE_MATRIX,
});
