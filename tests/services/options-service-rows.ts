import { runDishOptionsAction } from '#app/modules/options/dish-options-action.server.ts';
import * as dishOptions from '#app/modules/options/dish-options.service.server.ts';
import * as library from '#app/modules/options/options-library.service.server.ts';
import { OptionGroupInput, OptionItemInput } from '#app/modules/options/options.schema.ts';
import { markOptionSoldOutUntilOpening } from '#app/modules/options/sold-out.server.ts';
import type { ServiceRow } from './service-matrix.ts';

/**
 * Dish options in the owners' editor (issue 35 item 1, decision 0034): the library's groups and
 * options and a dish's groups, each with the permission it checks first and a call for restaurant A.
 * Building the library is editing the menu ('menu.edit'), whoever's role allows that. B's dish
 * offering A's group (rows of B's, which this matrix's snapshot of A cannot see) is refused in
 * app/modules/options/options-library.int.test.ts.
 */

const group = () => OptionGroupInput.parse({ nameRo: 'Sirop', rule: 'up-to', maxChoices: '2' });
const option = () => OptionItemInput.parse({ nameRo: 'Vanilie', price: '2', available: 'on', visible: 'on' });

const L = 'options/options-library.service.server.ts#';
const D = 'options/dish-options.service.server.ts#';

export const OPTIONS_SERVICE_ROWS: ServiceRow[] = [
  { service: `${L}createOptionGroup`, permission: 'menu.edit', namesRows: false, call: (s, w) => library.createOptionGroup(s, w.storage, group()) },
  { service: `${L}updateOptionGroup`, permission: 'menu.edit', call: (s, w) => library.updateOptionGroup(s, w.storage, w.a.optionGroupId, group(), w.a.optionGroupVersion) },
  { service: `${L}deleteOptionGroup`, permission: 'menu.edit', call: (s, w) => library.deleteOptionGroup(s, w.storage, w.a.optionGroupId) },
  { service: `${L}createOptionItem`, permission: 'menu.edit', call: (s, w) => library.createOptionItem(s, w.storage, w.a.optionGroupId, option()) },
  { service: `${L}updateOptionItem`, permission: 'menu.edit', call: (s, w) => library.updateOptionItem(s, w.storage, w.a.optionId, option(), w.a.optionVersion) },
  { service: `${L}deleteOptionItem`, permission: 'menu.edit', call: (s, w) => library.deleteOptionItem(s, w.storage, w.a.optionId) },
  { service: `${L}moveOptionItem`, permission: 'menu.edit', call: (s, w) => library.moveOptionItem(s, w.storage, w.a.optionId, 'down') },
  // sold out until the next opening (issue 35 item 8): the staff's one click, as for a dish
  {
    service: 'options/sold-out.server.ts#markOptionSoldOutUntilOpening',
    permission: 'menu.availability',
    call: (s, w) => markOptionSoldOutUntilOpening(s, w.storage, w.a.optionId),
  },
  // reading the library: whoever may mark an option sold out (staff open a group's page for that)
  { service: `${D}getOptionLibrary`, permission: 'menu.availability', namesRows: false, call: (s) => dishOptions.getOptionLibrary(s) },
  { service: `${D}getOptionGroupForEdit`, permission: 'menu.availability', call: (s, w) => dishOptions.getOptionGroupForEdit(s, w.a.optionGroupId) },
  { service: `${D}getDishOptions`, permission: 'menu.edit', call: (s, w) => dishOptions.getDishOptions(s, w.a.productId) },
  { service: `${D}attachOptionGroup`, permission: 'menu.edit', call: (s, w) => dishOptions.attachOptionGroup(s, w.storage, w.a.product2Id, w.a.optionGroupId) },
  { service: `${D}detachOptionGroup`, permission: 'menu.edit', call: (s, w) => dishOptions.detachOptionGroup(s, w.storage, w.a.productId, w.a.optionGroupId) },
  { service: `${D}moveDishOptionGroup`, permission: 'menu.edit', call: (s, w) => dishOptions.moveDishOptionGroup(s, w.storage, w.a.productId, w.a.optionGroupId, 'down') },
  { service: `${D}reorderDishOptionGroups`, permission: 'menu.edit', call: (s, w) => dishOptions.reorderDishOptionGroups(s, w.storage, w.a.productId, [w.a.optionGroupId]) },
  // the dish page's posts (attach, detach, move), through the same services
  ...(['attach-option-group', 'detach-option-group', 'move-option-group'] as const).map((intent): ServiceRow => ({
    service: 'options/dish-options-action.server.ts#runDishOptionsAction',
    variant: intent,
    permission: 'menu.edit',
    call: (s, w) =>
      runDishOptionsAction(
        s,
        new Request('http://localhost:3000/'),
        { intent, groupId: w.a.optionGroupId, direction: 'down' },
        intent === 'attach-option-group' ? w.a.product2Id : w.a.productId,
      ),
  })),
];
