import type { CategorySchedule } from '#app/modules/category/category-schedule.ts';
/** The shape of the demo restaurant's menu content (see demo-menu.data.ts). Prices in bani (RON minor units). */
import type { AllergenKey } from '#app/modules/product/allergens.ts';

export interface DemoNutrition {
  /** per 100 g or 100 ml */
  energyKcal: number;
  fat: number;
  saturates: number;
  carbs: number;
  sugars: number;
  protein: number;
  salt: number;
}

export interface DemoProduct {
  nameRo: string;
  nameEn: string;
  descriptionRo: string;
  descriptionEn: string;
  ingredientsRo: string;
  ingredientsEn: string;
  priceMinor: number;
  weightValue: number;
  weightUnit: 'g' | 'ml';
  allergens: AllergenKey[];
  traces: AllergenKey[];
  additives: string[];
  frozen: boolean;
  nutrition: DemoNutrition;
  /** optional serving hours, 'HH:MM' */
  servedFrom?: string;
  servedUntil?: string;
  available?: boolean;
}

export interface DemoCategory {
  nameRo: string;
  nameEn: string;
  /** served only at these times (decision 0022) */
  schedule?: CategorySchedule;
  /** made at the bar (issue 36): the first location's drinks go to its "Bar" station, the rest to "Bucătărie" */
  bar?: true;
  products: DemoProduct[];
}

export interface DemoLocation {
  nameRo: string;
  nameEn: string;
  address: string;
  categories: DemoCategory[];
}
