import sharp from 'sharp';

/**
 * Printed menus made for the import tests: text rendered to an image with sharp from SVG, and
 * "photos" of them (paper tone, a slight blur, turned a few degrees, JPEG). Each menu knows the
 * dishes it shows, so recognition can be scored against it.
 */

export interface MenuDish {
  category: string;
  name: string;
  quantity: string;
  price: string;
}

export interface PrintedMenu {
  title: string;
  dishes: MenuDish[];
}

export const BISTRO_MENU: PrintedMenu = {
  title: 'Bistro La Mama',
  dishes: [
    { category: 'Ciorbe', name: 'Ciorbă de burtă', quantity: '400 g', price: '24,50' },
    { category: 'Ciorbe', name: 'Ciorbă de perișoare', quantity: '400 g', price: '22' },
    { category: 'Ciorbe', name: 'Supă cremă de dovleac', quantity: '350 g', price: '19,50' },
    { category: 'Feluri principale', name: 'Sarmale cu mămăligă', quantity: '450 g', price: '38' },
    { category: 'Feluri principale', name: 'Tochitură moldovenească', quantity: '500 g', price: '45' },
    { category: 'Feluri principale', name: 'Șnițel de pui cu cartofi', quantity: '400 g', price: '36,90' },
    { category: 'Deserturi', name: 'Papanași cu smântână', quantity: '2 buc', price: '28' },
    { category: 'Deserturi', name: 'Clătite cu dulceață', quantity: '200 g', price: '19' },
  ],
};

export const SMALL_MENU: PrintedMenu = {
  title: 'Terasa',
  dishes: [
    { category: 'Ciorbe', name: 'Ciorbă de burtă', quantity: '400 g', price: '24,50' },
    { category: 'Deserturi', name: 'Papanași cu smântână', quantity: '2 buc', price: '28' },
  ],
};

export const ENGLISH_MENU: PrintedMenu = {
  title: 'Harbour Grill',
  dishes: [
    { category: 'Starters', name: 'Grilled halloumi', quantity: '150 g', price: '29' },
    { category: 'Starters', name: 'Fish soup', quantity: '350 ml', price: '26,50' },
    { category: 'Mains', name: 'Beef burger with fries', quantity: '450 g', price: '49' },
    { category: 'Mains', name: 'Salmon with vegetables', quantity: '380 g', price: '64' },
    { category: 'Desserts', name: 'Chocolate lava cake', quantity: '180 g', price: '27' },
  ],
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The menu as a sharp, straight PNG: headings in capitals, "name quantity ....... price lei". */
export async function menuPng(menu: PrintedMenu, options: { fontSize?: number; font?: string } = {}): Promise<Buffer> {
  const size = options.fontSize ?? 30;
  const font = options.font ?? 'DejaVu Serif';
  const lines: { text: string; bold: boolean }[] = [
    { text: menu.title, bold: true },
    { text: '', bold: false },
  ];
  let category = '';
  for (const dish of menu.dishes) {
    if (dish.category !== category) {
      if (category) lines.push({ text: '', bold: false });
      category = dish.category;
      lines.push({ text: category.toUpperCase(), bold: true });
    }
    lines.push({ text: `${dish.name} ${dish.quantity} ${'.'.repeat(Math.max(4, 34 - dish.name.length))} ${dish.price} lei`, bold: false });
  }
  const lineHeight = Math.round(size * 1.7);
  const width = Math.round(size * 30);
  const height = lineHeight * (lines.length + 2);
  const text = lines
    .map(
      (line, i) =>
        `<text x="${size * 2}" y="${lineHeight * (i + 1.5)}" font-family="${font}" font-size="${line.bold ? size * 1.15 : size}" font-weight="${line.bold ? 'bold' : 'normal'}" fill="#1c1917">${escape(line.text)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ffffff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A "photo" of the printed menu: paper tone, slightly out of focus, turned `degrees`, JPEG. */
export async function menuPhoto(menu: PrintedMenu, degrees: number, options: { fontSize?: number; blur?: number; quality?: number } = {}): Promise<Buffer> {
  const png = await menuPng(menu, { fontSize: options.fontSize });
  return sharp(png)
    .tint('#f3e9d2')
    .blur(options.blur ?? 0.6)
    .rotate(degrees, { background: '#8a7f6d' })
    .jpeg({ quality: options.quality ?? 80 })
    .toBuffer();
}
