/**
 * Template buttons in the dashboard: the list a template page shows, and the inputs a template send
 * needs for them (docs/api.md §D8). The send inputs are self-contained so the Send page only
 * mounts them: `<TemplateButtonInputs template={t} value={buttons} onChange={setButtons} />`, and
 * sends `buttons` (left out when empty) beside `variables`.
 */
import type { Template } from './api';

export type TemplateButton = Template['buttons'][number];
/** A button's value at send time, as `POST /v1/messages` takes it under `buttons["<index>"]`. */
export type ButtonInput = { payload?: string; urlSuffix?: string; couponCode?: string };

const TYPE_NAMES: Record<TemplateButton['type'], string> = {
  quick_reply: 'Quick reply',
  url: 'Link',
  phone_number: 'Call',
  copy_code: 'Copy code',
  request_contact_info: 'Share phone number',
};

/** True when a URL button's URL ends in `{{1}}` and so takes a suffix at send time. */
export const isDynamicUrl = (url: string | undefined) => /\{\{\s*1\s*\}\}$/.test(url ?? '');

/** What a button does, in words (`Link: https://…/{{1}} (example A-1042)`). */
export function describeButton(b: TemplateButton): string {
  switch (b.type) {
    case 'url':
      return `${b.url ?? ''}${b.example ? ` (example ${b.example})` : ''}`;
    case 'phone_number':
      return b.phoneNumber ?? '';
    case 'copy_code':
      return `example code ${b.example ?? ''}`;
    case 'request_contact_info':
      return "asks for the customer's phone number";
    default:
      return 'answers with its label';
  }
}

/** The buttons of a template, in the order the customer sees them. */
export function TemplateButtonList({ buttons }: { buttons: TemplateButton[] }) {
  if (buttons.length === 0) return null;
  return (
    <ol className="template-buttons" aria-label="Buttons">
      {buttons.map((b, i) => (
        <li key={i} data-type={b.type}>
          <strong>{b.text ?? TYPE_NAMES[b.type]}</strong> <span className="muted">{TYPE_NAMES[b.type]}</span>{' '}
          {describeButton(b)}
        </li>
      ))}
    </ol>
  );
}

/**
 * The inputs a send needs for the template's buttons: a dynamic link's end and a code (both
 * required), and quick replies' payloads (optional: the label is sent when left empty).
 * `value` is keyed by button index, as the API takes it.
 */
export function TemplateButtonInputs({
  template,
  value,
  onChange,
}: {
  template: Template;
  value: Record<string, ButtonInput>;
  onChange: (v: Record<string, ButtonInput>) => void;
}) {
  const set = (index: number, field: keyof ButtonInput, text: string) => {
    const next = { ...value };
    if (text === '') delete next[index];
    else next[index] = { [field]: text };
    onChange(next);
  };
  const inputs = template.buttons.flatMap((b, i) => {
    const field: keyof ButtonInput | null =
      b.type === 'quick_reply'
        ? 'payload'
        : b.type === 'url' && isDynamicUrl(b.url)
          ? 'urlSuffix'
          : b.type === 'copy_code'
            ? 'couponCode'
            : null;
    if (!field) return [];
    const label =
      field === 'payload'
        ? `Payload of “${b.text}” (optional)`
        : field === 'urlSuffix'
          ? `End of the link “${b.text}”`
          : 'Code to copy';
    return [
      <label key={i}>
        {label}
        <input
          name={`button-${i}`}
          value={value[i]?.[field] ?? ''}
          required={field !== 'payload'}
          placeholder={field === 'payload' ? b.text : field === 'urlSuffix' ? b.example : undefined}
          onChange={(e) => set(i, field, e.target.value)}
        />
      </label>,
    ];
  });
  return inputs.length ? (
    <fieldset className="stack">
      <legend>Buttons</legend>
      {inputs}
    </fieldset>
  ) : null;
}
