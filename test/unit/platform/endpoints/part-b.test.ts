// Request shaping and answer reading of every Part B endpoint function (cases in part-b-cases.ts).
import { describe } from 'vitest';
import { runEndpointCases } from './endpoint-cases.js';
import { PART_B_CASES } from './part-b-cases.js';

describe('Part B endpoints', () => {
  runEndpointCases(PART_B_CASES);
});
