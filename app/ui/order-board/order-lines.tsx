import { useTranslation } from 'react-i18next';
import type { BoardOrder } from '#app/modules/ordering/order-board.types.ts';
import { optionPriceText } from '#app/modules/ordering/order-line-details.ts';
import { AllergyLineFlag, DeclaredAllergies } from '#app/ui/ordering/allergy-warning.tsx';

/**
 * What to cook, as a board's row shows it (issue 35 item 5): the allergies the guest declared,
 * first and framed; then each line with its chosen options indented under it, its note, and, when
 * it contains a declared allergy, a mark and the allergens named (never colour alone).
 */

// i18n-keys: allergen.*
export function OrderAllergies({ order }: { order: Pick<BoardOrder, 'allergies' | 'allergyNote'> }) {
  const { t } = useTranslation();
  if (order.allergies.length === 0 && !order.allergyNote) return null;
  const names = order.allergies.map((key) => t(`allergen.${key}`)).join(', ');
  return (
    <DeclaredAllergies
      className="mt-3"
      title={t('orders.allergiesTitle', { allergens: names || '—' })}
      note={order.allergyNote ? t('orders.allergyNote', { note: order.allergyNote }) : null}
    />
  );
}

export function OrderLines({ order }: { order: Pick<BoardOrder, 'lines' | 'currency'> }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="mt-3 space-y-2">
      {order.lines.map((line, index) => (
        <li key={index} className="break-words" data-testid="board-line" data-flagged={line.flagged.length > 0 ? '' : undefined}>
          <span className="font-semibold">{line.quantity}×</span> {line.name}
          {line.options.length > 0 ? (
            <ul aria-label={t('orders.optionsOf')} className="pl-6 text-sm">
              {line.options.map((option, at) => {
                const price = optionPriceText(option, order.currency, i18n.language);
                return (
                  <li key={at} data-testid="board-line-option">
                    {option.group}: <span className="font-semibold">{option.name}</span>
                    {price ? <span className="text-stone-700 dark:text-stone-300"> ({price})</span> : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {line.note ? <span className="block pl-6 text-sm italic text-stone-700 dark:text-stone-300">» {line.note}</span> : null}
          {line.flagged.length > 0 ? (
            <AllergyLineFlag
              as="span"
              className="ml-6"
              testId="board-line-flag"
              text={t('orders.lineFlag', { allergens: line.flagged.map((key) => t(`allergen.${key}`)).join(', ') })}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
