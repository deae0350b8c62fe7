// test-runner: no database
/**
 * The value budget of a JSON body (src/http/body-budget.ts): the raw text is counted without
 * parsing it, strings and their escapes skipped, and a body over the budget is refused before the
 * parser runs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { budgetedJsonParser, exceedsJsonValues, jsonValuesPassAt, MAX_BODY_VALUES } from '../src/http/body-budget.js';
import { TidingsError } from '../src/errors.js';

describe('the value budget of a JSON body', () => {
  it('counts brackets and commas outside strings', () => {
    const text = '{"a":[1,2,{"b":null}],"c":"[,{\\",\\\\"}';
    // { [ , , { , : six; the string "[,{\",\\" counts nothing.
    assert.equal(exceedsJsonValues(text, 6), false);
    assert.equal(exceedsJsonValues(text, 5), true);
    assert.equal(exceedsJsonValues('"x"', 0), false);
    assert.equal(exceedsJsonValues('[[[[[]]]]]', 4), true);
  });

  it('finds a megabyte of empty objects over budget at once, unparsed', () => {
    const text = `{"buttons":[${Array.from({ length: 300_000 }, () => '{}').join(',')}]}`;
    assert.equal(exceedsJsonValues(text, MAX_BODY_VALUES), true);
    // `{"buttons":[` holds two values, each `{},` two more: the 10,001st is the `{` at 12 + 3 × 4,999.
    assert.equal(jsonValuesPassAt(text, MAX_BODY_VALUES), 15_009, `stops there, ${text.length} characters unread`);
    assert.equal(
      exceedsJsonValues(`{"text":"${',['.repeat(300_000)}"}`, MAX_BODY_VALUES),
      false,
      'inside a string, nothing counts',
    );
  });

  it('refuses a body over budget without parsing it, and parses the others', () => {
    let parsed = 0;
    const counted: string[] = [];
    const parser = budgetedJsonParser(
      (_request: unknown, body, done: (err: Error | null, body?: unknown) => void) => {
        parsed++;
        done(null, JSON.parse(body));
      },
      { max: 100, recorder: { body: (outcome) => counted.push(outcome) } },
    );
    const answers: [Error | null, unknown][] = [];
    const done = (err: Error | null, body?: unknown) => answers.push([err, body]);
    parser({}, JSON.stringify({ items: Array.from({ length: 200 }, () => ({})) }), done);
    parser({}, '{"items":[{},{}]}', done);
    assert.equal(parsed, 1);
    const [refusal] = answers[0]!;
    assert.ok(refusal instanceof TidingsError);
    assert.equal(refusal.code, 'parameter_invalid');
    assert.match(refusal.message, /more than 100 values/);
    assert.deepEqual(answers[1], [null, { items: [{}, {}] }]);
    assert.deepEqual(counted, ['over_budget', 'parsed'], 'each body counted (tidings_json_bodies_total)');
  });
});
