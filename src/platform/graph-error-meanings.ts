/**
 * What each of the platform's Graph/Cloud API error codes means, and what the business should do
 * about it: every code of docs/platform.md §6.2 and of graph-codes.ts, and the 2026 codes of
 * docs/platform.md §4.9 and docs/platform.md §5.1. `title` is Meta's title of the code where its
 * error-code table gives one (support/error-codes, fetched September 2026, as docs/platform.md §6.2
 * restates it), else the wording of the page the code comes from. error-meanings.ts looks codes up
 * here, and in Tidings' own codes beside it.
 */

const CODES = 'docs/platform.md §6.2 (Meta support/error-codes)';
const TEMPLATES = 'docs/platform.md §6.2 (Meta templates/template-management)';
const BLOCKS = 'docs/platform.md §4.17 (Meta block-users)';

/** A code's meaning: the shape of `ErrorMeaning` (error-meanings.ts, which reads this table). */
interface Meaning {
  title: string;
  action: string;
  source: string;
}

const m = (title: string, action: string, source = CODES): Meaning => ({ title, action, source });

/** Codes 200–299: permission errors (docs/platform.md §6.2 lists the range as one row). */
export const PERMISSION_RANGE = m(
  'API Permission: a permission is missing',
  'Grant the app the missing WhatsApp permission (whatsapp_business_messaging or whatsapp_business_management) and renew the token',
);

