// What the proxy adds to each message (goal: under 1 ms median): the same requests to the reference server, one
// after another, directly and through `proxy`, over stdio and Streamable HTTP. A round trip crosses the proxy twice
// (the request and its answer), so the added latency per message is half the difference of the round trips. The
// requests are tasks/get of a working task, which the judge follows through explore's model, the costliest kind.
// Also the proxy's resident memory early and late in the run, which must not grow with the traffic.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const MESSAGES = Number(process.env.BENCH_PROXY_MESSAGES ?? 4000);
const REFERENCE = `"${process.execPath}" "${CLI}" reference-server`;

interface Measured {
  roundTripsMs: number[];
  /** Resident memory of the proxy (kB) after a tenth of the requests and after all of them; absent when direct. */
  rssKb?: [number, number];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/** A stdio host speaking raw JSON lines: each request awaited before the next. */
class LineHost {
  private buffer = '';
  private waiting?: (message: Record<string, unknown>) => void;
  private id = 0;
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      for (let newline = this.buffer.indexOf('\n'); newline !== -1; newline = this.buffer.indexOf('\n')) {
        const message = JSON.parse(this.buffer.slice(0, newline)) as Record<string, unknown>;
        this.buffer = this.buffer.slice(newline + 1);
        if ('id' in message && !('method' in message)) this.waiting?.(message);
      }
    });
  }
  request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = new Promise<Record<string, unknown>>((resolve) => (this.waiting = resolve));
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params })}\n`);
    return answer;
  }
}

/** A stdio session ready for tasks/get of a working task; `look` times one round trip. */
async function stdioSession(viaProxy: boolean): Promise<{ pid: number; look: () => Promise<number>; close: () => Promise<unknown> }> {
  const args = viaProxy ? [CLI, 'proxy', '--command', REFERENCE] : [CLI, 'reference-server'];
  const child = spawn(process.execPath, args, { stdio: 'pipe' });
  child.stderr.resume();
  const host = new LineHost(child);
  await host.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
  const created = (await host.request('tools/call', { name: 'conformance_echo', arguments: { text: 'x', delayMs: 600_000 }, task: { ttl: 600_000 } })).result as { task: { taskId: string } };
  return {
    pid: child.pid!,
    look: async () => {
      const sent = performance.now();
      await host.request('tasks/get', { taskId: created.task.taskId });
      return performance.now() - sent;
    },
    close: () => {
      const closed = new Promise((resolve) => child.once('close', resolve));
      child.stdin.end();
      return closed;
    },
  };
}

/** Round trips of both sessions, one request each in turn, so that load on the machine weighs on both alike. */
async function alternate(direct: () => Promise<number>, proxied: () => Promise<number>, proxyPid: number): Promise<[Measured, Measured]> {
  const a: number[] = [];
  const b: number[] = [];
  let early = 0;
  for (let n = 0; n < MESSAGES; n++) {
    a.push(await direct());
    b.push(await proxied());
    if (n === Math.floor(MESSAGES / 10)) early = rssKb(proxyPid);
  }
  return [{ roundTripsMs: a }, { roundTripsMs: b, rssKb: [early, rssKb(proxyPid)] }];
}

/** Starts a CLI command that announces its URL on stderr, and resolves with the process and that URL. */
function startAnnouncing(args: string[], pattern: RegExp): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: 'pipe' });
  child.stdout.resume();
  return new Promise((resolve) => {
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = pattern.exec(text);
      if (match) resolve({ child, url: match[1]! });
    });
  });
}

/** A Streamable HTTP session ready for tasks/get of a working task at `url`; `look` times one round trip. */
async function httpSession(url: string): Promise<() => Promise<number>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  let id = 0;
  const post = async (method: string, params: Record<string, unknown>) => {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) });
    const session = response.headers.get('mcp-session-id');
    if (session) headers['mcp-session-id'] = session;
    const text = await response.text();
    const data = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '{}');
    return JSON.parse(data) as Record<string, unknown>;
  };
  await post('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
  headers['mcp-protocol-version'] = '2025-11-25';
  const created = (await post('tools/call', { name: 'conformance_echo', arguments: { text: 'x', delayMs: 600_000 }, task: { ttl: 600_000 } })).result as { task: { taskId: string } };
  return async () => {
    const sent = performance.now();
    await post('tasks/get', { taskId: created.task.taskId });
    return performance.now() - sent;
  };
}

function row(label: string, direct: Measured, proxied: Measured): string {
  // Paired: each proxied round trip against the direct one just before it, half of it per message.
  const added = proxied.roundTripsMs.map((ms, index) => (ms - direct.roundTripsMs[index]!) / 2);
  const [early, late] = proxied.rssKb ?? [Number.NaN, Number.NaN];
  return (
    `| ${label} | ${median(direct.roundTripsMs).toFixed(2)} ms | ` +
    `${median(proxied.roundTripsMs).toFixed(2)} ms | ${median(added).toFixed(2)} ms | ` +
    `${percentile(added, 0.95).toFixed(2)} ms | ${(early / 1024).toFixed(0)} → ` +
    `${(late / 1024).toFixed(0)} MB |`
  );
}

/** From spawning the server (or the proxy in its place) to the answer to initialize: what a host waits at start. */
async function startMs(viaProxy: boolean): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, viaProxy ? [CLI, 'proxy', '--command', REFERENCE] : [CLI, 'reference-server'], { stdio: 'pipe' });
  child.stderr.resume();
  await new LineHost(child).request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
  const elapsed = performance.now() - started;
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.stdin.end();
  await closed;
  return elapsed;
}

/** The judge alone, in this process: its heap after a collection, early and late in 100,000 polls of one task. */
async function judgeHeapMb(): Promise<[number, number]> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const { RuleBook } = await import('../harness/rules/rule-book.js');
  const { REQUIREMENTS } = await import('../suites/2025-11-25/requirements.js');
  const judge = new RuleBook({ requirements: { legacy: new Map(REQUIREMENTS.map((r) => [r.id, r])), modern: new Map() } });
  const entry = (from: 'host' | 'server', message: Record<string, unknown>, t: number) => ({ t, at: '', from, channel: 'stdio', message: { jsonrpc: '2.0', ...message } });
  const now = new Date().toISOString();
  const task = { taskId: 't', status: 'working', createdAt: now, lastUpdatedAt: now, ttl: 600_000, pollInterval: 50 };
  judge.observe(entry('host', { id: 'i', method: 'initialize', params: { capabilities: {} } }, 0));
  judge.observe(entry('server', { id: 'i', result: { protocolVersion: '2025-11-25', capabilities: { tasks: { requests: { tools: { call: {} } } } } } }, 1));
  judge.observe(entry('host', { id: 'c', method: 'tools/call', params: { name: 'x', task: {} } }, 2));
  judge.observe(entry('server', { id: 'c', result: { task } }, 3));
  const heap: number[] = [];
  for (let n = 0; n < 100_000; n++) {
    judge.observe(entry('host', { id: n, method: 'tasks/get', params: { taskId: 't' } }, 10 + n * 100));
    judge.observe(entry('server', { id: n, result: task }, 11 + n * 100));
    if (n === 9_999 || n === 99_999) {
      gc();
      heap.push(process.memoryUsage().heapUsed / 1e6);
    }
  }
  return [heap[0]!, heap[1]!];
}

async function main(): Promise<void> {
  // BENCH_ONLY names the rows to run (as in suite-wall-time.ts); "proxy" is this one.
  if (process.env.BENCH_ONLY && !process.env.BENCH_ONLY.split(',').includes('proxy')) return;
  process.stdout.write(`\nproxy overhead: ${MESSAGES} tasks/get round trips each, one after another\n\n`);
  process.stdout.write(
    '| transport | round trip, direct (median) | through the proxy | added per message (median) | added per message (p95) | proxy memory (RSS, at 10% → end) |\n|---|---|---|---|---|---|\n',
  );
  const direct = await stdioSession(false);
  const proxied = await stdioSession(true);
  const [stdioDirect, stdioProxied] = await alternate(direct.look, proxied.look, proxied.pid);
  await Promise.all([direct.close(), proxied.close()]);
  process.stdout.write(`${row('stdio', stdioDirect, stdioProxied)}\n`);

  const server = await startAnnouncing(['reference-server', '--http', '--port', '0'], /listening on (http\S+)/);
  const proxy = await startAnnouncing(['proxy', '--url', server.url, '--port', '0'], /serving (http\S+)/);
  try {
    const [httpDirect, httpProxied] = await alternate(await httpSession(server.url), await httpSession(proxy.url), proxy.child.pid!);
    process.stdout.write(`${row('Streamable HTTP', httpDirect, httpProxied)}\n`);
  } finally {
    const closed = new Promise((resolve) => proxy.child.once('close', resolve));
    proxy.child.kill('SIGTERM');
    await closed;
    server.child.kill('SIGTERM');
  }

  const starts = { direct: [] as number[], proxied: [] as number[] };
  for (let round = 0; round < 5; round++) {
    starts.direct.push(await startMs(false));
    starts.proxied.push(await startMs(true));
  }
  const [early, late] = await judgeHeapMb();
  process.stdout.write(`\njudge heap after a collection, at 10,000 and at 100,000 polls of one task: ${early.toFixed(1)} MB → ${late.toFixed(1)} MB\n`);
  process.stdout.write(`start (stdio, spawn to the initialize answer, median of 5): ${median(starts.direct).toFixed(0)} ms direct, ${median(starts.proxied).toFixed(0)} ms through the proxy\n`);
}

await main();
