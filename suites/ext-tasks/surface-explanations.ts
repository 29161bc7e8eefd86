// Explanations of the extension's surface checks: negotiation, result types, creation, errors, headers, security, base rules.
import type { CheckExplanation } from '../explanations.js';

export const SURFACE_EXPLANATIONS: Readonly<Record<string, CheckExplanation>> = {
  'ext-negotiation.no-task-without-extension': {
    does: 'Calls slow_compute from a requestor whose clientCapabilities lack the Tasks extension and requires an answer that is no CreateTaskResult: the plain result, or an error refusing the call.',
    causes: [
      {
        cause: 'The server decides to make a task from the tool alone, or from what the client declared on an earlier request, without reading the capabilities of this request.',
        fix: 'Read `_meta["io.modelcontextprotocol/clientCapabilities"].extensions["io.modelcontextprotocol/tasks"]` on each request; without it run the tool inline, or answer -32021 naming the extension.',
        faults: ['ext-task-without-extension'],
      },
    ],
  },
};
