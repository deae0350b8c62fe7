// Generated from /v1/openapi.json by `npm run client:generate` (openapi-typescript). Do not edit.
export interface paths {
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Newest first.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Events of the key's mode (live or test) whose type is in `events` are sent to `url`, signed per the Standard Webhooks spec. The answer alone shows `secret`. URLs must be `https://` on public hosts unless the service runs with WEBHOOK_ALLOW_PRIVATE_URLS=true.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description Its URL, event types and state (enabled, or disabled and why). The secret is shown only by create and roll_secret.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Nothing more is sent to it: its pending retries are marked failed. Its past deliveries stay in the event log.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes `url`, `events`, `description` or `enabled`; omitted fields are kept. `enabled: true` turns on an endpoint that was disabled (by request, or after three days of failures).
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhook_endpoints/{id}/roll_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll a webhook endpoint's secret
         * @description Answers with the new `secret`. For 24 hours deliveries carry signatures by both the old and the new secret, so receivers can switch without losing events.
         */
        post: operations["rollWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Events of the key's mode kept by the account's retention (30 days unless the operator set another, `GET /v1/account`), newest first; filter with `type`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description Exactly as it is delivered.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an event's deliveries
         * @description One delivery per endpoint (and per redelivery), each with its attempts: when, the status code, the duration and the first 1 KB of the answer.
         */
        get: operations["listEventDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redeliver an event
         * @description Sends the event again (same id and body, fresh signature) to `endpointId`, or to every enabled endpoint subscribed to its type. The body may be omitted.
         */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone_numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's business numbers
         * @description Every business number of the key's account, with its throughput tier and its send queue in the key's mode (pace, depth, age of the oldest message, and whether sending is held back and why); `sender` marks the number this key sends from, `simulated` an account bound to the built-in simulator, `messagingLimit` the messaging limit the platform last told (docs/api.md §D24).
         */
        get: operations["listPhoneNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's account
         * @description The account the key belongs to, with its retention: how long each kind of data (files customers send, what messages say, events, the platform's raw payloads, inactive contacts, the audit trail) is kept, and the defaults. The operator sets them (`tidings accounts update`).
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pricing_tiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pricing tier notices
         * @description The platform's notices that the account's WhatsApp Business Account reached a new volume-based pricing tier (lower utility and authentication rates for volume) in a market for a month, newest effective month first: one per month, pricing category and region, the latest notice kept. Any key of the account with `messages:read` reads them, live or test (they are the WhatsApp Business Account's, not a mode's). Each new or changed notice is also an `account.pricing_tier_updated` event.
         */
        get: operations["listPricingTiers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/signals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the account's standing at the platform
         * @description What the platform's webhooks told of the key's WhatsApp Business Account: restrictions (`restricted` while one is in force), a ban (`disabled`), the latest violation, the latest alert of each type, the review decision, and each number's messaging limit. Any key of the account with `messages:read` reads it, live or test (it is the WhatsApp Business Account's, not a mode's). Each change is also an event (`account.restricted`, `account.restriction_lifted`, `account.disabled`, `account.reinstated`, `account.violation`, `account.alert`, `account.review_updated`, `phone_number.messaging_limit_updated`).
         */
        get: operations["getAccountSignals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sign_in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a password
         * @description Checks the email and password and starts a new session in the person’s first account: the answer sets the session cookie (a new one at every sign-in). A wrong email and a wrong password answer the same 401 `sign_in_failed`; after 5 failures in a row for an email (20 from an address) they are refused for a time that doubles, up to 15 min (429 `sign_in_locked` with `Retry-After`). When the person has a second factor on, the answer is `{ secondFactor: "required", user: null }` with the cookie of a pending session, good for five minutes and only for `POST /v1/auth/second_factor`.
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/second_factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give the second factor
         * @description The second step of a sign-in whose answer said `secondFactor: required`: a code from the authenticator app (accepted for the current 30 s step and one either side, never twice) or one of the recovery codes (each once). A right one ends the pending session and sets the cookie of a new one. A wrong one answers 401 `second_factor_invalid` and counts as a failed sign-in (the same limits and delays as `POST /v1/auth/sign_in`); after five minutes the pending session ends (401 `session_expired`: sign in again).
         */
        post: operations["passSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sign_out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends the session the cookie names (if any) and clears the cookie.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The person signed in
         * @description Who is signed in, in which account, mode and number, with their permissions and accounts.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Switch account, mode or number
         * @description Moves this session to another account the person is a member of, to the live or test mode, or to another number of the account. Answers the person as `GET /v1/me` then shows them. A session signed in by password does not move into an account that requires single sign-on, unless the person is an owner there (`sso_required`).
         */
        patch: operations["switchSession"];
        trace?: never;
    };
    "/v1/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your sessions
         * @description The sessions of the person signed in that have not ended, newest first.
         */
        get: operations["listMySessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one of your sessions
         * @description Ends a session of the person signed in (this one included), by `ses_` id.
         */
        delete: operations["revokeMySession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/sessions/revoke_all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere else
         * @description Ends every session of the person signed in but this one.
         */
        post: operations["revokeMyOtherSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/second_factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up a second factor
         * @description Makes a new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) for the person signed in and answers it with its `otpauth://` URI, to scan into an authenticator app. It is not on until confirmed with a code (`POST /v1/me/second_factor/confirm`); starting again replaces the secret.
         */
        post: operations["beginSecondFactor"];
        /**
         * Turn the second factor off
         * @description Deletes the secret and the recovery codes. Needs the current password or a code from the app; a wrong one counts as a failed sign-in.
         */
        delete: operations["disableSecondFactor"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/second_factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn the second factor on
         * @description Checks a code from the app against the secret being set up and turns the second factor on. Answers ten recovery codes, each good once instead of a code: shown only here.
         */
        post: operations["confirmSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/second_factor/recovery_codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New recovery codes
         * @description Ten new recovery codes; every old one is void. Needs the current password or a code from the app; a wrong one counts as a failed sign-in.
         */
        post: operations["renewRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password
         * @description Checks the current password, sets the new one (the rules of a new password: 12 to 256 characters, not a breached one) and ends every other session of the person. A wrong current password counts as a failed sign-in.
         */
        post: operations["changeMyPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List single sign-on buttons
         * @description The providers people may sign in with ("Sign in with …"), each for one account. Public.
         */
        get: operations["listSsoConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sso/{id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start a single sign-on
         * @description Answers 302 to the provider (authorization code with PKCE, state and nonce); a refusal 302s to `/dashboard/#/sign-in?error=sso_failed`.
         */
        get: operations["startSsoSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Finish a single sign-on
         * @description The redirect URI registered at the provider. Answers 302 to `/dashboard/` with the session cookie set, or to `/dashboard/#/sign-in?error=sso_failed`.
         */
        get: operations["finishSsoSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List members
         * @description The account's members, oldest first, with their role and last sign-in.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description The person leaves the account: the API keys they made in it are revoked and their sessions in it end. The answer is the member as they were.
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Takes effect at once, for the member's sessions and the keys they made. Only an owner makes, changes or removes an owner; the last owner keeps the role.
         */
        patch: operations["changeMemberRole"];
        trace?: never;
    };
    "/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description The account's keys, revoked ones included, oldest first: never the keys themselves.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description A key of the account, made by you: it holds at most your permissions (lowered when your role is, revoked when you leave the account). The key is in this answer only.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once, in every process. The answer is the key as revoked.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pending invitations
         * @description Invitations not yet accepted, revoked or expired, oldest first.
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite a person
         * @description A one-time link valid 7 days that lets the person join the account with the role. Only an owner invites an owner. When the service mails (`SMTP_URL`), the link is mailed to the person and not answered (`mail: "sent"`, `link: null`); without mail, or when the mail fails (`mail: "failed"`, logged), the invitation is kept and its link answered for you to pass on.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an invitation
         * @description Its link stops working. The answer is the invitation as it was.
         */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Renew an invitation's link
         * @description A new link for a pending invitation, valid 7 days from now; its old link stops working. Mailed when the service mails (unless `mail: false`), else, or when the mail fails, answered: how an inviter gets a link again, since a link is never shown twice. Only an owner renews an owner's invitation.
         */
        post: operations["renewInvitationLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/links/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe a one-time link
         * @description What the join page shows: the account, the role and the invited email, and whether that email already has a sign-in; or that it is a password reset, and for whom.
         */
        get: operations["describeLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/links/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a one-time link
         * @description An invitation or the first owner's link: creates the person with `name` and `password` (12 to 256 characters) and the membership, and signs them in (session cookie). An invitation for an email that already has a sign-in needs that person signed in (their session cookie; 401 `session_expired` without one, 403 `permission_denied` as someone else): it adds the membership, and their session stays as it is. A password reset: sets `password`, ends every session of the person and signs no one in.
         */
        post: operations["acceptLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/password_reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset
         * @description Always 202 with the same body, whether or not the email has a sign-in. When the service mails (`SMTP_URL`), a one-time link valid 1 hour is mailed to an email whose person has a password (not to one of single sign-on only; at most 3 in an hour per email; more are answered the same and mail nothing). 10 requests an hour per client address, then 429 `rate_limited` with `Retry-After`.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{id}/password_reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a member's password reset link
         * @description A one-time link valid 1 hour with which the member chooses a new password (their sessions then end). Mailed to them when the service mails; else, or when the mail fails, answered for you to pass on. Only an owner makes an owner's.
         */
        post: operations["createMemberPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List files
         * @description The key's files (its account and mode), uploaded or sent by customers (`source`), newest first. Needs `media:write`, the one media scope.
         */
        get: operations["listMedia"];
        put?: never;
        /**
         * Upload a file
         * @description multipart/form-data with one part named `file` and nothing else. The type is read from the content (the declared type and the name are only hints) and must be one the platform accepts, within its size limit for that kind. On a live key the file is registered with the platform in the same call, so the id is usable at once. `Idempotency-Key` is honoured: the file content and name are the fingerprint.
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a file
         * @description One of the key's files (its account and mode), uploaded or sent by a customer, by `med_` id.
         */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        /**
         * Delete a file
         * @description Deletes one of the key's files, uploaded or sent by a customer: its bytes, its row (the id then answers 404) and its copies at the platform (removed in the background). A customer message that carried it shows `media.status: "deleted"`. Refused with 409 `media_in_use` while a live template's header uses it or a message queued to send it has not gone out.
         */
        delete: operations["deleteMedia"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How much is stored
         * @description The files stored for the key's account and mode, and their size, by source: uploads and files customers sent. Kept up to date with every file stored and deleted.
         */
        get: operations["getMediaUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file's content
         * @description The bytes of one of the key's files, uploaded or sent by a customer, with its `Content-Type`, `Content-Length` and `ETag` (its SHA-256 in hex, quoted). Streams; answers `Range: bytes=a-b`, `bytes=a-` and `bytes=-n` with 206 and `Content-Range` (one range; `If-Range` with the ETag honoured), and 416 `range_not_satisfiable` for a range beyond the file. HEAD gives the headers alone. Images, audio and video are served `inline`, anything else (documents, SVG) as an attachment with its filename, always with `X-Content-Type-Options: nosniff`.
         */
        get: operations["getMediaContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List templates
         * @description Utility templates of the account, newest change first (templates the platform re-categorised as marketing are left out). Poll cheaply with `updatedAfter`.
         */
        get: operations["listTemplates"];
        put?: never;
        /**
         * Create a template
         * @description Stores a utility template and submits it to the platform in the same call. Requires `Idempotency-Key`: a create claims the name. Answers `processing`, or `pending` when the platform could not be reached (Tidings resubmits it in the background).
         */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a template
         * @description Every content problem at once; nothing is stored and the platform is not called, so test keys may use it. 409 when the name is taken or reserved.
         */
        post: operations["validateTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a template
         * @description Any template of the account, including one the platform re-categorised as marketing.
         */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        /**
         * Delete a template
         * @description Deletes it at the platform (every language of its name) and here. The name stays reserved for 30 days.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        /**
         * Update a template
         * @description Only pending or rejected templates (else 409 template_not_editable). Omitted fields keep their value; the template is resubmitted and its rejection reason cleared.
         */
        patch: operations["updateTemplate"];
        trace?: never;
    };
    "/v1/templates/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A template's history
         * @description Every change of the template's life, newest first: created, submitted, approved or rejected, paused, unpaused, disabled, flagged, reinstated, quality and category changes (and their advance notice), time-to-live changes, imported, deleted; each with who made it known (`api`, `webhook`, `reconciliation`, `send`) and what the platform said beside it.
         */
        get: operations["listTemplateHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/template_library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Browse Meta's Template Library
         * @description Pre-written utility templates the platform approves at once. Create one with `POST /v1/templates/from_library`.
         */
        get: operations["browseTemplateLibrary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/from_library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a template from Meta's Template Library
         * @description A template from a library entry and its inputs (a tracking link, a phone number…): approved by the platform at once, its category fixed (UTILITY; never re-categorised). Answers once the platform has it, with its content as the platform made it. Requires `Idempotency-Key`.
         */
        post: operations["createTemplateFromLibrary"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reconcile templates with the platform
         * @description Reads every template of the account at the platform: imports the ones made outside Tidings (in WhatsApp Manager, `source: "platform"`), repairs any status, quality or category a lost webhook left behind (with the events it would have caused), and deletes the ones gone from the platform. Answers what it changed. Also runs daily (`TEMPLATE_SYNC_INTERVAL_MS`).
         */
        post: operations["syncTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List suppressions
         * @description The account's suppressed customers in the key's mode, newest first: for a live key, those who wrote an opt-out keyword (STOP…), those the platform reported stopped marketing messages, those a live key suppressed, those the business blocked; for a test key, those a test key suppressed or blocked (they cover test sends only). Lifted ones stay listed with `liftedAt`; `active=true` lists the others.
         */
        get: operations["listSuppressions"];
        put?: never;
        /**
         * Suppress a customer
         * @description Sends of the key's mode to the customer are refused (409 `recipient_suppressed`) on every number of the account, or only on `phoneNumberId`; with scope `marketing`, only marketing templates are. Queued messages to them fail when their turn comes. A test key's suppression covers test sends only. Idempotent: a customer already suppressed with that scope answers 200 with that suppression; a new one is 201, with a `contact.suppressed` event.
         */
        post: operations["createSuppression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/suppressions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Lift a suppression
         * @description Sends to the customer are accepted again (unless another suppression still covers them). The suppression is kept, with `liftedAt` and `liftedBy`, and a `contact.unsuppressed` event is recorded. Lifting a lifted one answers it unchanged. Only the key's mode's suppressions: another mode's is 404. A block's suppression (reason `blocked`) is not lifted here (409 `suppression_is_block`): the platform goes on refusing a blocked customer, so unblock them with `POST /v1/contacts/{id}/unblock`, which lifts it.
         */
        delete: operations["liftSuppression"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's consent settings
         * @description Whether sends may override a suppression, the opt-out and opt-in keywords (folded), and the confirmation replies. Live keys only: these settings are what the platform's webhooks and live sends obey.
         */
        get: operations["getConsentSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the account's consent settings
         * @description Only the fields given change. A keyword list replaces the list (null: the defaults); keywords are stored folded (lower case, no accents, no surrounding punctuation). Live keys only. `allowSuppressionOverride` is an operator's decision (`npx tidings accounts consent <account id> --allow-suppression-override` on the service's host): a key may send it only unchanged, else 403 `operator_only`.
         */
        patch: operations["updateConsentSettings"];
        trace?: never;
    };
    "/v1/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List contacts
         * @description Most recent activity (a message either way) first. `windowOpen` keeps only contacts whose customer service window is open (or closed); `q` searches words of profile names and usernames by their beginning, and phone numbers by their digits (see `q`). Page with `starting_after` set to the last id of the previous page while `has_more` is true.
         */
        get: operations["listContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a contact
         * @description With its customer service window as of now.
         */
        get: operations["getContact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Block a customer
         * @description Blocks the customer on the key's number through the platform's Block Users API: they can no longer message the number, and messages to them fail. The platform blocks only customers who wrote in the last 24 hours (409 `block_window_closed`, checked before asking it); a contact with neither a phone number nor a BSUID is 422 `contact_not_blockable`. Blocking a blocked contact changes nothing. Answers the contact with `blocked` set; records `contact.blocked`. On a test key nothing reaches the platform: the same checks apply and the block is recorded for test keys only.
         */
        post: operations["blockContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{id}/unblock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unblock a customer
         * @description Lifts the block (no 24-hour rule). Unblocking a contact that is not blocked changes nothing. Answers the contact; records `contact.unblocked`. On a test key nothing reaches the platform: the same checks apply and the block is recorded for test keys only.
         */
        post: operations["unblockContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Block customers
         * @description Up to 1,000 contacts in one platform request. Each gets a result: `blocked`, or `failed` with the code the single endpoint would answer (`contact_not_found`, `contact_not_blockable`, `block_window_closed`) or the platform's own refusal of that customer (`platformError`). Contacts refused up front are not sent to the platform. The request fails as a whole only when the platform refused or did not answer it all. On a test key nothing reaches the platform: the same checks apply and the block is recorded for test keys only.
         */
        post: operations["blockContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/unblock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unblock customers
         * @description Up to 1,000 contacts in one platform request, a result each (`unblocked` or `failed`). On a test key nothing reaches the platform: the same checks apply and the block is recorded for test keys only.
         */
        post: operations["unblockContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/blocked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List blocked customers
         * @description The number's blocked contacts as Tidings knows them, newest block first (`POST /v1/contacts/blocks/sync` brings in blocks made elsewhere). Page with `starting_after` set to the last `contactId` while `has_more` is true.
         */
        get: operations["listBlockedContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/blocks/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync with the platform's blocklist
         * @description Reads the number's whole blocklist from the platform and makes Tidings agree: contacts it lists become blocked (source `sync`, `contact.blocked`), contacts it no longer lists are unblocked (`contact.unblocked`). Users matching no contact are counted in `unknown`. On a test key nothing is read or changed.
         */
        post: operations["syncBlockedContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List messages
         * @description Newest first; with `batch`, in the batch's order (each message's place in its request). Page with `starting_after` set to the last id of the previous page while `has_more` is true.
         */
        get: operations["listMessages"];
        put?: never;
        /**
         * Send a message
         * @description Accepts a text, template or media message from the number the key was issued against: checks it, stores it durably in the number's send queue, and answers 201 with status `accepted` and `platformMessageId` null. The message is then sent at the number's pace (its throughput tier), in order per customer, and its progress arrives as status changes and events (`message.sent`, `message.failed`…); the platform's refusals too. `to` is a phone number (E.164), a business-scoped user id (BSUID) or parent BSUID, or a contact's `ct_` id (sent to its phone number, else its BSUID); a BSUID goes to the platform as `recipient`. `text` and `media` work only inside the contact's 24-hour customer service window, however the customer is addressed. Honours `Idempotency-Key`, so a retried send never queues twice. On a test key nothing is delivered: the message is queued and paced the same way, then moves sent → delivered → read within a few seconds (recipients ending 0001 fail with 131026, 0002 stop at delivered, 0003 stop at sent).
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a message
         * @description By `msg_` id or by the platform message id (wamid, percent-encoded or as it is). Covers messages sent outside this service that the platform reported on.
         */
        get: operations["getMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/inbound_messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate a customer message (test keys)
         * @description Records an inbound message from `from` to the key's number, opening the 24-hour customer service window for test sends.
         */
        post: operations["createTestInboundMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbound_messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customer messages
         * @description Newest first (by when the customer sent them). Filter by contact (`ct_` id), platform type, a start time, or the message of ours they answer (`answering`: replies, button and list taps, reactions). Page with `starting_after` set to the last id of the previous page while `has_more` is true.
         */
        get: operations["listInboundMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbound_messages/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a customer message read
         * @description Shows the customer their message was read (blue ticks), and with `typingIndicator: true` a typing indicator while the reply is written. By `in_` id or platform message id. As at the platform, the customer's earlier unread messages to the same number are marked read too (their `readAt` set), so one call answers a whole thread. Repeating it is harmless; honours `Idempotency-Key`. On a test key nothing reaches the platform; `readAt` is recorded all the same.
         */
        post: operations["markInboundMessageRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inbound_messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a customer message
         * @description By `in_` id or by its platform message id: the object `message.received` events carry.
         */
        get: operations["getInboundMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A contact's timeline
         * @description The customer's messages and those sent to them, newest first, in one list: inbound by when the customer sent them, outbound by when they were accepted. Page with `starting_after` set to the last id (`in_` or `msg_`) of the previous page while `has_more` is true.
         */
        get: operations["listContactMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{id}/conversation/take_back": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take a conversation back from Meta's agent
         * @description Sends `text` to the contact as a free-form message, which takes the conversation back from Meta Business Agent (docs/api.md §D30). Answers 201 with the message, `accepted`; the contact's `conversation.holder` becomes `business` (and `conversation.handover` is recorded) once the platform reports the message sent. Only inside the contact's 24-hour customer service window (a customer who wrote under `standby` opened it). Sending any free-form message through POST /v1/messages does the same; this call names the intent. On a conversation the business holds it is an ordinary send.
         */
        post: operations["takeBackConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send messages in a batch
         * @description Up to 1,000 sends in one request, each a body of POST /v1/messages checked on its own. The valid ones are stored in one unit of work with their batch (`bat_`) and queued (or scheduled, with `sendAt`); the answer lists, in order, each item's message or its refusal with its `index`: 201 when at least one was accepted, else 400 `batch_rejected` with every item's reason in `error.items`. Honours `Idempotency-Key` for the whole batch: a retry replays the first answer and never queues twice. The key's rate limit counts items. With `?dryRun=true` every item is checked and the answer (200) says which are valid, whose window is open and how each would be priced; nothing is stored or sent.
         */
        post: operations["sendMessageBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a batch
         * @description A batch with its messages counted by their status now; `completed` once every message is delivered, read, failed or canceled.
         */
        get: operations["getBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batches/{id}/refusals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a batch's refused items
         * @description Every item the batch send refused, in the request's order, as its answer gave them: `index`, and the refusal's `code`, `message`, `param` and `issues`. At most 1,000, on one page. A batch's accepted messages: GET /v1/messages?batch=bat_….
         */
        get: operations["listBatchRefusals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List batches
         * @description Newest first. Page with `starting_after` set to the last id of the previous page while `has_more` is true. A batch's messages: GET /v1/messages?batch=bat_….
         */
        get: operations["listBatches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a message
         * @description A scheduled message, or one still waiting in its number's queue, becomes `canceled` (final) with a `message.canceled` event; it is never sent. Refused with 409 `message_not_cancelable` once the dispatcher has taken it or it reached the platform. Canceling a canceled message answers it as it is.
         */
        post: operations["cancelMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/messages/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel messages in bulk
         * @description Cancels the key's number's scheduled and queued messages whose `clientReference` starts with `clientReferencePrefix`, or its messages scheduled for before `scheduledBefore`; says how many were canceled, and how many matched but were already being sent.
         */
        post: operations["cancelMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Message analytics
         * @description Counts of the account's messages in the key's mode (accepted, sent, delivered, read, failed, canceled), billable messages per pricing category, delivery and read rates, and the median and 95th percentile of accepted → sent and sent → delivered, per `hour` or `day` (of `timeZone`, default UTC) and per group (`groupBy`), with totals. A message counts in the bucket it was accepted in, once per step it reached, whatever order the platform's reports came in. Served from aggregates Tidings keeps as messages change, never from a scan of the messages. `Accept: text/csv` answers the `data` rows as CSV. With a price table (`PRICE_TABLE_FILE`), each row has an estimated cost.
         */
        get: operations["getMessageAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit events
         * @description Who changed what in the account (a person, a key, the operator's CLI, the platform, the service), newest first: the object, the change (before and after, secrets left out), the request id, address and user agent. Each entry is sealed into the account's hash chain within a second or so (`seq`); `npx tidings audit verify` proves none was edited or removed.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a customer
         * @description Queues the erasure of the contact (202) and records `contact.erased` and an audit entry once done. A contact being erased already answers that erasure; an erased or unknown one is 404. An erasure removes the customer's personal data from every table and file Tidings keeps (docs/api.md §D28): the contact and its search words, what their messages both ways said (each message stays as a husk, for the counts), their files (and the platform's copies of files sent to them alone), status reports, events and their delivery logs, raw platform webhooks naming them, waiting messages (canceled), blocks and consents. An active suppression stays as a tombstone of keyed hashes: a customer who opted out stays suppressed. It runs as a durable job; follow it with `GET /v1/erasures/{id}`. A later message from or to the same address starts a new contact.
         */
        post: operations["eraseContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/erasures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List erasures
         * @description The account's erasures in the key's mode, newest first.
         */
        get: operations["listErasures"];
        put?: never;
        /**
         * Erase customers
         * @description Queues the erasure (202) of every contact of the key's mode holding each of `customers` (a `ct_` id, an E.164 number or a BSUID), on any number of the account. An address no contact holds is counted in `customers` and erases nothing. An erasure removes the customer's personal data from every table and file Tidings keeps (docs/api.md §D28): the contact and its search words, what their messages both ways said (each message stays as a husk, for the counts), their files (and the platform's copies of files sent to them alone), status reports, events and their delivery logs, raw platform webhooks naming them, waiting messages (canceled), blocks and consents. An active suppression stays as a tombstone of keyed hashes: a customer who opted out stays suppressed. It runs as a durable job; follow it with `GET /v1/erasures/{id}`. A later message from or to the same address starts a new contact.
         */
        post: operations["createErasure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/erasures/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an erasure
         * @description The erasure with its status and what it removed so far.
         */
        get: operations["getErasure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contacts/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export what is held on a customer
         * @description A ZIP, streamed as it is made: `contact.json` (the contact as GET returns it, every message of both directions with its statuses, the consent history, the events about the customer, the list of files) and each file's bytes under `files/<med_id>/<filename>`. For a customer's request under GDPR Art. 15 and 20, LGPD or the DPDP Act. Owners and admins (`contacts:export`); recorded in the audit trail as `contact.exported`. At most two exports of an account run at once (429 `rate_limited` with `Retry-After`).
         */
        get: operations["exportContact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ItemError: {
            /** @description The item's place in the request, from 0. */
            index: number;
            error: {
                code: "invalid_json" | "parameter_missing" | "parameter_invalid" | "parameter_unknown" | "request_too_large" | "batch_rejected" | "phone_number_invalid" | "template_invalid" | "variables_invalid" | "template_values_missing" | "idempotency_key_missing" | "idempotency_key_invalid" | "media_type_unsupported" | "media_too_large" | "media_empty" | "api_key_missing" | "api_key_invalid" | "signature_invalid" | "permission_denied" | "live_mode_required" | "suppression_override_not_allowed" | "operator_only" | "cross_site_request" | "session_expired" | "sign_in_failed" | "second_factor_invalid" | "second_factor_already_set_up" | "second_factor_not_set_up" | "password_incorrect" | "sign_in_locked" | "password_too_weak" | "link_invalid" | "sso_required" | "owner_required" | "last_owner" | "member_not_found" | "api_key_not_found" | "session_not_found" | "template_not_found" | "message_not_found" | "media_not_found" | "reply_target_not_found" | "contact_not_found" | "recipient_not_supported" | "route_not_found" | "webhook_endpoint_not_found" | "event_not_found" | "suppression_not_found" | "erasure_not_found" | "template_not_editable" | "media_in_use" | "client_reference_in_use" | "message_not_cancelable" | "template_name_taken" | "template_name_reserved" | "template_not_approved" | "template_category_not_allowed" | "template_paused" | "template_disabled" | "outside_customer_window" | "block_window_closed" | "contact_not_blockable" | "recipient_suppressed" | "suppression_is_block" | "idempotency_key_reused" | "idempotency_request_in_progress" | "range_not_satisfiable" | "rate_limited" | "platform_rate_limited" | "platform_error" | "platform_unavailable" | "service_unavailable";
                message: string;
                /** @description The item's field at fault, as a path in the whole request (`messages[3].to`). */
                param?: string;
                issues?: {
                    code: string;
                    field: string;
                    message: string;
                }[];
            };
        };
        /**
         * @description Every error response (docs/api.md §D3).
         * @example {
         *       "error": {
         *         "code": "outside_customer_window",
         *         "message": "No message from +16505551234 in the last 24 hours, so only a template can be sent to them (the platform's customer service window).",
         *         "param": "to",
         *         "requestId": "req_0VbcP2yXhw5l2n7Jw3aLkQ9d"
         *       }
         *     }
         */
        ErrorEnvelope: {
            error: {
                /** @description Branch on this, not on the HTTP status. */
                code: "invalid_json" | "parameter_missing" | "parameter_invalid" | "parameter_unknown" | "request_too_large" | "batch_rejected" | "phone_number_invalid" | "template_invalid" | "variables_invalid" | "template_values_missing" | "idempotency_key_missing" | "idempotency_key_invalid" | "media_type_unsupported" | "media_too_large" | "media_empty" | "api_key_missing" | "api_key_invalid" | "signature_invalid" | "permission_denied" | "live_mode_required" | "suppression_override_not_allowed" | "operator_only" | "cross_site_request" | "session_expired" | "sign_in_failed" | "second_factor_invalid" | "second_factor_already_set_up" | "second_factor_not_set_up" | "password_incorrect" | "sign_in_locked" | "password_too_weak" | "link_invalid" | "sso_required" | "owner_required" | "last_owner" | "member_not_found" | "api_key_not_found" | "session_not_found" | "template_not_found" | "message_not_found" | "media_not_found" | "reply_target_not_found" | "contact_not_found" | "recipient_not_supported" | "route_not_found" | "webhook_endpoint_not_found" | "event_not_found" | "suppression_not_found" | "erasure_not_found" | "template_not_editable" | "media_in_use" | "client_reference_in_use" | "message_not_cancelable" | "template_name_taken" | "template_name_reserved" | "template_not_approved" | "template_category_not_allowed" | "template_paused" | "template_disabled" | "outside_customer_window" | "block_window_closed" | "contact_not_blockable" | "recipient_suppressed" | "suppression_is_block" | "idempotency_key_reused" | "idempotency_request_in_progress" | "range_not_satisfiable" | "rate_limited" | "platform_rate_limited" | "platform_error" | "platform_unavailable" | "service_unavailable";
                /** @description A sentence for humans. */
                message: string;
                /** @description The request field at fault (with issues: the first issue's). */
                param?: string;
                /** @description Also in the x-request-id header; quote it to support. */
                requestId: string;
                /** @description Every problem at once, each with a snake_case code and the field's path (`variables[0].example`): on a request the schemas refuse (parameter_missing, parameter_invalid, parameter_unknown, invalid_json), template_invalid, and a rich message's breached limits. */
                issues?: {
                    code: string;
                    field: string;
                    message: string;
                }[];
                platformError?: {
                    code: string;
                    message: string;
                } | null;
                /** @description batch_rejected: each item's refusal, in order (docs/api.md §D18). */
                items?: components["schemas"]["ItemError"][];
            };
        };
        /**
         * @example {
         *       "id": "evt_0VbdB7hJs3Wn9Lq1Pz5xKr2c",
         *       "type": "message.read",
         *       "createdAt": "2026-11-21T14:31:06.120Z",
         *       "data": {
         *         "object": {
         *           "id": "msg_0VbcO6ls4dKMJjI1trWFw2Zd",
         *           "status": "read",
         *           "to": "+16505551234",
         *           "contactId": "ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b",
         *           "type": "text",
         *           "platformMessageId": "wamid.HBgLMTY1MDU1NTEyMzQVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA",
         *           "error": null,
         *           "text": "Your order 1042 has shipped.",
         *           "caption": null,
         *           "mediaId": null,
         *           "templateId": null,
         *           "replyTo": null,
         *           "source": "api",
         *           "sentAt": "2026-11-21T14:31:04.000Z",
         *           "deliveredAt": "2026-11-21T14:31:05.000Z",
         *           "readAt": "2026-11-21T14:31:06.000Z",
         *           "failedAt": null,
         *           "createdAt": "2026-11-21T14:31:03.412Z",
         *           "updatedAt": "2026-11-21T14:31:06.120Z"
         *         }
         *       }
         *     }
         */
        Event: {
            /** @description `evt_` id; also the `webhook-id` header of every delivery of it (use it to drop duplicates). */
            id: string;
            /** @enum {string} */
            type: "message.sent" | "message.delivered" | "message.read" | "message.failed" | "message.canceled" | "message.received" | "template.approved" | "template.rejected" | "template.category_updated" | "template.category_update_scheduled" | "template.paused" | "template.unpaused" | "template.disabled" | "template.flagged" | "template.reinstated" | "template.quality_updated" | "batch.completed" | "account.pricing_tier_updated" | "account.restricted" | "account.restriction_lifted" | "account.disabled" | "account.reinstated" | "account.violation" | "account.alert" | "account.review_updated" | "phone_number.messaging_limit_updated" | "platform.webhook" | "contact.blocked" | "contact.unblocked" | "contact.suppressed" | "contact.unsuppressed" | "contact.erased" | "conversation.handover" | "contact.changed_identity" | "history.imported" | "message.edited" | "message.revoked" | "ad.purchase" | "ad.lead";
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            data: {
                /** @description The resource as its GET returned it when the event happened: a Message, an InboundMessage, a Template, a Batch, a PricingTier (`account.pricing_tier_updated`), an AccountSignal (`account.*` of docs/api.md §D24), a PhoneNumberMessagingLimit (`phone_number.messaging_limit_updated`), a PlatformWebhook (`platform.webhook`: `{ field, value, wabaId, phoneNumberId, receivedAt }`, the value raw), a Contact (`contact.blocked`, `contact.unblocked`), a Suppression (`contact.suppressed`, `contact.unsuppressed`), an IdentityChange (`contact.changed_identity`: `{ object: "identity_change", contactId, change: "number" | "user_id", previous, current, at, platformMessageId }`, previous and current each `{ phone, userId, parentUserId }`: a customer changed number or BSUID, docs/api.md §D31), a HistoryImport (`history.imported`: `{ phoneNumberId, phase, chunkOrder, progress, threads, messages, imported, inbound, outbound, declined }`, one per chunk of the past chats of the WhatsApp Business app), or an AdEvent (`ad.purchase`, `ad.lead`: `{ eventName, phoneNumberId, platformMessageId, messageId, contactId, ctwaClid, currency, value, at }`); `message.edited` and `message.revoked` carry the Message (docs/api.md §D32); a ConversationHandover (`conversation.handover`: `{ contactId, phoneNumberId, from, to, at, reason }`, who holds the conversation, `business` or `meta_agent`, docs/api.md §D30). */
                object: unknown;
            };
            /**
             * @description Present and true on events of test keys.
             * @enum {boolean}
             */
            testMode?: true;
        };
        /**
         * @example {
         *       "id": "we_0VbdA4kNp8Rz1Yc6Vx2mQt5g",
         *       "url": "https://example.com/tidings",
         *       "events": [
         *         "message.delivered",
         *         "message.failed",
         *         "message.read",
         *         "message.received"
         *       ],
         *       "description": "Order notifications",
         *       "enabled": true,
         *       "disabledReason": null,
         *       "failingSince": null,
         *       "secretRollingExpiresAt": null,
         *       "format": "tidings",
         *       "phoneNumberId": null,
         *       "createdAt": "2026-11-21T09:58:40.017Z",
         *       "updatedAt": "2026-11-21T09:58:40.017Z",
         *       "secret": "whsec_Jb8uQ2mV7xK4pR9tL1nZ6cW3yH5sD0fA"
         *     }
         */
        WebhookEndpoint: {
            /** @description `we_` id. */
            id: string;
            url: string;
            events: string[];
            description: string | null;
            enabled: boolean;
            /**
             * @description `requested`: turned off through the API. `failing`: every delivery failed for three days; turn it on again with PATCH `enabled: true`.
             * @enum {string|null}
             */
            disabledReason: "requested" | "failing" | null;
            /**
             * Format: date-time
             * @description When the current run of failed deliveries began; null after a success.
             */
            failingSince: string | null;
            /**
             * Format: date-time
             * @description While set, deliveries are signed with the previous secret too, until then.
             */
            secretRollingExpiresAt: string | null;
            /**
             * @description `tidings`: events, signed per Standard Webhooks (docs/api.md §D10). `cloud_api`: a Cloud API client's app, sent its number's updates in Meta's webhook shapes, signed `X-Hub-Signature-256` with its app secret (docs/api.md §D35).
             * @enum {string}
             */
            format: "tidings" | "cloud_api";
            /** @description A `cloud_api` endpoint's business number (the key's): it receives that number's updates; null for `tidings`. */
            phoneNumberId: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updatedAt: string;
            /** @description `whsec_…`: only in the answers of create and roll_secret. Keep it; it is not shown again. */
            secret?: string;
            /** @enum {boolean} */
            testMode?: true;
        };
        /**
         * @example {
         *       "id": "dlv_0VbdB7iKt4Xo0Mr2Qa6yLs3d",
         *       "eventId": "evt_0VbdB7hJs3Wn9Lq1Pz5xKr2c",
         *       "endpointId": "we_0VbdA4kNp8Rz1Yc6Vx2mQt5g",
         *       "status": "succeeded",
         *       "attemptCount": 2,
         *       "nextAttemptAt": null,
         *       "createdAt": "2026-11-21T14:31:06.120Z",
         *       "updatedAt": "2026-11-21T14:31:11.403Z",
         *       "attempts": [
         *         {
         *           "attemptedAt": "2026-11-21T14:31:06.131Z",
         *           "statusCode": null,
         *           "durationMs": 10002,
         *           "responseBody": null,
         *           "error": "timeout"
         *         },
         *         {
         *           "attemptedAt": "2026-11-21T14:31:11.362Z",
         *           "statusCode": 204,
         *           "durationMs": 41,
         *           "responseBody": "",
         *           "error": null
         *         }
         *       ]
         *     }
         */
        Delivery: {
            /** @description `dlv_` id: one event to one endpoint; a redelivery is a new one. */
            id: string;
            eventId: string;
            endpointId: string;
            /**
             * @description `failed`: every retry failed, or the endpoint was disabled or deleted.
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            attemptCount: number;
            /** Format: date-time */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updatedAt: string;
            /** @description Oldest first. */
            attempts: {
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                attemptedAt: string;
                statusCode: number | null;
                durationMs: number;
                /** @description The first 1 KB of the answer. */
                responseBody: string | null;
                /** @description Why there was no usable answer: `timeout`, `connection_failed: …`, `address_refused: …`; for a Cloud API app, `render_failed: …` (docs/api.md §D35). */
                error: string | null;
            }[];
        };
        PhoneNumber: {
            /** @description The platform's phone number id of the business number. */
            phoneNumberId: string;
            /** @description The number as the platform displays it, digits only. */
            displayPhoneNumber: string;
            /** @description Messages per second the platform allows this number (its throughput tier: 80 by default, 1,000 after an upgrade). */
            throughput: number;
            /**
             * @description `platform`: read from the platform (daily, and at once on its upgrade webhook). `override`: set by an operator (`accounts create --throughput`). `default`: 80 until the platform answers.
             * @enum {string}
             */
            throughputSource: "platform" | "override" | "default";
            /**
             * @description Whether the number can send through Direct Send, the platform's 2026 beta for utility messages outside the customer service window (docs/api.md §D19), as learned from the platform's answers: `unknown` until a routed send tried it; `enabled`; `not_enabled` (the platform answered 100, "Direct Send isn't enabled for this account"); `blocked` (139200). A refusal is tried again after a day.
             * @enum {string}
             */
            directSend: "unknown" | "enabled" | "not_enabled" | "blocked";
            /** @description True for the number this key sends from. */
            sender: boolean;
            /** @description True when the account is bound to Tidings' built-in Cloud API simulator: nothing reaches a real customer. */
            simulated: boolean;
            messagingLimit: {
                /** @description As the platform gave it: `TIER_250`, `TIER_2K`, `TIER_10K`, `TIER_100K`, `TIER_UNLIMITED`, or a number from the older `max_daily_conversation_per_phone`. */
                tier: string;
                dailyUsers: number | null;
                unlimited: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                updatedAt: string;
            } | null;
            /** @description Messages/s this number sends at now: 96 % of its tier, lower for a while after the platform answered 130429. */
            pace: number;
            /** @description Messages accepted and not yet taken by the platform (in the key's mode). */
            queued: number;
            /** @description Age of the oldest of them, seconds; null when none is queued. */
            oldestQueuedAgeSeconds: number | null;
            heldBack: {
                /**
                 * @description `throughput_exceeded`: the platform answered 130429 and the pace is lowered for a few seconds. `platform_unavailable`: the platform is failing or not answering; sends are retried with backoff. `graph_rate_limited` (4, 80007), `number_maintenance` (131057, e.g. a tier upgrade), `access_token_rejected` (0, 190), `permission_missing`, `account_restricted`, `number_not_registered`: the whole queue waits and retries until the cause is fixed or each message's validity period ends. `lease`: messages were claimed by a process that stopped or stalled before sending them (a crash, kill -9); any process takes them again when their claim ends. `reconciling`: sends got no answer; each waits for a status report before it is sent again (`RECONCILIATION_WINDOW_MS`). `retrying`: nothing else is due; the next message waits for its retry after a failed attempt. `template_paused`: nothing else is due; the next message waits for a template the platform paused (docs/api.md §D20), sent once it is approved again. More reasons may come: show `message` for one you do not know.
                 * @enum {string}
                 */
                reason: "graph_rate_limited" | "number_maintenance" | "access_token_rejected" | "permission_missing" | "account_restricted" | "number_not_registered" | "platform_unavailable" | "throughput_exceeded" | "lease" | "reconciling" | "retrying" | "template_paused";
                /** @description What holds it back, for people: the platform's error, or how many messages wait and for what. */
                message: string;
                /**
                 * Format: date-time
                 * @description When sending is tried again (for `lease`, when the last claim ends); null while the pace recovers by itself.
                 */
                until: string | null;
            } | null;
        };
        /**
         * @example {
         *       "id": "acc_0VbcN2Qw8Rt5Lp3Xk7Hm1Zs4",
         *       "name": "Acme Parcels",
         *       "wabaId": "102290129340398",
         *       "retention": {
         *         "customerFilesDays": 90,
         *         "messageBodiesDays": 365,
         *         "eventsDays": 30,
         *         "platformPayloadsDays": 30,
         *         "inactiveContactsDays": null,
         *         "auditDays": 365,
         *         "defaults": {
         *           "customerFilesDays": null,
         *           "messageBodiesDays": null,
         *           "eventsDays": 30,
         *           "platformPayloadsDays": 30,
         *           "inactiveContactsDays": null,
         *           "auditDays": 365
         *         }
         *       },
         *       "createdAt": "2026-11-02T09:10:01.220Z"
         *     }
         */
        Account: {
            /** @description `acc_` id. */
            id: string;
            name: string;
            /** @description The WhatsApp Business Account the numbers belong to. */
            wabaId: string;
            /** @description How long each kind of data is kept, as it applies now (docs/api.md §D17). Set by the operator (`tidings accounts update`); applied by the hourly retention sweep. */
            retention: {
                /** @description Days a file a customer sent is kept, then deleted (null: for ever). */
                customerFilesDays: number | null;
                /** @description Days what a message says (both directions, and in events) is kept, then removed; its metadata stays (null: for ever). */
                messageBodiesDays: number | null;
                /** @description Days events are kept (listed, redelivered), then removed with their deliveries and attempts (null: for ever). */
                eventsDays: number | null;
                /** @description Days the platform's raw webhook payloads are kept: a customer message's stored platform object is then cut to what its InboundMessage shows, and `platform.webhook` events are removed. */
                platformPayloadsDays: number;
                /** @description Days after its last activity a contact is erased with everything held on it (null: never). */
                inactiveContactsDays: number | null;
                /** @description Days audit trail entries are kept (docs/api.md §D27). */
                auditDays: number;
                /** @description What each kind is when the operator sets none. */
                defaults: {
                    /** @description Days a file a customer sent is kept, then deleted (null: for ever). */
                    customerFilesDays: number | null;
                    /** @description Days what a message says (both directions, and in events) is kept, then removed; its metadata stays (null: for ever). */
                    messageBodiesDays: number | null;
                    /** @description Days events are kept (listed, redelivered), then removed with their deliveries and attempts (null: for ever). */
                    eventsDays: number | null;
                    /** @description Days the platform's raw webhook payloads are kept: a customer message's stored platform object is then cut to what its InboundMessage shows, and `platform.webhook` events are removed. */
                    platformPayloadsDays: number;
                    /** @description Days after its last activity a contact is erased with everything held on it (null: never). */
                    inactiveContactsDays: number | null;
                    /** @description Days audit trail entries are kept (docs/api.md §D27). */
                    auditDays: number;
                };
            };
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
        };
        /**
         * @description The platform's notice that the account's WhatsApp Business Account moved to a new volume-based pricing tier in a market for a month: lower rates for utility and authentication templates from that volume on. One per month, category and region; a later notice for the same ones replaces it.
         * @example {
         *       "id": "ptr_0VbdS3kQ8mT2Lp6Xw9zHa4c",
         *       "effectiveMonth": "2026-11",
         *       "pricingCategory": "UTILITY",
         *       "region": "INDIA",
         *       "tier": "25000001:50000000",
         *       "tierMin": 25000001,
         *       "tierMax": 50000000,
         *       "tierUpdatedAt": "2026-11-18T06:51:43.000Z",
         *       "receivedAt": "2026-11-18T06:51:44.210Z"
         *     }
         */
        PricingTier: {
            /** @description `ptr_` id. */
            id: string;
            /** @description The month (`YYYY-MM`) the tier applies to. */
            effectiveMonth: string;
            /** @description The category of messages the tier prices, as the platform names it: `UTILITY`, `AUTHENTICATION`… */
            pricingCategory: string;
            /** @description The market, as the platform names it (`INDIA`…): the rate card's markets. */
            region: string;
            /** @description The tier as the platform gave it: a range of messages a month, `lower:upper`. */
            tier: string;
            tierMin: number | null;
            tierMax: number | null;
            /**
             * Format: date-time
             * @description When the WhatsApp Business Account reached the tier, as the platform says (`tier_update_time`).
             */
            tierUpdatedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            receivedAt: string;
        };
        Me: {
            /** @description The person (`usr_…`). */
            id: string;
            email: string;
            name: string;
            /** @description Whether the person has a second factor set up. */
            secondFactor: boolean;
            account: {
                id: string;
                name: string;
                role: string;
            };
            mode: "live" | "test";
            phoneNumberId: string;
            /** @description The role's permissions in this account. */
            permissions: string[];
            /** @description Every account the person is a member of. */
            accounts: {
                id: string;
                name: string;
                role: string;
            }[];
        };
        /**
         * @example {
         *       "id": "med_0VbcOd9Lm2Xq5Tb7Wy1zHs3u",
         *       "filename": "receipt.pdf",
         *       "mimeType": "application/pdf",
         *       "sizeBytes": 48213,
         *       "source": "upload",
         *       "createdAt": "2026-11-21T14:20:11.305Z"
         *     }
         */
        Media: {
            /** @description `med_` id: use it as `mediaId` when sending, or in a template media header. */
            id: string;
            /** @description The name the file was uploaded under, or a customer's document's name (`image.jpg` and the like for other files a customer sent); for display. */
            filename: string;
            /** @description The type read from the content: for an upload, normalised to what the platform accepts; for a file a customer sent, what its bytes are (`application/octet-stream` when they tell nothing), whatever the platform declared (its declaration stays on the customer message's `media.mimeType`). */
            mimeType: string;
            sizeBytes: number;
            /** @description `upload`: uploaded through `POST /v1/media`; `inbound`: a file a customer sent, downloaded from the platform (its message's `media.id`). */
            source: "upload" | "inbound";
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            /**
             * @description Uploaded with a test key: stored only, usable by test sends.
             * @enum {boolean}
             */
            testMode?: true;
        };
        /**
         * @example {
         *       "id": "tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e",
         *       "name": "order_shipped",
         *       "category": "UTILITY",
         *       "language": "en_US",
         *       "header": {
         *         "type": "text",
         *         "text": "Order {{1}}",
         *         "example": "A-1042"
         *       },
         *       "body": "Hi {{1}}, your order has shipped and should arrive on {{2}}.",
         *       "variables": [
         *         {
         *           "example": "Maria",
         *           "name": "first_name"
         *         },
         *         {
         *           "example": "Tuesday"
         *         }
         *       ],
         *       "footer": "Reply STOP to opt out",
         *       "buttons": [
         *         {
         *           "type": "quick_reply",
         *           "text": "Stop updates"
         *         },
         *         {
         *           "type": "url",
         *           "text": "Track order",
         *           "url": "https://shop.example.com/track/{{1}}",
         *           "example": "A-1042"
         *         }
         *       ],
         *       "status": "approved",
         *       "timeToLive": null,
         *       "source": "tidings",
         *       "quality": "GREEN",
         *       "pause": null,
         *       "flag": null,
         *       "previousCategory": null,
         *       "categoryUpdate": null,
         *       "libraryTemplateName": null,
         *       "libraryInputs": null,
         *       "rejectionReason": null,
         *       "approvedAt": "2026-11-21T10:00:02.000Z",
         *       "createdAt": "2026-11-21T10:00:00.871Z",
         *       "updatedAt": "2026-11-21T10:00:02.104Z"
         *     }
         */
        Template: {
            /** @description `tpl_` id. */
            id: string;
            name: string;
            /**
             * @description pending: held by Tidings, submission queued; processing: under review at the platform; approved: can be sent; rejected; paused: the platform paused it after poor customer feedback (sends refused with 409 template_paused, queued ones held until it is approved again); disabled: the platform disabled it for good (paused too often). New values may be added: treat an unknown one as not sendable.
             * @enum {string}
             */
            status: "pending" | "processing" | "approved" | "rejected" | "paused" | "disabled";
            /**
             * @description The platform may re-categorise on approval and later (see previousCategory and categoryUpdate); only UTILITY can be sent.
             * @enum {string}
             */
            category: "UTILITY" | "MARKETING" | "AUTHENTICATION";
            previousCategory: string | null;
            categoryUpdate: {
                /** @description The category the platform will move the template to. */
                category: string;
                /**
                 * Format: date-time
                 * @description When the change takes effect (the platform gives 24 hours).
                 */
                effectiveAt: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                noticedAt: string;
            } | null;
            /**
             * @description The platform's quality score from customers' feedback; UNKNOWN until it has one.
             * @enum {string}
             */
            quality: "GREEN" | "YELLOW" | "RED" | "UNKNOWN";
            pause: {
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                pausedAt: string;
                /** @description The platform's word for it: FIRST_PAUSE, SECOND_PAUSE, RATE_LIMITING_PAUSE… */
                title: string | null;
                description: string | null;
            } | null;
            flag: {
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                flaggedAt: string;
                /** @description When the platform will disable it unless its quality improves, as the platform words it. */
                disableDate: string | null;
            } | null;
            language: string;
            body: string;
            variables: {
                /** @description Example value for this placeholder; the platform rejects templates without examples. */
                example: string;
                /** @description Optional name to key the value by at send time (lowercase letters, digits, underscores). */
                name?: string;
            }[];
            /** @description `{ "type": "text", "text", "example" }` or `{ "type": "image" | "video" | "document", "mediaId" }`; null without a header. */
            header: {
                /** @enum {string} */
                type: "text" | "image" | "video" | "document";
                text?: string;
                example?: string;
                mediaId?: string;
            } | null;
            footer: string | null;
            /** @description In the order the customer sees them; empty without buttons. */
            buttons: {
                /**
                 * @description quick_reply, url, phone_number, copy_code or request_contact_info.
                 * @enum {string}
                 */
                type: "quick_reply" | "url" | "phone_number" | "copy_code" | "request_contact_info";
                /** @description The label, at most 25 characters; every type but copy_code (whose label is the platform's own). */
                text?: string;
                /** @description url buttons: an http(s) URL of at most 2,000 characters, static or ending in the placeholder {{1}}. */
                url?: string;
                /** @description url buttons with {{1}}: an example value of the URL's end (required then); copy_code buttons: an example code of at most 15 characters. */
                example?: string;
                /** @description phone_number buttons: the number to call, E.164. */
                phoneNumber?: string;
            }[];
            timeToLive: number | null;
            /**
             * @description `tidings`: made through this API or the dashboard. `generated`: made by the platform for a Direct Send (docs/api.md §D19); read-only. `platform`: made outside Tidings (in WhatsApp Manager) and imported by the reconciliation.
             * @enum {string}
             */
            source: "tidings" | "generated" | "platform";
            /** @description The Template Library entry it was made from (POST /v1/templates/from_library); null otherwise. */
            libraryTemplateName: string | null;
            /** @description The library inputs given at create; null for other templates. */
            libraryInputs: Record<string, never> | null;
            rejectionReason: string | null;
            /** Format: date-time */
            approvedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updatedAt: string;
        };
        /**
         * @example {
         *       "id": "tch_0VbdQ2mR7sKt4Lp9Xw3zHa1c",
         *       "templateId": "tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e",
         *       "at": "2026-11-24T08:12:40.000Z",
         *       "type": "paused",
         *       "source": "webhook",
         *       "changes": {
         *         "status": {
         *           "from": "approved",
         *           "to": "paused"
         *         }
         *       },
         *       "detail": {
         *         "title": "FIRST_PAUSE",
         *         "description": "Your message template has been paused because of low quality."
         *       }
         *     }
         */
        TemplateChange: {
            /** @description `tch_` id; later changes sort later. */
            id: string;
            templateId: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            at: string;
            /**
             * @description What happened. New values may be added.
             * @enum {string}
             */
            type: "created" | "imported" | "edited" | "submitted" | "approved" | "rejected" | "paused" | "unpaused" | "disabled" | "flagged" | "reinstated" | "quality_updated" | "category_update_scheduled" | "category_updated" | "ttl_updated" | "deleted";
            /**
             * @description `api`: a call to this API (or the dashboard, or the CLI); `webhook`: the platform said so; `reconciliation`: found by comparing with the platform (a webhook was lost, or the template was made outside Tidings); `send`: the platform's answer to a send.
             * @enum {string}
             */
            source: "api" | "webhook" | "reconciliation" | "send";
            /** @description The fields that changed, before and after (a scheduled category change: the current category and the announced one). */
            changes: {
                status?: {
                    from: string | null;
                    to: string | null;
                };
                quality?: {
                    from: string | null;
                    to: string | null;
                };
                category?: {
                    from: string | null;
                    to: string | null;
                };
                timeToLive?: {
                    from: number | null;
                    to: number | null;
                };
            };
            detail: {
                reason?: string;
                /** @description A pause's title: FIRST_PAUSE, SECOND_PAUSE… */
                title?: string;
                description?: string;
                disableDate?: string;
                /** @description When an announced category change takes effect. */
                effectiveAt?: string;
                event?: string;
            } | null;
        };
        /**
         * @example {
         *       "name": "delivery_update_1",
         *       "language": "en_US",
         *       "category": "UTILITY",
         *       "topic": "ORDER_MANAGEMENT",
         *       "usecase": "DELIVERY_UPDATE",
         *       "industry": [
         *         "E_COMMERCE"
         *       ],
         *       "header": null,
         *       "body": "Good news! Your order #{{1}} is on its way. Estimated delivery: {{2}}.",
         *       "bodyParams": [
         *         "12345",
         *         "January 1, 2025"
         *       ],
         *       "buttons": [
         *         {
         *           "type": "URL",
         *           "text": "Track package",
         *           "url": null,
         *           "phoneNumber": null
         *         }
         *       ]
         *     }
         */
        LibraryTemplate: {
            /** @description Its library name: give it as `libraryTemplateName`. */
            name: string;
            language: string;
            /** @description Set by the library (UTILITY); the platform never re-categorises a library template. */
            category: string;
            topic: string | null;
            usecase: string | null;
            industry: string[];
            header: string | null;
            /** @description The text, with its placeholders. */
            body: string;
            /** @description Example values of the placeholders. */
            bodyParams: string[];
            /** @description Its buttons; a URL or phone number button takes its value from `libraryInputs.buttons`. */
            buttons: {
                type: string;
                text: string | null;
                url: string | null;
                phoneNumber: string | null;
            }[];
        };
        /**
         * @example {
         *       "imported": [
         *         "tpl_p1387372356726668"
         *       ],
         *       "updated": [
         *         {
         *           "id": "tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e",
         *           "changes": {
         *             "status": {
         *               "from": "approved",
         *               "to": "paused"
         *             }
         *           }
         *         }
         *       ],
         *       "deleted": [],
         *       "unchanged": 12,
         *       "syncedAt": "2026-11-26T09:00:00.000Z"
         *     }
         */
        TemplateSyncResult: {
            /** @description The `tpl_` ids of templates made outside Tidings (in WhatsApp Manager), now stored with `source: "platform"`. */
            imported: string[];
            updated: {
                id: string;
                /** @description Each field the platform had otherwise (`status`, `quality`, `category`), before and after: what a lost webhook left behind. */
                changes: {
                    [key: string]: {
                        from: string | null;
                        to: string | null;
                    };
                };
            }[];
            /** @description Templates no longer at the platform, now deleted here. */
            deleted: string[];
            /** @description Templates the platform and Tidings already agreed on. */
            unchanged: number;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            syncedAt: string;
        };
        /**
         * @description A text header.
         * @example {
         *       "type": "text",
         *       "text": "Order {{1}}",
         *       "example": "A-1042"
         *     }
         */
        TextHeader: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "text";
            /** @description At most 60 characters and one placeholder, {{1}}. */
            text: string;
            /** @description Example for {{1}}; at send time the value goes under "header" in variables. */
            example?: string;
        };
        /**
         * @description A media header: the file is uploaded first (POST /v1/media).
         * @example {
         *       "type": "document",
         *       "mediaId": "med_0VbcOd9Lm2Xq5Tb7Wy1zHs3u"
         *     }
         */
        MediaHeader: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "image" | "video" | "document";
            /** @description A med_ id of an upload of that kind. */
            mediaId: string;
        };
        /**
         * @description A customer no message may be sent to (scope `all`), or no marketing template (scope `marketing`), from one business number or all of the account's.
         * @example {
         *       "id": "sup_0VbdT4mR9nW2Kp7Xy1zLb5d",
         *       "phoneNumberId": null,
         *       "contactId": "ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b",
         *       "phone": "+16505551234",
         *       "userId": null,
         *       "reason": "opt_out_keyword",
         *       "scope": "all",
         *       "source": "keyword",
         *       "active": true,
         *       "createdAt": "2026-11-21T14:30:58.000Z",
         *       "liftedAt": null,
         *       "liftedBy": null
         *     }
         */
        Suppression: {
            /** @description `sup_` id. */
            id: string;
            /** @description The business number it covers; null: every number of the account. */
            phoneNumberId: string | null;
            /** @description The `ct_` contact, when known. */
            contactId: string | null;
            /** @description E.164, when known. */
            phone: string | null;
            /** @description The business-scoped user id (BSUID), when known. */
            userId: string | null;
            /**
             * @description `opt_out_keyword`: the customer wrote an opt-out keyword (STOP…). `platform_preference`: the platform reported they stopped marketing messages. `api`: a key suppressed them. `blocked`: the business blocked them.
             * @enum {string}
             */
            reason: "opt_out_keyword" | "platform_preference" | "api" | "blocked";
            /**
             * @description `all`: every send is refused; `marketing`: only marketing templates are.
             * @enum {string}
             */
            scope: "all" | "marketing";
            /**
             * @description What suppressed them: `api`, `keyword`, `webhook`, `block`, `dashboard`.
             * @enum {string}
             */
            source: "api" | "keyword" | "webhook" | "block" | "dashboard";
            /** @description False once lifted. */
            active: boolean;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it was lifted; null while active.
             */
            liftedAt: string | null;
            /** @description What lifted it (`api`, `keyword`, `webhook`, `block`, `dashboard`); null while active. */
            liftedBy: string | null;
        };
        /**
         * @example {
         *       "allowSuppressionOverride": false,
         *       "optOutKeywords": [
         *         "stop",
         *         "unsubscribe"
         *       ],
         *       "optInKeywords": [
         *         "start",
         *         "unstop"
         *       ],
         *       "optOutReply": "You will get no more messages from us. Reply START to opt back in.",
         *       "optInReply": null
         *     }
         */
        ConsentSettings: {
            /** @description Whether a send may say `"suppression": "ignore"` to reach a suppressed customer (a notice they must get). Default false. An operator's decision: set with `npx tidings accounts consent <account id> --allow-suppression-override` on the service's host, never by a key. */
            allowSuppressionOverride: boolean;
            /** @description Folded opt-out keywords. */
            optOutKeywords: string[];
            /** @description Folded opt-in keywords. */
            optInKeywords: string[];
            /** @description The confirmation sent after an opt-out keyword; null: none. */
            optOutReply: string | null;
            /** @description The confirmation sent after an opt-in keyword; null: none. */
            optInReply: string | null;
        };
        /**
         * @example {
         *       "id": "ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b",
         *       "phone": "+16505551234",
         *       "userId": "US.13491208655302741918",
         *       "parentUserId": null,
         *       "name": "Maria",
         *       "username": null,
         *       "window": {
         *         "open": true,
         *         "expiresAt": "2026-11-22T14:30:58.000Z"
         *       },
         *       "lastInboundAt": "2026-11-21T14:30:58.000Z",
         *       "lastOutboundAt": "2026-11-21T14:31:03.412Z",
         *       "lastActivityAt": "2026-11-21T14:31:03.412Z",
         *       "createdAt": "2026-11-02T09:12:44.101Z",
         *       "updatedAt": "2026-11-21T14:31:03.412Z",
         *       "blocked": null,
         *       "conversation": {
         *         "holder": "business",
         *         "since": null,
         *         "reason": null
         *       },
         *       "suppression": null,
         *       "marketingConsent": {
         *         "value": "granted",
         *         "reportedAt": "2026-11-15T21:22:01.000Z"
         *       }
         *     }
         */
        Contact: {
            /** @description `ct_` id. */
            id: string;
            /** @description E.164, when the platform gave it (a customer who shows only a username may have none). */
            phone: string | null;
            /** @description The customer's business-scoped user id (BSUID, `US.13491208655302741918`), when the platform gave it. */
            userId: string | null;
            /** @description The parent BSUID (`US.ENT.11815799212886844830`), for businesses with linked portfolios. */
            parentUserId: string | null;
            /** @description WhatsApp profile name, as last seen. */
            name: string | null;
            /** @description WhatsApp username, as last seen. */
            username: string | null;
            /** @description The customer service window (24 hours after the customer's last message), however the customer is addressed. */
            window: {
                /** @description Whether free-form messages (text, media) can be sent now: the customer wrote in the last 24 hours. */
                open: boolean;
                /**
                 * Format: date-time
                 * @description 24 hours after the customer last wrote (in the past once closed); null if they never wrote.
                 */
                expiresAt: string | null;
            };
            /**
             * Format: date-time
             * @description When the customer last wrote.
             */
            lastInboundAt: string | null;
            /**
             * Format: date-time
             * @description When a message to them was last accepted.
             */
            lastOutboundAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            lastActivityAt: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updatedAt: string;
            blocked: {
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                at: string;
                /** @description `api` (these endpoints), `dashboard`, or `sync` (found on the platform's blocklist by `POST /v1/contacts/blocks/sync`). */
                source: "api" | "dashboard" | "sync";
            } | null;
            /** @description Who holds the customer's conversation on this number (docs/api.md §D30). */
            conversation: {
                /**
                 * @description Who answers the customer now: `business` (this API and the dashboard) or `meta_agent` (Meta Business Agent; its conversation comes under the platform's `standby` field). A free-form message from the business takes it back (docs/api.md §D30).
                 * @enum {string}
                 */
                holder: "business" | "meta_agent";
                /**
                 * Format: date-time
                 * @description When the holder last changed; null if it never did.
                 */
                since: string | null;
                /** @description Why it last changed: `standby_message`, `agent_reply`, `control_passed`, `control_taken`, `messages_field` or `service_message` (docs/api.md §D30); null if it never did. */
                reason: string | null;
            };
            appContact?: {
                /**
                 * @description `saved` while the app's address book holds them; `removed` once it removed them.
                 * @enum {string}
                 */
                state: "saved" | "removed";
                /** @description Their full name in the app's address book (null once removed). */
                name: string | null;
                /** @description Their first name in the app's address book. */
                firstName: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                syncedAt: string;
            } | null;
            suppression: {
                /** @description `sup_` id (GET /v1/suppressions). */
                id: string;
                /** @description `opt_out_keyword`, `platform_preference`, `api` or `blocked`. */
                reason: string;
                /** @description `all`, or `marketing` (only marketing templates refused). */
                scope: string;
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                since: string;
            } | null;
            marketingConsent: {
                /** @enum {string} */
                value: "granted" | "revoked";
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                reportedAt: string;
            } | null;
            /** @enum {boolean} */
            testMode?: true;
        };
        BlockResult: {
            contactId: string;
            /** @description `blocked` / `unblocked` (also when it already was: both are idempotent), or `failed` with `error`. */
            outcome: "blocked" | "unblocked" | "failed";
            error: {
                /** @description As the single-contact endpoint would answer: `contact_not_found`, `contact_not_blockable`, `block_window_closed`, `platform_error`. */
                code: "invalid_json" | "parameter_missing" | "parameter_invalid" | "parameter_unknown" | "request_too_large" | "batch_rejected" | "phone_number_invalid" | "template_invalid" | "variables_invalid" | "template_values_missing" | "idempotency_key_missing" | "idempotency_key_invalid" | "media_type_unsupported" | "media_too_large" | "media_empty" | "api_key_missing" | "api_key_invalid" | "signature_invalid" | "permission_denied" | "live_mode_required" | "suppression_override_not_allowed" | "operator_only" | "cross_site_request" | "session_expired" | "sign_in_failed" | "second_factor_invalid" | "second_factor_already_set_up" | "second_factor_not_set_up" | "password_incorrect" | "sign_in_locked" | "password_too_weak" | "link_invalid" | "sso_required" | "owner_required" | "last_owner" | "member_not_found" | "api_key_not_found" | "session_not_found" | "template_not_found" | "message_not_found" | "media_not_found" | "reply_target_not_found" | "contact_not_found" | "recipient_not_supported" | "route_not_found" | "webhook_endpoint_not_found" | "event_not_found" | "suppression_not_found" | "erasure_not_found" | "template_not_editable" | "media_in_use" | "client_reference_in_use" | "message_not_cancelable" | "template_name_taken" | "template_name_reserved" | "template_not_approved" | "template_category_not_allowed" | "template_paused" | "template_disabled" | "outside_customer_window" | "block_window_closed" | "contact_not_blockable" | "recipient_suppressed" | "suppression_is_block" | "idempotency_key_reused" | "idempotency_request_in_progress" | "range_not_satisfiable" | "rate_limited" | "platform_rate_limited" | "platform_error" | "platform_unavailable" | "service_unavailable";
                message: string;
                platformError: {
                    code: string;
                    message: string;
                } | null;
            } | null;
        };
        BlockedContact: {
            contactId: string;
            /** @description E.164, as blocked. */
            phone: string | null;
            /** @description The BSUID, as blocked. */
            userId: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            blockedAt: string;
            source: "api" | "dashboard" | "sync";
        };
        /**
         * @example {
         *       "id": "msg_0VbcO6ls4dKMJjI1trWFw2Zd",
         *       "status": "read",
         *       "to": "+16505551234",
         *       "contactId": "ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b",
         *       "type": "text",
         *       "platformMessageId": "wamid.HBgLMTY1MDU1NTEyMzQVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA",
         *       "error": null,
         *       "text": "Your order 1042 has shipped.",
         *       "caption": null,
         *       "mediaId": null,
         *       "templateId": null,
         *       "replyTo": null,
         *       "source": "api",
         *       "sentAt": "2026-11-21T14:31:04.000Z",
         *       "deliveredAt": "2026-11-21T14:31:05.000Z",
         *       "readAt": "2026-11-21T14:31:06.000Z",
         *       "failedAt": null,
         *       "createdAt": "2026-11-21T14:31:03.412Z",
         *       "updatedAt": "2026-11-21T14:31:06.120Z"
         *     }
         */
        Message: {
            /** @description `msg_` id. */
            id: string;
            /** @enum {string} */
            status: "scheduled" | "accepted" | "sent" | "delivered" | "read" | "failed" | "canceled";
            /** @description The recipient as addressed: E.164 (`+16505551234`) or a business-scoped user id (`US.13491208655302741918`, `US.ENT.…`), as the send gave it. A send to a `ct_` id records the address it resolved to (the contact's phone number, else its BSUID); `contactId` names the contact. */
            to: string;
            /** @description The contact (`ct_`) the message went to; null for messages stored before contacts existed. */
            contactId: string | null;
            /**
             * @description Null only for a message the service did not send and whose kind the platform did not report.
             * @enum {string|null}
             */
            type: "template" | "text" | "media" | "interactive" | "location" | "contacts" | "reaction" | null;
            /** @description The wamid. Null until the message is dispatched and the platform took it (the send answers before that), and always on a test key. */
            platformMessageId: string | null;
            error: {
                /** @description The platform's error code (`131026`…), or a Tidings code: `validity_period_expired`, `media_not_found` (its file was deleted before its turn), `content_removed` (message-body retention removed what it said before its turn), `platform_error`, `outside_customer_window` (a routed send nothing could carry when its turn came), `ttl_expired` (never delivered within the time to live Tidings gave the platform). */
                code: string;
                message: string;
            } | null;
            text: string | null;
            caption: string | null;
            mediaId: string | null;
            templateId: string | null;
            /** @description A template send's `variables`, as the send gave them (null when it gave none: the template's examples were sent). */
            variables?: {
                [key: string]: string;
            } | null;
            /** @description A template send's `buttons`, as the send gave them. */
            buttons?: {
                [key: string]: {
                    /** @description quick_reply: returned when the customer taps it; default: the button's label. */
                    payload?: string;
                    /** @description url with {{1}}: the end of the URL, percent-encoded; required. */
                    urlSuffix?: string;
                    /** @description copy_code: the code to copy, at most 15 characters; required. */
                    couponCode?: string;
                };
            } | null;
            /** @description The message this one quotes: a `msg_` id or a wamid, as given. */
            replyTo: string | null;
            interactive?: (components["schemas"]["InteractiveButtons"] | components["schemas"]["InteractiveList"] | components["schemas"]["InteractiveCtaUrl"]) | null;
            location?: {
                /** @description Decimal degrees, −90 to 90. */
                latitude: number;
                /** @description Decimal degrees, −180 to 180. */
                longitude: number;
                /** @description The place's name, at most 1,000 characters. */
                name?: string;
                /** @description Its address, at most 1,000 characters. */
                address?: string;
            } | null;
            contacts?: {
                name: {
                    /** @description The name as shown; required. */
                    formatted: string;
                    /** @description First name. */
                    first?: string;
                    /** @description Last name. */
                    last?: string;
                    /** @description Middle name. */
                    middle?: string;
                    /** @description Name prefix. */
                    prefix?: string;
                    /** @description Name suffix. */
                    suffix?: string;
                };
                phones?: {
                    /** @description As shown. */
                    phone: string;
                    /** @description `CELL`, `HOME`, `WORK`… */
                    type?: string;
                    /** @description The WhatsApp id (digits), which adds a "Message" button. */
                    waId?: string;
                }[];
                emails?: {
                    /** @description An email address. */
                    email: string;
                    /** @description `HOME`, `WORK`… as the platform shows it. */
                    type?: string;
                }[];
                urls?: {
                    /** @description A web address. */
                    url: string;
                    /** @description `HOME`, `WORK`… as the platform shows it. */
                    type?: string;
                }[];
                org?: {
                    /** @description Company. */
                    company?: string;
                    /** @description Department. */
                    department?: string;
                    /** @description Job title. */
                    title?: string;
                };
                addresses?: {
                    /** @description Street. */
                    street?: string;
                    /** @description City. */
                    city?: string;
                    /** @description State. */
                    state?: string;
                    /** @description Postal code. */
                    zip?: string;
                    /** @description Country. */
                    country?: string;
                    /** @description ISO country code. */
                    countryCode?: string;
                    /** @description `HOME`, `WORK`… */
                    type?: string;
                }[];
                /** @description YYYY-MM-DD. */
                birthday?: string;
            }[] | null;
            reaction?: {
                /** @description The message reacted to: a customer message (`in_` id or its wamid) or one of ours (`msg_` id). */
                messageId: string;
                /** @description One emoji; `""` removes the reaction sent before. */
                emoji: string;
            } | null;
            customerReaction?: {
                emoji: string;
                /**
                 * Format: date-time
                 * @description ISO 8601, UTC.
                 */
                at: string;
            } | null;
            /**
             * @description `api`: sent through this API. `dashboard`: sent from the web dashboard. `external`: known only from the platform's status reports (sent from other tools). `business_app`: sent from the WhatsApp Business app on a number shared with the API (the platform's `smb_message_echoes`, docs/api.md §D24). `meta_agent`: Meta Business Agent's reply to the customer while it held the conversation (an echo under the platform's `standby`, docs/api.md §D30); not the business's send, never billed to it here. `consent_reply`: sent by Tidings itself, the account's confirmation of a customer's opt-out or opt-in keyword (docs/api.md §D23). More values may come.
             * @enum {string}
             */
            source: "api" | "dashboard" | "external" | "business_app" | "meta_agent" | "consent_reply";
            /** Format: date-time */
            sentAt: string | null;
            /** Format: date-time */
            deliveredAt: string | null;
            /** Format: date-time */
            readAt: string | null;
            /** Format: date-time */
            failedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @description The `sendAt` it was scheduled for; null when sent at once. A `scheduled` message enters its number's queue then.
             */
            scheduledAt?: string | null;
            /**
             * Format: date-time
             * @description When it was canceled (status `canceled`).
             */
            canceledAt?: string | null;
            /** @description The batch (`bat_`) it was sent in; null for a single send. */
            batchId?: string | null;
            /** @description The send's `clientReference`, as given. */
            clientReference?: string | null;
            /**
             * @description How the send asked to be routed (docs/api.md §D19): `free_form` (as written) or `auto` (by the customer service window at dispatch).
             * @enum {string}
             */
            route?: "free_form" | "auto";
            deliveredAs?: ("free_form" | "direct_send" | "template") | null;
            fallback?: {
                /** @description The `tpl_` id the fallback resolved to when accepted. */
                templateId: string;
                variables: {
                    [key: string]: string;
                } | null;
                buttons: {
                    [key: string]: {
                        /** @description quick_reply: returned when the customer taps it; default: the button's label. */
                        payload?: string;
                        /** @description url with {{1}}: the end of the URL, percent-encoded; required. */
                        urlSuffix?: string;
                        /** @description copy_code: the code to copy, at most 15 characters; required. */
                        couponCode?: string;
                    };
                } | null;
            } | null;
            /** @description A Direct Send's template, generated by the platform (a `tpl_` id in GET /v1/templates with `source: "generated"`), once its statuses named it. */
            generatedTemplateId?: string | null;
            /** @description On the send's answer only: it was accepted, but something about it deserves a look. */
            warnings?: {
                /** @description `validity_shorter_than_template_ttl`: the platform may deliver the template after the send's `validityPeriod` ends. */
                code: string;
                message: string;
                /** @description The field it is about. */
                param?: string;
            }[];
            pricing?: {
                /** @description Whether the platform bills it (Meta's `pricing.billable`, deprecated by Meta but still sent). The platform charges delivered messages. */
                billable: boolean | null;
                /** @description `PMP` (per-message pricing, since 1 July 2025); `CBP` before. */
                model: string | null;
                /** @description `utility`, `marketing`, `authentication`, `authentication-international`, `marketing_lite`, `service` or `referral_conversion`: what the platform bills it as (a template the platform re-categorised is billed as its new category). */
                category: string | null;
                /** @description `regular`, `free_customer_service` or `free_entry_point`. */
                type: string | null;
            } | null;
            /**
             * Format: date-time
             * @description When the account's message-body retention removed what the message said (`text`, `caption`, rich content, template values, now null); its metadata stays. Null while kept (docs/api.md §D17).
             */
            contentRemovedAt?: string | null;
            /** @description True for a message of the WhatsApp Business app's past chats, imported from the platform's `history` webhook (docs/api.md §D32): it sent no event and counts in no analytics. */
            imported?: boolean;
            /**
             * Format: date-time
             * @description When the business last edited it in the WhatsApp Business app (`text` or `caption` is the edited version; docs/api.md §D32). Null when never edited.
             */
            editedAt?: string | null;
            /** @description The earlier versions of an edited message, oldest first (`at`: when that version was sent or edited). */
            edits?: {
                text: string | null;
                caption: string | null;
                /** Format: date-time */
                at: string | null;
            }[];
            /**
             * Format: date-time
             * @description When the business deleted it for everyone in the WhatsApp Business app (docs/api.md §D32). Null when not.
             */
            revokedAt?: string | null;
            /** @description Set when the send reached a suppressed customer with `"suppression": "ignore"` (where the account's operator allows it): which suppression it passed and who asked. Null for every other message (docs/api.md §D23). */
            suppressionOverride?: {
                /** @description The suppression (`sup_…`) the send passed. */
                suppressionId: string;
                /** @description The API key that sent it (its id, as `npx tidings keys list` shows). */
                keyId: string;
            } | null;
            /**
             * @description Present and true on a test key; nothing reached the platform.
             * @enum {boolean}
             */
            testMode?: true;
        };
        /**
         * @example {
         *       "id": "bat_0VbcQ1rT5yUi9Op3As7dFg2h",
         *       "status": "processing",
         *       "items": 1000,
         *       "accepted": 993,
         *       "refused": 7,
         *       "sendAt": "2026-12-01T08:00:00.000Z",
         *       "counts": {
         *         "scheduled": 0,
         *         "accepted": 120,
         *         "sent": 310,
         *         "delivered": 540,
         *         "read": 20,
         *         "failed": 3,
         *         "canceled": 0
         *       },
         *       "source": "api",
         *       "template": {
         *         "id": "tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e",
         *         "name": "order_shipped"
         *       },
         *       "createdAt": "2026-11-30T17:02:11.408Z",
         *       "completedAt": null
         *     }
         */
        Batch: {
            /** @description `bat_` id. */
            id: string;
            /**
             * @description `completed` once every message is delivered, read, failed or canceled (`batch.completed`).
             * @enum {string}
             */
            status: "processing" | "completed";
            /** @description Messages the request held. */
            items: number;
            /** @description Of those, stored and queued (or scheduled); the others were refused in the answer. */
            accepted: number;
            refused: number;
            /**
             * Format: date-time
             * @description The batch-wide `sendAt`, when it gave one.
             */
            sendAt: string | null;
            /** @description The batch's messages by their status now (each message counted once, in its latest status). */
            counts: {
                scheduled: number;
                /** @description In their number's queue, not sent yet. */
                accepted: number;
                sent: number;
                delivered: number;
                read: number;
                failed: number;
                canceled: number;
            };
            /**
             * @description Where the request came from: `api`, `cli` (`npx tidings messages send-batch`) or `dashboard` (its bulk send); the `X-Tidings-Source` header of the request.
             * @enum {string}
             */
            source: "api" | "cli" | "dashboard";
            /** @description The one template every accepted item sends, with its name as it was then; null when an item sends none, or the items send several. */
            template: {
                /** @description `tpl_` id. */
                id: string;
                name: string;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            /** Format: date-time */
            completedAt: string | null;
            /** @enum {boolean} */
            testMode?: true;
        };
        /**
         * @description An approved utility template: works at any time.
         * @example {
         *       "to": "+16505551234",
         *       "type": "template",
         *       "templateId": "tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e",
         *       "variables": {
         *         "2": "Friday",
         *         "header": "A-1077",
         *         "first_name": "Jessica"
         *       }
         *     }
         * @example {
         *       "to": "+16505551234",
         *       "type": "template",
         *       "templateId": "tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e",
         *       "variables": {
         *         "1": "Jessica"
         *       },
         *       "buttons": {
         *         "0": {
         *           "payload": "stop-A-1077"
         *         },
         *         "1": {
         *           "urlSuffix": "A-1077"
         *         }
         *       }
         *     }
         * @example {
         *       "to": "+5511955551234",
         *       "type": "template",
         *       "templateName": "order_shipped",
         *       "language": [
         *         "pt_BR",
         *         "en_US"
         *       ],
         *       "variables": {
         *         "2": "sexta-feira",
         *         "first_name": "Joana"
         *       }
         *     }
         */
        SendTemplateMessage: {
            /** @description The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID). */
            to: string;
            /** @description A `msg_` id or a platform message id to quote; threads the message as a reply. A message still queued is quoted by its wamid once it has one. */
            replyTo?: string;
            /** @description Seconds the message may wait in the sender number's queue (60 to 86,400; default 14,400, four hours), counted from `sendAt` when it has one. Still queued after that, it fails with `error.code` `validity_period_expired` and a `message.failed` event. */
            validityPeriod?: number;
            /**
             * Format: date-time
             * @description Send later: an RFC 3339 time with its offset (`2026-12-01T09:00:00+01:00`), 60 seconds to 35 days ahead. The message is `scheduled` until then, enters its number's queue at that time and is sent as its pace allows; it can be canceled until it reaches the platform.
             */
            sendAt?: string;
            /** @description Your own reference for the message (1–128 characters): returned on the message and its events, filterable in the list, unique per account and mode for 24 hours. */
            clientReference?: string;
            /**
             * @description `check` (default): a send to a suppressed customer (opted out, blocked…) is refused with 409 `recipient_suppressed`. `ignore`: send anyway, for a notice the customer must get; only where the account allows it (`allowSuppressionOverride`, else 403 `suppression_override_not_allowed`).
             * @enum {string}
             */
            suppression?: "check" | "ignore";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "template";
            /** @description A `tpl_` id of an approved utility template. Give this, or `templateName` with `language`. */
            templateId?: string;
            /** @description The template's name, with `language`: the account's approved template of that name in the first language of the list that has one. */
            templateName?: string;
            /** @description With `templateName`: a language code (`en_US`), or a preference list (`["pt_BR", "pt_PT", "en_US"]`): the first language holding an approved template of that name is sent. */
            language?: string | string[];
            /** @description Placeholder values keyed by index (`"1"`) or by variable name; the header's under `"header"`. Every placeholder needs one: a send leaving one out is refused (`template_values_missing`) unless it sends `"useExamples": true`. */
            variables?: {
                [key: string]: string;
            };
            /** @description Send the template's examples for the placeholders `variables` leaves out (a test message to yourself). Default false: a send that leaves a placeholder without a value is refused with 400 `template_values_missing`, naming each. */
            useExamples?: boolean;
            /** @description Button values keyed by the button's 0-based index in the template (`"0"`). Never filled from the template's examples. */
            buttons?: {
                [key: string]: {
                    /** @description quick_reply: returned when the customer taps it; default: the button's label. */
                    payload?: string;
                    /** @description url with {{1}}: the end of the URL, percent-encoded; required. */
                    urlSuffix?: string;
                    /** @description copy_code: the code to copy, at most 15 characters; required. */
                    couponCode?: string;
                };
            };
        };
        /**
         * @description Free-form text: only inside the 24-hour customer service window.
         * @example {
         *       "to": "+16505551234",
         *       "type": "text",
         *       "text": "Your order 1042 has shipped."
         *     }
         */
        SendTextMessage: {
            /** @description The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID). */
            to: string;
            /** @description A `msg_` id or a platform message id to quote; threads the message as a reply. A message still queued is quoted by its wamid once it has one. */
            replyTo?: string;
            /** @description Seconds the message may wait in the sender number's queue (60 to 86,400; default 14,400, four hours), counted from `sendAt` when it has one. Still queued after that, it fails with `error.code` `validity_period_expired` and a `message.failed` event. */
            validityPeriod?: number;
            /**
             * Format: date-time
             * @description Send later: an RFC 3339 time with its offset (`2026-12-01T09:00:00+01:00`), 60 seconds to 35 days ahead. The message is `scheduled` until then, enters its number's queue at that time and is sent as its pace allows; it can be canceled until it reaches the platform.
             */
            sendAt?: string;
            /** @description Your own reference for the message (1–128 characters): returned on the message and its events, filterable in the list, unique per account and mode for 24 hours. */
            clientReference?: string;
            /**
             * @description `check` (default): a send to a suppressed customer (opted out, blocked…) is refused with 409 `recipient_suppressed`. `ignore`: send anyway, for a notice the customer must get; only where the account allows it (`allowSuppressionOverride`, else 403 `suppression_override_not_allowed`).
             * @enum {string}
             */
            suppression?: "check" | "ignore";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "text";
            /**
             * @description `free_form` (default): sent as written; refused when the customer service window is closed, and failed if it closes before dispatch. `auto`: decided at dispatch: as written while the window is open; else as a Direct Send when the number has it and the message qualifies (text, reply buttons or a URL button within its limits); else as `fallback`; else it fails with `outside_customer_window` before reaching the platform.
             * @enum {string}
             */
            route?: "free_form" | "auto";
            /**
             * @description The approved template sent instead when the window has closed and Direct Send cannot carry the message. Checked when the send is accepted: approved, every variable given.
             * @example {
             *       "templateName": "order_shipped",
             *       "language": "en_US",
             *       "variables": {
             *         "2": "Friday",
             *         "first_name": "Jessica"
             *       }
             *     }
             */
            fallback?: {
                /** @description A `tpl_` id of an approved utility template. Give this, or `templateName` with `language`. */
                templateId?: string;
                /** @description The template's name, with `language`: the approved template of that name in that language. */
                templateName?: string;
                /** @description With `templateName`: the platform's language code, e.g. `en_US`. */
                language?: string;
                /** @description Placeholder values keyed by index (`"1"`) or by variable name; the header's under `"header"`. Every placeholder needs one: a send leaving one out is refused (`template_values_missing`) unless it sends `"useExamples": true`. */
                variables?: {
                    [key: string]: string;
                };
                /** @description Button values keyed by the button's 0-based index in the template (`"0"`). Never filled from the template's examples. */
                buttons?: {
                    [key: string]: {
                        /** @description quick_reply: returned when the customer taps it; default: the button's label. */
                        payload?: string;
                        /** @description url with {{1}}: the end of the URL, percent-encoded; required. */
                        urlSuffix?: string;
                        /** @description copy_code: the code to copy, at most 15 characters; required. */
                        couponCode?: string;
                    };
                };
            };
            /** @description The message, at most 4,096 characters (the platform's limit). */
            text: string;
            /** @description Show a preview of the first URL in `text` (the platform's `preview_url`, docs/platform.md §1.1). Default false. */
            previewUrl?: boolean;
        };
        /**
         * @description A previously uploaded file: only inside the 24-hour customer service window.
         * @example {
         *       "to": "+16505551234",
         *       "type": "media",
         *       "mediaId": "med_0VbcOd9Lm2Xq5Tb7Wy1zHs3u",
         *       "caption": "Your receipt"
         *     }
         */
        SendMediaMessage: {
            /** @description The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID). */
            to: string;
            /** @description A `msg_` id or a platform message id to quote; threads the message as a reply. A message still queued is quoted by its wamid once it has one. */
            replyTo?: string;
            /** @description Seconds the message may wait in the sender number's queue (60 to 86,400; default 14,400, four hours), counted from `sendAt` when it has one. Still queued after that, it fails with `error.code` `validity_period_expired` and a `message.failed` event. */
            validityPeriod?: number;
            /**
             * Format: date-time
             * @description Send later: an RFC 3339 time with its offset (`2026-12-01T09:00:00+01:00`), 60 seconds to 35 days ahead. The message is `scheduled` until then, enters its number's queue at that time and is sent as its pace allows; it can be canceled until it reaches the platform.
             */
            sendAt?: string;
            /** @description Your own reference for the message (1–128 characters): returned on the message and its events, filterable in the list, unique per account and mode for 24 hours. */
            clientReference?: string;
            /**
             * @description `check` (default): a send to a suppressed customer (opted out, blocked…) is refused with 409 `recipient_suppressed`. `ignore`: send anyway, for a notice the customer must get; only where the account allows it (`allowSuppressionOverride`, else 403 `suppression_override_not_allowed`).
             * @enum {string}
             */
            suppression?: "check" | "ignore";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "media";
            /**
             * @description `free_form` (default): sent as written; refused when the customer service window is closed, and failed if it closes before dispatch. `auto`: decided at dispatch: as written while the window is open; else as a Direct Send when the number has it and the message qualifies (text, reply buttons or a URL button within its limits); else as `fallback`; else it fails with `outside_customer_window` before reaching the platform.
             * @enum {string}
             */
            route?: "free_form" | "auto";
            /**
             * @description The approved template sent instead when the window has closed and Direct Send cannot carry the message. Checked when the send is accepted: approved, every variable given.
             * @example {
             *       "templateName": "order_shipped",
             *       "language": "en_US",
             *       "variables": {
             *         "2": "Friday",
             *         "first_name": "Jessica"
             *       }
             *     }
             */
            fallback?: {
                /** @description A `tpl_` id of an approved utility template. Give this, or `templateName` with `language`. */
                templateId?: string;
                /** @description The template's name, with `language`: the approved template of that name in that language. */
                templateName?: string;
                /** @description With `templateName`: the platform's language code, e.g. `en_US`. */
                language?: string;
                /** @description Placeholder values keyed by index (`"1"`) or by variable name; the header's under `"header"`. Every placeholder needs one: a send leaving one out is refused (`template_values_missing`) unless it sends `"useExamples": true`. */
                variables?: {
                    [key: string]: string;
                };
                /** @description Button values keyed by the button's 0-based index in the template (`"0"`). Never filled from the template's examples. */
                buttons?: {
                    [key: string]: {
                        /** @description quick_reply: returned when the customer taps it; default: the button's label. */
                        payload?: string;
                        /** @description url with {{1}}: the end of the URL, percent-encoded; required. */
                        urlSuffix?: string;
                        /** @description copy_code: the code to copy, at most 15 characters; required. */
                        couponCode?: string;
                    };
                };
            };
            /** @description A `med_` id from POST /v1/media. */
            mediaId: string;
            /** @description Shown with images, videos and documents. */
            caption?: string;
        };
        /**
         * @description Reply buttons, a list or a URL button (docs/api.md §D15): only inside the 24-hour customer service window. Every breached limit is reported at once in `error.issues`.
         * @example {
         *       "to": "+16505551234",
         *       "type": "interactive",
         *       "interactive": {
         *         "kind": "buttons",
         *         "header": "Order 1042",
         *         "body": "Your parcel can come Friday. Does that suit you?",
         *         "footer": "Reply by tapping a button",
         *         "buttons": [
         *           {
         *             "id": "friday",
         *             "title": "Friday is fine"
         *           },
         *           {
         *             "id": "later",
         *             "title": "Later, please"
         *           }
         *         ]
         *       }
         *     }
         */
        SendInteractiveMessage: {
            /** @description The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID). */
            to: string;
            /** @description A `msg_` id or a platform message id to quote; threads the message as a reply. A message still queued is quoted by its wamid once it has one. */
            replyTo?: string;
            /** @description Seconds the message may wait in the sender number's queue (60 to 86,400; default 14,400, four hours), counted from `sendAt` when it has one. Still queued after that, it fails with `error.code` `validity_period_expired` and a `message.failed` event. */
            validityPeriod?: number;
            /**
             * Format: date-time
             * @description Send later: an RFC 3339 time with its offset (`2026-12-01T09:00:00+01:00`), 60 seconds to 35 days ahead. The message is `scheduled` until then, enters its number's queue at that time and is sent as its pace allows; it can be canceled until it reaches the platform.
             */
            sendAt?: string;
            /** @description Your own reference for the message (1–128 characters): returned on the message and its events, filterable in the list, unique per account and mode for 24 hours. */
            clientReference?: string;
            /**
             * @description `check` (default): a send to a suppressed customer (opted out, blocked…) is refused with 409 `recipient_suppressed`. `ignore`: send anyway, for a notice the customer must get; only where the account allows it (`allowSuppressionOverride`, else 403 `suppression_override_not_allowed`).
             * @enum {string}
             */
            suppression?: "check" | "ignore";
            /**
             * @description `free_form` (default): sent as written; refused when the customer service window is closed, and failed if it closes before dispatch. `auto`: decided at dispatch: as written while the window is open; else as a Direct Send when the number has it and the message qualifies (text, reply buttons or a URL button within its limits); else as `fallback`; else it fails with `outside_customer_window` before reaching the platform.
             * @enum {string}
             */
            route?: "free_form" | "auto";
            /**
             * @description The approved template sent instead when the window has closed and Direct Send cannot carry the message. Checked when the send is accepted: approved, every variable given.
             * @example {
             *       "templateName": "order_shipped",
             *       "language": "en_US",
             *       "variables": {
             *         "2": "Friday",
             *         "first_name": "Jessica"
             *       }
             *     }
             */
            fallback?: {
                /** @description A `tpl_` id of an approved utility template. Give this, or `templateName` with `language`. */
                templateId?: string;
                /** @description The template's name, with `language`: the approved template of that name in that language. */
                templateName?: string;
                /** @description With `templateName`: the platform's language code, e.g. `en_US`. */
                language?: string;
                /** @description Placeholder values keyed by index (`"1"`) or by variable name; the header's under `"header"`. Every placeholder needs one: a send leaving one out is refused (`template_values_missing`) unless it sends `"useExamples": true`. */
                variables?: {
                    [key: string]: string;
                };
                /** @description Button values keyed by the button's 0-based index in the template (`"0"`). Never filled from the template's examples. */
                buttons?: {
                    [key: string]: {
                        /** @description quick_reply: returned when the customer taps it; default: the button's label. */
                        payload?: string;
                        /** @description url with {{1}}: the end of the URL, percent-encoded; required. */
                        urlSuffix?: string;
                        /** @description copy_code: the code to copy, at most 15 characters; required. */
                        couponCode?: string;
                    };
                };
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "interactive";
            /** @description The interactive message, told apart by `kind`. */
            interactive: components["schemas"]["InteractiveButtons"] | components["schemas"]["InteractiveList"] | components["schemas"]["InteractiveCtaUrl"];
        };
        /**
         * @description A place on the map: only inside the 24-hour customer service window.
         * @example {
         *       "to": "+16505551234",
         *       "type": "location",
         *       "location": {
         *         "latitude": 37.4847,
         *         "longitude": -122.1477,
         *         "name": "Acme pick-up point",
         *         "address": "1 Hacker Way, Menlo Park, CA 94025"
         *       }
         *     }
         */
        SendLocationMessage: {
            /** @description The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID). */
            to: string;
            /** @description A `msg_` id or a platform message id to quote; threads the message as a reply. A message still queued is quoted by its wamid once it has one. */
            replyTo?: string;
            /** @description Seconds the message may wait in the sender number's queue (60 to 86,400; default 14,400, four hours), counted from `sendAt` when it has one. Still queued after that, it fails with `error.code` `validity_period_expired` and a `message.failed` event. */
            validityPeriod?: number;
            /**
             * Format: date-time
             * @description Send later: an RFC 3339 time with its offset (`2026-12-01T09:00:00+01:00`), 60 seconds to 35 days ahead. The message is `scheduled` until then, enters its number's queue at that time and is sent as its pace allows; it can be canceled until it reaches the platform.
             */
            sendAt?: string;
            /** @description Your own reference for the message (1–128 characters): returned on the message and its events, filterable in the list, unique per account and mode for 24 hours. */
            clientReference?: string;
            /**
             * @description `check` (default): a send to a suppressed customer (opted out, blocked…) is refused with 409 `recipient_suppressed`. `ignore`: send anyway, for a notice the customer must get; only where the account allows it (`allowSuppressionOverride`, else 403 `suppression_override_not_allowed`).
             * @enum {string}
             */
            suppression?: "check" | "ignore";
            /**
             * @description `free_form` (default): sent as written; refused when the customer service window is closed, and failed if it closes before dispatch. `auto`: decided at dispatch: as written while the window is open; else as a Direct Send when the number has it and the message qualifies (text, reply buttons or a URL button within its limits); else as `fallback`; else it fails with `outside_customer_window` before reaching the platform.
             * @enum {string}
             */
            route?: "free_form" | "auto";
            /**
             * @description The approved template sent instead when the window has closed and Direct Send cannot carry the message. Checked when the send is accepted: approved, every variable given.
             * @example {
             *       "templateName": "order_shipped",
             *       "language": "en_US",
             *       "variables": {
             *         "2": "Friday",
             *         "first_name": "Jessica"
             *       }
             *     }
             */
            fallback?: {
                /** @description A `tpl_` id of an approved utility template. Give this, or `templateName` with `language`. */
                templateId?: string;
                /** @description The template's name, with `language`: the approved template of that name in that language. */
                templateName?: string;
                /** @description With `templateName`: the platform's language code, e.g. `en_US`. */
                language?: string;
                /** @description Placeholder values keyed by index (`"1"`) or by variable name; the header's under `"header"`. Every placeholder needs one: a send leaving one out is refused (`template_values_missing`) unless it sends `"useExamples": true`. */
                variables?: {
                    [key: string]: string;
                };
                /** @description Button values keyed by the button's 0-based index in the template (`"0"`). Never filled from the template's examples. */
                buttons?: {
                    [key: string]: {
                        /** @description quick_reply: returned when the customer taps it; default: the button's label. */
                        payload?: string;
                        /** @description url with {{1}}: the end of the URL, percent-encoded; required. */
                        urlSuffix?: string;
                        /** @description copy_code: the code to copy, at most 15 characters; required. */
                        couponCode?: string;
                    };
                };
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "location";
            location: {
                /** @description Decimal degrees, −90 to 90. */
                latitude: number;
                /** @description Decimal degrees, −180 to 180. */
                longitude: number;
                /** @description The place's name, at most 1,000 characters. */
                name?: string;
                /** @description Its address, at most 1,000 characters. */
                address?: string;
            };
        };
        /**
         * @description Contact cards: only inside the 24-hour customer service window.
         * @example {
         *       "to": "+16505551234",
         *       "type": "contacts",
         *       "contacts": [
         *         {
         *           "name": {
         *             "formatted": "Acme Support",
         *             "first": "Acme",
         *             "last": "Support"
         *           },
         *           "phones": [
         *             {
         *               "phone": "+1 650 555 0100",
         *               "type": "WORK",
         *               "waId": "16505550100"
         *             }
         *           ],
         *           "emails": [
         *             {
         *               "email": "help@acme.example",
         *               "type": "WORK"
         *             }
         *           ],
         *           "org": {
         *             "company": "Acme"
         *           }
         *         }
         *       ]
         *     }
         */
        SendContactsMessage: {
            /** @description The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID). */
            to: string;
            /** @description A `msg_` id or a platform message id to quote; threads the message as a reply. A message still queued is quoted by its wamid once it has one. */
            replyTo?: string;
            /** @description Seconds the message may wait in the sender number's queue (60 to 86,400; default 14,400, four hours), counted from `sendAt` when it has one. Still queued after that, it fails with `error.code` `validity_period_expired` and a `message.failed` event. */
            validityPeriod?: number;
            /**
             * Format: date-time
             * @description Send later: an RFC 3339 time with its offset (`2026-12-01T09:00:00+01:00`), 60 seconds to 35 days ahead. The message is `scheduled` until then, enters its number's queue at that time and is sent as its pace allows; it can be canceled until it reaches the platform.
             */
            sendAt?: string;
            /** @description Your own reference for the message (1–128 characters): returned on the message and its events, filterable in the list, unique per account and mode for 24 hours. */
            clientReference?: string;
            /**
             * @description `check` (default): a send to a suppressed customer (opted out, blocked…) is refused with 409 `recipient_suppressed`. `ignore`: send anyway, for a notice the customer must get; only where the account allows it (`allowSuppressionOverride`, else 403 `suppression_override_not_allowed`).
             * @enum {string}
             */
            suppression?: "check" | "ignore";
            /**
             * @description `free_form` (default): sent as written; refused when the customer service window is closed, and failed if it closes before dispatch. `auto`: decided at dispatch: as written while the window is open; else as a Direct Send when the number has it and the message qualifies (text, reply buttons or a URL button within its limits); else as `fallback`; else it fails with `outside_customer_window` before reaching the platform.
             * @enum {string}
             */
            route?: "free_form" | "auto";
            /**
             * @description The approved template sent instead when the window has closed and Direct Send cannot carry the message. Checked when the send is accepted: approved, every variable given.
             * @example {
             *       "templateName": "order_shipped",
             *       "language": "en_US",
             *       "variables": {
             *         "2": "Friday",
             *         "first_name": "Jessica"
             *       }
             *     }
             */
            fallback?: {
                /** @description A `tpl_` id of an approved utility template. Give this, or `templateName` with `language`. */
                templateId?: string;
                /** @description The template's name, with `language`: the approved template of that name in that language. */
                templateName?: string;
                /** @description With `templateName`: the platform's language code, e.g. `en_US`. */
                language?: string;
                /** @description Placeholder values keyed by index (`"1"`) or by variable name; the header's under `"header"`. Every placeholder needs one: a send leaving one out is refused (`template_values_missing`) unless it sends `"useExamples": true`. */
                variables?: {
                    [key: string]: string;
                };
                /** @description Button values keyed by the button's 0-based index in the template (`"0"`). Never filled from the template's examples. */
                buttons?: {
                    [key: string]: {
                        /** @description quick_reply: returned when the customer taps it; default: the button's label. */
                        payload?: string;
                        /** @description url with {{1}}: the end of the URL, percent-encoded; required. */
                        urlSuffix?: string;
                        /** @description copy_code: the code to copy, at most 15 characters; required. */
                        couponCode?: string;
                    };
                };
            };
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "contacts";
            /** @description One to 257 contact cards, 16,384 characters of JSON in all (docs/api.md §D15). */
            contacts: {
                name: {
                    /** @description The name as shown; required. */
                    formatted: string;
                    /** @description First name. */
                    first?: string;
                    /** @description Last name. */
                    last?: string;
                    /** @description Middle name. */
                    middle?: string;
                    /** @description Name prefix. */
                    prefix?: string;
                    /** @description Name suffix. */
                    suffix?: string;
                };
                phones?: {
                    /** @description As shown. */
                    phone: string;
                    /** @description `CELL`, `HOME`, `WORK`… */
                    type?: string;
                    /** @description The WhatsApp id (digits), which adds a "Message" button. */
                    waId?: string;
                }[];
                emails?: {
                    /** @description An email address. */
                    email: string;
                    /** @description `HOME`, `WORK`… as the platform shows it. */
                    type?: string;
                }[];
                urls?: {
                    /** @description A web address. */
                    url: string;
                    /** @description `HOME`, `WORK`… as the platform shows it. */
                    type?: string;
                }[];
                org?: {
                    /** @description Company. */
                    company?: string;
                    /** @description Department. */
                    department?: string;
                    /** @description Job title. */
                    title?: string;
                };
                addresses?: {
                    /** @description Street. */
                    street?: string;
                    /** @description City. */
                    city?: string;
                    /** @description State. */
                    state?: string;
                    /** @description Postal code. */
                    zip?: string;
                    /** @description Country. */
                    country?: string;
                    /** @description ISO country code. */
                    countryCode?: string;
                    /** @description `HOME`, `WORK`… */
                    type?: string;
                }[];
                /** @description YYYY-MM-DD. */
                birthday?: string;
            }[];
        };
        /**
         * @description An emoji on a message of the conversation (`""` removes it): only inside the 24-hour customer service window.
         * @example {
         *       "to": "+16505551234",
         *       "type": "reaction",
         *       "reaction": {
         *         "messageId": "in_0VbcNx4Tq8Lr2Kw6Zp1yJm5h",
         *         "emoji": "👍"
         *       }
         *     }
         */
        SendReactionMessage: {
            /** @description The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID). */
            to: string;
            /** @description A `msg_` id or a platform message id to quote; threads the message as a reply. A message still queued is quoted by its wamid once it has one. */
            replyTo?: string;
            /** @description Seconds the message may wait in the sender number's queue (60 to 86,400; default 14,400, four hours), counted from `sendAt` when it has one. Still queued after that, it fails with `error.code` `validity_period_expired` and a `message.failed` event. */
            validityPeriod?: number;
            /**
             * Format: date-time
             * @description Send later: an RFC 3339 time with its offset (`2026-12-01T09:00:00+01:00`), 60 seconds to 35 days ahead. The message is `scheduled` until then, enters its number's queue at that time and is sent as its pace allows; it can be canceled until it reaches the platform.
             */
            sendAt?: string;
            /** @description Your own reference for the message (1–128 characters): returned on the message and its events, filterable in the list, unique per account and mode for 24 hours. */
            clientReference?: string;
            /**
             * @description `check` (default): a send to a suppressed customer (opted out, blocked…) is refused with 409 `recipient_suppressed`. `ignore`: send anyway, for a notice the customer must get; only where the account allows it (`allowSuppressionOverride`, else 403 `suppression_override_not_allowed`).
             * @enum {string}
             */
            suppression?: "check" | "ignore";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "reaction";
            reaction: {
                /** @description The message reacted to: a customer message (`in_` id or its wamid) or one of ours (`msg_` id). */
                messageId: string;
                /** @description One emoji; `""` removes the reaction sent before. */
                emoji: string;
            };
        };
        /** @description Up to three reply buttons; the customer's tap comes back as a customer message with `reply`. */
        InteractiveButtons: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "buttons";
            /** @description The message text: at most 1,024 characters (4,096 for a list). */
            body: string;
            /** @description A text header, at most 60 characters. */
            header?: string;
            /** @description A footer, at most 60 characters. */
            footer?: string;
            /** @description One to three reply buttons. */
            buttons: {
                /** @description Comes back in the customer's answer (`reply.id`): at most 256 characters, unique in the message. */
                id: string;
                /** @description The button's label: at most 20 characters, unique in the message. */
                title: string;
            }[];
        };
        /** @description A list of options in sections; the row the customer picks comes back with `reply`. */
        InteractiveList: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "list";
            /** @description The message text: at most 1,024 characters (4,096 for a list). */
            body: string;
            /** @description A text header, at most 60 characters. */
            header?: string;
            /** @description A footer, at most 60 characters. */
            footer?: string;
            /** @description The label of the button that opens the list: at most 20 characters. */
            button: string;
            /** @description Up to 10 sections, with up to 10 rows in all. */
            sections: {
                /** @description At most 24 characters; required when there is more than one section. */
                title?: string;
                rows: {
                    /** @description Comes back in the answer (`reply.id`): at most 200 characters, unique across sections. */
                    id: string;
                    /** @description At most 24 characters. */
                    title: string;
                    /** @description At most 72 characters. */
                    description?: string;
                }[];
            }[];
        };
        /** @description One button that opens a URL (no answer comes back). */
        InteractiveCtaUrl: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "cta_url";
            /** @description The message text: at most 1,024 characters (4,096 for a list). */
            body: string;
            /** @description A text header, at most 60 characters. */
            header?: string;
            /** @description A footer, at most 60 characters. */
            footer?: string;
            /** @description The button's label: at most 20 characters. */
            displayText: string;
            /** @description Opened when the customer taps the button: an http or https URL of at most 2,000 characters. */
            url: string;
        };
        /**
         * @example {
         *       "id": "in_0VbcNx4Tq8Lr2Kw6Zp1yJm5h",
         *       "from": "+16505551234",
         *       "contactId": "ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b",
         *       "contactName": "Maria",
         *       "type": "text",
         *       "text": "Where is my order?",
         *       "media": null,
         *       "context": null,
         *       "platformMessageId": "wamid.HBgLMTY1MDU1NTEyMzQVAgASGBQzQUZCMjk2RjE0QkM1RTk0RkU0NAA=",
         *       "receivedAt": "2026-11-21T14:30:58.000Z",
         *       "readAt": null
         *     }
         */
        InboundMessage: {
            /** @description `in_` id. */
            id: string;
            /** @description The customer: E.164, or their business-scoped user id (`US.1349…`) when the platform gave no phone number (a customer who shows only a username). */
            from: string;
            /** @description The customer's contact (`ct_`); null for messages stored before contacts existed. */
            contactId: string | null;
            /** @description The customer's WhatsApp profile name, when the platform gave it. */
            contactName: string | null;
            /** @description The platform's message type: text, image, video, audio, document, sticker, button, interactive, location, reaction…; `unsupported` for a type the Cloud API does not support (which Graph API versions before v25.0 call `unknown`). */
            type: string;
            /** @description The text, a button's text, or a media caption. */
            text: string | null;
            media: {
                /** @description The `med_` id of the file as Tidings keeps it (`GET /v1/media/{id}/content`), once `status` is `stored`. */
                id: string | null;
                /**
                 * @description `pending`: being downloaded from the platform (`message.received` is sent only once it is stored or has failed); `stored`: kept, `id` set; `failed`: it could not be kept, see `failureReason`; `deleted`: kept, then deleted (`DELETE /v1/media/{id}`, or the account's retention of customers' files), `id` now answers 404. More values may come: show `status` as it is.
                 * @enum {string}
                 */
                status: "pending" | "stored" | "failed" | "deleted";
                failureReason: ("media_download_failed" | "media_hash_mismatch" | "media_too_large" | "media_not_downloaded") | null;
                /** @description The platform's media id (valid 7 days, docs/platform.md §3). */
                platformMediaId: string | null;
                mimeType: string | null;
                sha256: string | null;
                /** @description Documents only. */
                filename: string | null;
            } | null;
            context: {
                /** @description The wamid of the message the customer replied to. */
                platformMessageId: string | null;
                /** @description Its `msg_` id, when it was sent through Tidings. */
                messageId: string | null;
                forwarded: boolean;
            } | null;
            reply?: {
                /** @description The id of the button or row (`buttons[].id`, `rows[].id`; a template quick reply's payload). */
                id: string;
                /** @description Its label as the customer saw it. */
                title: string;
                /** @description A list row's description. */
                description: string | null;
            } | null;
            location?: {
                latitude: number;
                longitude: number;
                name: string | null;
                address: string | null;
                url: string | null;
            } | null;
            contacts?: {
                name: {
                    /** @description The name as shown; required. */
                    formatted: string;
                    /** @description First name. */
                    first?: string;
                    /** @description Last name. */
                    last?: string;
                    /** @description Middle name. */
                    middle?: string;
                    /** @description Name prefix. */
                    prefix?: string;
                    /** @description Name suffix. */
                    suffix?: string;
                };
                phones?: {
                    /** @description As shown. */
                    phone: string;
                    /** @description `CELL`, `HOME`, `WORK`… */
                    type?: string;
                    /** @description The WhatsApp id (digits), which adds a "Message" button. */
                    waId?: string;
                }[];
                emails?: {
                    /** @description An email address. */
                    email: string;
                    /** @description `HOME`, `WORK`… as the platform shows it. */
                    type?: string;
                }[];
                urls?: {
                    /** @description A web address. */
                    url: string;
                    /** @description `HOME`, `WORK`… as the platform shows it. */
                    type?: string;
                }[];
                org?: {
                    /** @description Company. */
                    company?: string;
                    /** @description Department. */
                    department?: string;
                    /** @description Job title. */
                    title?: string;
                };
                addresses?: {
                    /** @description Street. */
                    street?: string;
                    /** @description City. */
                    city?: string;
                    /** @description State. */
                    state?: string;
                    /** @description Postal code. */
                    zip?: string;
                    /** @description Country. */
                    country?: string;
                    /** @description ISO country code. */
                    countryCode?: string;
                    /** @description `HOME`, `WORK`… */
                    type?: string;
                }[];
                /** @description YYYY-MM-DD. */
                birthday?: string;
            }[] | null;
            reaction?: {
                /** @description `""` when the customer removed their reaction. */
                emoji: string;
                /** @description The `msg_` id of the message reacted to, when Tidings sent it. */
                messageId: string | null;
                /** @description Its wamid. */
                platformMessageId: string;
            } | null;
            flowReply?: {
                /** @description The `nfm_reply.name` (`flow`). */
                name: string | null;
                /** @description The text the answer showed in the chat (`Sent`). */
                body: string | null;
                /** @description The Flow's answer: `response_json` parsed (the screen's fields and `flow_token`); null when it did not parse. */
                response: unknown;
                /** @description `response_json` as received, only when it did not parse; null otherwise. */
                responseText: string | null;
                /** @description Why `response_json` did not parse; null when it did. */
                error: string | null;
            } | null;
            heldBy?: "meta_agent" | null;
            platformMessageId: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            receivedAt: string;
            /**
             * Format: date-time
             * @description When the business marked it read (POST /v1/inbound_messages/{id}/read).
             */
            readAt: string | null;
            /**
             * Format: date-time
             * @description When the account's message-body retention removed what the customer said (`text`, `reply`, `location`, `contacts`, the reaction's emoji, the file's name, now null); its metadata stays. Null while kept (docs/api.md §D17).
             */
            contentRemovedAt?: string | null;
            /** @description True for a message of the WhatsApp Business app's past chats, imported from the platform's `history` webhook (docs/api.md §D32): it opened no service window and sent no event. */
            imported?: boolean;
            /** @enum {boolean} */
            testMode?: true;
        };
        /**
         * @example {
         *       "from": "2026-10-28T00:00:00.000Z",
         *       "to": "2026-11-27T00:00:00.000Z",
         *       "granularity": "day",
         *       "timeZone": "UTC",
         *       "groupBy": [
         *         "template"
         *       ],
         *       "data": [
         *         {
         *           "start": "2026-11-26T00:00:00.000Z",
         *           "group": {
         *             "templateId": "tpl_0VbcO6ls4dKMJjI1trWFw2Zd",
         *             "templateName": "order_shipped"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "totals": [
         *         {
         *           "group": {
         *             "templateId": "tpl_0VbcO6ls4dKMJjI1trWFw2Zd",
         *             "templateName": "order_shipped"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "total": {
         *         "accepted": 1200,
         *         "sent": 1190,
         *         "delivered": 1172,
         *         "read": 845,
         *         "failed": 10,
         *         "canceled": 0,
         *         "billable": 1172,
         *         "billableByCategory": {
         *           "utility": 1172
         *         },
         *         "deliveryRate": 0.9849,
         *         "readRate": 0.721,
         *         "acceptedToSentMs": {
         *           "median": 1150,
         *           "p95": 2900
         *         },
         *         "sentToDeliveredMs": {
         *           "median": 1730,
         *           "p95": 6400
         *         },
         *         "estimatedCost": {
         *           "currency": "USD",
         *           "amount": "3.9848",
         *           "estimate": true
         *         }
         *       },
         *       "metaAgent": {
         *         "replies": 0,
         *         "delivered": 0,
         *         "read": 0,
         *         "failed": 0
         *       }
         *     }
         * @example {
         *       "from": "2026-10-28T00:00:00.000Z",
         *       "to": "2026-11-27T00:00:00.000Z",
         *       "granularity": "day",
         *       "timeZone": "UTC",
         *       "groupBy": [
         *         "type"
         *       ],
         *       "data": [
         *         {
         *           "start": "2026-11-26T00:00:00.000Z",
         *           "group": {
         *             "type": "template"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "totals": [
         *         {
         *           "group": {
         *             "type": "template"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "total": {
         *         "accepted": 1200,
         *         "sent": 1190,
         *         "delivered": 1172,
         *         "read": 845,
         *         "failed": 10,
         *         "canceled": 0,
         *         "billable": 1172,
         *         "billableByCategory": {
         *           "utility": 1172
         *         },
         *         "deliveryRate": 0.9849,
         *         "readRate": 0.721,
         *         "acceptedToSentMs": {
         *           "median": 1150,
         *           "p95": 2900
         *         },
         *         "sentToDeliveredMs": {
         *           "median": 1730,
         *           "p95": 6400
         *         },
         *         "estimatedCost": {
         *           "currency": "USD",
         *           "amount": "3.9848",
         *           "estimate": true
         *         }
         *       },
         *       "metaAgent": {
         *         "replies": 0,
         *         "delivered": 0,
         *         "read": 0,
         *         "failed": 0
         *       }
         *     }
         * @example {
         *       "from": "2026-10-28T00:00:00.000Z",
         *       "to": "2026-11-27T00:00:00.000Z",
         *       "granularity": "day",
         *       "timeZone": "UTC",
         *       "groupBy": [
         *         "status"
         *       ],
         *       "data": [
         *         {
         *           "start": "2026-11-26T00:00:00.000Z",
         *           "group": {
         *             "status": "read"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "totals": [
         *         {
         *           "group": {
         *             "status": "read"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "total": {
         *         "accepted": 1200,
         *         "sent": 1190,
         *         "delivered": 1172,
         *         "read": 845,
         *         "failed": 10,
         *         "canceled": 0,
         *         "billable": 1172,
         *         "billableByCategory": {
         *           "utility": 1172
         *         },
         *         "deliveryRate": 0.9849,
         *         "readRate": 0.721,
         *         "acceptedToSentMs": {
         *           "median": 1150,
         *           "p95": 2900
         *         },
         *         "sentToDeliveredMs": {
         *           "median": 1730,
         *           "p95": 6400
         *         },
         *         "estimatedCost": {
         *           "currency": "USD",
         *           "amount": "3.9848",
         *           "estimate": true
         *         }
         *       },
         *       "metaAgent": {
         *         "replies": 0,
         *         "delivered": 0,
         *         "read": 0,
         *         "failed": 0
         *       }
         *     }
         * @example {
         *       "from": "2026-10-28T00:00:00.000Z",
         *       "to": "2026-11-27T00:00:00.000Z",
         *       "granularity": "day",
         *       "timeZone": "UTC",
         *       "groupBy": [
         *         "errorCode"
         *       ],
         *       "data": [
         *         {
         *           "start": "2026-11-26T00:00:00.000Z",
         *           "group": {
         *             "errorCode": "131049",
         *             "errorTitle": "Not delivered to maintain healthy ecosystem engagement",
         *             "errorAction": "Do not resend at once: wait at least 24 h, then with growing delays"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "totals": [
         *         {
         *           "group": {
         *             "errorCode": "131049",
         *             "errorTitle": "Not delivered to maintain healthy ecosystem engagement",
         *             "errorAction": "Do not resend at once: wait at least 24 h, then with growing delays"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "total": {
         *         "accepted": 1200,
         *         "sent": 1190,
         *         "delivered": 1172,
         *         "read": 845,
         *         "failed": 10,
         *         "canceled": 0,
         *         "billable": 1172,
         *         "billableByCategory": {
         *           "utility": 1172
         *         },
         *         "deliveryRate": 0.9849,
         *         "readRate": 0.721,
         *         "acceptedToSentMs": {
         *           "median": 1150,
         *           "p95": 2900
         *         },
         *         "sentToDeliveredMs": {
         *           "median": 1730,
         *           "p95": 6400
         *         },
         *         "estimatedCost": {
         *           "currency": "USD",
         *           "amount": "3.9848",
         *           "estimate": true
         *         }
         *       },
         *       "metaAgent": {
         *         "replies": 0,
         *         "delivered": 0,
         *         "read": 0,
         *         "failed": 0
         *       }
         *     }
         * @example {
         *       "from": "2026-10-28T00:00:00.000Z",
         *       "to": "2026-11-27T00:00:00.000Z",
         *       "granularity": "day",
         *       "timeZone": "UTC",
         *       "groupBy": [
         *         "pricingCategory"
         *       ],
         *       "data": [
         *         {
         *           "start": "2026-11-26T00:00:00.000Z",
         *           "group": {
         *             "pricingCategory": "utility"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "totals": [
         *         {
         *           "group": {
         *             "pricingCategory": "utility"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "total": {
         *         "accepted": 1200,
         *         "sent": 1190,
         *         "delivered": 1172,
         *         "read": 845,
         *         "failed": 10,
         *         "canceled": 0,
         *         "billable": 1172,
         *         "billableByCategory": {
         *           "utility": 1172
         *         },
         *         "deliveryRate": 0.9849,
         *         "readRate": 0.721,
         *         "acceptedToSentMs": {
         *           "median": 1150,
         *           "p95": 2900
         *         },
         *         "sentToDeliveredMs": {
         *           "median": 1730,
         *           "p95": 6400
         *         },
         *         "estimatedCost": {
         *           "currency": "USD",
         *           "amount": "3.9848",
         *           "estimate": true
         *         }
         *       },
         *       "metaAgent": {
         *         "replies": 0,
         *         "delivered": 0,
         *         "read": 0,
         *         "failed": 0
         *       }
         *     }
         * @example {
         *       "from": "2026-10-28T00:00:00.000Z",
         *       "to": "2026-11-27T00:00:00.000Z",
         *       "granularity": "day",
         *       "timeZone": "UTC",
         *       "groupBy": [
         *         "phoneNumber"
         *       ],
         *       "data": [
         *         {
         *           "start": "2026-11-26T00:00:00.000Z",
         *           "group": {
         *             "phoneNumberId": "106540352242922"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "totals": [
         *         {
         *           "group": {
         *             "phoneNumberId": "106540352242922"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "total": {
         *         "accepted": 1200,
         *         "sent": 1190,
         *         "delivered": 1172,
         *         "read": 845,
         *         "failed": 10,
         *         "canceled": 0,
         *         "billable": 1172,
         *         "billableByCategory": {
         *           "utility": 1172
         *         },
         *         "deliveryRate": 0.9849,
         *         "readRate": 0.721,
         *         "acceptedToSentMs": {
         *           "median": 1150,
         *           "p95": 2900
         *         },
         *         "sentToDeliveredMs": {
         *           "median": 1730,
         *           "p95": 6400
         *         },
         *         "estimatedCost": {
         *           "currency": "USD",
         *           "amount": "3.9848",
         *           "estimate": true
         *         }
         *       },
         *       "metaAgent": {
         *         "replies": 0,
         *         "delivered": 0,
         *         "read": 0,
         *         "failed": 0
         *       }
         *     }
         * @example {
         *       "from": "2026-10-28T00:00:00.000Z",
         *       "to": "2026-11-27T00:00:00.000Z",
         *       "granularity": "day",
         *       "timeZone": "UTC",
         *       "groupBy": [
         *         "country"
         *       ],
         *       "data": [
         *         {
         *           "start": "2026-11-26T00:00:00.000Z",
         *           "group": {
         *             "country": "US"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "totals": [
         *         {
         *           "group": {
         *             "country": "US"
         *           },
         *           "accepted": 1200,
         *           "sent": 1190,
         *           "delivered": 1172,
         *           "read": 845,
         *           "failed": 10,
         *           "canceled": 0,
         *           "billable": 1172,
         *           "billableByCategory": {
         *             "utility": 1172
         *           },
         *           "deliveryRate": 0.9849,
         *           "readRate": 0.721,
         *           "acceptedToSentMs": {
         *             "median": 1150,
         *             "p95": 2900
         *           },
         *           "sentToDeliveredMs": {
         *             "median": 1730,
         *             "p95": 6400
         *           },
         *           "estimatedCost": {
         *             "currency": "USD",
         *             "amount": "3.9848",
         *             "estimate": true
         *           }
         *         }
         *       ],
         *       "total": {
         *         "accepted": 1200,
         *         "sent": 1190,
         *         "delivered": 1172,
         *         "read": 845,
         *         "failed": 10,
         *         "canceled": 0,
         *         "billable": 1172,
         *         "billableByCategory": {
         *           "utility": 1172
         *         },
         *         "deliveryRate": 0.9849,
         *         "readRate": 0.721,
         *         "acceptedToSentMs": {
         *           "median": 1150,
         *           "p95": 2900
         *         },
         *         "sentToDeliveredMs": {
         *           "median": 1730,
         *           "p95": 6400
         *         },
         *         "estimatedCost": {
         *           "currency": "USD",
         *           "amount": "3.9848",
         *           "estimate": true
         *         }
         *       },
         *       "metaAgent": {
         *         "replies": 0,
         *         "delivered": 0,
         *         "read": 0,
         *         "failed": 0
         *       }
         *     }
         */
        MessageAnalytics: {
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            /** @enum {string} */
            granularity: "hour" | "day";
            /** @description The zone of the buckets (`timeZone`, default `UTC`). */
            timeZone: string;
            groupBy: ("template" | "type" | "status" | "errorCode" | "pricingCategory" | "phoneNumber" | "country")[];
            /** @description One row per bucket and group that has messages, by start then group. */
            data: {
                /**
                 * Format: date-time
                 * @description Start of the bucket, with the zone's offset (`Z` in UTC).
                 */
                start: string;
                /** @description The group, by the fields of `groupBy` (`{}` without grouping). */
                group: {
                    templateId?: string | null;
                    templateName?: string | null;
                    type?: string | null;
                    status?: string;
                    errorCode?: string | null;
                    errorTitle?: string | null;
                    errorAction?: string | null;
                    pricingCategory?: string | null;
                    phoneNumberId?: string;
                    country?: string | null;
                };
                /** @description Messages Tidings accepted (sent through the API or the dashboard; not those sent outside Tidings). */
                accepted: number;
                /** @description Messages that reached `sent` (or a later step): the platform took them. */
                sent: number;
                /** @description Messages that reached `delivered` (or `read`). */
                delivered: number;
                /** @description Messages that reached `read`. */
                read: number;
                /** @description Messages that failed. */
                failed: number;
                /** @description Messages canceled before they were sent. */
                canceled: number;
                /** @description Delivered messages the platform priced as billable. */
                billable: number;
                /** @description Billable messages by the platform's pricing category (`utility`, `marketing`…). */
                billableByCategory: {
                    [key: string]: number;
                };
                deliveryRate: number | null;
                readRate: number | null;
                /** @description Median and 95th percentile of the time from accepted (or a scheduled `sendAt`) to sent, ms, from histogram bins (interpolated; the platform's timestamps are whole seconds). Null when nothing was sent. */
                acceptedToSentMs: {
                    /** @description ms */
                    median: number;
                    /** @description ms */
                    p95: number;
                } | null;
                /** @description Median and 95th percentile of the time from sent to delivered, ms, likewise. */
                sentToDeliveredMs: {
                    /** @description ms */
                    median: number;
                    /** @description ms */
                    p95: number;
                } | null;
                /** @description Null when no price table is configured. */
                estimatedCost: {
                    /** @example USD */
                    currency: string;
                    /**
                     * @description A decimal: billable messages times the price table's price for their category, market and day.
                     * @example 12.3400
                     */
                    amount: string;
                    /**
                     * @description Always true: an estimate from the operator's price table (`PRICE_TABLE_FILE`), not the platform's invoice.
                     * @enum {boolean}
                     */
                    estimate: true;
                } | null;
            }[];
            /** @description One row per group over the whole range, in the order of the groups. */
            totals: {
                /** @description The group, by the fields of `groupBy` (`{}` without grouping). */
                group: {
                    templateId?: string | null;
                    templateName?: string | null;
                    type?: string | null;
                    status?: string;
                    errorCode?: string | null;
                    errorTitle?: string | null;
                    errorAction?: string | null;
                    pricingCategory?: string | null;
                    phoneNumberId?: string;
                    country?: string | null;
                };
                /** @description Messages Tidings accepted (sent through the API or the dashboard; not those sent outside Tidings). */
                accepted: number;
                /** @description Messages that reached `sent` (or a later step): the platform took them. */
                sent: number;
                /** @description Messages that reached `delivered` (or `read`). */
                delivered: number;
                /** @description Messages that reached `read`. */
                read: number;
                /** @description Messages that failed. */
                failed: number;
                /** @description Messages canceled before they were sent. */
                canceled: number;
                /** @description Delivered messages the platform priced as billable. */
                billable: number;
                /** @description Billable messages by the platform's pricing category (`utility`, `marketing`…). */
                billableByCategory: {
                    [key: string]: number;
                };
                deliveryRate: number | null;
                readRate: number | null;
                /** @description Median and 95th percentile of the time from accepted (or a scheduled `sendAt`) to sent, ms, from histogram bins (interpolated; the platform's timestamps are whole seconds). Null when nothing was sent. */
                acceptedToSentMs: {
                    /** @description ms */
                    median: number;
                    /** @description ms */
                    p95: number;
                } | null;
                /** @description Median and 95th percentile of the time from sent to delivered, ms, likewise. */
                sentToDeliveredMs: {
                    /** @description ms */
                    median: number;
                    /** @description ms */
                    p95: number;
                } | null;
                /** @description Null when no price table is configured. */
                estimatedCost: {
                    /** @example USD */
                    currency: string;
                    /**
                     * @description A decimal: billable messages times the price table's price for their category, market and day.
                     * @example 12.3400
                     */
                    amount: string;
                    /**
                     * @description Always true: an estimate from the operator's price table (`PRICE_TABLE_FILE`), not the platform's invoice.
                     * @enum {boolean}
                     */
                    estimate: true;
                } | null;
            }[];
            /** @description Everything in the range. */
            total: {
                /** @description Messages Tidings accepted (sent through the API or the dashboard; not those sent outside Tidings). */
                accepted: number;
                /** @description Messages that reached `sent` (or a later step): the platform took them. */
                sent: number;
                /** @description Messages that reached `delivered` (or `read`). */
                delivered: number;
                /** @description Messages that reached `read`. */
                read: number;
                /** @description Messages that failed. */
                failed: number;
                /** @description Messages canceled before they were sent. */
                canceled: number;
                /** @description Delivered messages the platform priced as billable. */
                billable: number;
                /** @description Billable messages by the platform's pricing category (`utility`, `marketing`…). */
                billableByCategory: {
                    [key: string]: number;
                };
                deliveryRate: number | null;
                readRate: number | null;
                /** @description Median and 95th percentile of the time from accepted (or a scheduled `sendAt`) to sent, ms, from histogram bins (interpolated; the platform's timestamps are whole seconds). Null when nothing was sent. */
                acceptedToSentMs: {
                    /** @description ms */
                    median: number;
                    /** @description ms */
                    p95: number;
                } | null;
                /** @description Median and 95th percentile of the time from sent to delivered, ms, likewise. */
                sentToDeliveredMs: {
                    /** @description ms */
                    median: number;
                    /** @description ms */
                    p95: number;
                } | null;
                /** @description Null when no price table is configured. */
                estimatedCost: {
                    /** @example USD */
                    currency: string;
                    /**
                     * @description A decimal: billable messages times the price table's price for their category, market and day.
                     * @example 12.3400
                     */
                    amount: string;
                    /**
                     * @description Always true: an estimate from the operator's price table (`PRICE_TABLE_FILE`), not the platform's invoice.
                     * @enum {boolean}
                     */
                    estimate: true;
                } | null;
            };
            /** @description The replies of Meta's agent (Meta Business Agent) in a conversation it held (docs/api.md §D30): counted here, in no other figure of the answer. Filtered by `phoneNumberId` only; the other filters and `groupBy` do not apply. */
            metaAgent: {
                /** @description Replies Meta's agent sent, stored in the range. */
                replies: number;
                /** @description Of those, delivered (or read). */
                delivered: number;
                /** @description Of those, read. */
                read: number;
                /** @description Of those, failed. */
                failed: number;
            };
        };
        AuditEvent: {
            /** @description `aud_…`. */
            id: string;
            /** @description Its place in the account's chain (the seal order, from 1); null for a second or so, until sealed. */
            seq: number | null;
            actor: {
                /** @description `user`, `key`, `cli`, `platform` or `system`. */
                type: string;
                id: string;
                /** @description The person's email or the key's hint, as it was. */
                name: string | null;
            };
            action: string;
            object: {
                type: string;
                id: string | null;
            };
            /** @description `live` or `test`, when what changed has a mode. */
            mode: string | null;
            /** @description The object before and after, as the API shows it (secrets left out). */
            changes: {
                before: unknown;
                after: unknown;
            } | null;
            requestId: string | null;
            address: string | null;
            userAgent: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
        };
        /**
         * @description The erasure of one or more customers (docs/api.md §D28): a durable job that removes their personal data from every table and file, keeping husks of their messages (for the counts) and, for an active suppression, a tombstone of keyed hashes so they stay suppressed.
         * @example {
         *       "id": "era_0VbdT4mR9nW2Kp7Xy1zLb5d",
         *       "object": "erasure",
         *       "status": "completed",
         *       "customers": 1,
         *       "erased": 1,
         *       "progress": {
         *         "messages": 42,
         *         "inboundMessages": 17,
         *         "canceled": 1,
         *         "statusReports": 120,
         *         "files": 2,
         *         "events": 96,
         *         "suppressions": 1,
         *         "other": 45
         *       },
         *       "requestedBy": {
         *         "type": "user",
         *         "id": "usr_0VbcNw2Rk7Hp4Ld9Qs3yTm6b",
         *         "name": "ana@example.com"
         *       },
         *       "createdAt": "2026-12-03T08:30:00.000Z",
         *       "completedAt": "2026-12-03T08:30:02.000Z"
         *     }
         */
        Erasure: {
            /** @description `era_` id. */
            id: string;
            /** @enum {string} */
            object: "erasure";
            /**
             * @description `pending` (queued), `running`, `completed` (every contact erased).
             * @enum {string}
             */
            status: "pending" | "running" | "completed";
            /** @description Customers asked for (contact ids and addresses, each once; an unknown address counts, and erases nothing). */
            customers: number;
            /** @description Contacts erased so far. */
            erased: number;
            progress: {
                /** @description Outbound messages emptied (each kept as a husk: its status, times and counts). */
                messages: number;
                /** @description The customer's messages emptied (kept as husks). */
                inboundMessages: number;
                /** @description Queued or scheduled messages canceled (never sent). */
                canceled: number;
                /** @description The platform's status reports of their messages removed. */
                statusReports: number;
                /** @description Files removed (the customer's, and uploads sent to them only), with the platform's copies. */
                files: number;
                /** @description Events about them removed, with their deliveries and attempts. */
                events: number;
                /** @description Suppressions removed (an active one stays as a tombstone of keyed hashes). */
                suppressions: number;
                /** @description Other rows removed or emptied: references, idempotency answers, audit changes, jobs, blocks, consents. */
                other: number;
            };
            /** @description Who asked (the audit trail names them too). */
            requestedBy: {
                /** @description `user`, `key`, `cli`, `system`. */
                type: string;
                id: string;
                /** @description A person's email; null for others. */
                name: string | null;
            };
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            createdAt: string;
            completedAt: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An `https://` URL on a public host (docs/api.md §D10). */
                    url: string;
                    /** @description Event types sent to this endpoint; `["*"]` for all, including types added later, except `platform.webhook`, sent only to endpoints that name it (`["*", "platform.webhook"]` for everything; docs/api.md §D24). */
                    events: ("message.sent" | "message.delivered" | "message.read" | "message.failed" | "message.canceled" | "message.received" | "template.approved" | "template.rejected" | "template.category_updated" | "template.category_update_scheduled" | "template.paused" | "template.unpaused" | "template.disabled" | "template.flagged" | "template.reinstated" | "template.quality_updated" | "batch.completed" | "account.pricing_tier_updated" | "account.restricted" | "account.restriction_lifted" | "account.disabled" | "account.reinstated" | "account.violation" | "account.alert" | "account.review_updated" | "phone_number.messaging_limit_updated" | "platform.webhook" | "contact.blocked" | "contact.unblocked" | "contact.suppressed" | "contact.unsuppressed" | "contact.erased" | "conversation.handover" | "contact.changed_identity" | "history.imported" | "message.edited" | "message.revoked" | "ad.purchase" | "ad.lead" | "*")[];
                    description?: string;
                    /**
                     * @description `tidings` (the default) or `cloud_api`: a Cloud API client's app on the key's number, which needs `verifyToken` and `appSecret`; its `events` are of the types docs/api.md §D35 relays (`["*"]`: all of them).
                     * @enum {string}
                     */
                    format?: "tidings" | "cloud_api";
                    /** @description A `cloud_api` endpoint's verify token: sent as `hub.verify_token` in the handshake (docs/api.md §D35). Never shown back. */
                    verifyToken?: string;
                    /** @description A `cloud_api` endpoint's app secret: the key of the `X-Hub-Signature-256` HMAC its client verifies. Stored encrypted, never shown back. */
                    appSecret?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `we_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `webhook_endpoint_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `we_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `webhook_endpoint_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `we_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An `https://` URL on a public host (docs/api.md §D10). */
                    url?: string;
                    /** @description Event types sent to this endpoint; `["*"]` for all, including types added later, except `platform.webhook`, sent only to endpoints that name it (`["*", "platform.webhook"]` for everything; docs/api.md §D24). */
                    events?: ("message.sent" | "message.delivered" | "message.read" | "message.failed" | "message.canceled" | "message.received" | "template.approved" | "template.rejected" | "template.category_updated" | "template.category_update_scheduled" | "template.paused" | "template.unpaused" | "template.disabled" | "template.flagged" | "template.reinstated" | "template.quality_updated" | "batch.completed" | "account.pricing_tier_updated" | "account.restricted" | "account.restriction_lifted" | "account.disabled" | "account.reinstated" | "account.violation" | "account.alert" | "account.review_updated" | "phone_number.messaging_limit_updated" | "platform.webhook" | "contact.blocked" | "contact.unblocked" | "contact.suppressed" | "contact.unsuppressed" | "contact.erased" | "conversation.handover" | "contact.changed_identity" | "history.imported" | "message.edited" | "message.revoked" | "ad.purchase" | "ad.lead" | "*")[];
                    description?: string | null;
                    /** @description `true` turns a disabled endpoint on again (its failure count starts over). */
                    enabled?: boolean;
                    /** @description A `cloud_api` endpoint's verify token: sent as `hub.verify_token` in the handshake (docs/api.md §D35). Never shown back. */
                    verifyToken?: string;
                    /** @description A `cloud_api` endpoint's app secret: the key of the `X-Hub-Signature-256` HMAC its client verifies. Stored encrypted, never shown back. */
                    appSecret?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `webhook_endpoint_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    rollWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `we_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `webhook_endpoint_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
                /** @description Only events of this type. */
                type?: "message.sent" | "message.delivered" | "message.read" | "message.failed" | "message.canceled" | "message.received" | "template.approved" | "template.rejected" | "template.category_updated" | "template.category_update_scheduled" | "template.paused" | "template.unpaused" | "template.disabled" | "template.flagged" | "template.reinstated" | "template.quality_updated" | "batch.completed" | "account.pricing_tier_updated" | "account.restricted" | "account.restriction_lifted" | "account.disabled" | "account.reinstated" | "account.violation" | "account.alert" | "account.review_updated" | "phone_number.messaging_limit_updated" | "platform.webhook" | "contact.blocked" | "contact.unblocked" | "contact.suppressed" | "contact.unsuppressed" | "contact.erased" | "conversation.handover" | "contact.changed_identity" | "history.imported" | "message.edited" | "message.revoked" | "ad.purchase" | "ad.lead";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `evt_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `event_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEventDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `evt_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Delivery"][];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `event_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `evt_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "endpointId": "we_0VbdA4kNp8Rz1Yc6Vx2mQt5g"
                 *     }
                 */
                "application/json": {
                    /** @description Only to this endpoint (it must be enabled); default: every enabled endpoint subscribed to the event type. */
                    endpointId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Delivery"][];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `event_not_found`, `webhook_endpoint_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPhoneNumbers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PhoneNumber"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPricingTiers: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PricingTier"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountSignals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "restricted": true,
                     *       "disabled": false,
                     *       "restriction": {
                     *         "restrictions": [
                     *           {
                     *             "type": "RESTRICTED_BIZ_INITIATED_MESSAGING",
                     *             "expiresAt": "2026-12-01T00:00:00.000Z"
                     *           }
                     *         ],
                     *         "platformAt": "2026-11-20T09:00:00.000Z",
                     *         "receivedAt": "2026-11-20T09:00:01.120Z"
                     *       },
                     *       "ban": null,
                     *       "violation": null,
                     *       "alerts": [],
                     *       "review": {
                     *         "decision": "APPROVED",
                     *         "platformAt": null,
                     *         "receivedAt": "2026-11-02T10:00:00.000Z"
                     *       },
                     *       "phoneNumbers": [
                     *         {
                     *           "phoneNumberId": "106540352242922",
                     *           "displayPhoneNumber": "15550783881",
                     *           "messagingLimit": {
                     *             "tier": "TIER_2K",
                     *             "dailyUsers": 2000,
                     *             "unlimited": false,
                     *             "updatedAt": "2026-11-10T12:00:00.000Z"
                     *           }
                     *         }
                     *       ],
                     *       "graphApi": {
                     *         "version": "v25.0",
                     *         "known": true,
                     *         "releasedOn": "2026-02-18",
                     *         "endOfLife": "2028-07-29",
                     *         "daysLeft": 604,
                     *         "expired": false,
                     *         "warning": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description True while a restriction the platform told is in force (not lifted, not expired). */
                        restricted: boolean;
                        /** @description True when the platform last told that the WhatsApp Business Account is disabled (or scheduled to be). */
                        disabled: boolean;
                        restriction: {
                            /** @description Empty once lifted. */
                            restrictions: {
                                /** @description As the platform gave it: `RESTRICTED_BIZ_INITIATED_MESSAGING`, `RESTRICTED_CUSTOMER_INITIATED_MESSAGING`, `RESTRICTED_ADD_PHONE_NUMBER_ACTION`… */
                                type: string;
                                /**
                                 * Format: date-time
                                 * @description When it ends, as the platform says; null when not given.
                                 */
                                expiresAt: string | null;
                            }[];
                            /**
                             * Format: date-time
                             * @description When the platform says it happened (the webhook entry's `time`); null when not given.
                             */
                            platformAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC.
                             */
                            receivedAt: string;
                        } | null;
                        ban: {
                            /** @description `waba_ban_state`: `DISABLE`, `SCHEDULE_FOR_DISABLE`, `REINSTATE`. */
                            state: string;
                            /** @description `waba_ban_date` as the platform words it. */
                            date: string | null;
                            /**
                             * Format: date-time
                             * @description When the platform says it happened (the webhook entry's `time`); null when not given.
                             */
                            platformAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC.
                             */
                            receivedAt: string;
                        } | null;
                        violation: {
                            violationType: string;
                            /**
                             * Format: date-time
                             * @description When the platform says it happened (the webhook entry's `time`); null when not given.
                             */
                            platformAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC.
                             */
                            receivedAt: string;
                        } | null;
                        /** @description The latest alert of each type (`account_alerts`), newest first. */
                        alerts: {
                            /** @description `alert_type` as given: `OBA_APPROVED`, `INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED`… */
                            type: string;
                            /** @description `alert_severity`: `CRITICAL`, `WARNING`, `INFORMATIONAL`… */
                            severity: string | null;
                            /** @description `alert_status`: `ACTIVE`, `RESOLVED`, `NONE`… */
                            status: string | null;
                            description: string | null;
                            /** @description `entity_type`: `WABA`, `PHONE_NUMBER`, `BUSINESS`… */
                            entityType: string | null;
                            entityId: string | null;
                            /**
                             * Format: date-time
                             * @description When the platform says it happened (the webhook entry's `time`); null when not given.
                             */
                            platformAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC.
                             */
                            receivedAt: string;
                        }[];
                        review: {
                            /** @description `APPROVED`, `REJECTED`, `PENDING`, `DEFERRED`… */
                            decision: string;
                            /**
                             * Format: date-time
                             * @description When the platform says it happened (the webhook entry's `time`); null when not given.
                             */
                            platformAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC.
                             */
                            receivedAt: string;
                        } | null;
                        phoneNumbers: {
                            phoneNumberId: string;
                            displayPhoneNumber: string;
                            messagingLimit: {
                                /** @description As the platform gave it: `TIER_250`, `TIER_2K`, `TIER_10K`, `TIER_100K`, `TIER_UNLIMITED`, or a number from the older `max_daily_conversation_per_phone`. */
                                tier: string;
                                dailyUsers: number | null;
                                unlimited: boolean;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601, UTC.
                                 */
                                updatedAt: string;
                            } | null;
                        }[];
                        /** @description The Graph API version the service speaks and how near its end of life is (docs/api.md §D33): the same for every account, and the dashboard's banner within 90 days of it. */
                        graphApi: {
                            /** @description The Graph API version Tidings speaks (`WHATSAPP_GRAPH_VERSION`), e.g. `v25.0`. */
                            version: string;
                            /** @description Whether Meta's table of versions, as this Tidings release carries it, lists it. */
                            known: boolean;
                            /**
                             * Format: date
                             * @description When Meta released it; null when not known.
                             */
                            releasedOn: string | null;
                            /**
                             * Format: date
                             * @description The last day Meta's table says it is available; null while Meta says TBD (or unknown).
                             */
                            endOfLife: string | null;
                            daysLeft: number | null;
                            /** @description True once the end-of-life day has begun. */
                            expired: boolean;
                            /** @description A sentence for people while the end of life is 90 days away or less (or passed); null otherwise. */
                            warning: string | null;
                        };
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secondFactor: "none" | "required" | "passed";
                        user: components["schemas"]["Me"] | null;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `sign_in_failed`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `sso_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `sign_in_locked`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    passSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A code from the app, or one of the recovery codes (one of them). */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "492039"
                 *     }
                 */
                "application/json": {
                    /** @description The 6-digit code the authenticator app shows. */
                    code?: string;
                    /** @description One of the recovery codes (`xxxx-xxxx-xxxx-xxxx`; dashes, spaces and case do not matter). */
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secondFactor: "none" | "required" | "passed";
                        user: components["schemas"]["Me"] | null;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `session_expired`, `second_factor_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `sign_in_locked`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The person (`usr_…`). */
                        id: string;
                        email: string;
                        name: string;
                        /** @description Whether the person has a second factor set up. */
                        secondFactor: boolean;
                        account: {
                            id: string;
                            name: string;
                            role: string;
                        };
                        mode: "live" | "test";
                        phoneNumberId: string;
                        /** @description The role's permissions in this account. */
                        permissions: string[];
                        /** @description Every account the person is a member of. */
                        accounts: {
                            id: string;
                            name: string;
                            role: string;
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    switchSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mode": "test"
                 *     }
                 */
                "application/json": {
                    accountId?: string;
                    mode?: "live" | "test";
                    phoneNumberId?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The person (`usr_…`). */
                        id: string;
                        email: string;
                        name: string;
                        /** @description Whether the person has a second factor set up. */
                        secondFactor: boolean;
                        account: {
                            id: string;
                            name: string;
                            role: string;
                        };
                        mode: "live" | "test";
                        phoneNumberId: string;
                        /** @description The role's permissions in this account. */
                        permissions: string[];
                        /** @description Every account the person is a member of. */
                        accounts: {
                            id: string;
                            name: string;
                            role: string;
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `sso_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMySessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description `ses_` id. */
                            id: string;
                            accountId: string;
                            mode: "live" | "test";
                            phoneNumberId: string;
                            /** @description `password` or `sso`. */
                            method: string;
                            address: string | null;
                            userAgent: string | null;
                            createdAt: string;
                            lastSeenAt: string;
                            expiresAt: string;
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeMySession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `ses_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `session_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeMyOtherSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        revoked: number;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    beginSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The TOTP secret, base 32, for typing into the app by hand. */
                        secret: string;
                        /** @description The `otpauth://totp/…` URI (issuer Tidings, label the email) to show as a QR code. */
                        otpauthUri: string;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `second_factor_already_set_up`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    disableSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Your current password, or a code from the app (one of them). */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "492039"
                 *     }
                 */
                "application/json": {
                    password?: string;
                    /** @description The 6-digit code the authenticator app shows. */
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`, `second_factor_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `password_incorrect`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `second_factor_not_set_up`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `sign_in_locked`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    confirmSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "492039"
                 *     }
                 */
                "application/json": {
                    /** @description The 6-digit code the authenticator app shows. */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Ten recovery codes, each good once. Shown only in this answer: only their hashes are kept. */
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`, `second_factor_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `second_factor_not_set_up`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    renewRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Your current password, or a code from the app (one of them). */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "492039"
                 *     }
                 */
                "application/json": {
                    password?: string;
                    /** @description The 6-digit code the authenticator app shows. */
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Ten recovery codes, each good once. Shown only in this answer: only their hashes are kept. */
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`, `second_factor_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `password_incorrect`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `second_factor_not_set_up`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `sign_in_locked`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    changeMyPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "currentPassword": "correct horse battery staple",
                 *       "newPassword": "a new long passphrase of mine"
                 *     }
                 */
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many of your other sessions were ended. */
                        otherSessionsEnded: number;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `password_too_weak`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`, `session_expired`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `password_incorrect`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `sign_in_locked`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSsoConnections: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The connection (`sso_…`). */
                            id: string;
                            /** @description Shown as "Sign in with …". */
                            name: string;
                            /** @description The account the connection signs people in to. */
                            accountId: string;
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    startSsoSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connection (`sso_…`) to sign in through. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body: a 302 redirect, `Location` says where. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    finishSsoSignIn: {
        parameters: {
            query?: {
                /** @description The provider's authorization code. */
                code?: string;
                /** @description The state Tidings sent, returned by the provider. */
                state?: string;
                /** @description The provider's issuer (RFC 9207). */
                iss?: string;
                /** @description The provider's session state, unused. */
                session_state?: string;
                /** @description The provider's error code, when it refused. */
                error?: string;
                /** @description The provider's words for it. */
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body: a 302 redirect, `Location` says where. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The person's `usr_` id. */
                            id: string;
                            email: string;
                            name: string;
                            /** @description owner, admin, developer, agent or viewer (docs/api.md §D26). */
                            role: "owner" | "admin" | "developer" | "agent" | "viewer";
                            /**
                             * Format: date-time
                             * @description When they joined the account.
                             */
                            createdAt: string;
                            lastSignInAt: string | null;
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The person's `usr_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The person's `usr_` id. */
                        id: string;
                        email: string;
                        name: string;
                        /** @description owner, admin, developer, agent or viewer (docs/api.md §D26). */
                        role: "owner" | "admin" | "developer" | "agent" | "viewer";
                        /**
                         * Format: date-time
                         * @description When they joined the account.
                         */
                        createdAt: string;
                        lastSignInAt: string | null;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `owner_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `member_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `last_owner`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    changeMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The person's `usr_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "developer"
                 *     }
                 */
                "application/json": {
                    /** @description owner, admin, developer, agent or viewer (docs/api.md §D26). */
                    role: "owner" | "admin" | "developer" | "agent" | "viewer";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The person's `usr_` id. */
                        id: string;
                        email: string;
                        name: string;
                        /** @description owner, admin, developer, agent or viewer (docs/api.md §D26). */
                        role: "owner" | "admin" | "developer" | "agent" | "viewer";
                        /**
                         * Format: date-time
                         * @description When they joined the account.
                         */
                        createdAt: string;
                        lastSignInAt: string | null;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `owner_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `member_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `last_owner`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description `key_` id. */
                            id: string;
                            /** @description `sk_live_…abcd`: never the key itself. */
                            hint: string;
                            name: string | null;
                            mode: "live" | "test";
                            scopes: ("templates:read" | "templates:write" | "messages:read" | "messages:send" | "media:write" | "webhooks:manage" | "audit:read")[];
                            phoneNumberId: string;
                            /** @description Requests per second. */
                            rateLimit: number;
                            /** @description The `usr_` id of the person who made it; null: the operator, with the CLI. */
                            createdBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description When it was last used, to the minute; null: never. */
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mode": "live",
                 *       "scopes": [
                 *         "messages:send",
                 *         "messages:read"
                 *       ],
                 *       "name": "CI"
                 *     }
                 */
                "application/json": {
                    mode: "live" | "test";
                    /** @description Default: every scope your role holds as a permission of the same name. */
                    scopes?: ("templates:read" | "templates:write" | "messages:read" | "messages:send" | "media:write" | "webhooks:manage" | "audit:read")[];
                    /** @description The sender number; default the account's first. */
                    phoneNumberId?: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `key_` id. */
                        id: string;
                        /** @description `sk_live_…abcd`: never the key itself. */
                        hint: string;
                        name: string | null;
                        mode: "live" | "test";
                        scopes: ("templates:read" | "templates:write" | "messages:read" | "messages:send" | "media:write" | "webhooks:manage" | "audit:read")[];
                        phoneNumberId: string;
                        /** @description Requests per second. */
                        rateLimit: number;
                        /** @description The `usr_` id of the person who made it; null: the operator, with the CLI. */
                        createdBy: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description When it was last used, to the minute; null: never. */
                        lastUsedAt: string | null;
                        revokedAt: string | null;
                    } & {
                        /** @description The key itself: shown this once, stored only as a hash. */
                        key: string;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `key_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description `key_` id. */
                        id: string;
                        /** @description `sk_live_…abcd`: never the key itself. */
                        hint: string;
                        name: string | null;
                        mode: "live" | "test";
                        scopes: ("templates:read" | "templates:write" | "messages:read" | "messages:send" | "media:write" | "webhooks:manage" | "audit:read")[];
                        phoneNumberId: string;
                        /** @description Requests per second. */
                        rateLimit: number;
                        /** @description The `usr_` id of the person who made it; null: the operator, with the CLI. */
                        createdBy: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description When it was last used, to the minute; null: never. */
                        lastUsedAt: string | null;
                        revokedAt: string | null;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The invitation's `lnk_` id. */
                            id: string;
                            email: string;
                            /** @description owner, admin, developer, agent or viewer (docs/api.md §D26). */
                            role: "owner" | "admin" | "developer" | "agent" | "viewer";
                            /**
                             * Format: date-time
                             * @description The link works until then (7 days).
                             */
                            expiresAt: string;
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "role": "agent"
                 *     }
                 */
                "application/json": {
                    email: string;
                    /** @description owner, admin, developer, agent or viewer (docs/api.md §D26). */
                    role: "owner" | "admin" | "developer" | "agent" | "viewer";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The invitation's `lnk_` id. */
                        id: string;
                        email: string;
                        /** @description owner, admin, developer, agent or viewer (docs/api.md §D26). */
                        role: "owner" | "admin" | "developer" | "agent" | "viewer";
                        /**
                         * Format: date-time
                         * @description The link works until then (7 days).
                         */
                        expiresAt: string;
                        /** @description What became of the mail: `sent` (the link is in their mailbox only), `failed` (the SMTP server did not take it: pass the link on yourself), `off` (not mailed: the service sends no mail, `SMTP_URL` unset, or you asked for the link: pass it on). */
                        mail: "sent" | "failed" | "off";
                        /** @description The link to send the person (`…/dashboard/#/join/<token>`), shown once; null when it was mailed. */
                        link: string | null;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `owner_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation's `lnk_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The invitation's `lnk_` id. */
                        id: string;
                        email: string;
                        /** @description owner, admin, developer, agent or viewer (docs/api.md §D26). */
                        role: "owner" | "admin" | "developer" | "agent" | "viewer";
                        /**
                         * Format: date-time
                         * @description The link works until then (7 days).
                         */
                        expiresAt: string;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `member_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    renewInvitationLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The invitation's `lnk_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mail": false
                 *     }
                 */
                "application/json": {
                    /** @description false: answer the new link rather than mail it (default true: mailed when the service mails). */
                    mail?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The invitation's `lnk_` id. */
                        id: string;
                        email: string;
                        /** @description owner, admin, developer, agent or viewer (docs/api.md §D26). */
                        role: "owner" | "admin" | "developer" | "agent" | "viewer";
                        /**
                         * Format: date-time
                         * @description The link works until then (7 days).
                         */
                        expiresAt: string;
                        /** @description What became of the mail: `sent` (the link is in their mailbox only), `failed` (the SMTP server did not take it: pass the link on yourself), `off` (not mailed: the service sends no mail, `SMTP_URL` unset, or you asked for the link: pass it on). */
                        mail: "sent" | "failed" | "off";
                        /** @description The link to send the person (`…/dashboard/#/join/<token>`), shown once; null when it was mailed. */
                        link: string | null;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `owner_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `member_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    describeLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The link's token. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kind: "invite" | "owner" | "password_reset";
                        /** @description Null on the first owner's link. */
                        email: string | null;
                        /** @description Null on a password reset. */
                        accountName: string | null;
                        /** @description Null on a password reset. */
                        role: ("owner" | "admin" | "developer" | "agent" | "viewer") | null;
                        /** @description The email already has a sign-in: that person signs in, then accepts (an invitation), or chooses a new password (a reset). */
                        existingPerson: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `link_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    acceptLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The link's token. */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ana Silva",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": {
                    /** @description A newcomer's name (not on a reset, nor for an existing person). */
                    name?: string;
                    /** @description A newcomer's password, or the new one of a reset: 12 to 256 characters. */
                    password?: string;
                    /** @description Only on the first owner's link. */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The person's `usr_` id. */
                        id: string;
                        email: string;
                        name: string;
                        /** @description The account joined; null after a password reset. */
                        accountId: string | null;
                        /** @description A newcomer is signed in (the answer sets the session cookie); an existing person keeps their session; a reset signs no one in. */
                        signedIn: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `link_invalid`, `password_too_weak`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `session_expired`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `cross_site_request`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com"
                 *     }
                 */
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The same for every email, known or not. */
                        message: string;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createMemberPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The person's `usr_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description What became of the mail: `sent` (the link is in their mailbox only), `failed` (the SMTP server did not take it: pass the link on yourself), `off` (not mailed: the service sends no mail, `SMTP_URL` unset, or you asked for the link: pass it on). */
                        mail: "sent" | "failed" | "off";
                        /** @description The link to send the person (`…/dashboard/#/join/<token>`), shown once; null when it was mailed. */
                        link: string | null;
                        /**
                         * Format: date-time
                         * @description The link works until then (1 hour).
                         */
                        expiresAt: string;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `owner_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `member_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMedia: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Media"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The file. Its type is read from its content; the part's filename is kept for display.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`, `media_type_unsupported`, `media_too_large`, `media_empty`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `med_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `media_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `med_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `media_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `media_in_use`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMediaUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The files stored for the key's account and mode, by source: `upload` (`POST /v1/media`) and `inbound` (files customers sent). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "upload": {
                     *         "files": 12,
                     *         "bytes": 4812033
                     *       },
                     *       "inbound": {
                     *         "files": 340,
                     *         "bytes": 96410211
                     *       },
                     *       "total": {
                     *         "files": 352,
                     *         "bytes": 101222244
                     *       }
                     *     }
                     */
                    "application/json": {
                        upload: {
                            /** @description How many files. */
                            files: number;
                            /** @description Their size, bytes. */
                            bytes: number;
                        };
                        inbound: {
                            /** @description How many files. */
                            files: number;
                            /** @description Their size, bytes. */
                            bytes: number;
                        };
                        total: {
                            /** @description How many files. */
                            files: number;
                            /** @description Their size, bytes. */
                            bytes: number;
                        };
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMediaContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `med_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description The byte range asked for with `Range: bytes=…`, with `Content-Range`. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `media_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `range_not_satisfiable`. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
                /** @description Only templates in this status. */
                status?: "pending" | "processing" | "approved" | "rejected" | "paused" | "disabled";
                /** @description Only templates with this quality score. */
                quality?: "GREEN" | "YELLOW" | "RED" | "UNKNOWN";
                /** @description UTILITY (the default: the templates Tidings can send), another category (templates the platform re-categorised, or imported ones), or `any`. */
                category?: "UTILITY" | "MARKETING" | "AUTHENTICATION" | "any";
                /** @description Only templates from this source. */
                source?: "tidings" | "generated" | "platform";
                /** @description Only templates of this exact name (one per language). */
                name?: string;
                /** @description ISO 8601 with a time zone; only templates changed strictly later. */
                updatedAfter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Template"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Lowercase letters, digits and underscores, at most 512. Claimed at the platform; a deleted name stays reserved 30 days. */
                    name: string;
                    /** @description UTILITY; anything else is reported as the issue category_not_allowed. */
                    category: string;
                    /** @description The platform's language code, e.g. en_US. */
                    language: string;
                    /** @description At most 1,024 characters, placeholders {{1}}…{{n}}. */
                    body: string;
                    /** @description Entry i describes placeholder {{i+1}}. */
                    variables?: {
                        /** @description Example value for this placeholder; the platform rejects templates without examples. */
                        example: string;
                        /** @description Optional name to key the value by at send time (lowercase letters, digits, underscores). */
                        name?: string;
                    }[];
                    header?: (components["schemas"]["TextHeader"] | components["schemas"]["MediaHeader"]) | null;
                    footer?: string | null;
                    timeToLive?: number | null;
                    /** @description At most 10: quick replies kept together, at most 2 url, 1 phone_number, 1 copy_code and 1 request_contact_info. Left out or empty: no buttons. */
                    buttons?: {
                        /**
                         * @description quick_reply, url, phone_number, copy_code or request_contact_info.
                         * @enum {string}
                         */
                        type: "quick_reply" | "url" | "phone_number" | "copy_code" | "request_contact_info";
                        /** @description The label, at most 25 characters; every type but copy_code (whose label is the platform's own). */
                        text?: string;
                        /** @description url buttons: an http(s) URL of at most 2,000 characters, static or ending in the placeholder {{1}}. */
                        url?: string;
                        /** @description url buttons with {{1}}: an example value of the URL's end (required then); copy_code buttons: an example code of at most 15 characters. */
                        example?: string;
                        /** @description phone_number buttons: the number to call, E.164. */
                        phoneNumber?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`, `idempotency_key_missing`, `template_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `live_mode_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `media_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`, `template_name_taken`, `template_name_reserved`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    validateTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Lowercase letters, digits and underscores, at most 512. Claimed at the platform; a deleted name stays reserved 30 days. */
                    name: string;
                    /** @description UTILITY; anything else is reported as the issue category_not_allowed. */
                    category: string;
                    /** @description The platform's language code, e.g. en_US. */
                    language: string;
                    /** @description At most 1,024 characters, placeholders {{1}}…{{n}}. */
                    body: string;
                    /** @description Entry i describes placeholder {{i+1}}. */
                    variables?: {
                        /** @description Example value for this placeholder; the platform rejects templates without examples. */
                        example: string;
                        /** @description Optional name to key the value by at send time (lowercase letters, digits, underscores). */
                        name?: string;
                    }[];
                    header?: (components["schemas"]["TextHeader"] | components["schemas"]["MediaHeader"]) | null;
                    footer?: string | null;
                    timeToLive?: number | null;
                    /** @description At most 10: quick replies kept together, at most 2 url, 1 phone_number, 1 copy_code and 1 request_contact_info. Left out or empty: no buttons. */
                    buttons?: {
                        /**
                         * @description quick_reply, url, phone_number, copy_code or request_contact_info.
                         * @enum {string}
                         */
                        type: "quick_reply" | "url" | "phone_number" | "copy_code" | "request_contact_info";
                        /** @description The label, at most 25 characters; every type but copy_code (whose label is the platform's own). */
                        text?: string;
                        /** @description url buttons: an http(s) URL of at most 2,000 characters, static or ending in the placeholder {{1}}. */
                        url?: string;
                        /** @description url buttons with {{1}}: an example value of the URL's end (required then); copy_code buttons: an example code of at most 15 characters. */
                        example?: string;
                        /** @description phone_number buttons: the number to call, E.164. */
                        phoneNumber?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "valid": false,
                     *       "issues": [
                     *         {
                     *           "code": "placeholder_at_end",
                     *           "field": "body",
                     *           "message": "The body cannot end with a placeholder."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        valid: boolean;
                        issues: {
                            code: string;
                            field: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`, `template_name_taken`, `template_name_reserved`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `tpl_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `template_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `tpl_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `live_mode_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `template_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `tpl_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": "Hi {{1}}, your order is on its way and should arrive on {{2}}."
                 *     }
                 */
                "application/json": {
                    /** @description Lowercase letters, digits and underscores, at most 512. Claimed at the platform; a deleted name stays reserved 30 days. */
                    name?: string;
                    /** @description UTILITY; anything else is reported as the issue category_not_allowed. */
                    category?: string;
                    /** @description The platform's language code, e.g. en_US. */
                    language?: string;
                    /** @description At most 1,024 characters, placeholders {{1}}…{{n}}. */
                    body?: string;
                    /** @description Entry i describes placeholder {{i+1}}. */
                    variables?: {
                        /** @description Example value for this placeholder; the platform rejects templates without examples. */
                        example: string;
                        /** @description Optional name to key the value by at send time (lowercase letters, digits, underscores). */
                        name?: string;
                    }[];
                    header?: (components["schemas"]["TextHeader"] | components["schemas"]["MediaHeader"]) | null;
                    footer?: string | null;
                    timeToLive?: number | null;
                    /** @description At most 10: quick replies kept together, at most 2 url, 1 phone_number, 1 copy_code and 1 request_contact_info. Left out or empty: no buttons. */
                    buttons?: {
                        /**
                         * @description quick_reply, url, phone_number, copy_code or request_contact_info.
                         * @enum {string}
                         */
                        type: "quick_reply" | "url" | "phone_number" | "copy_code" | "request_contact_info";
                        /** @description The label, at most 25 characters; every type but copy_code (whose label is the platform's own). */
                        text?: string;
                        /** @description url buttons: an http(s) URL of at most 2,000 characters, static or ending in the placeholder {{1}}. */
                        url?: string;
                        /** @description url buttons with {{1}}: an example value of the URL's end (required then); copy_code buttons: an example code of at most 15 characters. */
                        example?: string;
                        /** @description phone_number buttons: the number to call, E.164. */
                        phoneNumber?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`, `template_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `live_mode_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `template_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`, `template_not_editable`, `template_name_taken`, `template_name_reserved`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTemplateHistory: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path: {
                /** @description `tpl_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TemplateChange"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `template_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    browseTemplateLibrary: {
        parameters: {
            query?: {
                /** @description Words of the name, the text, the topic or the use case. */
                search?: string;
                /** @description The platform's topic, e.g. `ORDER_MANAGEMENT`, `PAYMENTS`. */
                topic?: string;
                /** @description The platform's use case, e.g. `SHIPMENT_CONFIRMATION`. */
                usecase?: string;
                /** @description The platform's industry, e.g. `E_COMMERCE`. */
                industry?: string;
                /** @description A language code, e.g. `en_US`. */
                language?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["LibraryTemplate"][];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTemplateFromLibrary: {
        parameters: {
            query?: never;
            header: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "parcel_update",
                 *       "language": "en_US",
                 *       "libraryTemplateName": "delivery_update_1",
                 *       "libraryInputs": {
                 *         "body": {
                 *           "addTrackPackageLink": true
                 *         },
                 *         "buttons": [
                 *           {
                 *             "type": "url",
                 *             "url": {
                 *               "baseUrl": "https://shop.example.com/track/{{1}}",
                 *               "urlSuffixExample": "A-1042"
                 *             }
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Your name for it: lowercase letters, digits and underscores. */
                    name: string;
                    language: string;
                    /** @description The library entry (GET /v1/template_library). */
                    libraryTemplateName: string;
                    libraryInputs?: {
                        /** @description The platform's `library_template_body_inputs`. */
                        body?: {
                            addContactNumber?: boolean;
                            addLearnMoreLink?: boolean;
                            addSecurityRecommendation?: boolean;
                            addTrackPackageLink?: boolean;
                            codeExpirationMinutes?: number;
                        };
                        /** @description The platform's `library_template_button_inputs`: a URL or phone number for each such button, in order. */
                        buttons?: ({
                            /** @enum {string} */
                            type: "url";
                            url: {
                                /** @description https URL; may end in {{1}}. */
                                baseUrl: string;
                                urlSuffixExample?: string;
                            };
                        } | {
                            /** @enum {string} */
                            type: "phone_number";
                            /** @description E.164. */
                            phoneNumber: string;
                        })[];
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Template"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`, `idempotency_key_missing`, `template_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `live_mode_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`, `template_name_taken`, `template_name_reserved`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    syncTemplates: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateSyncResult"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `live_mode_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSuppressions: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
                /** @description Only the suppressions of this number (not those of every number). */
                phone_number_id?: string;
                /** @description Only the suppressions of this reason. */
                reason?: "opt_out_keyword" | "platform_preference" | "api" | "blocked";
                /** @description true: active only; false: lifted only. */
                active?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Suppression"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSuppression: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": "+16505551234"
                 *     }
                 */
                "application/json": {
                    /** @description The customer: E.164 phone number, BSUID, or a contact's `ct_` id. */
                    to: string;
                    /** @description Only this business number of the account (default: every number). */
                    phoneNumberId?: string;
                    /**
                     * @description `all` (default) or `marketing`.
                     * @enum {string}
                     */
                    scope?: "all" | "marketing";
                };
            };
        };
        responses: {
            /** @description The customer was already suppressed with that scope: that suppression. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suppression"];
                };
            };
            /** @description A customer no message may be sent to (scope `all`), or no marketing template (scope `marketing`), from one business number or all of the account's. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suppression"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`, `phone_number_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    liftSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `sup_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A customer no message may be sent to (scope `all`), or no marketing template (scope `marketing`), from one business number or all of the account's. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Suppression"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `suppression_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `suppression_is_block`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getConsentSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentSettings"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `live_mode_required`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateConsentSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "optOutReply": "You will get no more messages from us. Reply START to opt back in."
                 *     }
                 */
                "application/json": {
                    /** @description Only its present value: a change is an operator's decision (`npx tidings accounts consent`), else 403 `operator_only`. */
                    allowSuppressionOverride?: boolean;
                    /** @description null: the defaults. */
                    optOutKeywords?: string[] | null;
                    /** @description null: the defaults. */
                    optInKeywords?: string[] | null;
                    /** @description Sent back (as a text message) while the window the customer's message opened is open; null: nothing is sent. */
                    optOutReply?: string | null;
                    /** @description Sent back (as a text message) while the window the customer's message opened is open; null: nothing is sent. */
                    optInReply?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentSettings"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`, `live_mode_required`, `operator_only`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listContacts: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
                /** @description `true`: only contacts whose customer service window is open; `false`: only those whose window is closed. */
                windowOpen?: boolean;
                /** @description Only contacts for which every word of `q` begins a word of their profile name or username, or matches their number (`mar gar` finds María García). Case, accents and character width are ignored. Digits find numbers that begin with them (country code included; `+`, spaces and dashes ignored) or hold them anywhere after the country code. A `q` without a letter or digit finds nothing. */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Contact"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `ct_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    blockContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `ct_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "source": "dashboard"
                 *     }
                 */
                "application/json": {
                    /** @description Who asks: `api` (default) or `dashboard`; recorded on the block. */
                    source?: "api" | "dashboard";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`, `block_window_closed`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_blockable`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    unblockContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `ct_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "source": "dashboard"
                 *     }
                 */
                "application/json": {
                    /** @description Who asks: `api` (default) or `dashboard`; recorded on the block. */
                    source?: "api" | "dashboard";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Contact"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_blockable`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    blockContacts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contactIds": [
                 *         "ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b",
                 *         "ct_0VbcNx4Tq8Jk2Mf6Rb1zVn5c"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Up to 1000 contacts of the key's number: one platform request for all of them. */
                    contactIds: string[];
                    /** @description Who asks: `api` (default) or `dashboard`. */
                    source?: "api" | "dashboard";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description One per contact id, in the order given. */
                        data: components["schemas"]["BlockResult"][];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    unblockContacts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contactIds": [
                 *         "ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b",
                 *         "ct_0VbcNx4Tq8Jk2Mf6Rb1zVn5c"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Up to 1000 contacts of the key's number: one platform request for all of them. */
                    contactIds: string[];
                    /** @description Who asks: `api` (default) or `dashboard`. */
                    source?: "api" | "dashboard";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description One per contact id, in the order given. */
                        data: components["schemas"]["BlockResult"][];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listBlockedContacts: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last `contactId` of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BlockedContact"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    syncBlockedContacts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Contacts found on the platform's blocklist that Tidings did not have as blocked (now blocked, source `sync`). */
                        added: number;
                        /** @description Contacts Tidings had as blocked that the platform no longer lists (now unblocked). */
                        removed: number;
                        /** @description Users on the platform's blocklist that match no contact of the number (left alone). */
                        unknown: number;
                        /** @description Contacts blocked after the sync. */
                        blocked: number;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMessages: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
                /** @description Only messages in this status. */
                status?: "scheduled" | "accepted" | "sent" | "delivered" | "read" | "failed" | "canceled";
                /** @description Only messages to this recipient as addressed (E.164 or a BSUID). */
                to?: string;
                /** @description Only messages of this batch (`bat_` id), in the batch's order. */
                batch?: string;
                /** @description Only the message with this `clientReference`. */
                clientReference?: string;
                /** @description Only routed sends (`"route": "auto"`) that went out this way: `free_form`, `direct_send` or `template` (their fallback). Sends without routing are not routing outcomes and never match (docs/api.md §D19). */
                deliveredAs?: "free_form" | "direct_send" | "template";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Message"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`, `phone_number_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
                /** @description The web dashboard sends `dashboard`, recorded as the message's `source`; default `api`. */
                "x-tidings-source"?: "api" | "dashboard";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID). */
                    to: string;
                    /** @enum {string} */
                    type: "template" | "text" | "media" | "interactive" | "location" | "contacts" | "reaction";
                } & (components["schemas"]["SendTemplateMessage"] | components["schemas"]["SendTextMessage"] | components["schemas"]["SendMediaMessage"] | components["schemas"]["SendInteractiveMessage"] | components["schemas"]["SendLocationMessage"] | components["schemas"]["SendContactsMessage"] | components["schemas"]["SendReactionMessage"]);
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`, `phone_number_invalid`, `recipient_not_supported`, `variables_invalid`, `template_values_missing`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_found`, `template_not_found`, `media_not_found`, `reply_target_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`, `template_not_approved`, `template_category_not_allowed`, `template_paused`, `template_disabled`, `outside_customer_window`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `msg_` id or platform message id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `message_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTestInboundMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "+16505550002",
                 *       "text": "hi"
                 *     }
                 */
                "application/json": {
                    /** @description The customer, E.164. */
                    from: string;
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboundMessage"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`, `phone_number_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listInboundMessages: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
                /** @description Only messages of this contact (`ct_` id). */
                contact?: string;
                /** @description Only messages of this platform type (`text`, `image`, `button`…). */
                type?: string;
                /** @description Only messages the customer sent at or after this time (ISO 8601). */
                since?: string;
                /** @description Only answers to this message of ours (`msg_` id): replies, button and list taps, reactions. */
                answering?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InboundMessage"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `message_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    markInboundMessageRead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `msg_` id or platform message id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "typingIndicator": true
                 *     }
                 */
                "application/json": {
                    /** @description Also show the customer a typing indicator (the platform's `typing_indicator: { type: "text" }`), as when a reply is being written. */
                    typingIndicator?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboundMessage"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `message_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`, `platform_rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `platform_error`. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`, `platform_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getInboundMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `msg_` id or platform message id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboundMessage"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `message_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listContactMessages: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id (`in_` or `msg_`) of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path: {
                /** @description `ct_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The message's id: `in_` (inbound) or `msg_` (outbound); `starting_after` takes it. */
                            id: string;
                            /** @enum {string} */
                            direction: "inbound" | "outbound";
                            /**
                             * Format: date-time
                             * @description When the customer sent it (inbound) or when it was accepted (outbound): the timeline's order.
                             */
                            at: string;
                            /** @description The customer's message (direction `inbound`). */
                            inbound: components["schemas"]["InboundMessage"] | null;
                            /** @description The message sent (direction `outbound`). */
                            outbound: components["schemas"]["Message"] | null;
                        }[];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    takeBackConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
                /** @description The web dashboard sends `dashboard`, recorded as the message's `source`; default `api`. */
                "x-tidings-source"?: "api" | "dashboard";
            };
            path: {
                /** @description `ct_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "Hi Maria, this is Sam from the store: I can help with that."
                 *     }
                 */
                "application/json": {
                    /** @description What the business says to the customer as it takes the conversation back (a free-form text, at most 4,096 characters): Meta hands the conversation over on a service message, so taking it back is saying something. */
                    text: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`, `recipient_not_supported`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`, `outside_customer_window`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendMessageBatch: {
        parameters: {
            query?: {
                /** @description Check every item and answer 200 with what the batch would do, storing and sending nothing. */
                dryRun?: boolean;
            };
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
                /** @description Where the batch comes from, recorded as the batch's `source`: the dashboard sends `dashboard` (its messages' `source` too), `npx tidings messages send-batch` sends `cli`; default `api`. */
                "x-tidings-source"?: "api" | "cli" | "dashboard";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sendAt": "2026-12-01T09:00:00+01:00",
                 *       "messages": [
                 *         {
                 *           "to": "+16505551234",
                 *           "type": "template",
                 *           "templateId": "tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e",
                 *           "variables": {
                 *             "1": "Jessica"
                 *           },
                 *           "clientReference": "order-1042"
                 *         },
                 *         {
                 *           "to": "+16505551235",
                 *           "type": "template",
                 *           "templateId": "tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e",
                 *           "variables": {
                 *             "1": "Omar"
                 *           },
                 *           "clientReference": "order-1043"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description 1 to 1,000 sends, each a body of POST /v1/messages (with its own `clientReference`, `sendAt`…), each checked on its own. */
                    messages: ({
                        /** @description The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID). */
                        to: string;
                        /** @enum {string} */
                        type: "template" | "text" | "media" | "interactive" | "location" | "contacts" | "reaction";
                    } & (components["schemas"]["SendTemplateMessage"] | components["schemas"]["SendTextMessage"] | components["schemas"]["SendMediaMessage"] | components["schemas"]["SendInteractiveMessage"] | components["schemas"]["SendLocationMessage"] | components["schemas"]["SendContactsMessage"] | components["schemas"]["SendReactionMessage"]))[];
                    /** @description Send every message of the batch at this time (RFC 3339 with offset, 60 s to 35 days ahead); an item's own `sendAt` wins. */
                    sendAt?: string;
                };
            };
        };
        responses: {
            /** @description The dry run (`?dryRun=true`): what the batch would do; nothing stored or sent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        dryRun: true;
                        items: number;
                        /** @description Items that would be accepted now. */
                        valid: number;
                        refused: number;
                        /** @description Valid items by the state of their customer's window. */
                        windows: {
                            open: number;
                            closed: number;
                        };
                        /** @description Valid items by how the platform prices them: a utility template outside or inside the window, a free-form (service) message. All three are billed since 1 October 2026; prices are in the platform's rate card. */
                        pricing: {
                            utility_outside_window: number;
                            utility_inside_window: number;
                            service: number;
                        };
                        data: {
                            index: number;
                            /** @description The recipient as the message would record it. */
                            to?: string;
                            /** @description Whether the customer's 24-hour window is open now. */
                            windowOpen?: boolean;
                            /** @enum {string} */
                            pricingCategory?: "utility_outside_window" | "utility_inside_window" | "service";
                            /** Format: date-time */
                            sendAt?: string | null;
                            error?: {
                                code: "invalid_json" | "parameter_missing" | "parameter_invalid" | "parameter_unknown" | "request_too_large" | "batch_rejected" | "phone_number_invalid" | "template_invalid" | "variables_invalid" | "template_values_missing" | "idempotency_key_missing" | "idempotency_key_invalid" | "media_type_unsupported" | "media_too_large" | "media_empty" | "api_key_missing" | "api_key_invalid" | "signature_invalid" | "permission_denied" | "live_mode_required" | "suppression_override_not_allowed" | "operator_only" | "cross_site_request" | "session_expired" | "sign_in_failed" | "second_factor_invalid" | "second_factor_already_set_up" | "second_factor_not_set_up" | "password_incorrect" | "sign_in_locked" | "password_too_weak" | "link_invalid" | "sso_required" | "owner_required" | "last_owner" | "member_not_found" | "api_key_not_found" | "session_not_found" | "template_not_found" | "message_not_found" | "media_not_found" | "reply_target_not_found" | "contact_not_found" | "recipient_not_supported" | "route_not_found" | "webhook_endpoint_not_found" | "event_not_found" | "suppression_not_found" | "erasure_not_found" | "template_not_editable" | "media_in_use" | "client_reference_in_use" | "message_not_cancelable" | "template_name_taken" | "template_name_reserved" | "template_not_approved" | "template_category_not_allowed" | "template_paused" | "template_disabled" | "outside_customer_window" | "block_window_closed" | "contact_not_blockable" | "recipient_suppressed" | "suppression_is_block" | "idempotency_key_reused" | "idempotency_request_in_progress" | "range_not_satisfiable" | "rate_limited" | "platform_rate_limited" | "platform_error" | "platform_unavailable" | "service_unavailable";
                                message: string;
                                /** @description The item's field at fault, as a path in the whole request (`messages[3].to`). */
                                param?: string;
                                issues?: {
                                    code: string;
                                    field: string;
                                    message: string;
                                }[];
                            };
                        }[];
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        batch: components["schemas"]["Batch"];
                        /** @description One per item, in the request's order. */
                        data: {
                            /** @description The item's place in the request, from 0. */
                            index: number;
                            message?: components["schemas"]["Message"];
                            error?: {
                                code: "invalid_json" | "parameter_missing" | "parameter_invalid" | "parameter_unknown" | "request_too_large" | "batch_rejected" | "phone_number_invalid" | "template_invalid" | "variables_invalid" | "template_values_missing" | "idempotency_key_missing" | "idempotency_key_invalid" | "media_type_unsupported" | "media_too_large" | "media_empty" | "api_key_missing" | "api_key_invalid" | "signature_invalid" | "permission_denied" | "live_mode_required" | "suppression_override_not_allowed" | "operator_only" | "cross_site_request" | "session_expired" | "sign_in_failed" | "second_factor_invalid" | "second_factor_already_set_up" | "second_factor_not_set_up" | "password_incorrect" | "sign_in_locked" | "password_too_weak" | "link_invalid" | "sso_required" | "owner_required" | "last_owner" | "member_not_found" | "api_key_not_found" | "session_not_found" | "template_not_found" | "message_not_found" | "media_not_found" | "reply_target_not_found" | "contact_not_found" | "recipient_not_supported" | "route_not_found" | "webhook_endpoint_not_found" | "event_not_found" | "suppression_not_found" | "erasure_not_found" | "template_not_editable" | "media_in_use" | "client_reference_in_use" | "message_not_cancelable" | "template_name_taken" | "template_name_reserved" | "template_not_approved" | "template_category_not_allowed" | "template_paused" | "template_disabled" | "outside_customer_window" | "block_window_closed" | "contact_not_blockable" | "recipient_suppressed" | "suppression_is_block" | "idempotency_key_reused" | "idempotency_request_in_progress" | "range_not_satisfiable" | "rate_limited" | "platform_rate_limited" | "platform_error" | "platform_unavailable" | "service_unavailable";
                                message: string;
                                /** @description The item's field at fault, as a path in the whole request (`messages[3].to`). */
                                param?: string;
                                issues?: {
                                    code: string;
                                    field: string;
                                    message: string;
                                }[];
                            };
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`, `invalid_json`, `parameter_missing`, `request_too_large`, `idempotency_key_invalid`, `batch_rejected`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`, `client_reference_in_use`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `bat_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `message_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listBatchRefusals: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `bat_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Every refused item, in the request's order: its `index` and its refusal (`code`, `message`, `param`, `issues`). Empty for a batch stored before Tidings kept them. */
                        data: {
                            index: number;
                            error: {
                                code: "invalid_json" | "parameter_missing" | "parameter_invalid" | "parameter_unknown" | "request_too_large" | "batch_rejected" | "phone_number_invalid" | "template_invalid" | "variables_invalid" | "template_values_missing" | "idempotency_key_missing" | "idempotency_key_invalid" | "media_type_unsupported" | "media_too_large" | "media_empty" | "api_key_missing" | "api_key_invalid" | "signature_invalid" | "permission_denied" | "live_mode_required" | "suppression_override_not_allowed" | "operator_only" | "cross_site_request" | "session_expired" | "sign_in_failed" | "second_factor_invalid" | "second_factor_already_set_up" | "second_factor_not_set_up" | "password_incorrect" | "sign_in_locked" | "password_too_weak" | "link_invalid" | "sso_required" | "owner_required" | "last_owner" | "member_not_found" | "api_key_not_found" | "session_not_found" | "template_not_found" | "message_not_found" | "media_not_found" | "reply_target_not_found" | "contact_not_found" | "recipient_not_supported" | "route_not_found" | "webhook_endpoint_not_found" | "event_not_found" | "suppression_not_found" | "erasure_not_found" | "template_not_editable" | "media_in_use" | "client_reference_in_use" | "message_not_cancelable" | "template_name_taken" | "template_name_reserved" | "template_not_approved" | "template_category_not_allowed" | "template_paused" | "template_disabled" | "outside_customer_window" | "block_window_closed" | "contact_not_blockable" | "recipient_suppressed" | "suppression_is_block" | "idempotency_key_reused" | "idempotency_request_in_progress" | "range_not_satisfiable" | "rate_limited" | "platform_rate_limited" | "platform_error" | "platform_unavailable" | "service_unavailable";
                                message: string;
                                /** @description The item's field at fault, as a path in the whole request (`messages[3].to`). */
                                param?: string;
                                issues?: {
                                    code: string;
                                    field: string;
                                    message: string;
                                }[];
                            };
                        }[];
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `message_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listBatches: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Batch"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `msg_` id or platform message id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Message"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `message_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`, `message_not_cancelable`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelMessages: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Exactly one of the two. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Cancel the scheduled and queued messages whose `clientReference` starts with this. */
                    clientReferencePrefix?: string;
                    /**
                     * Format: date-time
                     * @description Cancel the messages scheduled for before this time.
                     */
                    scheduledBefore?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Messages canceled by this call. */
                        canceled: number;
                        /** @description Matching messages that had reached the platform (or were being sent) and were left as they were. */
                        notCancelable: number;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMessageAnalytics: {
        parameters: {
            query?: {
                /**
                 * @description Start (inclusive), ISO 8601 date or date-time with its offset; rounded down to its bucket. Default: `to` less 30 days (`day`) or 24 hours (`hour`).
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description End (exclusive), ISO 8601 date or date-time; rounded up to a bucket boundary. Default: now.
                 * @example 2026-11-27
                 */
                to?: string;
                /** @description Bucket size, in `timeZone`. `hour` spans at most 31 days, `day` at most 400. Default `day`. */
                granularity?: "hour" | "day";
                /**
                 * @description The IANA time zone whose days and hours the buckets are (`Asia/Kolkata`, `America/New_York`), daylight-saving changes included: a day of 23 or 25 hours, an hour that comes twice. A date in `from` or `to` is that day's start in the zone. The answer's `from`, `to` and `start` carry the zone's offset (`2026-11-21T00:00:00.000+05:30`). Default `UTC`.
                 * @example Asia/Kolkata
                 */
                timeZone?: string;
                /** @description Comma-separated groupings, any of `template`, `type`, `status`, `errorCode`, `pricingCategory`, `phoneNumber`, `country`: each row of `data` is one bucket of one group. None: one row per bucket. */
                groupBy?: string;
                /** @description Only messages of this template (`tpl_`). */
                templateId?: string;
                /** @description Only messages of this type (`template`, `text`, `media`…). */
                type?: string;
                /** @description Only messages now in this status. */
                status?: "scheduled" | "accepted" | "sent" | "delivered" | "read" | "failed" | "canceled";
                /** @description Only failed messages with this error code (`131047`, `ttl_expired`…). */
                errorCode?: string;
                /** @description Only messages the platform priced in this category (`utility`, `marketing`, `authentication`, `service`…). */
                pricingCategory?: string;
                /** @description Only messages from this business number. */
                phoneNumberId?: string;
                /** @description Only messages to recipients of this country (ISO 3166-1 alpha-2, from the recipient's number). */
                country?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON; With `Accept: text/csv`: the `data` rows as CSV (a header line; `start`, the group fields, each figure). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageAnalytics"];
                    "text/csv": string;
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Only what this kind of actor did. */
                actorType?: "user" | "key" | "cli" | "platform" | "system";
                /** @description Only what this actor did (`usr_…`, `key_…`, an operator name, `meta`, a task). */
                actorId?: string;
                /** @description Only this action (`template.created`, `suppression.lifted`…). */
                action?: string;
                /** @description Only changes to this kind of object (`template`, `api_key`…). */
                objectType?: string;
                /** @description Only changes to this object. */
                objectId?: string;
                /** @description Only entries at or after this time (ISO 8601). */
                since?: string;
                /** @description Only entries before this time (ISO 8601). */
                until?: string;
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON; with `Accept: application/x-ndjson`, every entry matching the filters as JSON Lines (one AuditEvent a line), or with `Accept: text/csv` as CSV (a header line; id, seq, createdAt, actorType, actorId, actorName, action, objectType, objectId, mode, requestId, address, userAgent, changes as JSON); `limit` and `starting_after` are ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditEvent"][];
                        has_more: boolean;
                    };
                    "application/x-ndjson": string;
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    eraseContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `ct_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The erasure of one or more customers (docs/api.md §D28): a durable job that removes their personal data from every table and file, keeping husks of their messages (for the counts) and, for an active suppression, a tombstone of keyed hashes so they stay suppressed. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listErasures: {
        parameters: {
            query?: {
                /** @description Items per page, 1–100 (default 10). */
                limit?: number;
                /** @description The last id of the previous page. */
                starting_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Erasure"][];
                        has_more: boolean;
                    };
                };
            };
            /** @description `error.code`: `parameter_invalid`, `parameter_unknown`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createErasure: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customers": [
                 *         "ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b",
                 *         "+16505551234",
                 *         "US.13491208655302741918"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The customers to erase, in the key's mode: every contact holding each address. */
                    customers: string[];
                };
            };
        };
        responses: {
            /** @description The erasure of one or more customers (docs/api.md §D28): a durable job that removes their personal data from every table and file, keeping husks of their messages (for the counts) and, for an active suppression, a tombstone of keyed hashes so they stay suppressed. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            /** @description `error.code`: `parameter_invalid`, `invalid_json`, `parameter_missing`, `parameter_unknown`, `request_too_large`, `idempotency_key_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `idempotency_key_reused`, `idempotency_request_in_progress`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getErasure: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `era_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The erasure of one or more customers (docs/api.md §D28): a durable job that removes their personal data from every table and file, keeping husks of their messages (for the counts) and, for an active suppression, a tombstone of keyed hashes so they stay suppressed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erasure"];
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `erasure_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `ct_` id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description `error.code`: `parameter_invalid`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `api_key_missing`, `api_key_invalid`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `permission_denied`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `contact_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `rate_limited`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `error.code`: `service_unavailable`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}

/** Every event type, in the document's order. */
export const eventTypeValues = ["message.sent","message.delivered","message.read","message.failed","message.canceled","message.received","template.approved","template.rejected","template.category_updated","template.category_update_scheduled","template.paused","template.unpaused","template.disabled","template.flagged","template.reinstated","template.quality_updated","batch.completed","account.pricing_tier_updated","account.restricted","account.restriction_lifted","account.disabled","account.reinstated","account.violation","account.alert","account.review_updated","phone_number.messaging_limit_updated","platform.webhook","contact.blocked","contact.unblocked","contact.suppressed","contact.unsuppressed","contact.erased","conversation.handover","contact.changed_identity","history.imported","message.edited","message.revoked","ad.purchase","ad.lead"] as const satisfies readonly components["schemas"]["Event"]["type"][];
