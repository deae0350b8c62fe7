/**
 * The Template Library at the simulator: Meta's pre-written utility templates, browsed with
 * `GET /{version}/message_template_library` and created with `library_template_name` on
 * `POST /{waba-id}/message_templates` (templates/library-create.ts).
 *
 * Source: Meta's "Template Library" page,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/template-library/
 * (updated Nov 2025; read through public mirrors of the page): the endpoint (`GET
 * /message_template_library`, on no WABA), its query parameters (`search`, `topic`, `usecase`,
 * `industry`, `language`, `name`), the filter enums, and the entry shape (`name, language,
 * category, topic, usecase, industry[], header, body, body_params, body_param_types, buttons[],
 * id`; test/fixtures/platform/template-library-entry.json is its example). AWS End User
 * Messaging's ListWhatsAppTemplateLibrary mirrors the same fields and filters.
 *
 * The built-in library is small: `low_balance_warning_1` is Meta's example entry as published;
 * the others carry names, topics, use cases and parameter types of Meta's library (its page and
 * public captures of its answers), with bodies written for the simulator in Meta's style, not
 * Meta's exact wording. `bodyInputs` says which `library_template_body_inputs` an entry takes;
 * Meta says of two of them that they are "not widely available and will be ignored if not
 * available", which the simulator applies to all of them. Which entries take which inputs is
 * UNCONFIRMED.
 */
import { bareError, type GraphError } from '../../lib/graph-errors.js';
import { pageOf } from '../../lib/graph-paging.js';

/** A button of a library entry, as the browse answer shows it. */
export interface LibraryButton {
  type: 'URL' | 'PHONE_NUMBER' | 'QUICK_REPLY';
  text: string;
  url?: string;
  phone_number?: string;
}

/** The body inputs Meta documents for `library_template_body_inputs`. */
export const BODY_INPUTS = [
  'add_contact_number',
  'add_learn_more_link',
  'add_security_recommendation',
  'add_track_package_link',
  'code_expiration_minutes',
] as const;
export type BodyInput = (typeof BODY_INPUTS)[number];

/** One template of the library (one language of it). */
export interface LibraryEntry {
  name: string;
  language: string;
  category: 'UTILITY';
  topic: string;
  usecase: string;
  industry: string[];
  header?: string;
  body: string;
  body_params: string[];
  body_param_types: string[];
  buttons: LibraryButton[];
  id: string;
  /** The body inputs the entry takes; the others are ignored. */
  bodyInputs: BodyInput[];
}

/** The filter values Meta lists ("Template filters"); others are refused. */
export const INDUSTRIES = ['E_COMMERCE', 'FINANCIAL_SERVICES'];
export const TOPICS = ['ACCOUNT_UPDATE', 'CUSTOMER_FEEDBACK', 'ORDER_MANAGEMENT', 'PAYMENTS'];
export const USECASES = [
  'ACCOUNT_CREATION_CONFIRMATION',
  'AUTO_PAY_REMINDER',
  'DELIVERY_CONFIRMATION',
  'DELIVERY_FAILED',
  'DELIVERY_UPDATE',
  'FEEDBACK_SURVEY',
  'FRAUD_ALERT',
  'LOW_BALANCE_WARNING',
  'ORDER_ACTION_NEEDED',
  'ORDER_CONFIRMATION',
  'ORDER_DELAY',
  'ORDER_OR_TRANSACTION_CANCEL',
  'ORDER_PICK_UP',
  'PAYMENT_ACTION_REQUIRED',
  'PAYMENT_CONFIRMATION',
  'PAYMENT_DUE_REMINDER',
  'PAYMENT_OVERDUE',
  'PAYMENT_REJECT_FAIL',
  'PAYMENT_SCHEDULED',
  'RECEIPT_ATTACHMENT',
  'RETURN_CONFIRMATION',
  'SHIPMENT_CONFIRMATION',
  'STATEMENT_ATTACHMENT',
  'STATEMENT_AVAILABLE',
  'TRANSACTION_ALERT',
];

const url = (text: string): LibraryButton => ({ type: 'URL', text, url: 'https://www.example.com/' });
const call = (text: string): LibraryButton => ({ type: 'PHONE_NUMBER', text, phone_number: '+18005551234' });
const reply = (text: string): LibraryButton => ({ type: 'QUICK_REPLY', text });
const ecommerce = { category: 'UTILITY', topic: 'ORDER_MANAGEMENT' } as const;
const payments = { category: 'UTILITY', topic: 'PAYMENTS' } as const;

