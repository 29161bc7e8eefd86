import { defineCheck, type CheckContext } from '../../../harness/receivers/check.js';
import { brief, describeReply } from '../../../harness/model/describe.js';
import { relatedTaskIdOf } from '../../../harness/receivers/2025-11-25/receiver.js';
import { runInputScenario } from './scenario.js';

// https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#result-retrieval
export default defineCheck({
  id: 'input-required.completes-with-answer',
  title: 'Given its input, the task completes and tasks/result returns the answer, tagged with the task',
  suite: 'input-required',
  cohabits: true,
  requirements: ['TASKS-RESULT-EXACT', 'TASKS-META-RESULT-INCLUDES'],
  roles: ['server'],
  needs: [
    { kind: 'tasks-capability', path: 'requests' },
    { kind: 'fixture', role: 'input' },
  ],
  cost: { awaitsWork: 1 },
  async run(ctx: CheckContext) {
    const run = await runInputScenario(ctx);
    const binding = ctx.fixture('input');
    ctx.expect(
      'TASKS-RESULT-EXACT',
      run.terminal.status === 'completed',
      `expected the answered task to end completed, got "${run.terminal.status}"${typeof run.terminal.statusMessage === 'string' ? ` (${run.terminal.statusMessage})` : ''}`,
    );
    const reply = run.result;
    ctx.require('TASKS-RESULT-EXACT', reply.ok, `expected tasks/result to return the tool's result, got ${describeReply(reply)}`);
    if (binding.echoesInput) {
      const texts = Array.isArray(reply.result.content) ? (reply.result.content as Record<string, unknown>[]).filter((item) => item.type === 'text').map((item) => item.text) : [];
      ctx.expect('TASKS-RESULT-EXACT', texts.includes(run.answer), `expected the result's content to hold the answer text "${run.answer}", got ${brief(reply.result.content)}`);
    } else {
      ctx.reportInfo(`the input role is mapped to ${binding.tool} without \${text}, so the answer text in the result was not compared`);
    }
    const related = relatedTaskIdOf(reply.result);
    ctx.expect(
      'TASKS-META-RESULT-INCLUDES',
      related === run.task.taskId,
      `expected _meta["io.modelcontextprotocol/related-task"].taskId = ${run.task.taskId} on the tasks/result response, got ${brief(related)}`,
    );
  },
});
