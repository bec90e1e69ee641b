/**
 * Measures the menu-photo import (decision 0020): printed menus rendered with sharp, "photographed"
 * at angles, read by the same OCR and line parser as the import, scored against what they show.
 * Run by hand: `npx node tests/measure/ocr-quality.ts` (OCR_LANGUAGES=ron+eng: both models together) (a minute or two; not part of the tests).
 */
import { headerKey } from '../../app/modules/import/import-columns.ts';
import { linesToRows } from '../../app/modules/import/menu-lines.ts';
import { prepareForOcr, recognizeLines } from '../../app/modules/import/ocr.server.ts';
import { BISTRO_MENU, ENGLISH_MENU, menuPhoto, menuPng, type PrintedMenu } from '../support/menu-images.ts';

const cases: { label: string; menu: PrintedMenu; image: () => Promise<Buffer> }[] = [
  { label: 'Romanian, straight, clean PNG', menu: BISTRO_MENU, image: () => menuPng(BISTRO_MENU) },
  { label: 'Romanian, photo at 3°', menu: BISTRO_MENU, image: () => menuPhoto(BISTRO_MENU, 3) },
  { label: 'Romanian, photo at -6°, small type, JPEG 60', menu: BISTRO_MENU, image: () => menuPhoto(BISTRO_MENU, -6, { fontSize: 22, blur: 0.9, quality: 60 }) },
  { label: 'English, photo at 2°', menu: ENGLISH_MENU, image: () => menuPhoto(ENGLISH_MENU, 2) },
];

for (const { label, menu, image } of cases) {
  const started = Date.now();
  const languages = process.env.OCR_LANGUAGES === 'ron+eng' ? (['ron', 'eng'] as const) : undefined;
  const rows = linesToRows(await recognizeLines(await prepareForOcr(await image()), undefined, languages));
  const seconds = (Date.now() - started) / 1000;
  let exact = 0;
  let folded = 0;
  let prices = 0;
  let categories = 0;
  for (const dish of menu.dishes) {
    const row = rows.find((r) => headerKey(r.cells.nameRo ?? '') === headerKey(dish.name));
    if (!row) continue;
    folded++;
    if (row.cells.nameRo === dish.name) exact++;
    if (row.cells.price === dish.price) prices++;
    if (headerKey(row.cells.category ?? '') === headerKey(dish.category)) categories++;
  }
  const extra = rows.length - folded;
  console.log(
    `${label}: ${menu.dishes.length} dishes, rows ${rows.length} (extra ${extra}); names ${folded} (exact with diacritics ${exact}); prices ${prices}; categories ${categories}; ${seconds.toFixed(1)} s`,
  );
  for (const row of rows) if (!menu.dishes.some((d) => d.name === row.cells.nameRo && d.price === row.cells.price)) console.log('   differs:', JSON.stringify(row.cells));
}
