import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import acknowledged from './acknowledged.js';
import declaredCapabilitiesOnly from './declared-capabilities-only.js';
import keysUnique from './keys-unique.js';
import reaskNewKey from './reask-new-key.js';
import unknownKeysIgnored from './unknown-keys-ignored.js';

/** tasks/update: answering a task's input requests. */
export const EXT_UPDATE_CHECKS: readonly CheckDefinition[] = [acknowledged, unknownKeysIgnored, keysUnique, reaskNewKey, declaredCapabilitiesOnly];
