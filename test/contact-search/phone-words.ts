/**
 * A number's searchable words: the national number after the calling code, as libphonenumber-js
 * reads it, in every region tried.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { phoneWords } from '../../src/lib/search-text.js';

export function phoneWordCases(): void {
  describe("a number's searchable words", () => {
    it('take the national number after the calling code as libphonenumber-js reads it, in every region tried', () => {
      const numbers = [
        '+16505550102',
        '+12425551234',
        '+447700900123',
        '+4915112345678',
        '+818012345678',
        '+972987654321',
        '+5511987654321',
        '+8613800138000',
        '+33612345678',
        '+390612345678',
        '+8801712345678',
        '+35312345678',
        '+79161234567',
        '+2348031234567',
        '+80012345678',
      ];
      for (const phone of numbers)
        assert.equal(phoneWords(phone)[1], parsePhoneNumberFromString(phone)!.nationalNumber, phone);
    });
  });
}
