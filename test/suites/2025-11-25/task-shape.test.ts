import { describe, expect, it } from 'vitest';
import { sightingsInAnswer, TASK_SHAPE_REQUIREMENTS, taskShapeViolations, type TaskSighting } from '../../../harness/model/schemas/task-shape.js';
import { ALL_CHECKS, ALL_REQUIREMENTS } from '../../../suites/2025-11-25/index.js';

const TASK = {
  taskId: 'task-1',
  status: 'working',
  createdAt: '2025-11-25T10:30:00Z',
  lastUpdatedAt: '2025-11-25T10:40:00Z',
  ttl: 60000,
  pollInterval: 5000,
};

function without(key: keyof typeof TASK): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...TASK };
  delete copy[key];
  return copy;
}

const requirementsOf = (sighting: TaskSighting) => taskShapeViolations(sighting).map((v) => v.requirement);

describe('the requirement each broken rule of the Task lands on', () => {
  it('finds nothing wrong with well-formed tasks in every kind of message', () => {
    expect(requirementsOf({ kind: 'create', method: 'tools/call', value: { task: TASK } })).toEqual([]);
    expect(requirementsOf({ kind: 'get', method: 'tasks/get', value: { ...TASK, ttl: null } })).toEqual([]);
    expect(requirementsOf({ kind: 'cancel', method: 'tasks/cancel', value: { ...TASK, status: 'cancelled' } })).toEqual([]);
    expect(requirementsOf({ kind: 'list', method: 'tasks/list', value: { tasks: [TASK, without('pollInterval')], nextCursor: 'c' } })).toEqual([]);
    expect(requirementsOf({ kind: 'notification', method: 'notifications/tasks/status', value: TASK })).toEqual([]);
  });

  it('a missing ttl belongs to TASKS-TTL-INCLUDE-ACTUAL in tasks/get and to the Task shape elsewhere', () => {
    expect(requirementsOf({ kind: 'get', method: 'tasks/get', value: without('ttl') })).toEqual(['TASKS-TTL-INCLUDE-ACTUAL']);
    expect(requirementsOf({ kind: 'get', method: 'tasks/get', value: { ...TASK, ttl: '60000' } })).toEqual(['TASKS-TTL-INCLUDE-ACTUAL']);
    expect(requirementsOf({ kind: 'create', method: 'tools/call', value: { task: without('ttl') } })).toEqual(['TASKS-TASK-SHAPE']);
    expect(requirementsOf({ kind: 'list', method: 'tasks/list', value: { tasks: [TASK, without('ttl')] } })).toEqual(['TASKS-TASK-SHAPE']);
    expect(requirementsOf({ kind: 'cancel', method: 'tasks/cancel', value: without('ttl') })).toEqual(['TASKS-TASK-SHAPE']);
  });

  it('timestamps belong to their own requirements in every answer, a non-string taskId to TASKS-ID-STRING', () => {
    expect(requirementsOf({ kind: 'create', method: 'tools/call', value: { task: without('lastUpdatedAt') } })).toEqual(['TASKS-TTL-LAST-UPDATED-AT']);
    expect(requirementsOf({ kind: 'list', method: 'tasks/list', value: { tasks: [{ ...TASK, createdAt: '1700000000000' }] } })).toEqual(['TASKS-TTL-CREATED-AT']);
    expect(requirementsOf({ kind: 'get', method: 'tasks/get', value: { ...TASK, taskId: 7 } })).toEqual(['TASKS-ID-STRING']);
    expect(requirementsOf({ kind: 'get', method: 'tasks/get', value: without('taskId') })).toEqual(['TASKS-TASK-SHAPE']);
  });

  it('status, pollInterval and _meta belong to the Task shape; the envelope of a CreateTaskResult to TASKS-RESULT-CREATE-TASK-RESULT', () => {
    expect(requirementsOf({ kind: 'cancel', method: 'tasks/cancel', value: { ...TASK, status: 'canceled' } })).toEqual(['TASKS-TASK-SHAPE']);
    expect(requirementsOf({ kind: 'get', method: 'tasks/get', value: { ...TASK, pollInterval: 50.5, _meta: 'x' } })).toEqual(['TASKS-TASK-SHAPE', 'TASKS-TASK-SHAPE']);
    expect(requirementsOf({ kind: 'create', method: 'tools/call', value: { task: 'task-1' } })).toEqual(['TASKS-RESULT-CREATE-TASK-RESULT']);
    expect(requirementsOf({ kind: 'create', method: 'tools/call', value: { task: TASK, _meta: [] } })).toEqual(['TASKS-RESULT-CREATE-TASK-RESULT']);
  });

  it('everything wrong with a status notification is one rule: its params are a full Task', () => {
    const broken = { ...without('createdAt'), status: 'done', ttl: 1.5 };
    const found = requirementsOf({ kind: 'notification', method: 'notifications/tasks/status', value: broken });
    expect(found.length).toBe(3);
    expect(new Set(found)).toEqual(new Set(['TASKS-NOTIFY-FULL-TASK']));
  });

  it('judges list entries only, leaving the page around them to the listing checks', () => {
    expect(requirementsOf({ kind: 'list', method: 'tasks/list', value: { tasks: 'none', nextCursor: 3 } })).toEqual([]);
  });

  it('says where the task was and what is wrong with it', () => {
    const [violation] = taskShapeViolations({ kind: 'list', method: 'tasks/list', value: { tasks: [TASK, without('ttl')] } });
    expect(violation.message).toBe(
      'expected a well-formed Task in entry 2 of a tasks/list page (task task-1, status working), ' +
        'got one where (root) must have required property "ttl" (got object with keys taskId, status, createdAt, lastUpdatedAt, pollInterval)',
    );
  });
});

describe('which answers carry tasks', () => {
  it('tasks/get, tasks/cancel and tasks/list always; another request only when it carried task and its result has one', () => {
    expect(sightingsInAnswer('tasks/get', { taskId: 'x' }, TASK).map((s) => s.kind)).toEqual(['get']);
    expect(sightingsInAnswer('tasks/cancel', { taskId: 'x' }, TASK).map((s) => s.kind)).toEqual(['cancel']);
    expect(sightingsInAnswer('tasks/list', {}, { tasks: [] }).map((s) => s.kind)).toEqual(['list']);
    expect(sightingsInAnswer('tools/call', { name: 'x', task: {} }, { task: TASK }).map((s) => s.kind)).toEqual(['create']);
    // Answered plainly (a receiver without task support for it): no task to judge here.
    expect(sightingsInAnswer('tools/call', { name: 'x', task: {} }, { content: [] })).toEqual([]);
    expect(sightingsInAnswer('tools/call', { name: 'x' }, { task: TASK })).toEqual([]);
    expect(sightingsInAnswer('tasks/result', { taskId: 'x' }, { content: [] })).toEqual([]);
  });
});

describe('the table against the profile', () => {
  it('names only catalogued MUST requirements, each verified by some check', () => {
    for (const id of TASK_SHAPE_REQUIREMENTS) {
      expect(ALL_REQUIREMENTS.get(id)?.keyword, id).toBe('MUST');
      expect(
        ALL_CHECKS.some((check) => check.requirements.includes(id)),
        id,
      ).toBe(true);
    }
  });
});
