// JSON Schemas (draft 2020-12) for the task types of MCP spec 2025-11-25, written from the
// specification text (basic/utilities/tasks), not copied from the official schema.json.
//
// Strictness policy: as strict as the spec, no stricter.
//  - Objects are open (no `additionalProperties: false`): the base Result and NotificationParams
//    are open, and the spec never forbids extra fields on Task or on the capability objects.
//  - `_meta`, where the spec's base types declare it, must be an object.
//  - Capability leaves (`list`, `cancel`, `requests.tools.call`, ...) are objects, as the spec's
//    examples show (`"list": {}`); `true` is not an object.
//  - The one place we are stricter than the official schema.json: `createdAt` / `lastUpdatedAt`
//    carry `format: "date-time"`, because the spec requires "ISO 8601-formatted" timestamps and
//    links RFC 3339 section 5 for that. The validator in ./validate.ts asserts formats.

export const TASK_SCHEMA_ID_BASE = 'https://mcp-tasks-conformance/schemas/';
const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** `_meta` as declared on the base Result / NotificationParams: any object. */
const META = {
  type: 'object',
  description: "Reserved metadata; see the spec's General fields: `_meta`.",
} as const;

/** Base Result: open object whose `_meta`, if present, is an object. */
export const ResultSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}Result`,
  type: 'object',
  properties: { _meta: META },
} as const;

/** Base NotificationParams: open object whose `_meta`, if present, is an object. */
export const NotificationParamsSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}NotificationParams`,
  type: 'object',
  properties: { _meta: META },
} as const;

/** "Task Status": the five states of the lifecycle. */
export const TaskStatusSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}TaskStatus`,
  type: 'string',
  enum: ['working', 'input_required', 'completed', 'failed', 'cancelled'],
} as const;

/** "Data Types > Task" plus "TTL and Resource Management". */
export const TaskSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}Task`,
  type: 'object',
  required: ['taskId', 'status', 'createdAt', 'lastUpdatedAt', 'ttl'],
  properties: {
    // "Task IDs MUST be a string value."
    taskId: { type: 'string' },
    status: { $ref: `${TASK_SCHEMA_ID_BASE}TaskStatus` },
    statusMessage: { type: 'string' },
    // "Receivers MUST include a createdAt ISO 8601-formatted timestamp" (link: RFC 3339 §5).
    createdAt: { type: 'string', format: 'date-time' },
    // "Receivers MUST include a lastUpdatedAt ISO 8601-formatted timestamp" (link: RFC 3339 §5).
    lastUpdatedAt: { type: 'string', format: 'date-time' },
    // "MUST include the actual ttl duration (or null for unlimited)": milliseconds.
    ttl: { type: ['integer', 'null'] },
    // Suggested polling interval in milliseconds.
    pollInterval: { type: 'integer' },
  },
} as const;

/** Response to a task-augmented request: `{ task: Task }` on an open Result. */
export const CreateTaskResultSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}CreateTaskResult`,
  type: 'object',
  required: ['task'],
  properties: {
    _meta: META,
    task: { $ref: `${TASK_SCHEMA_ID_BASE}Task` },
  },
} as const;

/** Response to tasks/get: the Task's fields directly on an open Result. */
export const GetTaskResultSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}GetTaskResult`,
  allOf: [{ $ref: `${TASK_SCHEMA_ID_BASE}Result` }, { $ref: `${TASK_SCHEMA_ID_BASE}Task` }],
} as const;

/** Response to tasks/list: a paginated Result with `tasks: Task[]` and optional `nextCursor`. */
export const ListTasksResultSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}ListTasksResult`,
  type: 'object',
  required: ['tasks'],
  properties: {
    _meta: META,
    tasks: { type: 'array', items: { $ref: `${TASK_SCHEMA_ID_BASE}Task` } },
    // Opaque cursor.
    nextCursor: { type: 'string' },
  },
} as const;

/** Response to tasks/cancel: the (now cancelled) Task's fields directly on an open Result. */
export const CancelTaskResultSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}CancelTaskResult`,
  allOf: [{ $ref: `${TASK_SCHEMA_ID_BASE}Result` }, { $ref: `${TASK_SCHEMA_ID_BASE}Task` }],
} as const;

/** Params of notifications/tasks/status: "the full Task object" on open NotificationParams. */
export const TaskStatusNotificationParamsSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}TaskStatusNotificationParams`,
  allOf: [{ $ref: `${TASK_SCHEMA_ID_BASE}NotificationParams` }, { $ref: `${TASK_SCHEMA_ID_BASE}Task` }],
} as const;

/** Value of `_meta["io.modelcontextprotocol/related-task"]`. */
export const RelatedTaskMetadataSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}RelatedTaskMetadata`,
  type: 'object',
  required: ['taskId'],
  properties: {
    taskId: { type: 'string' },
  },
} as const;

/** A tool's `execution` object in tools/list ("Tool-Level Negotiation"). */
export const ToolExecutionSchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}ToolExecution`,
  type: 'object',
  properties: {
    // Absent means "forbidden".
    taskSupport: { type: 'string', enum: ['required', 'optional', 'forbidden'] },
  },
} as const;

/** A capability flag: present-as-object means supported (`{}` in the spec's examples). */
const CAPABILITY_FLAG = { type: 'object' } as const;

/** `capabilities.tasks` of a server ("Server Capabilities"). */
export const ServerTasksCapabilitySchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}ServerTasksCapability`,
  type: 'object',
  properties: {
    list: CAPABILITY_FLAG,
    cancel: CAPABILITY_FLAG,
    requests: {
      type: 'object',
      properties: {
        tools: {
          type: 'object',
          properties: {
            call: CAPABILITY_FLAG,
          },
        },
      },
    },
  },
} as const;

/** `capabilities.tasks` of a client ("Client Capabilities"). */
export const ClientTasksCapabilitySchema = {
  $schema: DRAFT_2020_12,
  $id: `${TASK_SCHEMA_ID_BASE}ClientTasksCapability`,
  type: 'object',
  properties: {
    list: CAPABILITY_FLAG,
    cancel: CAPABILITY_FLAG,
    requests: {
      type: 'object',
      properties: {
        sampling: {
          type: 'object',
          properties: {
            createMessage: CAPABILITY_FLAG,
          },
        },
        elicitation: {
          type: 'object',
          properties: {
            create: CAPABILITY_FLAG,
          },
        },
      },
    },
  },
} as const;

/** Every schema above, for registering with a validator (order irrelevant; refs are by `$id`). */
export const ALL_TASK_SCHEMAS = [
  ResultSchema,
  NotificationParamsSchema,
  TaskStatusSchema,
  TaskSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
  CancelTaskResultSchema,
  TaskStatusNotificationParamsSchema,
  RelatedTaskMetadataSchema,
  ToolExecutionSchema,
  ServerTasksCapabilitySchema,
  ClientTasksCapabilitySchema,
] as const;
