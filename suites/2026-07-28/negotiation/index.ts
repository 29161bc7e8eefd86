import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import legacyEraNotEnabled from './legacy-era-not-enabled.js';
import noLegacyCapability from './no-legacy-capability.js';
import noTaskWithoutExtension from './no-task-without-extension.js';
import requiredCapabilityError from './required-capability-error.js';
import taskMethodsNeedExtension from './task-methods-need-extension.js';
import taskParamNotOptIn from './task-param-not-opt-in.js';
import tasksOnlyWhenDeclared from './tasks-only-when-declared.js';

/** Capability Negotiation: tasks only for requests that declare the extension, -32021 otherwise, no 2025-11-25 capability. */
export const EXT_NEGOTIATION_CHECKS: readonly CheckDefinition[] = [
  noTaskWithoutExtension,
  taskParamNotOptIn,
  requiredCapabilityError,
  taskMethodsNeedExtension,
  noLegacyCapability,
  tasksOnlyWhenDeclared,
  legacyEraNotEnabled,
];
