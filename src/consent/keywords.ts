/**
 * Opt-out and opt-in keywords (docs/api.md §D23): a customer's message is a keyword only when its
 * WHOLE text is one, once folded (`foldKeyword`): "Stop!" and " stop " are STOP, "stop sending me
 * offers" is not (a sentence is for a person to read, not for a rule to act on).
 *
 * Defaults:
 * - English opt-out keywords are Twilio's default list: STOP, UNSUBSCRIBE, END, QUIT, STOPALL,
 *   REVOKE, OPTOUT, CANCEL (https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out).
 * - English opt-in keywords START and UNSTOP: AWS End User Messaging SMS and Telnyx name these
 *   (https://docs.aws.amazon.com/sms-voice/latest/userguide/keywords-required.html,
 *   https://developers.telnyx.com/docs/messaging/messages/advanced-opt-in-out). Twilio's own opt-in
 *   list was not confirmed: UNCONFIRMED. YES is left out on purpose: too common an answer.
 * - Spanish, Portuguese, French, German and Italian translations: UNCONFIRMED (common usage, no
 *   platform publishes them). ARRET is in AWS's required list (page above).
 */

/** Default opt-out keywords, folded. */
export const DEFAULT_OPT_OUT_KEYWORDS: readonly string[] = [
  // English (Twilio).
  'stop',
  'unsubscribe',
  'end',
  'quit',
  'stopall',
  'revoke',
  'optout',
  'cancel',
  // Spanish, Portuguese, French, German, Italian (UNCONFIRMED).
  'baja',
  'alto',
  'parar',
  'cancelar',
  'sair',
  'pare',
  'arret',
  'desabonner',
  'stopp',
  'abmelden',
  'abbestellen',
  'basta',
  'annulla',
  'disiscrivi',
];

/** Default opt-in keywords, folded. */
export const DEFAULT_OPT_IN_KEYWORDS: readonly string[] = [
  'start',
  'unstop',
  'alta',
  'iniciar',
  'comenzar',
  'demarrer',
  'anmelden',
  'inizia',
];

/** The longest keyword, characters (a longer text is never one). */
export const KEYWORD_MAX_LENGTH = 64;

/**
 * A text folded for comparison with keywords: NFKD without combining marks (accents), lower case,
 * without the punctuation, symbols, emoji and white space around it, inner white space collapsed.
 * @example foldKeyword(' Arrêt! ') // 'arret'
 * @example foldKeyword('STOP 🛑') // 'stop'
 */
export function foldKeyword(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(
      /^[\s\p{P}\p{S}\p{Extended_Pictographic}\u200d\ufe0f]+|[\s\p{P}\p{S}\p{Extended_Pictographic}\u200d\ufe0f]+$/gu,
      '',
    )
    .replace(/\s+/g, ' ');
}

/** What a customer's text asks, with the account's keywords: `out`, `in`, or null (not a keyword). */
export function keywordOf(
  text: string | null,
  keywords: { optOut: readonly string[]; optIn: readonly string[] },
): 'out' | 'in' | null {
  if (text === null || text.length > KEYWORD_MAX_LENGTH * 4) return null;
  const folded = foldKeyword(text);
  if (folded === '') return null;
  if (keywords.optOut.includes(folded)) return 'out';
  if (keywords.optIn.includes(folded)) return 'in';
  return null;
}
