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
