/**
 * Graph API errors as the platform shapes them (CLOUD_API.md §6.1, compare the `error-*.json`
 * fixtures), with the HTTP status the platform uses for each (§6.1: 400 for most, 429 for 130429,
 * 500 for 131000, 401 for 190).
 */
import { randomBytes } from 'node:crypto';

/** Titles of the codes the simulator produces (CLOUD_API.md §6.2). */
export const TITLES: Record<number, string> = {
  100: 'Invalid parameter',
  190: 'Access token has expired',
  130429: 'Rate limit hit',
  131000: 'Something went wrong',
  131008: 'Required parameter is missing',
  131009: 'Parameter value is not valid',
  131026: 'Message undeliverable',
  131030: 'Recipient phone number not in allowed list',
  131047: 'Re-engagement message',
  131051: 'Unsupported message type',
  131053: 'Media upload error',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
  2388024: 'Content in This Language Already Exists',
  2388023: 'Message template name is being deleted',
  2388039: "Message template status can't be changed",
  2388040: 'Message template character limit exceeded',
  2388299: 'Variables can\'t be at the start or end of the template',
};

const DETAILS: Record<number, string> = {
  130429: 'Cloud API message throughput has been reached.',
  131026: 'Message Undeliverable.',
  131030: 'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
  131047: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  131056: 'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
};

export interface GraphError {
  status: number;
  body: { error: { message: string; type: string; code: number; error_data: { messaging_product: 'whatsapp'; details: string }; error_subcode?: number; fbtrace_id: string } };
}

export function graphError(code: number, details?: string, subcode?: number): GraphError {
  const title = TITLES[code] ?? 'Error';
  const status = code === 130429 ? 429 : code === 131000 ? 500 : code === 190 ? 401 : code === 132001 ? 404 : 400;
  return {
    status,
    body: {
      error: {
        message: `(#${code}) ${title}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: details ?? DETAILS[code] ?? title },
        ...(subcode !== undefined ? { error_subcode: subcode } : {}),
        fbtrace_id: randomBytes(12).toString('base64url'),
      },
    },
  };
}

/** The `errors[]` entry of a failed status webhook (compare `webhook-status-failed-131047.json`). */
export function webhookError(code: number) {
  const title = TITLES[code] ?? 'Error';
  return {
    code,
    title,
    message: title,
    error_data: { details: DETAILS[code] ?? title },
    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
  };
}
