// The judgement of task IDs' guessability lives with the model, where explore reads it too.
export * from '../../harness/model/id-entropy.js';
