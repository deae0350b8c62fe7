import { createTidingsClient, idempotencyKey } from '@tidings/client';

const tidings = createTidingsClient({
  baseUrl: process.env.TIDINGS_URL ?? 'http://localhost:3000',
  apiKey: process.env.TIDINGS_API_KEY!, // sk_live_… or sk_test_…
});

const sent = await tidings.POST('/v1/messages', {
  params: { header: idempotencyKey('order-1042-shipped') }, // a retry with this key never sends twice
  body: { to: '+16505551234', type: 'text', text: 'Your order 1042 has shipped.' },
});
if (sent.error) throw new Error(`${sent.error.error.code}: ${sent.error.error.message}`);
console.log(sent.data.id, sent.data.status); // msg_… accepted

const { data: message } = await tidings.GET('/v1/messages/{id}', { params: { path: { id: sent.data.id } } });
console.log(message?.id, message?.status); // sent, delivered, then read
