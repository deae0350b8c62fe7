/** What the template-button cases share: a content without buttons, one button of each type, the scope the entry fills. */
import type { TemplateButton } from '../../src/templates/template-buttons.rules.js';
import type { TemplateContent } from '../../src/templates/template.rules.js';
import type { Template } from '../../src/templates/template.schemas.js';
import type { Harness } from '../harness.js';

/** A valid utility template's content, with no buttons. */
export const base: TemplateContent = {
  name: 'with_buttons',
  category: 'UTILITY',
  language: 'en_US',
  body: 'Your order has shipped and is on its way to you.',
};
/** A quick reply button labelled `text`. */
export const qr = (text = 'Stop updates'): TemplateButton => ({ type: 'quick_reply', text });
/** A URL button; `example` null: none. */
export const url = (u = 'https://shop.example.com/track/{{1}}', example: string | null = 'A-1042'): TemplateButton => ({
  type: 'url',
  text: 'Track order',
  url: u,
  ...(example === null ? {} : { example }),
});
export const phone: TemplateButton = { type: 'phone_number', text: 'Call us', phoneNumber: '+16505551234' };
export const code: TemplateButton = { type: 'copy_code', example: 'SAVE30' };

/** The quick reply, dynamic URL, phone and copy-code buttons every part of the test works with. */
export const BUTTONS: TemplateButton[] = [qr('Stop updates'), qr('Talk to us'), url(), phone, code];

/** The harness, and the approved template with BUTTONS. */
export interface ButtonsScope {
  h: Harness;
  template: Template;
}
