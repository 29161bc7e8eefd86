// Words the explanations of several 2025-11-25 checks share (defineCheck's `explain`): the implementations they were
// seen in (docs/compatibility.md) and the fixes that recur.

export const MCP_FRAMEWORK = 'mcp-framework 0.2.22';
export const SERVER_EVERYTHING = '@modelcontextprotocol/server-everything 2026.8.31 (on @modelcontextprotocol/sdk 1.32.2)';
export const SIMPLE_TASK_INTERACTIVE = 'the @modelcontextprotocol/sdk 1.32.2 example server simpleTaskInteractive';
export const SDK_SERVER = "@modelcontextprotocol/sdk 1.32.2's McpServer without task support";
export const SDK_CLIENT = "@modelcontextprotocol/sdk 1.32.2's Client with its InMemoryTaskStore";
export const EXT_TASKS = '@modelcontextprotocol/ext-tasks 0.2.2 on the v2 SDK Client';
export const RELATED_TASK_FIX = 'add `_meta: {"io.modelcontextprotocol/related-task": {"taskId": …}}`, merged with any `_meta` already there';
export const INVALID_PARAMS_FIX = 'throw the protocol error class of your SDK (McpError, ProtocolError) with code -32602, so the transport sends that code; a plain Error becomes -32603';
/** The usual way the three unknown-task-ID checks fail. */
export const UNKNOWN_ID_AS_INTERNAL_ERROR = {
  cause: 'The failed lookup throws a plain error, which the SDK sends as -32603.',
  fix: `For an unknown, expired or foreign task ID, ${INVALID_PARAMS_FIX}.`,
};
