import { AppError } from '#app/modules/errors/app-error.ts';
import { allergenKeysOf, mergeCartLines, ORDER_LIMITS, TABLE_CODE, type Cart } from './cart-cookie.ts';

/**
 * The cart page's one form (decision 0032), applied to the cart: every button keeps the notes and
 * the table code typed so far, then does what it says (`inc:<line>`, `dec:<line>`, `remove:<line>`,
 * `save`, `send`). The allergies asked about (issue 35 item 4: the chips `allergy` and the words
 * `allergyNote`) are kept the same way. A refusal is an AppError naming its field; the cart is then
 * left as it was.
 */

const INTENT = /^(inc|dec|remove):(\d{1,3})$/;
// oxlint-disable-next-line no-control-regex -- control characters are what this removes (a note is one plain line)
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A typed text without control characters, trimmed; refused on its field past the notes' length. */
function typedText(value: string, field: string): string | AppError {
  const typed = value.replace(CONTROL_CHARACTERS, ' ').trim();
  return [...typed].length > ORDER_LIMITS.maxNoteChars ? new AppError('order-note-too-long', { max: ORDER_LIMITS.maxNoteChars }, { field }) : typed;
}

export function applyCartForm(cart: Cart, intent: string, field: (name: string) => string, fields: (name: string) => string[] = () => []): Cart | AppError {
  const lines = [];
  for (const [index, line] of cart.lines.entries()) {
    const typed = typedText(field(`note-${index}`), `note-${index}`);
    if (typed instanceof AppError) return typed;
    lines.push({ ...line, note: typed || null });
  }
  const allergyNote = typedText(field('allergyNote'), 'allergyNote');
  if (allergyNote instanceof AppError) return allergyNote;
  let tableCode = cart.tableCode;
  const typedTable = field('table').trim();
  if (typedTable) {
    if (!TABLE_CODE.test(typedTable)) return new AppError('order-table-unknown', {}, { field: 'table' });
    tableCode = typedTable;
  }
  // a form with the allergy fieldset says what the guest chose, none included; one without it (no lines) keeps the cart's
  const asked = field('allergyAsked') === '1';
  const next: Cart = {
    ...cart,
    tableCode,
    lines,
    allergies: asked ? allergenKeysOf(fields('allergy')) : cart.allergies,
    allergyNote: asked ? allergyNote || null : cart.allergyNote,
  };
  if (intent === 'save' || intent === 'send') return { ...next, lines: mergeCartLines(next.lines) };
  const match = INTENT.exec(intent);
  const index = match ? Number(match[2]) : -1;
  const line = next.lines[index];
  if (!match || !line) return new AppError('invalid-input');
  if (match[1] === 'remove' || (match[1] === 'dec' && line.quantity <= 1)) return { ...next, lines: mergeCartLines(next.lines.filter((_, i) => i !== index)) };
  const quantity = line.quantity + (match[1] === 'inc' ? 1 : -1);
  if (quantity > ORDER_LIMITS.maxQuantity) return new AppError('order-quantity', { max: ORDER_LIMITS.maxQuantity });
  // the indices the buttons name are the lines as shown: lines a typed note made identical merge after the change
  return { ...next, lines: mergeCartLines(next.lines.map((other, i) => (i === index ? { ...other, quantity } : other))) };
}
