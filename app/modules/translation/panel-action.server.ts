import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import type { ContentTable } from './content.repo.server.ts';
import { fieldTranslationInput, saveFieldTranslation, translateFieldNow } from './field-translation.server.ts';
import { getTranslationProvider } from './providers.server.ts';

/** The intents of the translations panel's small forms (app/ui/editor/translations-panel.tsx). */
export function isTranslationPanelIntent(intent: unknown): boolean {
  return intent === 'translation-save' || intent === 'translation-auto';
}

/**
 * One post of a translations panel for one row: "Tradu automat" (through the cache, never over
 * the owner's text; a one-click fill, it needs no version) or the owner's text saved (approving machine
 * text by saving it as is), with the field's version the panel showed (decision 0015).
 * Shared by the dish page, the settings page and the panels of categories and locations.
 */
export async function runTranslationPanelAction(owner: RestaurantScope, request: Request, values: Record<string, unknown>, table: ContentTable, id: string) {
  authorize(owner, 'menu.translate');
  return runEditorAction(request, values, async (t) => {
    const input = fieldTranslationInput(table).parse(values);
    if (values.intent === 'translation-auto') {
      await translateFieldNow(owner, getStorage(), getTranslationProvider(), table, id, input);
      return { message: t('translation.translated') };
    }
    await saveFieldTranslation(owner, getStorage(), table, id, input, typeof values.version === 'string' ? values.version : undefined);
    return { message: t('translation.translationSaved') };
  });
}
