import { defineCheck, type CheckContext } from '../../harness/check.js';
import { brief } from '../../harness/describe.js';
import { followTask, uniqueText } from '../../harness/waits.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#ttl-and-resource-management
export default defineCheck({
  id: 'ttl.present-in-get',
  title: 'Every tasks/get result carries the actual ttl: an integer or null',
  suite: 'ttl',
  requirements: ['TASKS-TTL-INCLUDE-ACTUAL'],
  roles: ['server', 'client'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'echo' },
  ],
  async run(ctx: CheckContext) {
    const receiver = await ctx.connect();
    const { task } = await receiver.startTask(ctx.fixture('echo'), { text: uniqueText('ttl-present'), delayMs: ctx.timing.scaled(200) }, { task: { ttl: 60_000 } });
    const observations = await followTask(receiver, task, { timing: ctx.timing, signal: ctx.signal, extraPolls: 1 });
    for (const { source, task: seen } of observations) {
      if (source !== 'get') continue;
      const ttl = seen.ttl;
      const ok = 'ttl' in seen && (ttl === null || (typeof ttl === 'number' && Number.isInteger(ttl)));
      const got = 'ttl' in seen ? `ttl ${brief(ttl)}` : `no ttl field (${brief(seen)})`;
      if (!ctx.expect('TASKS-TTL-INCLUDE-ACTUAL', ok, `expected a tasks/get result (status ${String(seen.status)}) with ttl an integer or null, got ${got}`)) return;
    }
  },
});
