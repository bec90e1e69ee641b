import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
export { isDishOptionsIntent } from './dish-options.types.ts';
import { attachOptionGroup, detachOptionGroup, moveDishOptionGroup } from './dish-options.service.server.ts';

/**
 * One post of a dish's option groups section: a group of the library put on the dish (last), taken
 * off, or moved one step. One-click changes made under the menu's lock: no version needed (decision 0015).
 */
export async function runDishOptionsAction(owner: RestaurantScope, request: Request, values: Record<string, unknown>, productId: string) {
  authorize(owner, 'menu.edit');
  return runEditorAction(request, values, async (t) => {
    const groupId = String(values.groupId ?? '');
    if (values.intent === 'attach-option-group') {
      await attachOptionGroup(owner, getStorage(), productId, groupId);
      return { message: t('options.attached') };
    }
    if (values.intent === 'detach-option-group') {
      await detachOptionGroup(owner, getStorage(), productId, groupId);
      return { message: t('options.detached') };
    }
    await moveDishOptionGroup(owner, getStorage(), productId, groupId, values.direction === 'down' ? 'down' : 'up');
    return { message: t('options.moved') };
  });
}
