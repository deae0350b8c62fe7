/**
 * Graph API errors as the platform shapes them (docs/platform.md §6.1, compare the `error-*.json`
 * fixtures), with the HTTP status the platform uses for each (docs/platform.md §6.1: 400 for most, 429 for 130429,
 * 500 for 131000, 404 for 132001, 401 for 190; the statuses of 104 and 2500 are UNCONFIRMED).
 */
import { randomBytes } from 'node:crypto';

/** Titles of the codes the simulator produces (docs/platform.md §6.2; Meta `support/error-codes`). */
export const TITLES: Record<number, string> = {
  // Graph's own codes (the Cloud API facade answers them, docs/api.md §D34).
  2: 'Service temporarily unavailable',
  4: 'Application request limit reached',
  10: 'Application does not have permission for this action',
  100: 'Invalid parameter',
  190: 'Access token has expired',
  130429: 'Rate limit hit',
  130472: "User's number is part of an experiment",
  131000: 'Something went wrong',
  131008: 'Required parameter is missing',
  131009: 'Parameter value is not valid',
  131026: 'Message undeliverable',
  131030: 'Recipient phone number not in allowed list',
  131047: 'Re-engagement message',
  131049: 'This message was not delivered to maintain healthy ecosystem engagement.',
  // docs/platform.md §4.11, §6.2: the user stopped marketing messages.
  131050: 'User opted out of marketing messages',
  131051: 'Unsupported message type',
  131053: 'Media upload error',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  131057: 'Account in maintenance mode',
  131062: 'Business-scoped user ID recipients not supported',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
  132012: 'Parameter format does not match format in the created template',
  132015: 'Template is Paused',
  132016: 'Template is Disabled',
  132018: 'There was an issue with the parameters in your template.',
  // Direct Send (https://developers.facebook.com/documentation/business-messaging/whatsapp/direct-send/api-reference/):
  // 139200's title is Meta's example answer on its Direct Send "Integrity and content guidelines"
  // page; 132021's is a failed status captured by a Meta partner (UNCONFIRMED).
  132021: 'A template with the same name already exists. Choose a different template name',
  139200: 'Direct Send Utility access is blocked',
  133004: 'Server temporarily unavailable',
  // Block Users API (https://developers.facebook.com/documentation/business-messaging/whatsapp/block-users/).
  131021: 'Self Block',
  139100: 'Failed to block/unblock users',
  139101: 'Blocklist limit reached',
  139103: 'Internal error',
  2388024: 'Content in This Language Already Exists',
  2388023: 'Message template name is being deleted',
  2388039: "Message template status can't be changed",
  2388040: 'Message template character limit exceeded',
  2388299: "Variables can't be at the start or end of the template",
};

const DETAILS: Record<number, string> = {
  130429: 'Cloud API message throughput has been reached.',
  131026: 'Message Undeliverable.',
  131030: 'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
  131047:
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  131056:
    'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
  131062: 'This message type cannot be sent to a business-scoped user ID; send it to the phone number.',
  // Meta's example on the Direct Send "Integrity and content guidelines" page.
  139200:
    'Direct Send Access is restricted: Direct send messaging capability is not available for this WABA right now due to misclassification based enforcements.',
};

/** Subcodes the platform still sends with some codes (error-130429-rate-limit.json). */
const SUBCODES: Record<number, number> = { 130429: 2494055 };

export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    error_subcode?: number;
    fbtrace_id: string;
  };
}

/** An error answer: the HTTP status and the `{"error": …}` envelope. */
export interface GraphError {
  status: number;
  body: GraphErrorBody;
}

/** Whether a value is a GraphError (the readers of Graph's fields and nodes answer one or a value). */
export function isGraphError(value: unknown): value is GraphError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    'body' in value &&
    typeof (value as GraphError).body?.error === 'object'
  );
}

const trace = () => randomBytes(12).toString('base64url').slice(0, 23);

