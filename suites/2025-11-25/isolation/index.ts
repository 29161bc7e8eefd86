import type { CheckDefinition } from '../../../harness/receivers/2025-11-25/check.js';
import foreignTaskRejected from './foreign-task-rejected.js';
import listOwnOnly from './list-own-only.js';
import noListWithoutAuth from './no-list-without-auth.js';
import taskIdEntropy from './task-id-entropy.js';
import untouchedByPeer from './untouched-by-peer.js';

/** Task Isolation and Access Control: context binding with a second identity, ID entropy and listing without one. */
export const ISOLATION_CHECKS: readonly CheckDefinition[] = [foreignTaskRejected, untouchedByPeer, listOwnOnly, taskIdEntropy, noListWithoutAuth];
