import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from '../../cli/config.js';
import { fixtureArguments, resolveFixtures } from '../../harness/model/fixtures.js';
import { runAgainstReferenceStdio } from '../support/reference-runs.js';

describe('config', () => {
  it('maps fixture roles to the IUT tools with argument templates', () => {
    const config = parseConfig({ fixtures: { echo: { tool: 'long_job', arguments: { prompt: '${text}', wait: '${delayMs}', mode: 'fast' } } } });
    const fixtures = resolveFixtures([{ name: 'long_job', execution: { taskSupport: 'optional' }, raw: {} }], config.fixtures);
    const echo = fixtures.get('echo')!;
    expect(echo).toMatchObject({ tool: 'long_job', echoesInput: true, honoursDelay: true, declaredTaskSupport: 'optional' });
    expect(fixtureArguments(echo, { text: 'hi', delayMs: 5 })).toEqual({ prompt: 'hi', wait: 5, mode: 'fast' });
  });

  it('without the contract forbidden tool, a listed tool declaring forbidden stands in, saying so', () => {
    const plain = { name: 'conformance_plain', execution: { taskSupport: 'forbidden' }, raw: { inputSchema: { type: 'object', properties: { text: {}, delayMs: {} }, required: ['text'] } } };
    const other = { name: 'lookup', execution: { taskSupport: 'forbidden' }, raw: { inputSchema: { type: 'object', properties: { text: {} } } } };
    const forbidden = resolveFixtures([other, plain]).get('forbidden')!;
    expect(forbidden).toMatchObject({ tool: 'conformance_plain', declaredTaskSupport: 'forbidden', echoesInput: true });
    expect(forbidden.standIn).toMatch(/offers no conformance_forbidden tool; conformance_plain, which it lists with execution.taskSupport "forbidden", stands in/);
    // Any tool that takes text alone will do, but it is not trusted to echo it.
    expect(resolveFixtures([other]).get('forbidden')).toMatchObject({ tool: 'lookup', echoesInput: false, honoursDelay: false });
    // Not a tool that needs more than text, not when the contract's tool is there, not when the config maps the role.
    const needsMore = { name: 'query', execution: { taskSupport: 'forbidden' }, raw: { inputSchema: { type: 'object', required: ['sql'] } } };
    expect(resolveFixtures([needsMore]).has('forbidden')).toBe(false);
    const contract = { name: 'conformance_forbidden', execution: { taskSupport: 'forbidden' }, raw: {} };
    for (const [found, tool] of [
      [resolveFixtures([plain, contract]).get('forbidden'), 'conformance_forbidden'],
      [resolveFixtures([plain, other], { forbidden: { tool: 'lookup' } }).get('forbidden'), 'lookup'],
    ] as const) {
      expect(found?.tool).toBe(tool);
      expect(found?.standIn).toBeUndefined();
    }
  });

  it("may force a role's taskSupport that the tools/list entry does not declare, and the binding says it was forced", () => {
    const config = parseConfig({ fixtures: { echo: { tool: 'long_job', taskSupport: 'optional' }, required: { tool: 'must_task', taskSupport: 'required' } } });
    const fixtures = resolveFixtures(
      [
        { name: 'long_job', raw: {} },
        { name: 'must_task', execution: { taskSupport: 'required' }, raw: {} },
      ],
      config.fixtures,
    );
    expect(fixtures.get('echo')).toMatchObject({ tool: 'long_job', declaredTaskSupport: 'optional' });
    expect(fixtures.get('echo')?.forced).toMatch(/^--config forces execution\.taskSupport "optional" on long_job \(the echo role\), whose tools\/list entry declares none/);
    // Declaring what the server declares already forces nothing.
    expect(fixtures.get('required')).toMatchObject({ declaredTaskSupport: 'required' });
    expect(fixtures.get('required')?.forced).toBeUndefined();
    expect(() => parseConfig({ fixtures: { echo: { tool: 'x', taskSupport: 'sometimes' } } })).toThrow(/fixtures\.echo\.taskSupport wants one of "required", "optional" or "forbidden"/);
  });

  it("a forced taskSupport is among the notices of the run's report", async () => {
    const report = await runAgainstReferenceStdio({ fixtureMappings: { echo: { tool: 'conformance_plain', taskSupport: 'optional' } }, only: ['creation.create-task-result-shape'] });
    expect(report.notices.filter((notice) => notice.includes('--config forces'))).toEqual([expect.stringMatching(/"optional" on conformance_plain \(the echo role\)/)]);
  });

  it('says in one line what is wrong and where', () => {
    const cases: [unknown, RegExp][] = [
      [{ fixtures: { echo: { tool: 3 } } }, /^config: fixtures\.echo\.tool wants a non-empty string .*, got 3; roles: echo, /],
      [{ fixtures: { ecko: { tool: 'x' } } }, /^config: "ecko" is not a fixture role \(did you mean "echo"\?\); roles: echo, required, .*; keys of a role: tool, arguments, durationMs/],
      [{ fixtures: { echo: { tool: 'x', durationMS: 5 } } }, /^config: fixtures\.echo: "durationMS" is not a key of a role \(did you mean "durationMs"\?\); roles: /],
      [{ timeoutMultipler: 2 }, /^config: "timeoutMultipler" is not a config key \(did you mean "timeoutMultiplier"\?\); roles: .*; top-level keys: fixtures, timeoutMultiplier/],
      [{ timeoutMultiplier: -1 }, /^config: timeoutMultiplier wants a number above 0 and at most 100, got -1; /],
      [[], /^config: \(top level\) wants an object/],
    ];
    for (const [input, pattern] of cases) {
      const error = (() => {
        try {
          parseConfig(input);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect(error!.message).toMatch(pattern);
      expect(error!.message).not.toContain('\n');
    }
  });

  it('explains unreadable and unparsable files', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'config-'));
    await writeFile(join(folder, 'bad.json'), '{ nope');
    await expect(loadConfig(join(folder, 'bad.json'))).rejects.toThrow(/is not valid JSON/);
    await expect(loadConfig(join(folder, 'missing.json'))).rejects.toThrow(/^--config .*missing\.json: cannot be read \(ENOENT\)/);
    await writeFile(join(folder, 'bad.yaml'), 'fixtures: [unclosed');
    await expect(loadConfig(join(folder, 'bad.yaml'))).rejects.toThrow(/^--config .*bad\.yaml: is not valid YAML \(.*\); fix the syntax$/);
  });

  it('reads a YAML config (.yaml, .yml) as it reads JSON, and refuses it in the same words', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'config-'));
    const yaml = 'fixtures:\n  echo:\n    tool: long_job\n    durationMs: 20\ntimeoutMultiplier: 2\n';
    for (const name of ['good.yaml', 'good.yml']) {
      await writeFile(join(folder, name), yaml);
      expect(await loadConfig(join(folder, name))).toEqual({ fixtures: { echo: { tool: 'long_job', durationMs: 20 } }, timeoutMultiplier: 2 });
    }
    await writeFile(join(folder, 'typo.yml'), 'fixtures:\n  ecko:\n    tool: long_job\n');
    await expect(loadConfig(join(folder, 'typo.yml'))).rejects.toThrow(/^--config .*typo\.yml: "ecko" is not a fixture role \(did you mean "echo"\?\); roles: echo, /);
  });
});
