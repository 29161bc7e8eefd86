import { randomBytes } from 'node:crypto';
import { REQUESTOR_POLL_INTERVAL_MS } from '../fixtures.js';
import type { RpcSession } from '../session.js';

/**
 * What the hub serves a client under test acting as a requestor: tools with each taskSupport and a small, strict
 * task receiver for the tasks the client creates. The client checks judge how the client used them.
 */
export const HUB_TOOLS = [
  { name: 'conformance_echo', execution: { taskSupport: 'optional' } },
  { name: 'conformance_required', execution: { taskSupport: 'required' } },
  { name: 'conformance_forbidden', execution: { taskSupport: 'forbidden' } },
  { name: 'conformance_plain' },
].map((tool) => ({ ...tool, description: 'Echoes text (mcp-tasks-conformance hub).', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }));

export const HUB_CAPABILITIES = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };

const WORK_MS = 300;
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

interface HubTask {
  taskId: string;
  status: 'working' | 'completed' | 'cancelled';
  createdAt: string;
  lastUpdatedAt: string;
  result: Record<string, unknown>;
  done: Promise<void>;
}

export function serveHubTools(session: RpcSession): void {
  const tasks = new Map<string, HubTask>();
  const view = (task: HubTask) => ({ taskId: task.taskId, status: task.status, createdAt: task.createdAt, lastUpdatedAt: task.lastUpdatedAt, ttl: 60_000, pollInterval: REQUESTOR_POLL_INTERVAL_MS });
  const unknown = (taskId: unknown) => ({ error: { code: -32602, message: `no task ${JSON.stringify(taskId)} on this server` } });

  session.onRequest('tools/list', () => ({ result: { tools: HUB_TOOLS } }));
  session.onRequest('tools/call', (request) => {
    const tool = HUB_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) return { error: { code: -32602, message: `unknown tool ${JSON.stringify(request.params.name)}` } };
    const support = (tool.execution as { taskSupport?: string } | undefined)?.taskSupport ?? 'forbidden';
    const asTask = typeof request.params.task === 'object' && request.params.task !== null;
    if (support === 'required' && !asTask) return { error: { code: -32601, message: `${tool.name} must be called as a task` } };
    if (support === 'forbidden' && asTask) return { error: { code: -32601, message: `${tool.name} cannot be called as a task` } };
    const text = String((request.params.arguments as { text?: unknown } | undefined)?.text ?? '');
    const result = { content: [{ type: 'text', text }] };
    if (!asTask) return { result };
    const now = new Date().toISOString();
    const task: HubTask = { taskId: randomBytes(24).toString('base64url'), status: 'working', createdAt: now, lastUpdatedAt: now, result, done: Promise.resolve() };
    task.done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        if (task.status === 'working') Object.assign(task, { status: 'completed', lastUpdatedAt: new Date().toISOString() });
        resolve();
      }, WORK_MS);
      timer.unref();
    });
    tasks.set(task.taskId, task);
    return { result: { task: view(task) } };
  });
  session.onRequest('tasks/get', (request) => {
    const task = tasks.get(String(request.params.taskId));
    return task ? { result: view(task) } : unknown(request.params.taskId);
  });
  session.onRequest('tasks/result', async (request) => {
    const task = tasks.get(String(request.params.taskId));
    if (!task) return unknown(request.params.taskId);
    await task.done;
    if (task.status === 'cancelled') return { error: { code: -32602, message: 'the task was cancelled before it finished' } };
    return { result: { ...task.result, _meta: { [RELATED_TASK]: { taskId: task.taskId } } } };
  });
  session.onRequest('tasks/list', () => ({ result: { tasks: [...tasks.values()].map(view) } }));
  session.onRequest('tasks/cancel', (request) => {
    const task = tasks.get(String(request.params.taskId));
    if (!task) return unknown(request.params.taskId);
    if (task.status !== 'working') return { error: { code: -32602, message: `the task is already ${task.status}` } };
    Object.assign(task, { status: 'cancelled', lastUpdatedAt: new Date().toISOString() });
    return { result: view(task) };
  });
}
