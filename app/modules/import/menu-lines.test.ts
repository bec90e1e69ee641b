import { describe, expect, it } from 'vitest';
import { linesToRows } from './menu-lines.ts';

describe('printed menu lines', () => {
  it('finds headings, dishes with quantities and prices, descriptions and allergens', () => {
    const rows = linesToRows([
      'CIORBE',
      'Ciorbă de burtă 400 g ........ 24,50 lei',
      'cu smântână și ardei iute',
      'Alergeni: lapte, țelină',
      'Ciorbă de perișoare (400g) ..... 22 lei',
      '',
      'Deserturi',
      'Papanaşi cu smântână 2 buc ..... 28',
      'Clătite cu dulceață',
      '19,50 lei',
    ]);
    expect(rows.map((row) => row.cells)).toEqual([
      { category: 'Ciorbe', nameRo: 'Ciorbă de burtă', price: '24,50', quantity: '400 g', descriptionRo: 'cu smântână și ardei iute', allergens: 'lapte, țelină' },
      { category: 'Ciorbe', nameRo: 'Ciorbă de perișoare', price: '22', quantity: '400 g' },
      { category: 'Deserturi', nameRo: 'Papanași cu smântână', price: '28', quantity: '2 buc' },
      { category: 'Deserturi', nameRo: 'Clătite cu dulceață', price: '19,50' },
    ]);
  });
});