/** The meaning of each Graph/Cloud API code, by the string Tidings stores (`"131047"`). */
export const GRAPH_CODE_MEANINGS: Readonly<Record<string, Meaning>> = {
  // Authentication, permissions, rate limits, the account.
  '0': m(
    'AuthException: unable to authenticate the app user',
    'Generate a new access token for the account (tidings accounts update --access-token)',
  ),
  '1': m(
    'API Unknown: invalid request or possible server error',
    'Nothing: Tidings retries it; if it persists, check the platform status page',
  ),
  '2': m(
    'API Service: temporary, due to downtime or overload',
    'Nothing: Tidings retries it once the platform is back',
  ),
  '3': m(
    'API Method: capability or permissions issue',
    'Check that the app has the WhatsApp capability and permissions for this call',
  ),
  '4': m(
    'API Too Many Calls: the app reached its call rate limit',
    'Make fewer Graph API calls; Tidings waits and tries again',
  ),
  '10': m(
    'API Permission Denied: permission not granted or removed',
    'Grant the app the WhatsApp permissions again and renew the token',
  ),
  '100': m(
    'Invalid parameter',
    'Correct the request: a parameter is unsupported, misspelled, too long or has a bad value',
  ),
  '190': m(
    'Access token has expired',
    'Generate a new access token for the account (tidings accounts update --access-token)',
  ),
  '200': PERMISSION_RANGE,
  '368': m(
    'Temporarily blocked for policies violations',
    'Review the WhatsApp Business policy notice in WhatsApp Manager; sends resume when the block ends',
  ),
  '80007': m(
    'Rate limit issues: the WABA reached its rate limit',
    'Make fewer Graph API calls for this WABA; Tidings waits and tries again',
    'docs/platform.md §6.2, §7 (Meta about-the-platform)',
  ),
  '130429': m(
    'Rate limit hit: Cloud API throughput reached',
    'Nothing: Tidings paces the number and sends again; ask Meta for a higher throughput if it lasts',
    'docs/platform.md §6.2, §7 (Meta throughput)',
  ),
  '130472': m(
    "User's number is part of an experiment",
    'Nothing to fix: Meta held this marketing message back for an experiment; do not resend at once',
  ),
  '130497': m(
    'Business account is restricted from messaging users in this country',
    'Do not send to this country from this account',
  ),
  '131000': m('Something went wrong', 'Send again later; if it persists, report it to Meta with the message id'),
  '131005': m(
    'Access denied: permission not granted or removed',
    'Grant the app the WhatsApp permissions again and renew the token',
  ),
  '131008': m('Required parameter is missing', 'Add the missing parameter to the request'),
  '131009': m('Parameter value is not valid', 'Correct the parameter value the error details name'),
  '131016': m('Service unavailable', 'Nothing: Tidings retries it once the platform is back'),
  '131021': m(
    'Recipient cannot be sender (in the Block Users API: a business cannot block its own number)',
    'Send to (or block) a number other than the business number itself',
  ),
  '131026': m(
    'Message undeliverable',
    'Check the number is on WhatsApp and has accepted the latest terms; reach the customer another way',
  ),
  '131030': m(
    'Recipient phone number not in allowed list',
    "Add the number to the test number's allowed recipients, or send from a production number",
  ),
  '131031': m(
    'Account has been locked',
    'Resolve the lock in WhatsApp Manager (a policy violation, or a wrong two-step PIN) before sending again',
  ),
  '131037': m(
    'WhatsApp-provided number needs display name approval before message can be sent',
    'Get the display name approved in WhatsApp Manager',
  ),
  '131042': m(
    'Business eligibility payment issue',
    'Fix the payment method or billing of the WhatsApp Business Account',
  ),
  '131045': m('Incorrect certificate: phone number registration error', 'Register the business phone number again'),
  '131047': m(
    'Re-engagement message: more than 24 hours since the customer last replied',
    'Send an approved template; free-form messages need a customer message in the last 24 h',
  ),
  '131048': m(
    'Spam rate limit hit: too many previous messages were blocked or flagged as spam',
    'Improve message quality and send less to customers who do not expect it; try again later',
  ),
  '131049': m(
    'Not delivered to maintain healthy ecosystem engagement',
    'Do not resend at once: wait at least 24 h, then with growing delays',
    'docs/platform.md §6.2 (Meta support/error-codes, webhooks user_preferences)',
  ),
  '131050': m(
    'The recipient stopped marketing messages from this business',
    'Do not retry: send this customer no more marketing messages until they resume them',
    'docs/platform.md §6.2 (Meta webhooks user_preferences)',
  ),
  '131051': m('Unsupported message type', 'Send a message type the platform supports'),
  '131052': m(
    'Media download error: the media a customer sent could not be downloaded',
    'Ask the customer to send the file again (files over 100 MB cannot be downloaded)',
  ),
  '131053': m(
    'Media upload error: the media could not be uploaded or fetched',
    'Check the file type and size, or that its link can be fetched, and send again',
  ),
  '131056': m(
    'Pair rate limit hit: too many messages to the same customer in a short time',
    'Nothing: Tidings spaces the messages to this customer and sends again',
    'docs/platform.md §6.2, §7 (Meta about-the-platform)',
  ),
  '131057': m(
    'Account in maintenance mode (e.g. a throughput upgrade)',
    'Nothing: Tidings holds the number and sends again in a moment',
  ),
  '131062': m(
    'Business-scoped user ID recipients not supported for this message',
    "Send to the customer's phone number (authentication templates with one-tap, zero-tap or copy-code buttons need one)",
    'docs/platform.md §4.9 (Meta business-scoped-user-ids)',
  ),
  '131063': m(
    'Marketing templates disabled for the Cloud API on this WABA',
    'Send marketing templates through the Marketing Messages API, or use utility templates',
  ),
  '131064': m(
    'Messaging limit reached because of template classification violations',
    'Review template categories in WhatsApp Manager; sends resume when the limit is lifted',
  ),
  '132000': m('Template param count mismatch', "Give exactly as many values as the template's variables"),
  '132001': m('Template does not exist', 'Use an approved template that exists in that language'),
  '132005': m('Template hydrated text too long', 'Shorten the values so the text stays within the limit'),
  '132007': m(
    'Template format character policy violated',
    "Change the values or the template so its content follows WhatsApp's policies",
  ),
  '132012': m('Template parameter format mismatch', "Give each value in the format the template's variable expects"),
  '132015': m(
    'Template is paused',
    'Improve the template (low quality) and wait for it to be unpaused, or send another template',
    'docs/platform.md §2.8, §6.2',
  ),
  '132016': m(
    'Template is disabled',
    'Create a new template with improved content: this one was paused too often',
    'docs/platform.md §2.8, §6.2',
  ),
  '132018': m(
    'There was an issue with the parameters in your template',
    "Correct the template's parameters the error details name",
    TEMPLATES,
  ),
  '132021': m(
    "Direct Send: the generated template's name is taken",
    'Give another direct_send_config.template_name, or none',
    'docs/platform.md §5.1 (Meta Direct Send api-reference)',
  ),
  '133004': m('Server temporarily unavailable', 'Nothing: Tidings retries it once the platform is back'),
  '133010': m('Phone number not registered', 'Register the business phone number on the Cloud API'),
  '133016': m(
    'Account register/deregister rate limit exceeded',
    'Wait before registering or deregistering the number again',
  ),
  '135000': m('Generic user error', "Check the request's parameters against the platform's reference"),
  '139100': m(
    'Failed to block or unblock some users',
    "Read each user's own error in the answer; the others were blocked (unblocked)",
    BLOCKS,
  ),
  '139101': m(
    'Blocklist limit reached (64,000 users)',
    'Unblock users you no longer need to block before blocking more',
    BLOCKS,
  ),
  '139102': m(
    'The blocklist changed while it was read page by page',
    'Read the blocklist again from the first page',
    BLOCKS,
  ),
  '139103': m('Block Users API internal error', 'Try the block again', BLOCKS),
  '139200': m(
    'Direct Send access blocked',
    'Send an approved template instead: Direct Send is blocked for this account',
    'docs/platform.md §5.1 (Meta Direct Send api-reference)',
  ),
  '2388019': m('Message template limit exceeded', 'Delete templates you no longer use before creating more', TEMPLATES),
  '2388023': m(
    'The name is still reserved after a deletion (UNCONFIRMED)',
    'Use another name, or wait until 30 days after the deletion',
    TEMPLATES,
  ),
  '2388024': m('Content in this language already exists', 'Use another name, or edit the existing template', TEMPLATES),
  '2388039': m(
    "The template's status cannot change now",
    'Wait for the review to finish, or create a new template if the edit limit is reached',
    TEMPLATES,
  ),
  '2388040': m('Character limit exceeded', "Shorten the template's text", TEMPLATES),
  '2388047': m('Header format incorrect', "Correct the template's header", TEMPLATES),
  '2388072': m('Body format incorrect', "Correct the template's body", TEMPLATES),
  '2388073': m('Footer format incorrect', "Correct the template's footer", TEMPLATES),
  '2388293': m(
    'Too many variables for the length of the text',
    'Add text around the variables, or use fewer variables',
    TEMPLATES,
  ),
  '2388299': m(
    'Variables are not allowed at the start or end of the text',
    'Put text before the first and after the last variable',
    TEMPLATES,
  ),
};
