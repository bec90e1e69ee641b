/**
 * The one look of a declared allergy (issue 35 item 4) wherever an order is shown: the guest's order
 * page, the cart and the staff's board. A red-bordered box with a mark and the allergens named in
 * words, never colour alone; the mark is hidden from screen readers (the words say it).
 */

const BOX = 'rounded-lg border-2 border-red-700 bg-red-50 px-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50';

/** The order's declared allergies and the guest's own words, as a note above its lines. */
export function DeclaredAllergies({ title, note, className = '', testId = 'order-allergies' }: { title: string; note: string | null; className?: string; testId?: string }) {
  return (
    <div role="note" className={`py-2 ${BOX} ${className}`} data-testid={testId}>
      <p className="font-bold">
        <span aria-hidden="true">⚠ </span>
        {title}
      </p>
      {note ? <p className="mt-1 break-words">{note}</p> : null}
    </div>
  );
}

/** One line that contains a declared allergy: a `p` under a line, or a `span` inside a list item. */
export function AllergyLineFlag({ text, as: Tag = 'p', className = '', testId }: { text: string; as?: 'p' | 'span'; className?: string; testId: string }) {
  return (
    <Tag className={`mt-1 block py-1 text-sm font-bold ${BOX} ${className}`} data-testid={testId}>
      <span aria-hidden="true">⚠ </span>
      {text}
    </Tag>
  );
}
