import { BASE_REQUIREMENTS } from '../../harness/model/base-requirements.js';
import type { CheckDefinition } from '../../harness/receivers/check.js';
import { defineProfile, type Profile } from '../../harness/engine/profile.js';
import tasksShape from './capabilities/tasks-shape.js';
import undeclaredIgnoresTask from './capabilities/undeclared-ignores-task.js';
import undeclaredTypeIgnoresTask from './capabilities/undeclared-type-ignores-task.js';
import createTaskResultShape from './creation/create-task-result-shape.js';
import immediateResponseMeta from './creation/immediate-response-meta.js';
import noResultInCreate from './creation/no-result-in-create.js';
import prompt from './creation/prompt.js';
import statusWorking from './creation/status-working.js';
import taskIds from './creation/task-ids.js';
import failedStatusMessage from './execution-errors/failed-status-message.js';
import isErrorFailed from './execution-errors/iserror-failed.js';
import rpcErrorFailed from './execution-errors/rpc-error-failed.js';
import monotonicUpdate from './lifecycle/monotonic-update.js';
import stableIdentity from './lifecycle/stable-identity.js';
import transitions from './lifecycle/transitions.js';
import informativeMessages from './protocol-errors/informative-messages.js';
import { UNKNOWN_TASK_ID_CHECKS } from './protocol-errors/unknown-task-id.js';
import { CANCELLATION_CHECKS } from './cancellation/index.js';
import { INPUT_REQUIRED_CHECKS } from './input-required/index.js';
import { ISOLATION_CHECKS } from './isolation/index.js';
import { LISTING_CHECKS } from './listing/index.js';
import { NOTIFICATIONS_CHECKS } from './notifications/index.js';
import { PROGRESS_CHECKS } from './progress/index.js';
import { RELATED_TASK_CHECKS } from './related-task/index.js';
import { REQUIREMENTS } from './requirements.js';
import { REQUESTOR_CHECKS } from './requestor/index.js';
import { TASK_DATA_CHECKS } from './task-data/index.js';
import { TTL_CHECKS } from './ttl/index.js';
import blocksUntilTerminal from './result-retrieval/blocks-until-terminal.js';
import relatedTaskMeta from './result-retrieval/related-task-meta.js';
import sameAsPlainCall from './result-retrieval/same-as-plain-call.js';
import sameError from './result-retrieval/same-error.js';
import optionalBothWays from './tool-negotiation/optional-both-ways.js';
import { forbiddenWithTask, noExecutionWithTask } from './tool-negotiation/refuse-task-for-untasked-tool.js';
import requiredWithoutTask from './tool-negotiation/required-without-task.js';
import taskSupportValues from './tool-negotiation/task-support-values.js';
import stdoutOnlyMcp from './transport/stdout-only-mcp.js';

/** Every check, grouped by spec section in the order the spec presents them. */
export const ALL_CHECKS: readonly CheckDefinition[] = [
  tasksShape,
  undeclaredIgnoresTask,
  undeclaredTypeIgnoresTask,
  taskSupportValues,
  requiredWithoutTask,
  forbiddenWithTask,
  noExecutionWithTask,
  optionalBothWays,
  createTaskResultShape,
  statusWorking,
  prompt,
  noResultInCreate,
  taskIds,
  immediateResponseMeta,
  transitions,
  stableIdentity,
  monotonicUpdate,
  blocksUntilTerminal,
  sameAsPlainCall,
  sameError,
  relatedTaskMeta,
  isErrorFailed,
  rpcErrorFailed,
  failedStatusMessage,
  ...UNKNOWN_TASK_ID_CHECKS,
  informativeMessages,
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
  stdoutOnlyMcp,
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
  fixtureContract: { server: 'README.md#the-fixture-contract', client: 'docs/client-fixture-contract.md' },
});

/** The 2025-11-25 catalogue with full links, for code that reads one profile. */
export const ALL_REQUIREMENTS = TASKS_2025_11_25.requirements;
