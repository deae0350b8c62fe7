/**
 * The values a template send fills its template with (docs/api.md §D8): on the send's body, and kept
 * on the message as the send gave them.
 */
import { Type } from '@sinclair/typebox';

/** Placeholder values: `{ "1": "Jessica", "first_name": "Jessica", "header": "A-1077" }`. */
export const TemplateVariables = Type.Record(Type.String(), Type.String(), {
  description:
    'Placeholder values keyed by index (`"1"`) or by variable name; the header\'s under `"header"`. Every placeholder needs one: a send leaving one out is refused (`template_values_missing`) unless it sends `"useExamples": true`.',
});

/** Button values by the button's 0-based index: `{ "0": { "payload": "stop" }, "1": { "urlSuffix": "A-1077" } }`. */
export const TemplateButtonValues = Type.Record(
  Type.String(),
  Type.Object(
    {
      payload: Type.Optional(
        Type.String({ description: "quick_reply: returned when the customer taps it; default: the button's label." }),
      ),
      urlSuffix: Type.Optional(
        Type.String({ description: 'url with {{1}}: the end of the URL, percent-encoded; required.' }),
      ),
      couponCode: Type.Optional(
        Type.String({ description: 'copy_code: the code to copy, at most 15 characters; required.' }),
      ),
    },
    { additionalProperties: false },
  ),
  {
    description:
      'Button values keyed by the button\'s 0-based index in the template (`"0"`). Never filled from the template\'s examples.',
  },
);

/** A template send's `language` with `templateName` (docs/api.md §D20): one code, or a preference list. */
export const TemplateLanguages = Type.Union(
  [
    Type.String({ minLength: 1, maxLength: 16 }),
    Type.Array(Type.String({ minLength: 1, maxLength: 16 }), { minItems: 1, maxItems: 10 }),
  ],
  {
    description:
      'With `templateName`: a language code (`en_US`), or a preference list (`["pt_BR", "pt_PT", "en_US"]`): the first language holding an approved template of that name is sent.',
  },
);
