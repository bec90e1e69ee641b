import type { TFunction } from 'i18next';
import { primaryButton, secondaryButton } from './fields.tsx';

/**
 * What the page's own script says and draws before React runs (editor-enhance.js and editor-drag.js,
 * decision 0033), in the page's language, sent in `data-menu-editor`; `{name}`, `{position}` and
 * `{total}` are filled in there. Typed by the scripts' own declarations (page-scripts.d.ts), so a
 * text the scripts read cannot go missing here.
 */
export function editorScriptTexts(t: TFunction): BeforeReact.Texts {
  const name = { name: '{name}' };
  return {
    available: t('editor.available'),
    soldOut: t('editor.soldOut'),
    markSoldOut: t('editor.markSoldOut', name),
    markAvailable: t('editor.markAvailable', name),
    hide: t('editor.hide', name),
    show: t('editor.show', name),
    hidden: t('editor.hidden'),
    cancel: t('editor.cancel'),
    confirm: t('editor.confirm'),
    confirmDeleteProduct: t('editor.confirmDeleteProduct', name),
    confirmDeleteCategory: t('editor.confirmDeleteCategory', name),
    dragPicked: t('editor.dragPicked', name),
    dragDropped: t('editor.dragDropped', { name: '{name}', position: '{position}', total: '{total}' }),
    dragCancelled: t('editor.dragCancelled'),
    failed: t('identityErrors.network-request-failed'),
    // the delete dialog's buttons look like React's (ConfirmDialog)
    cancelClass: secondaryButton,
    confirmClass: primaryButton,
  };
}
