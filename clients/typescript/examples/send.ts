import { createTidingsClient, idempotencyKey } from '@tidings/client';

const tidings = createTidingsClient({
  baseUrl: process.env.TIDINGS_URL ?? 'http://localhost:3000',
  apiKey: process.env.TIDINGS_API_KEY!, // sk_live_… or sk_test_…
});

// A message of its own, so its own key: a retry with this key never sends twice.
const sent = await tidings.POST('/v1/messages', {
  params: { header: idempotencyKey('order-1042-arrival') },
  body: { to: '+16505551234', type: 'text', text: 'Your order 1042 arrives on Friday, between 8:00 and 12:00.' },
});
if (sent.error) throw new Error(`${sent.error.error.code}: ${sent.error.error.message}`);
console.log(sent.data.id, sent.data.status); // msg_… accepted

const { data: message } = await tidings.GET('/v1/messages/{id}', { params: { path: { id: sent.data.id } } });
console.log(message?.id, message?.status); // sent, delivered, then read
