/**
 * Hints for mistakes people make in a send body, carried by its schemas and read by the error
 * messages (http/validation.ts): mostly Meta's Cloud API payload shapes, which a send resembles
 * but is not. `x-unknown-hints` on an object: a sentence per unknown field name; `x-type-hint` on
 * a field: a sentence for an object given where the field takes something else.
 */

const MEDIA_OBJECT =
  'Meta\'s media objects are not used: upload the file with POST /v1/media, then send "type": "media" with its mediaId.';

/** Fields of Meta's message payload that a send does not take, whatever its type. */
const META_FIELDS: Record<string, string> = {
  messaging_product: "Tidings fills in the platform's messaging_product; leave it out.",
  recipient_type: "Tidings fills in the platform's recipient_type; leave it out.",
  context: 'To quote a message, send replyTo with its msg_ id or wamid.',
  template: 'Meta\'s template object is not used: send "type": "template" with templateId (a tpl_ id) and variables.',
  image: MEDIA_OBJECT,
  video: MEDIA_OBJECT,
  audio: MEDIA_OBJECT,
  document: MEDIA_OBJECT,
  sticker: MEDIA_OBJECT,
  category: 'Tidings adds the platform\'s Direct Send category itself: send "route": "auto" (docs/api.md §D19).',
  ttl_seconds:
    'Tidings passes the time left of validityPeriod to the platform as its time to live: set validityPeriod.',
};

const BY_NAME = 'A template is named by templateId (its tpl_ id), or by templateName with language (docs/api.md §D20).';

/** Fields of other send types, or of Meta's shapes, per send type. */
const BY_TYPE: Record<string, Record<string, string>> = {
  template: { name: BY_NAME },
  media: {
    text: 'A media message carries its words in caption.',
    link: 'Tidings sends files it holds: upload it with POST /v1/media and send its mediaId.',
  },
};

/** The `x-unknown-hints` of the send body of `type`, to spread into its schema's options. */
export function unknownFieldHints(type: string): { 'x-unknown-hints': Record<string, string> } {
  return { 'x-unknown-hints': { ...META_FIELDS, ...BY_TYPE[type] } };
}

/** For `text` given as an object: Meta's `"text": { "body": … }`. */
export const TEXT_TYPE_HINT = '`text` is a string here: send "text": "…" (Meta\'s {"body": …} shape is not used).';
