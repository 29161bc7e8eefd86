import { it } from 'vitest';
import { runAgainstReferenceHttp, runAgainstReferenceClient } from './support/reference-runs.js';
import { notableOutcomes } from './support/fault-matrix.js';
const t = async (label: string, f: () => Promise<any>) => { const s = Date.now(); const r = await f(); console.log('TIME', label, Date.now() - s, JSON.stringify(notableOutcomes(r)), JSON.stringify(r.results.map((x: any) => [x.id, x.durationMs]))); };
it('a', async () => { await t('crs prompt', () => runAgainstReferenceHttp({ faults: ['create-result-slow'], only: ['creation.prompt'] })); }, 200000);
it('b', async () => { await t('crs prompt+shape+status', () => runAgainstReferenceHttp({ faults: ['create-result-slow'], only: ['creation.prompt', 'creation.status-working', 'creation.create-task-result-shape'] })); }, 200000);
it('c', async () => { await t('crs all7', () => runAgainstReferenceHttp({ faults: ['create-result-slow'], only: ['creation.create-task-result-shape','creation.prompt','creation.status-working','input-required.status-shown','input-required.elicitation-related-meta','input-required.leaves-status','input-required.completes-with-answer'] })); }, 200000);
it('d', async () => { await t('ask-stops', () => runAgainstReferenceHttp({ faults: ['ask-stops-polling-at-working'], only: ['requestor.polls-until-terminal', 'requestor.keeps-polling-with-notifications'] })); }, 200000);
