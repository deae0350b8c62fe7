/**
 * What the service sends through the platform, independent of the Graph API's JSON shape: a
 * message's content (text, template, media, interactive, location, contacts, reaction), the
 * message with its recipient and options, and the platform's answer. `Platform.sendMessage`
 * (platform.ts) takes and returns these; `cloud-api/message-payloads.ts` writes them as Graph JSON.
 */
import type { ParameterNames, TemplateButtonValue } from './template-types.js';

/** What to send, independent of the Graph API's JSON shape. */
export type OutboundContent =
  | { type: 'text'; body: string; previewUrl: boolean }
  | {
      type: 'template';
      name: string;
      language: string;
      /** The header's value: its placeholder's text, or the media registered for the sender. */
      header: { type: 'text'; text: string } | { type: 'image' | 'video' | 'document'; platformMediaId: string } | null;
      /** Values of the body placeholders, in order (positional parameters). */
      body: string[];
      /** Values of the template's buttons, by index; absent (payloads stored before buttons) or empty: none. */
      buttons?: TemplateButtonValue[];
      /** A NAMED template's parameter names, sent as `parameter_name`; absent: positional. */
      parameterNames?: ParameterNames;
    }
  | {
      type: 'media';
      /** The platform's message type: image, video, audio, document or sticker. */
      kind: 'image' | 'video' | 'audio' | 'sticker' | 'document';
      /** The platform's media id, registered for the sending number. */
      platformMediaId: string;
      caption: string | null;
      /** Documents only: the name the recipient sees. */
      filename: string | null;
    }
  | {
      type: 'interactive';
      header: string | null;
      body: string;
      footer: string | null;
      action:
        | { kind: 'buttons'; buttons: { id: string; title: string }[] }
        | {
            kind: 'list';
            button: string;
            sections: { title: string | null; rows: { id: string; title: string; description: string | null }[] }[];
          }
        | { kind: 'cta_url'; displayText: string; url: string };
    }
  | { type: 'location'; latitude: number; longitude: number; name: string | null; address: string | null }
  | { type: 'contacts'; contacts: OutboundContactCard[] }
  /** An emoji on a message (`""` removes it); `targetWamid` is filled at dispatch when the target was queued. */
  | { type: 'reaction'; targetWamid: string; emoji: string };

/** A contact card to send (docs/platform.md §1.4, Meta `contacts-messages`). */
export interface OutboundContactCard {
  name: { formatted: string; first?: string; last?: string; middle?: string; prefix?: string; suffix?: string };
  phones?: { phone: string; type?: string; waId?: string }[];
  emails?: { email: string; type?: string }[];
  urls?: { url: string; type?: string }[];
  org?: { company?: string; department?: string; title?: string };
  addresses?: {
    street?: string;
    city?: string;
    state?: string;
    zip?: string;
    country?: string;
    countryCode?: string;
    type?: string;
  }[];
  birthday?: string;
}

export interface OutboundMessage {
  /**
   * The recipient: E.164 (`+16505551234`), sent as `to`; or a business-scoped user id or parent
   * BSUID (`US.1349…`, `US.ENT.1181…`), sent as `recipient` (docs/platform.md §4.9).
   */
  to: string;
  content: OutboundContent;
  /** wamid to quote; the platform threads the message as a reply (`context.message_id`). */
  replyToWamid?: string;
  /**
   * Echoed back by the platform in every status webhook (`biz_opaque_callback_data`). The service
   * puts its `msg_` id here, so statuses can be tied to the message even when the send's response
   * was lost.
   */
  callbackData?: string;
  /**
   * Send it through Direct Send (a platform beta, docs/platform.md §5.1): a utility text or
   * interactive message outside the customer service window, without a pre-approved template.
   * Goes out as `"category": "utility"` with `ttl_seconds` (30–43,200: how long the platform tries
   * to deliver it). Refused with 100 ("Direct Send isn't enabled for this account") or 139200
   * (access blocked) where the number may not use it.
   */
  directSend?: { ttlSeconds: number };
}

export interface SendResult {
  /** The platform's message id (`wamid.…`). */
  wamid: string;
  /** The recipient's WhatsApp id as the platform normalised it (digits). */
  waId: string | null;
}
