/**
 * Delivery and cost analytics (docs/api.md §D22): the platform's pricing kept on each message, and
 * `GET /v1/analytics/messages` from the maintained aggregates: each message counted once per step
 * it reached whatever the order and repetition of its reports, across a fold and across processes,
 * by each grouping, as CSV (safe to open in a spreadsheet), with an estimated cost from a price table, and in a time zone's days. The cases are in
 * test/analytics/, a module a subject; each case starts a harness of its own, as it always has.
 */
import { describe } from 'node:test';
import { answerCases } from './analytics/answers.js';
import { countingCases } from './analytics/counting.js';
import { csvCases } from './analytics/csv.js';
import { zoneCases } from './analytics/zones.js';

describe('message analytics', () => {
  countingCases();
  answerCases();
  zoneCases();
  csvCases();
});
