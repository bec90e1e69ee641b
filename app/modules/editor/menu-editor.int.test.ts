import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCategory, deleteCategoryCascade, moveCategory, reorderCategories, setCategoryVisible, updateCategory } from '#app/modules/category/category.service.server.ts';
import { createLocation, deleteLocationCascade, moveLocation, reorderLocations, setLocationVisible, updateLocation } from '#app/modules/location/location.service.server.ts';
import { productFormValues } from '#app/modules/product/product-form.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { createProduct, deleteProduct, moveProduct, reorderProducts, setProductFlag, updateProduct } from '#app/modules/product/product.service.server.ts';
import { updateRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { rowVersion, settingsVersion } from '#tests/support/versions.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { getEditorMenu, getProductForEdit } from './menu-editor.service.server.ts';
import {
  category,
  db,
  location,
  newRestaurant,
  product,
  refusal,
  restaurantRow,
  scopes,
  settings,
  storage,
  uploadedImage,
  useFileWorld,
} from '#tests/support/menu-editor-harness.ts';

useFileWorld();

describe(`menu editor services on ${testDialect}`, () => {
  it('creates a location, a category and a product in order, and bumps the menu version each time', async () => {
    const restaurantId = await newRestaurant();
    const before = (await restaurantRow(restaurantId)).menuVersion;
    const locationId = await createLocation(scopes.owner(restaurantId), storage, location());
    const categoryId = await createCategory(scopes.owner(restaurantId), storage, category(locationId));
    const first = await createProduct(scopes.owner(restaurantId), storage, product(categoryId, { allergens: ['milk', 'gluten'], additives: 'e330, E160a' }));
    const second = await createProduct(scopes.owner(restaurantId), storage, product(categoryId, { nameRo: 'Sarmale' }));
    expect((await restaurantRow(restaurantId)).menuVersion).toBe(before + 4);
    const menu = await getEditorMenu(scopes.owner(restaurantId));
    expect(menu.products.map((p) => p.id)).toEqual([first, second]);
    const saved = await getProductForEdit(scopes.owner(restaurantId), first);
    expect(saved).toMatchObject({ priceMinor: 2450, allergens: ['gluten', 'milk'], additives: 'E330, E160A', currency: 'RON' });
    expect((await restaurantRow(restaurantId)).productsCount).toBe(2);
  });

  it('reorders by drag and drop and by one step, refusing an order that is not exactly the siblings', async () => {
    const restaurantId = await newRestaurant();
    const a = await createLocation(scopes.owner(restaurantId), storage, location('A'));
    const b = await createLocation(scopes.owner(restaurantId), storage, location('B'));
    await reorderLocations(scopes.owner(restaurantId), storage, [b, a]);
    expect((await getEditorMenu(scopes.owner(restaurantId))).locations.map((l) => l.id)).toEqual([b, a]);
    await moveLocation(scopes.owner(restaurantId), storage, b, 'down');
    expect((await getEditorMenu(scopes.owner(restaurantId))).locations.map((l) => l.id)).toEqual([a, b]);
    await refusal(reorderLocations(scopes.owner(restaurantId), storage, [a]));

    const c1 = await createCategory(scopes.owner(restaurantId), storage, category(a));
    const c2 = await createCategory(scopes.owner(restaurantId), storage, category(a));
    await reorderCategories(scopes.owner(restaurantId), storage, a, [c2, c1]);
    await moveCategory(scopes.owner(restaurantId), storage, c1, 'up');
    expect((await getEditorMenu(scopes.owner(restaurantId))).categories.map((c) => c.id)).toEqual([c1, c2]);

    const p1 = await createProduct(scopes.owner(restaurantId), storage, product(c1));
    const p2 = await createProduct(scopes.owner(restaurantId), storage, product(c1));
    await reorderProducts(scopes.owner(restaurantId), storage, c1, [p2, p1]);
    expect((await getEditorMenu(scopes.owner(restaurantId))).products.map((p) => p.id)).toEqual([p2, p1]);
    await moveProduct(scopes.owner(restaurantId), storage, p2, 'down');
    expect((await getEditorMenu(scopes.owner(restaurantId))).products.map((p) => p.id)).toEqual([p1, p2]);
  });

  it('hides, shows and marks sold out in one call', async () => {
    const restaurantId = await newRestaurant();
    const locationId = await createLocation(scopes.owner(restaurantId), storage, location());
    const categoryId = await createCategory(scopes.owner(restaurantId), storage, category(locationId));
    const productId = await createProduct(scopes.owner(restaurantId), storage, product(categoryId));
    await setProductFlag(scopes.owner(restaurantId), storage, productId, 'visible', false);
    await setProductFlag(scopes.owner(restaurantId), storage, productId, 'available', false);
    await setCategoryVisible(scopes.owner(restaurantId), storage, categoryId, false);
    await setLocationVisible(scopes.owner(restaurantId), storage, locationId, false);
    let menu = await getEditorMenu(scopes.owner(restaurantId));
    expect(menu.products[0]).toMatchObject({ visible: false, available: false });
    expect(menu.categories[0]).toMatchObject({ visible: false });
    expect(menu.locations[0]).toMatchObject({ visible: false });
    await setLocationVisible(scopes.owner(restaurantId), storage, locationId, true);
    menu = await getEditorMenu(scopes.owner(restaurantId));
    expect(menu.locations[0]).toMatchObject({ visible: true });
  });

  it('moves a product to another category of the same restaurant, last there', async () => {
    const restaurantId = await newRestaurant();
    const locationId = await createLocation(scopes.owner(restaurantId), storage, location());
    const from = await createCategory(scopes.owner(restaurantId), storage, category(locationId));
    const to = await createCategory(scopes.owner(restaurantId), storage, category(locationId));
    const existing = await createProduct(scopes.owner(restaurantId), storage, product(to));
    const moving = await createProduct(scopes.owner(restaurantId), storage, product(from));
    await updateProduct(scopes.owner(restaurantId), storage, moving, product(to, { nameRo: 'Mutat' }), await rowVersion(db, 'product', moving));
    const menu = await getEditorMenu(scopes.owner(restaurantId));
    expect(menu.products.filter((p) => p.categoryId === to).map((p) => p.id)).toEqual([existing, moving]);
  });
});

describe(`every product field on ${testDialect}`, () => {
  /** What the browser posts for a fully described dish, as the owner types it in Romanian. */
  const typed = {
    nameRo: 'Ciorbă de burtă',
    nameEn: 'Tripe soup',
    descriptionRo: 'Cu smântână și ardei iute',
    descriptionEn: 'With sour cream and hot pepper',
    ingredientsRo: 'burtă de vită, smântână, usturoi',
    ingredientsEn: 'beef tripe, sour cream, garlic',
    price: '32,50',
    weightValue: '400',
    weightUnit: 'ml',
    allergens: ['milk', 'eggs', 'celery'],
    traces: ['mustard'],
    additives: 'E330, E471',
    frozen: true,
    energyKcal: '95,5',
    fat: '5,2',
    saturates: '2,1',
    carbs: '4,8',
    sugars: '1,2',
    protein: '7,4',
    salt: '0,9',
    servedFrom: '11:00',
    servedUntil: '16:30',
    available: true,
    visible: true,
  };
  const posted = (categoryId: string, values: typeof typed) => ({
    ...values,
    categoryId,
    frozen: values.frozen ? 'on' : undefined,
    available: values.available ? 'on' : undefined,
    visible: values.visible ? 'on' : undefined,
  });

  it('comes back into the form exactly as typed, after a create and after an update', async () => {
    const restaurantId = await newRestaurant();
    const categoryId = await createCategory(scopes.owner(restaurantId), storage, category(await createLocation(scopes.owner(restaurantId), storage, location())));
    const id = await createProduct(scopes.owner(restaurantId), storage, ProductInput.parse(posted(categoryId, typed)));
    expect(productFormValues(await getProductForEdit(scopes.owner(restaurantId), id), 'ro')).toEqual({ ...typed, categoryId, price: '32,50' });

    // every field changed, English emptied, flags cleared: nothing of the old values survives
    const changed = {
      ...typed,
      nameEn: '',
      descriptionEn: '',
      ingredientsEn: '',
      price: '30',
      weightValue: '2',
      weightUnit: 'pcs',
      allergens: [],
      traces: ['sesame', 'gluten'],
      additives: '',
      frozen: false,
      energyKcal: '',
      fat: '',
      saturates: '',
      carbs: '',
      sugars: '',
      protein: '',
      salt: '',
      servedFrom: '',
      servedUntil: '',
      available: false,
      visible: false,
    };
    await updateProduct(scopes.owner(restaurantId), storage, id, ProductInput.parse(posted(categoryId, changed)), await rowVersion(db, 'product', id));
    expect(productFormValues(await getProductForEdit(scopes.owner(restaurantId), id), 'en')).toEqual({ ...changed, categoryId, price: '30.00', traces: ['gluten', 'sesame'] });
  });
});

describe(`a second restaurant's owner is refused on ${testDialect}`, () => {
  it('for every editor operation, and nothing of the first restaurant changes', async () => {
    const a = await newRestaurant();
    const b = await newRestaurant();
    const locationId = await createLocation(scopes.owner(a), storage, location());
    const categoryId = await createCategory(scopes.owner(a), storage, category(locationId));
    const productId = await createProduct(scopes.owner(a), storage, product(categoryId));
    const imageOfA = await uploadedImage(a);
    const locationOfB = await createLocation(scopes.owner(b), storage, location());
    const categoryOfB = await createCategory(scopes.owner(b), storage, category(locationOfB));
    const snapshot = async () => [await getEditorMenu(scopes.owner(a)), (await restaurantRow(a)).menuVersion];
    const before = await snapshot();

    await refusal(updateLocation(scopes.owner(b), storage, locationId, location('Furat'), await rowVersion(db, 'location', locationId)));
    await refusal(deleteLocationCascade(scopes.owner(b), storage, locationId));
    await refusal(moveLocation(scopes.owner(b), storage, locationId, 'up'));
    await refusal(setLocationVisible(scopes.owner(b), storage, locationId, false));
    await refusal(reorderLocations(scopes.owner(b), storage, [locationId]));
    await refusal(createCategory(scopes.owner(b), storage, category(locationId)));
    await refusal(updateCategory(scopes.owner(b), storage, categoryId, category(locationOfB), await rowVersion(db, 'category', categoryId)));
    await refusal(deleteCategoryCascade(scopes.owner(b), storage, categoryId));
    await refusal(setCategoryVisible(scopes.owner(b), storage, categoryId, false));
    await refusal(moveCategory(scopes.owner(b), storage, categoryId, 'down'));
    await refusal(reorderCategories(scopes.owner(b), storage, locationId, [categoryId]));
    await refusal(createProduct(scopes.owner(b), storage, product(categoryId)));
    await refusal(createProduct(scopes.owner(b), storage, product(categoryOfB, { imageId: imageOfA.id })));
    await refusal(updateProduct(scopes.owner(b), storage, productId, product(categoryOfB), await rowVersion(db, 'product', productId)));
    await refusal(deleteProduct(scopes.owner(b), storage, productId));
    await refusal(setProductFlag(scopes.owner(b), storage, productId, 'visible', false));
    await refusal(setProductFlag(scopes.owner(b), storage, productId, 'available', false));
    await refusal(moveProduct(scopes.owner(b), storage, productId, 'up'));
    await refusal(reorderProducts(scopes.owner(b), storage, categoryId, [productId]));
    await refusal(getProductForEdit(scopes.owner(b), productId));
    await refusal(updateRestaurantSettings(scopes.owner(b), storage, settings({ logoId: imageOfA.id }), await settingsVersion(db, b)));
    await refusal(updateRestaurantSettings(scopes.owner(b), storage, settings({ coverId: imageOfA.id }), await settingsVersion(db, b)));
    // B's own rows may not take A's picture either
    const productOfB = await createProduct(scopes.owner(b), storage, product(categoryOfB));
    await refusal(updateProduct(scopes.owner(b), storage, productOfB, product(categoryOfB, { imageId: imageOfA.id }), await rowVersion(db, 'product', productOfB)));
    await refusal(updateCategory(scopes.owner(b), storage, categoryOfB, category(locationOfB, { imageId: imageOfA.id }), await rowVersion(db, 'category', categoryOfB)));
    await refusal(createCategory(scopes.owner(b), storage, category(locationOfB, { imageId: imageOfA.id })));

    expect(await snapshot()).toEqual(before);
    expect(existsSync(imageOfA.file)).toBe(true);
  });
});
