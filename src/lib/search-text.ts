/**
 * Text folded for search, and a contact's searchable words (README "Customers and conversations",
 * docs/api.md §D16): what the contact search index holds and what a search's `q` is turned into.
 * One function folds both, so a name is found however it was typed: NFKC (full-width letters and
 * ligatures to their plain forms), case folded, and diacritics removed from Latin, Greek and
 * Cyrillic letters ("Ñandú", "ÑANDU" and "nandu" are one word). Marks are kept in the scripts that
 * need them (Devanagari vowel signs are letters, not accents). Words are runs of letters, marks and
 * digits; everything else separates them.
 *
 * A search term matches a word it begins ("gar" finds "Garcia"). Phone numbers are indexed so that
 * digits find the numbers that begin with them (country code included, `+` and punctuation
 * ignored) or that hold them anywhere after the country code ("0102" finds +1 650 555 0102).
 *
 * It lives in lib/ because both the contacts feature and the migration that fills the index for
 * contacts stored before it (db/migrations/0012) use it.
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A search term or a word: letters, marks and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** A combining mark following a Latin, Greek or Cyrillic letter (after NFKD): a diacritic. */
const DIACRITIC = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]\p{M}*)\p{M}/gu;
/**
 * Latin letters whose stroke or bar is part of the letter (no decomposition removes it), and the
 * final sigma: folded as readers of those languages expect when searching.
 */
const UNDECOMPOSED: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ŧ: 't', ı: 'i', ς: 'σ' };
const UNDECOMPOSED_RE = new RegExp(`[${Object.keys(UNDECOMPOSED).join('')}]`, 'gu');
/** A query made only of a phone number's characters (digits, `+`, spaces, dashes, dots, parentheses, slashes). */
const PHONE_QUERY = /^[\s\d+\-().\/]+$/;

/** Scripts written without spaces between words: a name's word there is indexed by each of its endings too. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** The longest unspaced word whose endings are indexed (names are a few characters). */
const MAX_UNSPACED = 16;

/**
 * The most bytes (UTF-8) of a contact's search text: a name longer than this is indexed by its
 * start. PostgreSQL's B-tree entries hold at most 2,704 bytes, and the list's index carries the words.
 */
export const MAX_SEARCH_TEXT_BYTES = 2_000;

/**
 * `text` folded for search: NFKC, case folded (`ß` → `ss`, final sigma → sigma, `İ` → `i`), and
 * without diacritics on Latin, Greek and Cyrillic letters (`ł`, `ø`, `đ` too).
 * @example fold('Ñandú') === 'nandu'
 */
export function fold(text: string): string {
  // Upper then lower approximates full case folding (ß → SS → ss).
  return text
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKD')
    .replace(DIACRITIC, '')
    .replace(UNDECOMPOSED_RE, (c) => UNDECOMPOSED[c]!)
    .normalize('NFC');
}

/** The words of `text`, folded, in order (duplicates kept). */
export function words(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/**
 * The countries' calling codes (libphonenumber-js's metadata). They are a prefix code (no code
 * begins another, ITU-T E.164), so the one a number begins with is found by its first 1 to 3
 * digits: a thousand times cheaper than parsing the number (30 µs), on every send's contact.
 */
const CALLING_CODES = new Set(getCountries().map((c) => getCountryCallingCode(c) as string));

/** The national number of an E.164 number's digits (after its calling code). */
function nationalNumber(digits: string, phone: string): string {
  for (let n = 1; n <= 3; n++) if (CALLING_CODES.has(digits.slice(0, n))) return digits.slice(n);
  // A calling code of no country (international services, 8xx): the library knows them.
  return parsePhoneNumberFromString(phone)?.nationalNumber ?? digits;
}

/**
 * A phone number's searchable words: its digits (E.164 without `+`) and every ending of its
 * national number, so that a term that begins one of them is a prefix of the number or a run of
 * digits anywhere in its national number. @param phone E.164.
 */
export function phoneWords(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  if (digits === '') return [];
  const national = nationalNumber(digits, phone);
  const out = [digits];
  for (let i = 0; i < national.length; i++) out.push(national.slice(i));
  return out;
}

/**
 * A name's searchable words: its words, and in scripts written without spaces (Chinese, Japanese,
 * Korean) each ending of a word too, so that "小明" finds "王小明".
 */
export function nameWords(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    out.push(word);
    if (UNSPACED.test(word)) {
      const chars = [...word].slice(0, MAX_UNSPACED);
      for (let i = 1; i < chars.length; i++) out.push(chars.slice(i).join(''));
    }
  }
  return out;
}

/**
 * What the contact search index holds for a contact: its phone number's words (`phoneWords`), then
 * those of its profile name and username (`nameWords`), distinct, separated by single spaces, at
 * most MAX_SEARCH_TEXT_BYTES (whole words: an absurdly long name is indexed by its start). '' when
 * it has none.
 */
export function contactSearchText(contact: {
  phone: string | null;
  profile_name: string | null;
  username: string | null;
}): string {
  const all = new Set([
    ...(contact.phone ? phoneWords(contact.phone) : []),
    ...nameWords(contact.profile_name ?? ''),
    ...nameWords(contact.username ?? ''),
  ]);
  let text = '';
  let bytes = 0;
  for (const word of all) {
    bytes += Buffer.byteLength(word) + (text === '' ? 0 : 1);
    if (bytes > MAX_SEARCH_TEXT_BYTES) break;
    text = text === '' ? word : `${text} ${word}`;
  }
  return text;
}

/**
 * The terms of a search: a contact matches when each term begins one of its words. A query of a
 * phone number's characters alone is one term of its digits (`+1 (650) 555-0102` → `16505550102`);
 * otherwise the query's words, folded. Terms that begin another term are dropped (the longer one
 * implies them). Empty when the query has no letter or digit (it then matches nothing).
 */
export function searchTerms(q: string): string[] {
  const terms = PHONE_QUERY.test(q) && /\d/.test(q) ? [q.replace(/\D/g, '')] : [...new Set(words(q))];
  return terms.filter((t) => !terms.some((other) => other !== t && other.startsWith(t)));
}
