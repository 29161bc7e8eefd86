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
  {
    // Derived, not quoted: the lifecycle ends a connection only through its shutdown phase, and JSON-RPC owes every
    // request an answer; a server that dies on a request breaks both, and any client can make it do so again.
    id: 'BASE-NO-CRASH',
    keyword: 'MUST',
    binds: 'receiver',
    section: 'Lifecycle: Operation',
    anchor: 'operation',
    url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#operation',
    summary: 'A valid request never brings the server down: its process keeps running and its endpoint keeps accepting connections until the connection is shut down.',
    leniency:
      'The lifecycle lets a server end the connection itself by exiting; ' +
      "an exit with status 0 while none of the check's requests awaits an answer is read as such a shutdown, " +
      'and the check ends as an error (not run to the end), not a fail.',
    verifiedThroughout:
      "every check: when the server's process exits or its endpoint stops accepting connections while checks run, " +
      'each of those checks fails under it, naming the exit, the last stderr lines and its requests just before',
  },
  {
    id: 'BASE-PROGRESS-INCREASES',
    keyword: 'MUST',
    binds: 'receiver',
    section: 'Progress: Progress Flow',
    anchor: 'progress-flow',
    url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress#progress-flow',
    summary: 'Each progress notification under a token reports a larger progress value than the one before it under that token.',
    leniency: 'Judged where the transport keeps messages in the order sent (stdio); over HTTP two notifications may travel on different streams.',
    verifiedThroughout: 'the rule book, on every progress notification of every check over stdio (and of explore and proxy)',
  },
  {
    id: 'BASE-STDIO-STDOUT-MCP-ONLY',
    keyword: 'MUST NOT',
    binds: 'receiver',
    section: 'Transports: stdio',
    anchor: 'stdio',
    url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio',
    summary: 'A server on stdio puts nothing on its standard output but MCP messages: logs and other text belong on stderr.',
  },
];
