import { minorToInput } from '#app/modules/editing/menu-fields.ts';
import type { ProductForEdit } from './product.types.ts';

/** The form's starting values: the saved product, or what the owner just typed when a save failed. */
export interface ProductFormValues {
  categoryId: string;
  nameRo: string;
  nameEn: string;
  descriptionRo: string;
  descriptionEn: string;
  ingredientsRo: string;
  ingredientsEn: string;
  price: string;
  weightValue: string;
  weightUnit: string;
  allergens: string[];
  traces: string[];
  additives: string;
  frozen: boolean;
  energyKcal: string;
  fat: string;
  saturates: string;
  carbs: string;
  sugars: string;
  protein: string;
  salt: string;
  servedFrom: string;
  servedUntil: string;
  available: boolean;
  visible: boolean;
}

const text = (value: number | string | null | undefined, locale: string) =>
  value === null || value === undefined ? '' : locale === 'ro' ? String(value).replace('.', ',') : String(value);

/** A saved product as the form shows it (prices and decimals written the owner's way). */
export function productFormValues(product: ProductForEdit, locale: string): ProductFormValues {
  return {
    categoryId: product.categoryId,
    nameRo: product.nameRo,
    nameEn: product.nameEn ?? '',
    descriptionRo: product.descriptionRo ?? '',
    descriptionEn: product.descriptionEn ?? '',
    ingredientsRo: product.ingredientsRo ?? '',
    ingredientsEn: product.ingredientsEn ?? '',
    price: minorToInput(product.priceMinor, locale),
    weightValue: text(product.weightValue, locale),
    weightUnit: product.weightUnit ?? 'g',
    allergens: product.allergens,
    traces: product.traces,
    additives: product.additives,
    frozen: product.frozen === 1,
    energyKcal: text(product.energyKcal, locale),
    fat: text(product.fat, locale),
    saturates: text(product.saturates, locale),
    carbs: text(product.carbs, locale),
    sugars: text(product.sugars, locale),
    protein: text(product.protein, locale),
    salt: text(product.salt, locale),
    servedFrom: product.servedFrom ?? '',
    servedUntil: product.servedUntil ?? '',
    available: product.available === 1,
    visible: product.visible === 1,
  };
}

/** A new product's form: available and shown, in the category the owner came from. */
export function emptyProductFormValues(categoryId: string): ProductFormValues {
  return {
    categoryId,
    nameRo: '',
    nameEn: '',
    descriptionRo: '',
    descriptionEn: '',
    ingredientsRo: '',
    ingredientsEn: '',
    price: '',
    weightValue: '',
    weightUnit: 'g',
    allergens: [],
    traces: [],
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
    available: true,
    visible: true,
  };
}

/** What the owner submitted, back into the form after a refused save (nothing typed is lost). */
export function submittedFormValues(values: Record<string, unknown>): ProductFormValues {
  const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const list = (key: string) => (Array.isArray(values[key]) ? (values[key] as string[]) : []);
  const on = (key: string) => values[key] === 'on';
  return {
    categoryId: str('categoryId'),
    nameRo: str('nameRo'),
    nameEn: str('nameEn'),
    descriptionRo: str('descriptionRo'),
    descriptionEn: str('descriptionEn'),
    ingredientsRo: str('ingredientsRo'),
    ingredientsEn: str('ingredientsEn'),
    price: str('price'),
    weightValue: str('weightValue'),
    weightUnit: str('weightUnit') || 'g',
    allergens: list('allergens'),
    traces: list('traces'),
    additives: str('additives'),
    frozen: on('frozen'),
    energyKcal: str('energyKcal'),
    fat: str('fat'),
    saturates: str('saturates'),
    carbs: str('carbs'),
    sugars: str('sugars'),
    protein: str('protein'),
    salt: str('salt'),
    servedFrom: str('servedFrom'),
    servedUntil: str('servedUntil'),
    available: on('available'),
    visible: on('visible'),
  };
}
