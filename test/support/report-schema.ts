// The JSON report's own schema (reports/report.schema.json), compiled once for every test that validates reports.
import { readFileSync } from 'node:fs';
import AjvModule from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// CommonJS interop: the default export sits one level deeper under Node's ESM loader.
type AjvClass = typeof AjvModule.default;
type AddFormats = typeof addFormatsModule.default;
const Ajv2020: AjvClass = (AjvModule as unknown as { default?: AjvClass }).default ?? (AjvModule as unknown as AjvClass);
const addFormats: AddFormats = (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

export const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
addFormats(ajv);

export const validateReport = ajv.compile(JSON.parse(readFileSync(new URL('../../reports/report.schema.json', import.meta.url), 'utf8')) as object);
