/** The interactive part of the Send page's form: reply buttons or a URL button, and the `interactive` object they make. */

/** What the interactive part of a send form holds: reply buttons (up to 3) or a URL button. */
export interface InteractiveDraft {
  header: string;
  body: string;
  footer: string;
  /** Reply buttons' titles (their ids are made from their position). */
  buttons: string[];
  displayText: string;
  url: string;
}

export const emptyInteractive = (): InteractiveDraft => ({
  header: '',
  body: '',
  footer: '',
  buttons: [''],
  displayText: '',
  url: '',
});

/**
 * The `interactive` object of a send (docs/api.md §D15): `buttons` with ids `button-1`…, or
 * `cta_url`; header and footer only when filled. Limits are left to the service, which names each
 * breached field.
 */
export function interactiveFields(kind: 'buttons' | 'cta_url', d: InteractiveDraft): Record<string, unknown> {
  const common = { body: d.body, ...(d.header ? { header: d.header } : {}), ...(d.footer ? { footer: d.footer } : {}) };
  return kind === 'buttons'
    ? { kind, ...common, buttons: d.buttons.map((title, i) => ({ id: `button-${i + 1}`, title })) }
    : { kind, ...common, displayText: d.displayText, url: d.url };
}

/** Header, body and footer, then up to three reply buttons or a URL button's label and address. */
export function InteractiveFields({
  kind,
  draft,
  onDraft,
}: {
  kind: 'buttons' | 'cta_url';
  draft: InteractiveDraft;
  onDraft: (d: InteractiveDraft) => void;
}) {
  const set = (patch: Partial<InteractiveDraft>) => onDraft({ ...draft, ...patch });
  return (
    <>
      <label>
        Header (optional)
        <input name="header" value={draft.header} onChange={(e) => set({ header: e.target.value })} maxLength={60} />
      </label>
      <label>
        Body
        <textarea
          name="body"
          value={draft.body}
          onChange={(e) => set({ body: e.target.value })}
          rows={3}
          maxLength={1024}
          required
        />
      </label>
      <label>
        Footer (optional)
        <input name="footer" value={draft.footer} onChange={(e) => set({ footer: e.target.value })} maxLength={60} />
      </label>
      {kind === 'buttons' ? (
        <fieldset>
          <legend>Reply buttons (up to 3, 20 characters each)</legend>
          {draft.buttons.map((title, i) => (
            <label key={i}>
              Button {i + 1}
              <input
                name={`button-${i + 1}`}
                value={title}
                maxLength={20}
                required
                onChange={(e) => set({ buttons: draft.buttons.map((b, j) => (j === i ? e.target.value : b)) })}
              />
              {draft.buttons.length > 1 ? (
                <button
                  type="button"
                  className="link"
                  onClick={() => set({ buttons: draft.buttons.filter((_, j) => j !== i) })}
                >
                  Remove
                </button>
              ) : null}
            </label>
          ))}
          {draft.buttons.length < 3 ? (
            <button type="button" onClick={() => set({ buttons: [...draft.buttons, ''] })}>
              Add a button
            </button>
          ) : null}
        </fieldset>
      ) : (
        <>
          <label>
            Button label (up to 20 characters)
            <input
              name="displayText"
              value={draft.displayText}
              onChange={(e) => set({ displayText: e.target.value })}
              maxLength={20}
              required
            />
          </label>
          <label>
            URL
            <input
              name="url"
              type="url"
              value={draft.url}
              onChange={(e) => set({ url: e.target.value })}
              placeholder="https://"
              required
            />
          </label>
        </>
      )}
    </>
  );
}
