// The id analysis lives in harness/model (explore judges ids too, and imports no suite); the checks import it from here.
export * from '../../harness/model/id-entropy.js';
