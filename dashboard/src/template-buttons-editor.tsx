/** A template's buttons in the template editor: add, remove, type, and each type's fields, with their issues. */
import type { Issue } from './api';
import { Field, Issues } from './issue-fields';
import type { TemplateButton } from './template-buttons';

const BUTTON_TYPES: { type: TemplateButton['type']; label: string }[] = [
  { type: 'quick_reply', label: 'Quick reply' },
  { type: 'url', label: 'Link (URL)' },
  { type: 'phone_number', label: 'Call (phone number)' },
  { type: 'copy_code', label: 'Copy code' },
  { type: 'request_contact_info', label: 'Share phone number' },
];

/** A button of a new type, keeping the label when the new type has one (copy_code's is the platform's). */
function retype(b: TemplateButton, type: TemplateButton['type']): TemplateButton {
  const text = b.text ?? '';
  switch (type) {
    case 'url':
      return { type, text, url: '' };
    case 'phone_number':
      return { type, text, phoneNumber: '' };
    case 'copy_code':
      return { type, example: '' };
    default:
      return { type, text };
  }
}

/** The buttons: add, remove, type and the fields of each type, with each field's issues beside it. */
export function ButtonsEditor({
  buttons,
  onChange,
  issues,
}: {
  buttons: TemplateButton[];
  onChange: (b: TemplateButton[]) => void;
  issues: Issue[] | null;
}) {
  const update = (i: number, b: TemplateButton) => onChange(buttons.map((x, j) => (j === i ? b : x)));
  return (
    <fieldset className="buttons">
      <legend>Buttons</legend>
      {buttons.map((b, i) => {
        const at = `buttons[${i}]`;
        const n = i + 1;
        return (
          <fieldset key={i} className="button-editor" data-index={i}>
            <legend>{`Button ${n}`}</legend>
            <select
              name={`button-type-${n}`}
              aria-label={`Button ${n} type`}
              value={b.type}
              onChange={(e) => update(i, retype(b, e.target.value as TemplateButton['type']))}
            >
              {BUTTON_TYPES.map((t) => (
                <option key={t.type} value={t.type}>
                  {t.label}
                </option>
              ))}
            </select>
            {b.type !== 'copy_code' && (
              <Field label={`Button ${n} label`} field={`${at}.text`} issues={issues}>
                <input
                  name={`button-text-${n}`}
                  value={b.text ?? ''}
                  onChange={(e) => update(i, { ...b, text: e.target.value })}
                />
              </Field>
            )}
            {b.type === 'url' && (
              <>
                <Field label={`Button ${n} URL`} field={`${at}.url`} issues={issues}>
                  <input
                    name={`button-url-${n}`}
                    value={b.url ?? ''}
                    placeholder="https://shop.example.com/track/{{1}}"
                    onChange={(e) => update(i, { ...b, url: e.target.value })}
                  />
                </Field>
                <Field label={`Button ${n} URL example (for {{1}})`} field={`${at}.example`} issues={issues}>
                  <input
                    name={`button-example-${n}`}
                    value={b.example ?? ''}
                    onChange={(e) =>
                      update(i, {
                        type: b.type,
                        text: b.text ?? '',
                        url: b.url ?? '',
                        ...(e.target.value ? { example: e.target.value } : {}),
                      })
                    }
                  />
                </Field>
              </>
            )}
            {b.type === 'phone_number' && (
              <Field label={`Button ${n} phone number (E.164)`} field={`${at}.phoneNumber`} issues={issues}>
                <input
                  name={`button-phone-${n}`}
                  value={b.phoneNumber ?? ''}
                  placeholder="+16505551234"
                  onChange={(e) => update(i, { ...b, phoneNumber: e.target.value })}
                />
              </Field>
            )}
            {b.type === 'copy_code' && (
              <Field label={`Button ${n} example code`} field={`${at}.example`} issues={issues}>
                <input
                  name={`button-code-${n}`}
                  value={b.example ?? ''}
                  onChange={(e) => update(i, { ...b, example: e.target.value })}
                />
              </Field>
            )}
            <Issues issues={issues} field={at} exact />
            <button type="button" className="secondary" onClick={() => onChange(buttons.filter((_, j) => j !== i))}>
              {`Remove button ${n}`}
            </button>
          </fieldset>
        );
      })}
      <Issues issues={issues} field="buttons" exact />
      <button
        type="button"
        className="secondary"
        name="button-add"
        onClick={() => onChange([...buttons, { type: 'quick_reply', text: '' }])}
      >
        Add button
      </button>
    </fieldset>
  );
}
