import type { FetcherWithComponents } from 'react-router';
import { iconButton } from './fields.tsx';
import { Icon } from './icons.tsx';
import { useEditorT } from './editor-t.tsx';
import { rowIntent } from '#app/modules/editor/menu-intents.ts';

/** Keyboard-friendly reordering: one step up or down, disabled at either end. */
export function MoveButtons({
  fetcher,
  intent,
  id,
  name,
  first,
  last,
}: {
  fetcher: FetcherWithComponents<unknown>;
  intent: string;
  id: string;
  name: string;
  first: boolean;
  last: boolean;
}) {
  const t = useEditorT();
  const up = t('editor.moveUp', { name });
  const down = t('editor.moveDown', { name });
  return (
    <fetcher.Form method="post" className="flex">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="direction" value="up" disabled={first} className={iconButton} aria-label={up} title={up}>
        <Icon name="arrow-up" />
      </button>
      <button type="submit" name="direction" value="down" disabled={last} className={iconButton} aria-label={down} title={down}>
        <Icon name="arrow-down" />
      </button>
    </fetcher.Form>
  );
}

/** The current value of a one-click flag, optimistic while its request is in flight. */
export function optimisticFlag(fetcher: FetcherWithComponents<unknown>, intent: string, saved: boolean): boolean {
  if (fetcher.formData?.get('intent') === intent) return fetcher.formData.get('value') === 'true';
  return saved;
}

/** Show or hide on the guests' menu in one click; a pressed-state button screen readers announce. */
export function VisibilityToggle({ fetcher, intent, id, name, visible }: { fetcher: FetcherWithComponents<unknown>; intent: string; id: string; name: string; visible: boolean }) {
  const t = useEditorT();
  const label = visible ? t('editor.hide', { name }) : t('editor.show', { name });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="value" value={String(!visible)} />
      <button type="submit" className={iconButton} aria-label={label} title={label}>
        {visible ? <Icon name="eye" /> : <Icon name="eye-off" className="size-5 text-primary-700 dark:text-primary-100" />}
      </button>
    </fetcher.Form>
  );
}

type Translate = ReturnType<typeof useEditorT>;

/*
 * The same controls as buttons of a list's one form (issue 26, row-actions.tsx): no form, hidden
 * field or hook of their own; each button's value is its whole operation (`rowIntent`).
 */

/** Show or hide: the operation sets the opposite of what is shown. */
export function VisibilityButton({
  intent,
  id,
  name,
  visible,
  t,
}: {
  intent: 'set-product-visible' | 'set-category-visible';
  id: string;
  name: string;
  visible: boolean;
  t: Translate;
}) {
  const label = visible ? t('editor.hide', { name }) : t('editor.show', { name });
  return (
    <button type="submit" name="intent" value={rowIntent(intent, id, String(!visible))} data-visible={visible} className={`group ${iconButton}`} aria-label={label} title={label}>
      <Icon name={visible ? 'eye' : 'eye-off'} className="size-5 group-data-[visible=false]:text-primary-700 dark:group-data-[visible=false]:text-primary-100" />
    </button>
  );
}

/** One step up or down, disabled at either end. */
export function MoveRowButtons({
  intent,
  id,
  name,
  first,
  last,
  t,
}: {
  intent: 'move-product' | 'move-category';
  id: string;
  name: string;
  first: boolean;
  last: boolean;
  t: Translate;
}) {
  const up = t('editor.moveUp', { name });
  const down = t('editor.moveDown', { name });
  return (
    <>
      <button type="submit" name="intent" value={rowIntent(intent, id, 'up')} disabled={first} className={iconButton} aria-label={up} title={up}>
        <Icon name="arrow-up" />
      </button>
      <button type="submit" name="intent" value={rowIntent(intent, id, 'down')} disabled={last} className={iconButton} aria-label={down} title={down}>
        <Icon name="arrow-down" />
      </button>
    </>
  );
}

/** Copy (a dish, or a category with its dishes), and delete, which asks first (the editor's one dialog; without JavaScript it does nothing rather than delete unasked). */
export function CopyAndDeleteButtons({ of, id, copyLabel, deleteLabel }: { of: 'product' | 'category'; id: string; copyLabel: string; deleteLabel: string }) {
  return (
    <>
      <button type="submit" name="intent" value={rowIntent(`duplicate-${of}`, id)} className={iconButton} aria-label={copyLabel} title={copyLabel}>
        <Icon name="copy" />
      </button>
      <button type="button" value={rowIntent(`delete-${of}`, id)} data-ask className={iconButton} aria-label={deleteLabel} title={deleteLabel}>
        <Icon name="trash" />
      </button>
    </>
  );
}
