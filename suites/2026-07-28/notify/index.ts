import type { CheckDefinition } from '../../../harness/receivers/2026-07-28/check.js';
import acknowledgedFirst from './acknowledged-first.js';
import fullTask from './full-task.js';
import inputRequiredFullTask from './input-required-full-task.js';
import listenNeedsExtension from './listen-needs-extension.js';
import noProgressOnStream from './no-progress-on-stream.js';
import onlyWhenSubscribed from './only-when-subscribed.js';

/** Task status notifications over subscriptions/listen. */
export const EXT_NOTIFY_CHECKS: readonly CheckDefinition[] = [listenNeedsExtension, onlyWhenSubscribed, acknowledgedFirst, fullTask, inputRequiredFullTask, noProgressOnStream];
