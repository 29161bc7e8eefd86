import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import getImpliesList from './get-implies-list.js';
import invalidCursor from './invalid-cursor.js';
import nextCursor from './next-cursor.js';
import noDuplicates from './no-duplicates.js';
import paginates from './paginates.js';

export const LISTING_CHECKS: readonly CheckDefinition[] = [paginates, nextCursor, getImpliesList, noDuplicates, invalidCursor];
