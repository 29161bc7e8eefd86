import { DRIVER } from '../../harness/eras/2025-11-25/driver.js';
import { BASE_REQUIREMENTS } from '../../harness/model/base-requirements.js';
import type { CheckDefinition } from '../../harness/receivers/2025-11-25/check.js';
import { defineProfile, type Profile } from '../../harness/engine/profile.js';
import { CAPABILITIES_CHECKS } from './capabilities/index.js';
import { TOOL_NEGOTIATION_CHECKS } from './tool-negotiation/index.js';
import { CREATION_CHECKS } from './creation/index.js';
import { LIFECYCLE_CHECKS } from './lifecycle/index.js';
import { RESULT_RETRIEVAL_CHECKS } from './result-retrieval/index.js';
import { EXECUTION_ERRORS_CHECKS } from './execution-errors/index.js';
import { PROTOCOL_ERRORS_CHECKS } from './protocol-errors/index.js';
import { TTL_CHECKS } from './ttl/index.js';
import { LISTING_CHECKS } from './listing/index.js';
import { CANCELLATION_CHECKS } from './cancellation/index.js';
import { INPUT_REQUIRED_CHECKS } from './input-required/index.js';
import { RELATED_TASK_CHECKS } from './related-task/index.js';
import { NOTIFICATIONS_CHECKS } from './notifications/index.js';
import { PROGRESS_CHECKS } from './progress/index.js';
import { TASK_DATA_CHECKS } from './task-data/index.js';
import { ISOLATION_CHECKS } from './isolation/index.js';
import { REQUESTOR_CHECKS } from './requestor/index.js';
import { TRANSPORT_CHECKS } from './transport/index.js';
import { REQUIREMENTS } from './requirements.js';
import { PROBE_MATRIX } from './probe-matrix.js';

/** Every check, grouped by spec section in the order the spec presents them. */
export const ALL_CHECKS: readonly CheckDefinition[] = [
  ...CAPABILITIES_CHECKS,
  ...TOOL_NEGOTIATION_CHECKS,
  ...CREATION_CHECKS,
  ...LIFECYCLE_CHECKS,
  ...RESULT_RETRIEVAL_CHECKS,
  ...EXECUTION_ERRORS_CHECKS,
  ...PROTOCOL_ERRORS_CHECKS,
  ...TTL_CHECKS,
  ...LISTING_CHECKS,
  ...CANCELLATION_CHECKS,
  ...INPUT_REQUIRED_CHECKS,
  ...RELATED_TASK_CHECKS,
  ...NOTIFICATIONS_CHECKS,
  ...PROGRESS_CHECKS,
  ...TASK_DATA_CHECKS,
  ...ISOLATION_CHECKS,
  ...REQUESTOR_CHECKS,
  ...TRANSPORT_CHECKS,
];

/** Tasks as MCP 2025-11-25 specifies them: the catalogue (plus the base requirements the harness relies on), the checks and the fixture contract. */
export const TASKS_2025_11_25: Profile = defineProfile({
  id: '2025-11-25',
  title: 'Tasks, MCP 2025-11-25',
  specUrl: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks',
  protocolVersion: '2025-11-25',
  era: 'legacy',
  requirements: [...REQUIREMENTS, ...BASE_REQUIREMENTS],
  checks: ALL_CHECKS,
  driver: DRIVER,
  fixtureContract: { server: 'docs/fixture-contract.md', client: 'docs/client-fixture-contract.md' },
  probes: PROBE_MATRIX,
});

/** The 2025-11-25 catalogue with full links, for code that reads one profile. */
export const ALL_REQUIREMENTS = TASKS_2025_11_25.requirements;
