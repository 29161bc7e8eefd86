// The params of sampling/createMessage and elicitation/create (without `task`), checked by hand against the
// shapes of the 2025-11-25 schema as the SDK's schemas read them: the fields the spec defines must have their
// types, and fields it does not define are let through.
import { ShapeError, anyOf, arrayOf, boolean, fail, integer, literal, number, object, optional, string, unitInterval, type Check } from './shape-checks.js';

const ROLES = ['user', 'assistant'] as const;
const roles = arrayOf(literal(ROLES));
const strings = arrayOf(string);

/** Where the params break their shape and how; undefined when they fit. */
export function paramsProblem(method: 'sampling/createMessage' | 'elicitation/create', params: Record<string, unknown>): ShapeError | undefined {
  try {
    if (method === 'sampling/createMessage') checkSamplingParams(params);
    else checkElicitationParams(params);
    return undefined;
  } catch (error) {
    if (error instanceof ShapeError) return error;
    throw error;
  }
}

function checkSamplingParams(params: Record<string, unknown>): void {
  arrayOf(samplingMessage)(params.messages, 'params.messages');
  integer(params.maxTokens, 'params.maxTokens');
  optional(params.modelPreferences, 'params.modelPreferences', modelPreferences);
  optional(params.systemPrompt, 'params.systemPrompt', string);
  optional(params.includeContext, 'params.includeContext', literal(['none', 'thisServer', 'allServers']));
  optional(params.temperature, 'params.temperature', number);
  optional(params.stopSequences, 'params.stopSequences', strings);
  // Any non-null object, as the SDK takes it: the format is the LLM provider's.
  optional(params.metadata, 'params.metadata', (value, where) => (typeof value === 'object' && value !== null ? value : fail(where, 'must be an object')));
}

const samplingMessage: Check<void> = (value, where) => {
  const message = object(value, where);
  literal(ROLES)(message.role, `${where}.role`);
  if (Array.isArray(message.content)) message.content.forEach((block, i) => contentBlock(block, `${where}.content[${i}]`));
  else contentBlock(message.content, `${where}.content`);
  optional(message._meta, `${where}._meta`, object);
};

/** A block of sampling content: text, image, audio, tool_use or tool_result. */
const contentBlock: Check<void> = (value, where) => {
  const block = object(value, where);
  const type = string(block.type, `${where}.type`);
  switch (type) {
    case 'text':
      string(block.text, `${where}.text`);
      break;
    case 'image':
    case 'audio':
      base64(block.data, `${where}.data`);
      string(block.mimeType, `${where}.mimeType`);
      break;
    case 'tool_use':
      string(block.name, `${where}.name`);
      string(block.id, `${where}.id`);
      object(block.input, `${where}.input`);
      break;
    case 'tool_result':
      string(block.toolUseId, `${where}.toolUseId`);
      optional(block.content, `${where}.content`, arrayOf(typedObject));
      optional(block.structuredContent, `${where}.structuredContent`, object);
      optional(block.isError, `${where}.isError`, boolean);
      break;
    default:
      fail(`${where}.type`, `must be "text", "image", "audio", "tool_use" or "tool_result", not ${JSON.stringify(type)}`);
  }
  if (type === 'text' || type === 'image' || type === 'audio') optional(block.annotations, `${where}.annotations`, annotations);
  optional(block._meta, `${where}._meta`, object);
};

/** An object with a string type (a content block of a tool result). */
const typedObject: Check<void> = (value, where) => void string(object(value, where).type, `${where}.type`);

