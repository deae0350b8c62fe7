/**
 * The operator's price table (docs/api.md §D22): what the platform charges per delivered billable
 * message, by pricing category and market, from a date on. The platform's prices are not in its
 * API and change (Meta publishes rate cards per market, revised a few times a year), so the
 * operator keeps them in a file (`PRICE_TABLE_FILE`, YAML or JSON) and Tidings turns counts into
 * an **estimated** cost with it:
 *
 * ```yaml
 * currency: USD
 * prices:
 *   - { from: 2026-10-01, category: utility, market: "*", price: 0.0034 }
 *   - { from: 2026-10-01, category: utility, market: IN, price: 0.0014 }
 *   - { from: 2026-10-01, category: marketing, market: "*", price: 0.025 }
 * ```
 *
 * `market`: the recipient's country (ISO 3166-1 alpha-2, from their number), or `*` for any other.
 * Meta groups some countries into regional markets ("Rest of Africa"…): list each country of one,
 * or give the region's price as `*`. A price holds from its `from` day (UTC) until a later entry of
 * the same category and market. A message priced in no entry costs nothing in the estimate.
 */
import fs from 'node:fs';
import YAML from 'yaml';
import { ConfigError } from '../lib/env-values.js';

/** One price: per delivered billable message, in the table's currency. */
export interface PriceEntry {
  /** `YYYY-MM-DD` (UTC): from that day on. */
  from: string;
  category: string;
  /** ISO 3166-1 alpha-2, or `*`. */
  market: string;
  price: number;
}

export class PriceTable {
  readonly currency: string;
  /** Entries by `category market`, latest `from` first. */
  readonly #entries = new Map<string, PriceEntry[]>();

  constructor(currency: string, entries: PriceEntry[]) {
    this.currency = currency;
    for (const e of [...entries].sort((a, b) => (a.from < b.from ? 1 : -1))) {
      const key = `${e.category} ${e.market}`;
      this.#entries.set(key, [...(this.#entries.get(key) ?? []), e]);
    }
  }

  /**
   * The price of one billable message of `category` delivered to `country` (null: unknown) on
   * `day` (`YYYY-MM-DD`): the country's own entry, else the `*` entry, in force that day; 0 when none is.
   */
  price(day: string, category: string, country: string | null): number {
    for (const market of country ? [country, '*'] : ['*']) {
      const entry = this.#entries.get(`${category} ${market}`)?.find((e) => e.from <= day);
      if (entry) return entry.price;
    }
    return 0;
  }

  /**
   * Reads a table from a YAML or JSON file.
   * @throws ConfigError naming the file and the entry at fault when it cannot be read or is not a price table.
   */
  static load(file: string): PriceTable {
    let doc: unknown;
    try {
      doc = YAML.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      throw new ConfigError(`PRICE_TABLE_FILE ${file} cannot be read: ${(err as Error).message}`);
    }
    const fail = (why: string) =>
      new ConfigError(`PRICE_TABLE_FILE ${file}: ${why} (see docs/api.md §D22 for the format).`);
    if (!doc || typeof doc !== 'object') throw fail('not a mapping with `currency` and `prices`');
    const { currency, prices } = doc as { currency?: unknown; prices?: unknown };
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      throw fail('`currency` must be an ISO 4217 code such as USD');
    if (!Array.isArray(prices)) throw fail('`prices` must be a list');
    const entries = prices.map((p: Record<string, unknown>, i): PriceEntry => {
      const from = p?.from instanceof Date ? p.from.toISOString().slice(0, 10) : String(p?.from ?? '');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) throw fail(`prices[${i}].from must be a date (YYYY-MM-DD)`);
      if (typeof p.category !== 'string' || p.category === '')
        throw fail(`prices[${i}].category must be a pricing category such as utility`);
      const market = String(p.market ?? '*');
      if (market !== '*' && !/^[A-Z]{2}$/.test(market))
        throw fail(`prices[${i}].market must be an ISO 3166-1 alpha-2 code or "*"`);
      if (typeof p.price !== 'number' || !Number.isFinite(p.price) || p.price < 0)
        throw fail(`prices[${i}].price must be a number at or above 0`);
      return { from, category: p.category, market, price: p.price };
    });
    return new PriceTable(currency, entries);
  }
}
