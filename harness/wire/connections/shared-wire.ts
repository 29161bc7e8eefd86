// One receiver process serving several checks at the same time. Each check keeps its own JSON-RPC session (its own
// request ids, transcript, handlers, notifications) on a tenant transport; the wire routes what the process sends:
// an answer to the tenant that asked (each tenant numbers its requests in a range of its own), a task's status
// notification to the tenant whose CreateTaskResult named the task (held until that answer arrives: a receiver may
// announce a task before answering the request that created it), progress to the tenant that sent the token, a
// request of the receiver's to the tenant owning its related task, and what belongs to no tenant to every one.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { RELATED_TASK_META } from '../../model/model-basics.js';

/** Request ids per tenant: tenant n numbers from n × this + 1, so no two tenants' ids meet on the wire. */
export const TENANT_ID_RANGE = 1_000_000;
/** Status notifications of tasks no tenant has claimed yet, kept at most. */
const HELD_LIMIT = 1000;

type Message = Record<string, unknown>;

/** What the wire did with a message it could not give to one tenant, for the tenants' transcripts. */
export type WireRemark = (text: string) => void;

class TenantTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly tasks = new Set<string>();
  readonly progressTokens = new Set<string | number>();
  open = true;

  constructor(
    private readonly wire: SharedWire,
    readonly index: number,
    /** Notes in this tenant's transcript what the wire routed to every tenant (a request it could not place). */
    readonly remark: WireRemark,
  ) {}

  async start(): Promise<void> {
    await this.wire.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.wire.sendFrom(this, message as unknown as Message);
  }

  setProtocolVersion(version: string): void {
    this.wire.setProtocolVersion(version);
  }

  async close(): Promise<void> {
    await this.wire.leave(this);
  }

  deliver(message: Message): void {
    this.onmessage?.(message as unknown as JSONRPCMessage);
  }

  ended(): void {
    if (!this.open) return;
    this.open = false;
    this.onclose?.();
  }
}

export type { TenantTransport };

/** A transport shared by tenants; the process ends when the last tenant leaves. */
export class SharedWire {
  private readonly tenants: TenantTransport[] = [];
  private readonly askedBy = new Map<string | number, TenantTransport>();
  private held: Message[] = [];
  /** When each request went out, in order, and which have been answered: to tell a request passed over from a slow process. */
  private readonly sentOrder = new Map<string | number, number>();
  private readonly answered = new Set<string | number>();
  private sent = 0;
  private started?: Promise<void>;
  private closing?: Promise<void>;

  constructor(private readonly wire: Transport) {
    wire.onmessage = (message) => this.route(message as unknown as Message);
    wire.onerror = (error) => this.openTenants().forEach((tenant) => tenant.onerror?.(error));
    wire.onclose = () => this.tenants.forEach((tenant) => tenant.ended());
  }

  /** A new tenant; its requests are numbered from the returned `firstRequestId`. */
  tenant(remark: WireRemark): { transport: TenantTransport; firstRequestId: number } {
    const transport = new TenantTransport(this, this.tenants.length, remark);
    this.tenants.push(transport);
    return { transport, firstRequestId: transport.index * TENANT_ID_RANGE + 1 };
  }

  /** Tenants still holding the process. */
  get occupancy(): number {
    return this.openTenants().length;
  }

  start(): Promise<void> {
    this.started ??= this.wire.start();
    return this.started;
  }

  setProtocolVersion(version: string): void {
    this.wire.setProtocolVersion?.(version);
  }

  async sendFrom(tenant: TenantTransport, message: Message): Promise<void> {
    if (typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number')) {
      this.askedBy.set(message.id, tenant);
      this.sentOrder.set(message.id, this.sent++);
      const token = ((message.params as Message | undefined)?._meta as Message | undefined)?.progressToken;
      if (typeof token === 'string' || typeof token === 'number') tenant.progressTokens.add(token);
    }
    await this.wire.send(message as unknown as JSONRPCMessage);
  }

  /** The tenant is done; the process ends with the last one. */
  async leave(tenant: TenantTransport): Promise<void> {
    tenant.ended();
    if (this.occupancy > 0) return;
    this.closing ??= this.wire.close();
    await this.closing;
  }

  private openTenants(): TenantTransport[] {
    return this.tenants.filter((tenant) => tenant.open);
  }

