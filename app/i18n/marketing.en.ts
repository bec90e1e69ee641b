import type { DeepStrings } from './ro.ts';
import type { marketingRo } from './marketing.ro.ts';

export const marketingEn: DeepStrings<typeof marketingRo> = {
  home: {
    title: 'Digital menus for restaurants',
    description: "Your restaurant's menu on every guest's phone, through a QR code. In Romanian and English.",
    heading: "Your menu, on every guest's phone",
    lead: 'Build the menu once; guests open it by scanning the QR code on the table. Fast, bilingual, with allergens and nutrition.',
    ctaPrimary: 'Create your menu for free',
    ctaDemo: 'See a demo menu',
  },
  features: { title: 'Features', description: 'Everything a restaurant needs for a digital menu.' },
  pricing: { title: 'Pricing', description: 'A free 60-day trial, then the PRO plan.' },
};