const base64: Check<string> = (value, where) => {
  const text = string(value, where);
  try {
    atob(text);
    return text;
  } catch {
    return fail(where, 'must be base64');
  }
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const annotations: Check<void> = (value, where) => {
  const found = object(value, where);
  optional(found.audience, `${where}.audience`, roles);
  optional(found.priority, `${where}.priority`, unitInterval);
  optional(found.lastModified, `${where}.lastModified`, (text, at) => (ISO_DATE_TIME.test(string(text, at)) ? text : fail(at, 'must be an ISO 8601 date-time')));
};

const modelPreferences: Check<void> = (value, where) => {
  const preferences = object(value, where);
  optional(
    preferences.hints,
    `${where}.hints`,
    arrayOf((hint, at) => optional(object(hint, at).name, `${at}.name`, string)),
  );
  for (const key of ['costPriority', 'speedPriority', 'intelligencePriority']) optional(preferences[key], `${where}.${key}`, unitInterval);
};

/** Form mode (mode absent or "form") or URL mode; the receiver then turns URL mode down, as it does not declare it. */
function checkElicitationParams(params: Record<string, unknown>): void {
  const mode = optional(params.mode, 'params.mode', literal(['form', 'url']));
  string(params.message, 'params.message');
  if (mode === 'url') {
    string(params.elicitationId, 'params.elicitationId');
    if (!URL.canParse(string(params.url, 'params.url'))) fail('params.url', 'must be a URL');
    return;
  }
  const schema = object(params.requestedSchema, 'params.requestedSchema');
  literal(['object'])(schema.type, 'params.requestedSchema.type');
  const properties = object(schema.properties, 'params.requestedSchema.properties');
  for (const [name, definition] of Object.entries(properties)) primitiveSchema(definition, `params.requestedSchema.properties[${JSON.stringify(name)}]`);
  optional(schema.required, 'params.requestedSchema.required', strings);
}

/** A field of the requested form: one of the spec's primitive schema definitions. */
function primitiveSchema(value: unknown, where: string): void {
  const definition = object(value, where);
  optional(definition.title, `${where}.title`, string);
  optional(definition.description, `${where}.description`, string);
  switch (definition.type) {
    case 'boolean':
      optional(definition.default, `${where}.default`, boolean);
      return;
    case 'number':
    case 'integer':
      for (const key of ['minimum', 'maximum', 'default']) optional(definition[key], `${where}.${key}`, number);
      return;
    case 'string':
      return anyOf(definition, where, [plainString, untitledEnum, titledEnum]);
    case 'array':
      return anyOf(definition, where, [untitledMultiSelect, titledMultiSelect]);
    default:
      fail(`${where}.type`, 'must be "string", "number", "integer", "boolean" or "array"');
  }
}

const titledOptions = arrayOf((value, where) => {
  const option = object(value, where);
  string(option.const, `${where}.const`);
  string(option.title, `${where}.title`);
});

const plainString: Check<void> = (value, where) => {
  const definition = object(value, where);
  optional(definition.minLength, `${where}.minLength`, number);
  optional(definition.maxLength, `${where}.maxLength`, number);
  optional(definition.format, `${where}.format`, literal(['email', 'uri', 'date', 'date-time']));
  optional(definition.default, `${where}.default`, string);
};

/** A single choice from enum (with enumNames, the legacy titled form). */
const untitledEnum: Check<void> = (value, where) => {
  const definition = object(value, where);
  strings(definition.enum, `${where}.enum`);
  optional(definition.enumNames, `${where}.enumNames`, strings);
  optional(definition.default, `${where}.default`, string);
};

const titledEnum: Check<void> = (value, where) => {
  const definition = object(value, where);
  titledOptions(definition.oneOf, `${where}.oneOf`);
  optional(definition.default, `${where}.default`, string);
};

const multiSelect = (items: Check<unknown>): Check<void> => {
  return (value, where) => {
    const definition = object(value, where);
    items(object(definition.items, `${where}.items`), `${where}.items`);
    optional(definition.minItems, `${where}.minItems`, number);
    optional(definition.maxItems, `${where}.maxItems`, number);
    optional(definition.default, `${where}.default`, strings);
  };
};

const untitledMultiSelect = multiSelect((items, where) => {
  const found = object(items, where);
  literal(['string'])(found.type, `${where}.type`);
  strings(found.enum, `${where}.enum`);
});

const titledMultiSelect = multiSelect((items, where) => titledOptions(object(items, where).anyOf, `${where}.anyOf`));
