// Explanations of the extension's flow checks: polling, lifecycle, tasks/update, cancellation, notifications.
import type { CheckExplanation } from '../explanations.js';

export const FLOW_EXPLANATIONS: Readonly<Record<string, CheckExplanation>> = {
  'ext-polling.completed-inlines-result': {
    does: 'Starts slow_compute as a task, polls tasks/get until it is terminal and, when it completed, requires the tool result inlined as `result` (an object with a content array).',
    causes: [
      {
        cause: 'The server still keeps results for a separate tasks/result call, as 2025-11-25 did, and answers tasks/get with the status alone.',
        fix: 'Store the CallToolResult with the task and put it in the `result` field of every tasks/get answer (and notifications/tasks) once the task is completed.',
        faults: ['ext-completed-without-result'],
      },
    ],
  },
};
