import { describe, expect, it } from 'vitest';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { SharedWire, TENANT_ID_RANGE } from '../../../harness/wire/connections/shared-wire.js';

/** The process side of a wire: what the tenants sent, and a way to send them messages as the receiver would. */
function fakeProcess() {
  const sent: Record<string, unknown>[] = [];
  let closed = 0;
  const transport: Transport = {
    start: async () => undefined,
    send: async (message) => void sent.push(message as unknown as Record<string, unknown>),
    close: async () => {
      closed += 1;
      transport.onclose?.();
    },
  };
  return {
    transport,
    sent,
    closed: () => closed,
    emit: (message: Record<string, unknown>) => transport.onmessage?.(message as unknown as JSONRPCMessage),
  };
}

function tenantOf(wire: SharedWire, name: string) {
  const remarks: string[] = [];
  const { transport, firstRequestId } = wire.tenant((text) => remarks.push(text));
  const got: Record<string, unknown>[] = [];
  transport.onmessage = (message) => void got.push(message as unknown as Record<string, unknown>);
  let closed = false;
  transport.onclose = () => (closed = true);
  return { name, transport, firstRequestId, got, remarks, closed: () => closed };
}

const status = (taskId: string, value = 'working') => ({ jsonrpc: '2.0', method: 'notifications/tasks/status', params: { taskId, status: value } });
const created = (id: number, taskId: string) => ({ jsonrpc: '2.0', id, result: { task: { taskId, status: 'working' } } });

describe('a receiver process shared by checks at the same time', () => {
  it('numbers each tenant’s requests apart and gives every answer to the tenant that asked', async () => {
    const process = fakeProcess();
    const wire = new SharedWire(process.transport);
    const [a, b] = [tenantOf(wire, 'a'), tenantOf(wire, 'b')];
    expect([a.firstRequestId, b.firstRequestId]).toEqual([1, TENANT_ID_RANGE + 1]);
    await a.transport.send({ jsonrpc: '2.0', id: a.firstRequestId, method: 'tasks/get', params: { taskId: 'x' } });
    await b.transport.send({ jsonrpc: '2.0', id: b.firstRequestId, method: 'tasks/get', params: { taskId: 'y' } });
    process.emit({ jsonrpc: '2.0', id: b.firstRequestId, result: { taskId: 'y' } });
    process.emit({ jsonrpc: '2.0', id: a.firstRequestId, result: { taskId: 'x' } });
    expect(a.got).toEqual([{ jsonrpc: '2.0', id: 1, result: { taskId: 'x' } }]);
    expect(b.got).toEqual([{ jsonrpc: '2.0', id: TENANT_ID_RANGE + 1, result: { taskId: 'y' } }]);
    expect(process.sent).toHaveLength(2);
  });

  it('holds a status notification that comes before its CreateTaskResult and gives it, first, to the tenant the answer names', async () => {
    const process = fakeProcess();
    const wire = new SharedWire(process.transport);
    const [a, b] = [tenantOf(wire, 'a'), tenantOf(wire, 'b')];
    await a.transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', task: {} } });
    process.emit(status('t-a'));
    expect(a.got).toEqual([]);
    expect(b.got).toEqual([]);
    process.emit(created(1, 't-a'));
    expect(a.got.map((message) => message.method ?? 'answer')).toEqual(['notifications/tasks/status', 'answer']);
    process.emit(status('t-a', 'completed'));
    expect(a.got).toHaveLength(3);
    expect(b.got).toEqual([]);
  });

  it('routes progress by its token, a request of the receiver’s by its related task, and gives what names no tenant to all', async () => {
    const process = fakeProcess();
    const wire = new SharedWire(process.transport);
    const [a, b] = [tenantOf(wire, 'a'), tenantOf(wire, 'b')];
    await b.transport.send({ jsonrpc: '2.0', id: b.firstRequestId, method: 'tools/call', params: { name: 'echo', task: {}, _meta: { progressToken: 'p-b' } } });
    process.emit(created(b.firstRequestId, 't-b'));
    process.emit({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p-b', progress: 1 } });
    process.emit({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { message: 'x', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't-b' } } } });
    process.emit({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(a.got.map((message) => message.method)).toEqual(['notifications/tools/list_changed']);
    expect(b.got.map((message) => message.method ?? 'answer')).toEqual(['answer', 'notifications/progress', 'elicitation/create', 'notifications/tools/list_changed']);
  });

  it('gives a request that names no tenant’s task to the first tenant, and says so in every tenant’s transcript', () => {
    const process = fakeProcess();
    const wire = new SharedWire(process.transport);
    const [a, b] = [tenantOf(wire, 'a'), tenantOf(wire, 'b')];
    process.emit({ jsonrpc: '2.0', id: 3, method: 'sampling/createMessage', params: {} });
    expect(a.got.map((message) => message.method)).toEqual(['sampling/createMessage']);
    expect(b.got).toEqual([]);
    expect([a.remarks.length, b.remarks.length]).toEqual([1, 1]);
    expect(b.remarks[0]).toMatch(/sampling\/createMessage .*given to the one that came first/);
  });

  it('tells a request the process passed over (a later one answered) from one it has not answered yet', async () => {
    const process = fakeProcess();
    const wire = new SharedWire(process.transport);
    const [a, b] = [tenantOf(wire, 'a'), tenantOf(wire, 'b')];
    await a.transport.send({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId: 'x' } });
    expect(wire.passedOver(1)).toBe(false);
    await b.transport.send({ jsonrpc: '2.0', id: b.firstRequestId, method: 'tasks/get', params: { taskId: 'y' } });
    process.emit({ jsonrpc: '2.0', id: b.firstRequestId, result: { taskId: 'y' } });
    expect(wire.passedOver(1)).toBe(true);
    expect(wire.passedOver(b.firstRequestId)).toBe(false);
  });

  it('ends the process when the last tenant leaves, and tells every tenant when the process ends by itself', async () => {
    const process = fakeProcess();
    const wire = new SharedWire(process.transport);
    const [a, b] = [tenantOf(wire, 'a'), tenantOf(wire, 'b')];
    await a.transport.close();
    expect([a.closed(), b.closed(), process.closed()]).toEqual([true, false, 0]);
    await b.transport.close();
    expect(process.closed()).toBe(1);

    const other = fakeProcess();
    const shared = new SharedWire(other.transport);
    const [c, d] = [tenantOf(shared, 'c'), tenantOf(shared, 'd')];
    other.transport.onclose?.();
    expect([c.closed(), d.closed()]).toEqual([true, true]);
  });
});
