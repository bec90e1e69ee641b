import { AppError } from '#app/modules/errors/app-error.ts';
import { ORDER_LIMITS, TABLE_CODE, type Cart } from './cart-cookie.ts';

/**
 * The cart page's one form (decision 0032), applied to the cart: every button keeps the notes and
 * the table code typed so far, then does what it says (`inc:<line>`, `dec:<line>`, `remove:<line>`,
 * `save`, `send`). A refusal is an AppError naming its field; the cart is then left as it was.
 */

const INTENT = /^(inc|dec|remove):(\d{1,3})$/;
// oxlint-disable-next-line no-control-regex -- control characters are what this removes (a note is one plain line)
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export function applyCartForm(cart: Cart, intent: string, field: (name: string) => string): Cart | AppError {
  const lines = [];
  for (const [index, line] of cart.lines.entries()) {
    const typed = field(`note-${index}`).replace(CONTROL_CHARACTERS, ' ').trim();
    if ([...typed].length > ORDER_LIMITS.maxNoteChars) return new AppError('order-note-too-long', { max: ORDER_LIMITS.maxNoteChars }, { field: `note-${index}` });
    lines.push({ ...line, note: typed || null });
  }
  let tableCode = cart.tableCode;
  const typedTable = field('table').trim();
  if (typedTable) {
    if (!TABLE_CODE.test(typedTable)) return new AppError('order-table-unknown', {}, { field: 'table' });
    tableCode = typedTable;
  }
  const next: Cart = { ...cart, tableCode, lines };
  if (intent === 'save' || intent === 'send') return next;
  const match = INTENT.exec(intent);
  const index = match ? Number(match[2]) : -1;
  const line = next.lines[index];
  if (!match || !line) return new AppError('invalid-input');
  if (match[1] === 'remove' || (match[1] === 'dec' && line.quantity <= 1)) return { ...next, lines: next.lines.filter((_, i) => i !== index) };
  const quantity = line.quantity + (match[1] === 'inc' ? 1 : -1);
  if (quantity > ORDER_LIMITS.maxQuantity) return new AppError('order-quantity', { max: ORDER_LIMITS.maxQuantity });
  return { ...next, lines: next.lines.map((other, i) => (i === index ? { ...other, quantity } : other)) };
}
