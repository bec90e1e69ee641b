import { Form } from 'react-router';
import { Icon, type IconName } from './icons.tsx';
import { iconButton } from './fields.tsx';

/**
 * One row's one-click change as its own small form (move up, move down, take off, delete): it
 * works without JavaScript and from the keyboard, and the label names the row for screen readers.
 */
export function RowButton({ intent, fields, icon, label, disabled }: { intent: string; fields: Record<string, string>; icon: IconName; label: string; disabled?: boolean }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={iconButton} aria-label={label} title={label} disabled={disabled}>
        <Icon name={icon} />
      </button>
    </Form>
  );
}

/**
 * An option sold out until the restaurant's next opening, back by itself then (issue 35 item 8): the
 * same one click as a dish's in the menu editor, for everyone who may mark sold out (staff too).
 */
export function SoldOutUntilOpeningButton({ optionId, label, name }: { optionId: string; label: string; name: string }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value="option-sold-out-until-opening" />
      <input type="hidden" name="id" value={optionId} />
      <button
        type="submit"
        aria-label={name}
        title={name}
        className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-3 text-sm font-medium text-stone-700 dark:border-stone-600 dark:text-stone-200"
      >
        {label}
      </button>
    </Form>
  );
}