/** The built-in library, in the order the browse answer lists it. */
export const LIBRARY: readonly LibraryEntry[] = [
  {
    // Meta's example entry on the Template Library page (test/fixtures/platform/template-library-entry.json).
    name: 'low_balance_warning_1',
    language: 'en_US',
    ...payments,
    industry: ['FINANCIAL_SERVICES'],
    usecase: 'LOW_BALANCE_WARNING',
    header: 'Your account balance is low',
    body: 'Hi {{1}},\nThis is to notify you that your {{2}} in your {{3}} account, ending in {{4}} is below your pre-set {{5}} of {{6}}.\nClick the button to deposit more {{7}}.\n{{8}}',
    body_params: ['Jim', 'available funds', 'CS Mutual checking plus', '1234', 'limit', '$75.00', 'funds', 'CS Mutual'],
    body_param_types: ['TEXT', 'TEXT', 'TEXT', 'NUMBER', 'TEXT', 'AMOUNT', 'TEXT', 'TEXT'],
    buttons: [url('Make a deposit'), call('Call us')],
    id: '7147013345418927',
    bodyInputs: [],
  },
  {
    name: 'delivery_update_1',
    language: 'en_US',
    ...ecommerce,
    industry: ['E_COMMERCE'],
    usecase: 'DELIVERY_UPDATE',
    body: 'Good news! Your order {{1}} is on its way and should reach you by {{2}}.\n\nTap below to follow its progress.',
    body_params: ['#12345', 'Friday, March 8'],
    body_param_types: ['TEXT', 'DATE'],
    buttons: [url('Track order')],
    id: '7201473836602913',
    bodyInputs: ['add_contact_number'],
  },
  {
    name: 'delivery_update_1',
    language: 'es',
    ...ecommerce,
    industry: ['E_COMMERCE'],
    usecase: 'DELIVERY_UPDATE',
    body: '¡Buenas noticias! Tu pedido {{1}} está en camino y debería llegar el {{2}}.\n\nToca abajo para seguirlo.',
    body_params: ['#12345', 'viernes 8 de marzo'],
    body_param_types: ['TEXT', 'DATE'],
    buttons: [url('Seguir pedido')],
    id: '7201473836602914',
    bodyInputs: ['add_contact_number'],
  },
  {
    name: 'order_confirmation_1',
    language: 'en_US',
    ...ecommerce,
    industry: ['E_COMMERCE'],
    usecase: 'ORDER_CONFIRMATION',
    header: 'Order confirmed',
    body: 'Hi {{1}}, thank you for your order! We received order {{2}} for {{3}} and will let you know when it ships.',
    body_params: ['Jim', '#12345', 'a 12 pack of paper towels'],
    body_param_types: ['TEXT', 'TEXT', 'TEXT'],
    buttons: [url('View order')],
    id: '7201473836602915',
    bodyInputs: ['add_contact_number', 'add_learn_more_link'],
  },
  {
    name: 'shipment_confirmation_1',
    language: 'en_US',
    ...ecommerce,
    industry: ['E_COMMERCE'],
    usecase: 'SHIPMENT_CONFIRMATION',
    header: 'Your order has shipped',
    body: 'Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}. We will keep you posted.',
    body_params: ['Jim', '#12345', 'January 1st, 2024'],
    body_param_types: ['TEXT', 'TEXT', 'DATE'],
    buttons: [],
    id: '7201473836602916',
    bodyInputs: ['add_track_package_link', 'add_contact_number'],
  },
  {
    name: 'delivery_confirmation_1',
    language: 'en_US',
    ...ecommerce,
    industry: ['E_COMMERCE'],
    usecase: 'DELIVERY_CONFIRMATION',
    body: '{{1}}, your order was delivered. You can manage your order below.',
    body_params: ['Jim'],
    body_param_types: ['TEXT'],
    buttons: [url('Manage order')],
    id: '7201473836602917',
    bodyInputs: ['add_contact_number'],
  },
  {
    name: 'payment_due_reminder_1',
    language: 'en_US',
    ...payments,
    industry: ['FINANCIAL_SERVICES'],
    usecase: 'PAYMENT_DUE_REMINDER',
    header: 'Payment reminder',
    body: 'Hi {{1}}, this is a reminder that your payment of {{2}} for {{3}} is due on {{4}}. Please pay on time to avoid late fees.',
    body_params: ['Jim', 'USD $375.32', 'CS Mutual checking plus', '2024-04-19'],
    body_param_types: ['TEXT', 'AMOUNT', 'TEXT', 'DATE'],
    buttons: [url('Pay now')],
    id: '7201473836602918',
    bodyInputs: ['add_contact_number'],
  },
  {
    name: 'auto_pay_reminder_1',
    language: 'en_US',
    ...payments,
    industry: ['FINANCIAL_SERVICES'],
    usecase: 'AUTO_PAY_REMINDER',
    header: 'Upcoming automatic payment',
    body: 'Hi {{1}}, your automatic payment for {{2}} of {{3}} will be taken on {{4}}. Please make sure your balance covers it.',
    body_params: ['Jim', 'CS Mutual checking plus', '$12.34', 'January 1st, 2024'],
    body_param_types: ['TEXT', 'TEXT', 'AMOUNT', 'DATE'],
    buttons: [url('View account')],
    id: '7201473836602919',
    bodyInputs: ['add_contact_number'],
  },
  {
    name: 'feedback_survey_1',
    language: 'en_US',
    category: 'UTILITY',
    topic: 'CUSTOMER_FEEDBACK',
    industry: ['E_COMMERCE'],
    usecase: 'FEEDBACK_SURVEY',
    body: 'Hi {{1}}, how was your experience with {{2}}? Your answer helps us improve.',
    body_params: ['Jim', 'your recent order'],
    body_param_types: ['TEXT', 'TEXT'],
    buttons: [reply('Great'), reply('Okay'), reply('Not good')],
    id: '7201473836602920',
    bodyInputs: [],
  },
];