  private route(message: Message): void {
    const open = this.openTenants();
    // No message object (null, an array, a number): every tenant's session sees it and says what it was.
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return this.broadcast(message, open);
    const isAnswer = typeof message.method !== 'string' && (typeof message.id === 'string' || typeof message.id === 'number');
    if (isAnswer && this.sentOrder.has(message.id as string | number)) this.answered.add(message.id as string | number);
    // One tenant: everything is its own, as on a process of its own.
    if (open.length <= 1 && this.held.length === 0) {
      if (open[0]) this.claimFrom(open[0], message);
      return open[0]?.deliver(message);
    }
    const hasId = typeof message.id === 'string' || typeof message.id === 'number';
    if (typeof message.method !== 'string' && hasId) return this.routeAnswer(message, open);
    if (typeof message.method === 'string' && hasId) return this.routeRequest(message, open);
    if (typeof message.method === 'string') return this.routeNotification(message, open);
    this.broadcast(message, open);
  }

  /**
   * Whether the process left this request unanswered while it answered one sent after it: its silence is its choice
   * about that request, not the load of the checks sharing it (which would hold back the later one as well).
   */
  passedOver(id: string | number): boolean {
    const order = this.sentOrder.get(id);
    if (order === undefined || this.answered.has(id)) return false;
    for (const other of this.answered) if ((this.sentOrder.get(other) ?? -1) > order) return true;
    return false;
  }

  private routeAnswer(message: Message, open: TenantTransport[]): void {
    const asker = this.askedBy.get(message.id as string | number);
    if (!asker) return this.broadcast(message, open);
    this.askedBy.delete(message.id as string | number);
    const claimed = this.claimFrom(asker, message);
    // What the receiver said of the task before answering is given to its owner first, in the order it came.
    if (claimed) this.release(claimed, asker);
    asker.deliver(message);
  }

  private routeRequest(message: Message, open: TenantTransport[]): void {
    const owner = this.ownerOf(relatedTask(message));
    if (owner) return owner.deliver(message);
    // A request can have only one answerer: the first tenant takes it; every tenant's transcript says so.
    const first = open[0];
    if (!first) return;
    for (const tenant of open)
      tenant.remark(`the receiver sent ${String(message.method)} (id ${JSON.stringify(message.id)}) naming no task of one check's, while checks shared its process; given to the one that came first`);
    first.deliver(message);
  }

  private routeNotification(message: Message, open: TenantTransport[]): void {
    const params = (message.params ?? {}) as Message;
    if (message.method === 'notifications/tasks/status' && typeof params.taskId === 'string') {
      const owner = this.ownerOf(params.taskId);
      if (owner) return owner.deliver(message);
      if (this.held.length < HELD_LIMIT) this.held.push(message);
      return;
    }
    if (message.method === 'notifications/progress' && (typeof params.progressToken === 'string' || typeof params.progressToken === 'number')) {
      const owner = this.tenants.find((tenant) => tenant.progressTokens.has(params.progressToken as string | number));
      if (owner) return owner.open ? owner.deliver(message) : undefined;
    }
    const owner = this.ownerOf(relatedTask(message));
    if (owner) return owner.deliver(message);
    this.broadcast(message, open);
  }

  private broadcast(message: Message, open: TenantTransport[]): void {
    for (const tenant of open) tenant.deliver(message);
  }

  /** The open tenant owning the task; undefined also when its owner has left. */
  private ownerOf(taskId: unknown): TenantTransport | undefined {
    if (typeof taskId !== 'string') return undefined;
    return this.tenants.find((tenant) => tenant.open && tenant.tasks.has(taskId));
  }

  /** The task a CreateTaskResult names becomes the tenant's. */
  private claimFrom(tenant: TenantTransport, message: Message): string | undefined {
    const task = (message.result as Message | undefined)?.task as Message | undefined;
    if (typeof task?.taskId !== 'string') return undefined;
    tenant.tasks.add(task.taskId);
    return task.taskId;
  }

  private release(taskId: string, owner: TenantTransport): void {
    const mine = this.held.filter((message) => (message.params as Message).taskId === taskId);
    if (mine.length === 0) return;
    this.held = this.held.filter((message) => (message.params as Message).taskId !== taskId);
    for (const message of mine) owner.deliver(message);
  }
}

function relatedTask(message: Message): unknown {
  const meta = (message.params as Message | undefined)?._meta as Message | undefined;
  const related = meta?.[RELATED_TASK_META] as Message | undefined;
  return related?.taskId;
}
