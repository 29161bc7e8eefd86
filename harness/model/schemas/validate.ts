// Validates task messages against our own schemas (./task-schemas.ts) with Ajv (draft 2020-12).

import AjvModule from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ALL_TASK_SCHEMAS, TASK_SCHEMA_ID_BASE } from './task-schemas.js';

// ajv and ajv-formats are CommonJS with `exports.default`; under NodeNext the default import is
// `module.exports` (typed as the namespace), under bundlers it may already be the default.
type AjvClass = typeof AjvModule.default;
type AddFormats = typeof addFormatsModule.default;
const Ajv2020: AjvClass = (AjvModule as unknown as { default?: AjvClass }).default ?? (AjvModule as unknown as AjvClass);
const addFormats: AddFormats = (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

export type TaskSchemaName =
  | 'Task'
  | 'CreateTaskResult'
  | 'GetTaskResult'
  | 'ListTasksResult'
  | 'CancelTaskResult'
  | 'TaskStatusNotificationParams'
  | 'RelatedTaskMetadata'
  | 'ToolExecution'
  | 'ServerTasksCapability'
  | 'ClientTasksCapability';

export const TASK_SCHEMA_NAMES: readonly TaskSchemaName[] = [
  'Task',
  'CreateTaskResult',
  'GetTaskResult',
  'ListTasksResult',
  'CancelTaskResult',
  'TaskStatusNotificationParams',
  'RelatedTaskMetadata',
  'ToolExecution',
  'ServerTasksCapability',
  'ClientTasksCapability',
];

export interface SchemaVerdict {
  valid: boolean;
  /** Human readable, e.g. `/task/createdAt must match format "date-time" (got "yesterday")`. */
  errors: string[];
}

// ---------------------------------------------------------------------------------------------
// RFC 3339 date-time
// ---------------------------------------------------------------------------------------------

// RFC 3339 §5.6:
//   date-time      = full-date "T" full-time
//   full-date      = date-fullyear "-" date-month "-" date-mday
//   full-time      = partial-time time-offset
//   partial-time   = time-hour ":" time-minute ":" time-second [time-secfrac]
//   time-secfrac   = "." 1*DIGIT
//   time-offset    = "Z" / time-numoffset
//   time-numoffset = ("+" / "-") time-hour ":" time-minute
// ABNF literals are case-insensitive, so "t" and "z" are allowed (the §5.6 NOTE says so too).
// Not accepted: the space separator (§5.6 NOTE allows it only "by mutual agreement", and ISO 8601,
// which the MCP spec names, does not have it), a missing offset, a missing seconds field,
// "+0100"/"+01" offsets, and ISO 8601 forms outside the RFC 3339 profile.
const RFC3339_DATE_TIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(?:([Zz])|([+-])([0-9]{2}):([0-9]{2}))$/;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * True when `value` is an RFC 3339 §5.6 `date-time` with the §5.7 value restrictions
 * (month 01-12, day within the month incl. leap years, hour 00-23, minute 00-59, second 00-59,
 * or 60 for a leap second at 23:59 UTC; offset hour 00-23, offset minute 00-59).
 */
export function isRfc3339DateTime(value: string): boolean {
  if (typeof value !== 'string') return false;
  const m = RFC3339_DATE_TIME.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
  if (month < 1 || month > 12) return false;
  if (day < 1 || day > daysInMonth(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 60) return false;
  let offsetMinutes = 0;
  if (m[8] === undefined) {
    const offHour = Number(m[10]);
    const offMinute = Number(m[11]);
    if (offHour > 23 || offMinute > 59) return false;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offHour * 60 + offMinute);
  }
  if (second === 60) {
    // A leap second is inserted at the end of a UTC day: 23:59:60Z, expressed in any offset.
    const utcMinuteOfDay = (((hour * 60 + minute - offsetMinutes) % 1440) + 1440) % 1440;
    if (utcMinuteOfDay !== 23 * 60 + 59) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Ajv instance and compiled-validator cache
// ---------------------------------------------------------------------------------------------

const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  // `ttl: { type: ["integer", "null"] }` is a union type, which strict mode rejects otherwise.
  allowUnionTypes: true,
});
addFormats(ajv);
// Replace ajv-formats' date-time, which also accepts a space separator and "+0100"/"+01"
// offsets, with the RFC 3339 grammar proper.
ajv.addFormat('date-time', { type: 'string', validate: isRfc3339DateTime });
for (const schema of ALL_TASK_SCHEMAS) ajv.addSchema(schema);

const compiled = new Map<TaskSchemaName, ValidateFunction>();

function validatorFor(name: TaskSchemaName): ValidateFunction {
  let fn = compiled.get(name);
  if (!fn) {
    if (!TASK_SCHEMA_NAMES.includes(name)) {
      throw new Error(`Unknown task schema name: ${JSON.stringify(name)}`);
    }
    fn = ajv.getSchema(`${TASK_SCHEMA_ID_BASE}${name}`);
    if (!fn) throw new Error(`Task schema ${name} is not registered`);
    compiled.set(name, fn);
  }
  return fn;
}

// ---------------------------------------------------------------------------------------------
// Error rendering
// ---------------------------------------------------------------------------------------------

const MAX_SHOWN = 80;

function truncate(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 3)}...` : text;
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    const json = JSON.stringify(value);
    return truncate(json === undefined ? String(value) : json);
  } catch {
    return truncate(String(value));
  }
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function describeActual(value: unknown): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    return truncate(`object with keys ${keys.length ? keys.join(', ') : '(none)'}`);
  }
  return show(value);
}

function formatError(error: ErrorObject, root: unknown): string {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  const actual = valueAt(root, error.instancePath);
  let rule: string;
  switch (error.keyword) {
    case 'required':
      rule = `must have required property "${String(error.params.missingProperty)}"`;
      return `${where} ${rule} (got ${describeActual(actual)})`;
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      rule = `must be one of ${allowed.join(', ')}`;
      break;
    }
    case 'type': {
      const t = error.params.type as string | string[];
      rule = `must be ${Array.isArray(t) ? t.join(' or ') : t.split(',').join(' or ')}`;
      break;
    }
    default:
      rule = error.message ?? `must satisfy "${error.keyword}"`;
  }
  return `${where} ${rule} (got ${show(actual)})`;
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/** One broken rule: where (JSON pointer), which keyword, the property a `required` rule missed, and the rendered line. */
export interface SchemaError {
  pointer: string;
  keyword: string;
  missingProperty?: string;
  text: string;
}

/** Every rule `value` breaks in our schema for `name` (none when valid), each rendered once; never throws for any JSON value. */
export function taskSchemaErrors(name: TaskSchemaName, value: unknown): SchemaError[] {
  const validate = validatorFor(name);
  if (validate(value) as boolean) return [];
  const errors: SchemaError[] = [];
  for (const error of validate.errors ?? []) {
    const text = formatError(error, value);
    if (errors.some((seen) => seen.text === text)) continue;
    const missing = error.keyword === 'required' ? String(error.params.missingProperty) : undefined;
    errors.push({ pointer: error.instancePath, keyword: error.keyword, ...(missing === undefined ? {} : { missingProperty: missing }), text });
  }
  return errors;
}

/** Validates `value` against our schema for `name`; never throws for any JSON value. */
export function validateTaskMessage(name: TaskSchemaName, value: unknown): SchemaVerdict {
  const errors = taskSchemaErrors(name, value).map((error) => error.text);
  return errors.length === 0 ? { valid: true, errors } : { valid: false, errors };
}