/**
 * A WhatsApp Cloud API error: `message` is `(#code) title`, the details go in `error_data`
 * (error-132001-template-not-found.json, error-130429-rate-limit.json).
 * @param details `error_data.details`; defaults to the platform's wording for the code.
 */
export function graphError(code: number, details?: string, subcode?: number): GraphError {
  const title = TITLES[code] ?? 'Error';
  const status = code === 130429 ? 429 : code === 131000 ? 500 : code === 190 ? 401 : code === 132001 ? 404 : 400;
  const sub = subcode ?? SUBCODES[code];
  return {
    status,
    body: {
      error: {
        message: `(#${code}) ${title}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: details ?? DETAILS[code] ?? title },
        ...(sub !== undefined ? { error_subcode: sub } : {}),
        fbtrace_id: trace(),
      },
    },
  };
}

/**
 * An object that does not exist or that this token may not see, or a method the object does not
 * support: GraphMethodException 100 / subcode 33 (error-100-object-does-not-exist.json).
 */
export function objectNotFound(id: string, method: string): GraphError {
  return {
    status: 400,
    body: {
      error: {
        message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
        fbtrace_id: trace(),
      },
    },
  };
}

/**
 * An error whose message is the whole sentence, without `(#code) title` and `error_data`, as Graph
 * answers some parameter errors (a send's unknown `category`, a bad
 * `direct_send_config.template_name`: captured by a Meta partner, UNCONFIRMED).
 */
export function bareError(code: number, message: string): GraphError {
  return { status: 400, body: { error: { message, type: 'OAuthException', code, fbtrace_id: trace() } } };
}

/** A token the platform did not issue: 190 without a subcode. */
export function invalidToken(): GraphError {
  return {
    status: 401,
    body: {
      error: {
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
        fbtrace_id: trace(),
      },
    },
  };
}

/** An expired token: 190 / 463 with the platform's wording (error-190-access-token-expired.json). */
export function expiredToken(expiredAtMs: number, nowMs = Date.now()): GraphError {
  return {
    status: 401,
    body: {
      error: {
        message: `Error validating access token: Session has expired on ${pacific(expiredAtMs)}. The current time is ${pacific(nowMs)}.`,
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
        fbtrace_id: trace(),
      },
    },
  };
}

/** No token at all: Graph's code 104 (wording from Graph API answers; HTTP status UNCONFIRMED). */
export function missingToken(): GraphError {
  return {
    status: 400,
    body: {
      error: {
        message: 'An access token is required to request this resource.',
        type: 'OAuthException',
        code: 104,
        fbtrace_id: trace(),
      },
    },
  };
}

/** A path the Graph API has no node or edge for: code 2500 (HTTP status UNCONFIRMED). */
export function unknownPath(components: string): GraphError {
  return {
    status: 400,
    body: {
      error: {
        message: `Unknown path components: ${components}`,
        type: 'OAuthException',
        code: 2500,
        fbtrace_id: trace(),
      },
    },
  };
}

/** `Friday, 26-Apr-24 06:00:00 PDT`, as the platform writes times in 190/463 messages. */
function pacific(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      weekday: 'long',
      day: '2-digit',
      month: 'short',
      year: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday}, ${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}

/**
 * The `errors[]` entry of a failed status webhook (compare `webhook-status-failed-131047.json`):
 * the details say what went wrong, not the title again.
 */
export function webhookError(code: number, details?: string) {
  const title = TITLES[code] ?? 'Error';
  return {
    code,
    title,
    message: title,
    error_data: {
      details:
        details ?? DETAILS[code] ?? WEBHOOK_DETAILS[code] ?? `The platform could not deliver this message (${code}).`,
    },
    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
  };
}

const WEBHOOK_DETAILS: Record<number, string> = {
  131000: 'Message failed to send due to an unknown error.',
  131053: 'Unable to retrieve or process the media for this message.',
  132015: 'The template is paused because of low quality.',
  130472: "Failed to send message because this user's phone number is part of an experiment",
  131049: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  132021: 'A template with the same name already exists. Choose a different template name',
};
