/**
 * The messages test/facade-sends.test.ts sends through whatsapp-api-js, one of each type, each with
 * what the Cloud API request that reaches the simulator must hold.
 */
import assert from 'node:assert/strict';
import {
  ActionButtons,
  ActionCTA,
  ActionList,
  Audio,
  Body,
  BodyComponent,
  BodyParameter,
  Button,
  Contacts,
  Document,
  Footer,
  Header,
  HeaderComponent,
  HeaderParameter,
  Image,
  Interactive,
  ListSection,
  Location,
  Name,
  PayloadComponent,
  Phone,
  Row,
  Sticker,
  Template,
  Text,
  Video,
} from 'whatsapp-api-js/messages';
import type { ClientMessage } from 'whatsapp-api-js/types';

/** The `med_` ids of one upload of each kind. */
export type Files = Record<'image' | 'video' | 'audio' | 'document' | 'sticker', { id: string }>;

/** `[name, message, check of the Graph request the simulator received]`, one per message type. */
export function everyType(files: Files): [string, ClientMessage, (request: any) => void][] {
  return [
    [
      'text',
      new Text('Olá, Zoë! https://acme.example/1042', true),
      (r) => assert.deepEqual(r.text, { preview_url: true, body: 'Olá, Zoë! https://acme.example/1042' }),
    ],
    ['image', new Image(files.image.id, true, 'Your parcel'), (r) => assert.equal(r.image.caption, 'Your parcel')],
    ['video', new Video(files.video.id, true), (r) => assert.ok(r.video.id)],
    ['audio', new Audio(files.audio.id, true), (r) => assert.ok(r.audio.id)],
    ['document', new Document(files.document.id, true, 'Invoice'), (r) => assert.equal(r.document.caption, 'Invoice')],
    ['sticker', new Sticker(files.sticker.id, true), (r) => assert.ok(r.sticker.id)],
    [
      'template',
      new Template(
        'facade_order',
        'en_US',
        new HeaderComponent(new HeaderParameter('A-1077')),
        new BodyComponent(new BodyParameter('Ann')),
        new PayloadComponent('STOP-1077'),
      ),
      (r) =>
        assert.deepEqual(r.template, {
          name: 'facade_order',
          language: { code: 'en_US' },
          components: [
            { type: 'header', parameters: [{ type: 'text', text: 'A-1077' }] },
            { type: 'body', parameters: [{ type: 'text', text: 'Ann' }] },
            {
              type: 'button',
              sub_type: 'quick_reply',
              index: '0',
              parameters: [{ type: 'payload', payload: 'STOP-1077' }],
            },
          ],
        }),
    ],
    [
      'buttons',
      new Interactive(
        new ActionButtons(new Button('yes', 'Yes'), new Button('no', 'No')),
        new Body('Friday?'),
        new Header('Order 1042'),
        new Footer('Tap one'),
      ),
      (r) =>
        assert.deepEqual(r.interactive, {
          type: 'button',
          header: { type: 'text', text: 'Order 1042' },
          body: { text: 'Friday?' },
          footer: { text: 'Tap one' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'yes', title: 'Yes' } },
              { type: 'reply', reply: { id: 'no', title: 'No' } },
            ],
          },
        }),
    ],
    [
      'list',
      new Interactive(
        new ActionList('Options', new ListSection('Sizes', new Row('s', 'Small'), new Row('m', 'Medium', 'Fits most'))),
        new Body('Pick a size'),
      ),
      (r) =>
        assert.deepEqual(r.interactive.action, {
          button: 'Options',
          sections: [
            {
              title: 'Sizes',
              rows: [
                { id: 's', title: 'Small' },
                { id: 'm', title: 'Medium', description: 'Fits most' },
              ],
            },
          ],
        }),
    ],
    [
      'cta_url',
      new Interactive(new ActionCTA('Track', 'https://acme.example/t/1042'), new Body('Follow it')),
      (r) =>
        assert.deepEqual(r.interactive.action, {
          name: 'cta_url',
          parameters: { display_text: 'Track', url: 'https://acme.example/t/1042' },
        }),
    ],
    [
      'location',
      new Location(-122.1477, 37.4847, 'Acme pick-up point', '1 Hacker Way'),
      (r) =>
        assert.deepEqual(r.location, {
          latitude: 37.4847,
          longitude: -122.1477,
          name: 'Acme pick-up point',
          address: '1 Hacker Way',
        }),
    ],
    [
      'contacts',
      new Contacts([new Name('Acme Support', 'Acme'), new Phone('+1 650 555 0100', 'WORK', '16505550100')]),
      (r) =>
        assert.deepEqual(r.contacts, [
          {
            name: { formatted_name: 'Acme Support', first_name: 'Acme' },
            phones: [{ phone: '+1 650 555 0100', type: 'WORK', wa_id: '16505550100' }],
          },
        ]),
    ],
  ];
}
