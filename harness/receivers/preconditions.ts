import { declaresExtension, TASKS_EXTENSION } from '../wire/2026-07-28/envelope.js';
import type { TargetFacts } from './check.js';
import { FIXTURE_TASK_SUPPORT, FIXTURE_TOOL_NAMES, taskSupportMismatch, tasksRefusedReason } from '../model/fixtures.js';
import type { Precondition } from '../model/model.js';
import { missingFixtureReason, NEEDS_PEER_IDENTITY, needsTransportReason } from '../model/skip-causes.js';

/** The capability path under `tasks.requests` that a receiver of each role declares for its augmentable requests. */
export function declaresTaskRequests(facts: TargetFacts): boolean {
  const requests = tasksCapability(facts)?.requests as Record<string, Record<string, unknown> | undefined> | undefined;
  if (facts.role === 'server') return requests?.tools?.call !== undefined;
  return requests?.sampling?.createMessage !== undefined || requests?.elicitation?.create !== undefined;
}

export function tasksCapability(facts: TargetFacts): Record<string, unknown> | undefined {
  const tasks = facts.capabilities.tasks;
  return typeof tasks === 'object' && tasks !== null ? (tasks as Record<string, unknown>) : undefined;
}

/** Why the check cannot apply to this receiver, or undefined when it can run. */
export function unmetPrecondition(needs: readonly Precondition[], facts: TargetFacts): string | undefined {
  for (const need of needs) {
    const reason = reasonFor(need, facts);
    if (reason) return reason;
  }
  return undefined;
}

function reasonFor(need: Precondition, facts: TargetFacts): string | undefined {
  switch (need.kind) {
    case 'tasks-capability':
      if (need.path === 'requests') {
        return declaresTaskRequests(facts)
          ? undefined
          : `the receiver does not declare ${facts.role === 'server' ? 'tasks.requests.tools.call' : 'any tasks.requests capability'}, so it takes no task-augmented requests`;
      }
      return tasksCapability(facts)?.[need.path] !== undefined ? undefined : `the receiver does not declare tasks.${need.path}`;
    case 'no-tasks-capability':
      return declaresTaskRequests(facts) ? 'the receiver declares task support for this request type; the rule is for receivers that do not' : undefined;
    case 'tasks-extension':
      return declaresExtension(facts.capabilities) ? undefined : `server/discover does not list the ${TASKS_EXTENSION} extension among the server's capabilities`;
    case 'fixture': {
      const binding = facts.fixtures.get(need.role);
      if (!binding) return missingFixtureReason(FIXTURE_TOOL_NAMES[need.role], need.role);
      if (need.taskSupport) return taskSupportMismatch(binding);
      // A role whose work the contract runs as a task needs a tool that may be called as one.
      const contract = FIXTURE_TASK_SUPPORT[need.role];
      return contract === 'optional' || contract === 'required' ? tasksRefusedReason(binding) : undefined;
    }
    case 'transport':
      return facts.transport === need.transport ? undefined : needsTransportReason(need.transport);
    case 'peer-identity':
      return facts.hasPeerIdentity ? undefined : NEEDS_PEER_IDENTITY;
    case 'no-peer-identity':
      return facts.hasPeerIdentity ? 'a second identity is configured; the isolation checks verify context binding directly' : undefined;
  }
}
