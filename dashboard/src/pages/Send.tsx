import { useState, type FormEvent } from 'react';
import { api, type Message } from '../api';
import { emptyInteractive, InteractiveFields, interactiveFields } from '../compose-interactive';
import { MediaFields } from '../compose-media';
import { TemplateFields, templateFields, useApprovedTemplates } from '../compose-template';
import { DeliveryFields, emptyRoute, routeFields, SendWarnings } from '../route-fields';
import { localToRfc3339, SendLaterInput } from '../send-later';
import { TemplateButtonInputs, type ButtonInput } from '../template-buttons';
import { ErrorNote, Link, navigate } from '../ui';

type Kind = 'text' | 'template' | 'media' | 'buttons' | 'cta_url';

const KIND_LABELS: Record<Kind, string> = {
  text: 'text',
  template: 'template',
  media: 'media',
  buttons: 'reply buttons',
  cta_url: 'URL button',
};

/**
 * Send a text, template, media or interactive (reply buttons, URL button) message by hand; it is
 * recorded as sent from the dashboard. A free-form one has a Delivery choice (route-fields.tsx).
 * The message's page opens once it is accepted, unless its answer carries warnings: they stay on
 * screen, with a link to it.
 */
export function SendPage() {
  const [kind, setKind] = useState<Kind>('text');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [buttons, setButtons] = useState<Record<string, ButtonInput>>({});
  const [mediaId, setMediaId] = useState('');
  const [caption, setCaption] = useState('');
  const [interactive, setInteractive] = useState(emptyInteractive);
  const [sendAt, setSendAt] = useState('');
  const [route, setRoute] = useState(() => emptyRoute());
  const [warned, setWarned] = useState<Message | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const templates = useApprovedTemplates(kind);
  const template = templates.data?.data.find((t) => t.id === templateId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setWarned(null);
    try {
      const interactiveKind = kind === 'buttons' || kind === 'cta_url' ? kind : null;
      const body: Record<string, unknown> = { to: to.trim(), type: interactiveKind ? 'interactive' : kind };
      if (interactiveKind) body.interactive = interactiveFields(interactiveKind, interactive);
      if (kind === 'text') body.text = text;
      if (kind === 'template')
        Object.assign(
          body,
          templateFields(templateId, template, values),
          Object.keys(buttons).length > 0 ? { buttons } : {},
        );
      if (kind === 'media') {
        body.mediaId = mediaId;
        if (caption) body.caption = caption;
      }
      if (kind !== 'template') Object.assign(body, routeFields(route, templates.data?.data));
      const later = localToRfc3339(sendAt);
      if (later) body.sendAt = later;
      const sent = await api<Message>('POST', '/messages/', {
        body,
        idempotent: true,
        headers: { 'x-tidings-source': 'dashboard' },
      });
      if (sent.warnings?.length) setWarned(sent);
      else navigate(`/messages/${sent.id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <h1>Send a message</h1>
      <form className="stack" onSubmit={submit}>
        <fieldset className="kinds">
          <legend>Type</legend>
          {(['text', 'template', 'media', 'buttons', 'cta_url'] as const).map((k) => (
            <label key={k}>
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />{' '}
              {KIND_LABELS[k]}
            </label>
          ))}
        </fieldset>
        <label>
          To (E.164)
          <input name="to" value={to} onChange={(e) => setTo(e.target.value)} placeholder="+16505551234" required />
        </label>
        {kind === 'text' && (
          <>
            <label>
              Text
              <textarea
                name="text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={4}
                maxLength={4096}
                required
              />
            </label>
            <p className="hint">
              A text or media message goes as written while the customer service window is open (the customer wrote in
              the last 24 hours); “Whatever the window” reaches them after it closed too.
            </p>
          </>
        )}
        {kind === 'template' && (
          <>
            <TemplateFields
              templates={templates}
              templateId={templateId}
              onTemplateId={(id) => {
                setTemplateId(id);
                setButtons({});
              }}
              values={values}
              onValues={setValues}
            />
            {template && <TemplateButtonInputs template={template} value={buttons} onChange={setButtons} />}
          </>
        )}
        {(kind === 'buttons' || kind === 'cta_url') && (
          <>
            <InteractiveFields kind={kind} draft={interactive} onDraft={setInteractive} />
            <p className="hint">
              Interactive messages go as written while the customer service window is open; a tapped reply button shows
              on the message's page.
            </p>
          </>
        )}
        {kind === 'media' && (
          <MediaFields
            active={kind}
            mediaId={mediaId}
            onMediaId={setMediaId}
            caption={caption}
            onCaption={setCaption}
            onError={setError}
          />
        )}
        {kind !== 'template' && <DeliveryFields draft={route} onDraft={setRoute} templates={templates} error={error} />}
        <SendLaterInput label="Send later" value={sendAt} onChange={setSendAt} />
        <ErrorNote error={error} />
        {warned ? (
          <div className="stack" data-testid="sent">
            <p>
              Message{' '}
              <Link to={`/messages/${warned.id}`}>
                <code>{warned.id}</code>
              </Link>{' '}
              was accepted.
            </p>
            <SendWarnings warnings={warned.warnings} />
          </div>
        ) : null}
        <button type="submit" disabled={busy}>
          {busy ? 'Sending…' : sendAt ? 'Schedule' : 'Send'}
        </button>
      </form>
    </section>
  );
}
