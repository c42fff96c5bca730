import fc from 'fast-check';
import { byteMutation } from './byte-mutation.arbitrary.js';
import { stringLeafMutation } from './string-leaf-mutation.arbitrary.js';

/**
 * Two bends every transport's body takes alike, as weightedKinds' fields (imported as `bends`):
 * one string of the valid message changed, and the encoded body's bytes mutated.
 */
export const strings = { mutation: stringLeafMutation };
export const bytes = { mutations: fc.array(byteMutation, { minLength: 1, maxLength: 3 }) };
