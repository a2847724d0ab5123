// Request shaping and answer reading of every Part A endpoint function (cases in part-a-cases.ts).
import { describe } from 'vitest';
import { runEndpointCases } from './endpoint-cases.js';
import { PART_A_CASES } from './part-a-cases.js';

describe('Part A endpoints', () => {
  runEndpointCases(PART_A_CASES);
});
