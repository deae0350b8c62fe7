// test-runner: no database
/** The operator's price table (docs/api.md §D22): dated prices by category and market, and what it refuses. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PriceTable } from '../src/analytics/price-table.js';
import { ConfigError } from '../src/lib/env-values.js';

function load(text: string, name = 'prices.yaml'): PriceTable {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-prices-'));
  try {
    fs.writeFileSync(path.join(dir, name), text);
    return PriceTable.load(path.join(dir, name));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('price table', () => {
  it("prices by the country's own entry before `*`, with the entry in force on the day", () => {
    const t = load(
      'currency: USD\nprices:\n  - { from: 2026-07-01, category: utility, market: "*", price: 0.004 }\n  - { from: 2026-10-01, category: utility, market: "*", price: 0.005 }\n  - { from: 2026-10-01, category: utility, market: IN, price: 0.0014 }\n',
    );
    assert.equal(t.currency, 'USD');
    assert.deepEqual(
      [
        t.price('2026-09-30', 'utility', 'US'),
        t.price('2026-10-01', 'utility', 'US'),
        t.price('2026-10-01', 'utility', 'IN'),
        t.price('2026-09-30', 'utility', 'IN'),
      ],
      [0.004, 0.005, 0.0014, 0.004],
    );
    assert.deepEqual(
      [
        t.price('2026-06-30', 'utility', 'US'),
        t.price('2026-10-01', 'marketing', 'US'),
        t.price('2026-10-01', 'utility', null),
      ],
      [0, 0, 0.005],
    );
  });

  it('reads JSON too', () => {
    assert.equal(
      load(
        '{"currency": "EUR", "prices": [{"from": "2026-10-01", "category": "service", "price": 0.003}]}',
        'prices.json',
      ).price('2026-11-01', 'service', 'DE'),
      0.003,
    );
  });

  it('refuses a file that is not a price table, naming what is wrong', () => {
    for (const [text, why] of [
      ['prices: []\n', /currency/],
      ['currency: usd\nprices: []\n', /currency/],
      ['currency: USD\nprices: { a: 1 }\n', /must be a list/],
      ['currency: USD\nprices:\n  - { from: 1 October, category: utility, price: 1 }\n', /prices\[0\]\.from/],
      [
        'currency: USD\nprices:\n  - { from: 2026-10-01, category: utility, market: USA, price: 1 }\n',
        /prices\[0\]\.market/,
      ],
      ['currency: USD\nprices:\n  - { from: 2026-10-01, category: utility, price: -1 }\n', /prices\[0\]\.price/],
      ['currency: [\n', /cannot be read/],
    ] as const) {
      assert.throws(
        () => load(text),
        (err: Error) => err instanceof ConfigError && why.test(err.message),
        text,
      );
    }
  });
});