/** The entry named `name` in `language`, or null. */
export function libraryEntry(name: string, language: string): LibraryEntry | null {
  return LIBRARY.find((e) => e.name === name && e.language === language) ?? null;
}

/** An entry as the browse answer shows it (Meta's keys, in Meta's order; `header` only when it has one). */
export function libraryAnswer(e: LibraryEntry): Record<string, unknown> {
  const { bodyInputs: _, header, ...rest } = e;
  const { name, language, category, topic, usecase, industry, body, body_params, body_param_types, buttons, id } = rest;
  return {
    name,
    language,
    category,
    topic,
    usecase,
    industry,
    ...(header ? { header } : {}),
    body,
    body_params,
    body_param_types,
    buttons,
    id,
  };
}

/** `(#100) Param topic must be one of {…} - got "x".`, as Graph refuses a value outside an enum (wording UNCONFIRMED here). */
const notOneOf = (param: string, values: readonly string[], got: string) =>
  bareError(100, `(#100) Param ${param} must be one of {${values.join(', ')}} - got "${got}".`);

/**
 * `GET /{version}/message_template_library`: the entries matching every filter given, paged.
 * `search` is a case-insensitive substring of the name, header, body, topic or use case (Meta: "in
 * the content, name, header, body, or footer"; its example finds a PAYMENTS entry with
 * `search="payments"`, so the topic counts too; quotes around the key, as in that example, are
 * dropped). `topic`, `usecase`, `industry` must be values Meta lists; `language` and `name` match
 * exactly.
 * @param selfUrl this request's URL without query, for the paging links.
 * @returns `{data, paging}`, or 100 for a filter value Meta does not list.
 */
export function browseLibrary(query: Record<string, unknown>, selfUrl: string): Record<string, unknown> | GraphError {
  const text = (k: string) => (typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : null);
  const topic = text('topic');
  const usecase = text('usecase');
  const industry = text('industry');
  if (topic !== null && !TOPICS.includes(topic)) return notOneOf('topic', TOPICS, topic);
  if (usecase !== null && !USECASES.includes(usecase)) return notOneOf('usecase', USECASES, usecase);
  if (industry !== null && !INDUSTRIES.includes(industry)) return notOneOf('industry', INDUSTRIES, industry);
  const search =
    text('search')
      ?.replace(/^["']|["']$/g, '')
      .toLowerCase() ?? null;
  const language = text('language');
  const name = text('name');
  const matching = LIBRARY.filter(
    (e) =>
      (topic === null || e.topic === topic) &&
      (usecase === null || e.usecase === usecase) &&
      (industry === null || e.industry.includes(industry)) &&
      (language === null || e.language === language) &&
      (name === null || e.name === name) &&
      (search === null ||
        [e.name, e.header ?? '', e.body, e.topic, e.usecase].some((s) => s.toLowerCase().includes(search))),
  );
  const { page, paging } = pageOf(matching, query, selfUrl);
  return { data: page.map(libraryAnswer), paging };
}
