import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import expiry from './expiry.js';
import maxTtl from './max-ttl.js';
import pollIntervalInteger from './poll-interval-integer.js';
import presentInGet from './present-in-get.js';
import stable from './stable.js';
import timestamps from './timestamps.js';

export const TTL_CHECKS: readonly CheckDefinition[] = [timestamps, presentInGet, stable, pollIntervalInteger, expiry, maxTtl];
