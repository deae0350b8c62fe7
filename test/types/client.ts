/**
 * Type tests of the generated client (clients/typescript), checked by `npm run typecheck` (never
 * run): each `@ts-expect-error` line must fail to compile, so the client keeps the document's
 * contract at compile time.
 */
import { createTidingsClient, idempotencyKey, type ErrorCode } from '@tidings/client';

export async function clientMisuse(): Promise<void> {
  const tidings = createTidingsClient({ baseUrl: 'http://localhost:3000', apiKey: 'sk_test_x' });
  const template = {
    name: 'order_shipped',
    category: 'UTILITY',
    language: 'en_US',
    body: 'Hi {{1}}, your order has shipped today.',
    variables: [{ example: 'Maria' }],
  };
  await tidings.POST('/v1/templates', { params: { header: idempotencyKey('create-order-shipped') }, body: template });
  // @ts-expect-error creating a template requires an Idempotency-Key (the document marks it required)
  await tidings.POST('/v1/templates', { body: template });
  // @ts-expect-error a text message needs its text
  await tidings.POST('/v1/messages', { body: { to: '+16505551234', type: 'text' } });
  // @ts-expect-error the tag names the kind: `text`, `template` or `media`, not the schema's name
  await tidings.POST('/v1/messages', { body: { to: '+16505551234', type: 'SendTextMessage', text: 'hi' } });
  // @ts-expect-error no such path
  await tidings.GET('/v1/widgets');
  const { data, error } = await tidings.GET('/v1/messages/{id}', { params: { path: { id: 'msg_x' } } });
  if (data) {
    // @ts-expect-error a message's status is one of five
    const seen: typeof data.status = 'seen';
    void seen;
  }
  if (error) {
    const code: ErrorCode = error.error.code;
    // @ts-expect-error error codes are a closed list
    const unknown: ErrorCode = 'message_lost';
    void [code, unknown];
  }
}
