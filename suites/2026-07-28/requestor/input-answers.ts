// What a standalone answer to each kind of input request looks like: the client's answers in tasks/update are judged
// by the result the same request would get sent on its own (ElicitResult, CreateMessageResult, ListRootsResult).
export { CAPABILITY_OF_INPUT } from '../../../harness/wire/2026-07-28/endpoint-tasks.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why the answer is not a result of the method, or undefined when it is one. */
export function inputAnswerProblem(method: string, answer: unknown): string | undefined {
  if (!isObject(answer)) return 'it is not an object';
  switch (method) {
    case 'elicitation/create':
      if (!['accept', 'decline', 'cancel'].includes(answer.action as string)) return 'an ElicitResult has action "accept", "decline" or "cancel"';
      if (answer.action === 'accept' && !isObject(answer.content)) return 'an accepted ElicitResult carries its content object';
      return undefined;
    case 'sampling/createMessage':
      if (typeof answer.model !== 'string' || typeof answer.role !== 'string' || answer.content === undefined) return 'a CreateMessageResult has role, content and model';
      return undefined;
    case 'roots/list':
      return Array.isArray(answer.roots) ? undefined : 'a ListRootsResult has a roots array';
    default:
      return undefined;
  }
}
