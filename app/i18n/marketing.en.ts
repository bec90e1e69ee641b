import type { DeepStrings } from './ro.ts';
import type { marketingRo } from './marketing.ro.ts';

export const marketingEn: DeepStrings<typeof marketingRo> = {
  marketing: {
    days_one: '{{count}} day',
    days_few: '{{count}} days',
    days_other: '{{count}} days',
    products_one: '{{count}} product',
    products_few: '{{count}} products',
    products_other: '{{count}} products',
    seePricing: 'See pricing',
    seeFeatures: 'All features',
  },
  home: {
    title: 'Digital menus for restaurants',
    description:
      "Your restaurant's menu on every guest's phone through a QR code: in Romanian and English, with allergens and nutrition, fast, and readable without internet.",
    heading: "Your menu, on every guest's phone",
    lead: 'Build the menu once; guests open it by scanning the QR code on the table. Fast, bilingual, with allergens and nutrition.',
    ctaPrimary: 'Create a menu',
    ctaNote: 'The first {{days}} are free, no card needed.',
    ctaDemo: 'See a demo menu',
    preview: {
      heading: 'The demo menu, live',
      lead: "A few dishes from the demo restaurant's menu, exactly as a guest sees them on a phone.",
      open: 'Open the full menu',
      more_one: 'and {{count}} more dish on the menu',
      more_few: 'and {{count}} more dishes on the menu',
      more_other: 'and {{count}} more dishes on the menu',
    },
    audience: {
      heading: 'Who Bucate is for',
      ownersTitle: 'Restaurant owners',
      ownersText:
        'Bistros, cafés and restaurants with one location or several. Write the menu once in Romanian and English, change it any time from a phone or a computer, and the printed QR code stays the same.',
      guestsTitle: 'Their guests',
      guestsText:
        'They scan the code on the table and read the menu straight away, with no app and no account: prices, portion sizes, allergens and nutrition, in their language.',
    },
    why: {
      heading: 'Why Bucate',
      lead: 'A digital menu has to open quickly on any phone, even on a weak signal. Bucate is built around that.',
      htmlTitle: 'The whole menu, right in the page',
      htmlText:
        'Every dish is already in the page the server sends: the menu appears at once, even on old phones, and search engines can read it.',
      lightTitle: 'Under 60\u00a0KB on first load',
      lightText:
        "The menu page, with its styles and script, loads in under 60\u00a0KB compressed, with no JavaScript framework. The demo menu's 55 dishes come to under 20\u00a0KB.",
      offlineTitle: 'Works without internet',
      offlineText:
        'After the first visit the menu opens again without a connection, from the copy kept on the phone. Handy on a terrace or in a cellar where the signal drops.',
      languagesTitle: 'In Romanian and English',
      languagesText:
        'Every dish has a name and description in both languages, and guests switch with one tap. Where a translation is missing, the Romanian text is shown.',
      rulesTitle: 'Allergens and nutrition, by the rules',
      rulesText:
        'The 14 allergens of Regulation (EU) No\u00a01169/2011 written out in words, possible traces, additives, the frozen-product notice, portion weight and the nutrition declaration per 100\u00a0g or 100\u00a0ml, as consumer information rules require.',
      qrTitle: 'A QR code that survives renaming',
      qrText:
        "The QR code points to a short, permanent address. Rename the restaurant or change the menu's address and the codes already printed on your tables keep working.",
    },
    final: {
      heading: 'Try it free for {{days}}',
      text: 'During the trial your menu can hold up to {{products}}, no card needed. Then move to PRO if it suits you.',
    },
  },
  features: {
    title: 'Features',
    description:
      'Menu editor, allergens and nutrition, Romanian and English, QR codes, several locations, and a menu that is fast and readable without internet.',
    heading: 'What Bucate does, briefly and precisely',
    lead: 'One part is for you, who writes the menu; the other is for the guests who read it on their phones.',
    ownersHeading: 'For owners',
    guestsHeading: 'For guests',
    owners: {
      editorTitle: 'Menu editor',
      editorText:
        'Locations, categories and products in one list you edit in place. Move a product by dragging it or with the keyboard, and hide a sold-out dish in two taps from your phone.',
      imagesTitle: 'Images processed for you',
      imagesText:
        "Upload a JPEG, PNG, WebP, AVIF or GIF photo; we shrink it and save it as WebP in several sizes, so a guest's phone downloads only what it needs.",
      languagesTitle: 'Romanian and English',
      languagesText:
        'Name, description and ingredients in both languages for every dish, category and location. Where a translation is missing, guests see the Romanian text.',
      allergensTitle: 'The 14 EU allergens',
      allergensText:
        'Tick the allergens of Regulation (EU) No\u00a01169/2011 and the possible traces ("may contain"). Guests see them written out in words, not only as icons.',
      nutritionTitle: 'Nutrition',
      nutritionText:
        'Energy in kJ and kcal, fat, saturates, carbohydrates, sugars, protein and salt, per 100\u00a0g or 100\u00a0ml, opened on demand under the dish.',
      additivesTitle: 'Additives, ingredients and frozen products',
      additivesText:
        'The ingredient list, the E numbers of additives and the "made from frozen products" notice where it applies.',
      hoursTitle: 'Portion size and serving hours',
      hoursText:
        'Weight in g, ml or pieces and, for each dish, the hours it is served (breakfast from 08:00 to 12:00, for example).',
      qrTitle: 'QR codes and table cards',
      qrText:
        "Download your menu's QR code for print, and table cards ready to print. The code leads to a short address that does not change when you rename the restaurant.",
      locationsTitle: 'Several locations',
      locationsText:
        'Each location has its own categories and dishes, under one account and one QR code; guests pick the location on the menu.',
      limitsTitle: 'Clear limits',
      limitsText:
        'During the trial the menu can hold up to {{products}}; with PRO there is no limit. The editor tells you ahead of time, when {{threshold}} or {{thresholdDays}} of the trial remain.',
      signInTitle: 'Sign in the way that suits you',
      signInText:
        'With a password, or with a link sent by e-mail and no password at all. Left a phone signed in somewhere? Sign out of every device in one go.',
      dataTitle: 'Your data stays yours',
      dataText:
        'Download everything we keep about you and your restaurant as a JSON file at any time, or delete the account for good, with its menu and images.',
    },
    guests: {
      noAppTitle: 'No app, no account',
      noAppText: "Scan the code on the table and the menu opens in the phone's browser. Nothing to install.",
      speedTitle: 'Fast on any phone',
      speedText:
        'Every dish is in the page the server sends, with no JavaScript framework: the first load is under 60\u00a0KB compressed, and on return the phone reuses what it already has.',
      offlineTitle: 'A menu that works offline',
      offlineText: 'After one visit the menu opens again without a connection, from the copy kept on the phone.',
      languageTitle: "The guest's language",
      languageText: 'One button switches between Romanian and English and keeps the place on the menu.',
      filterTitle: 'Search and allergen filter',
      filterText:
        'Guests find a dish by name or hide everything containing the allergens they tick, right in the page, without reloading.',
      comfortTitle: 'Easy to read',
      comfortText:
        "Text of at least 16\u00a0px, good contrast, the price always on the dish's line, the phone's dark mode respected, and a clean version when printed.",
    },
    final: {
      heading: 'See what guests see',
      text: 'The demo menu uses every feature above.',
    },
  },
  pricing: {
    title: 'Pricing',
    description: 'A free trial of {{days}} with no card, then the PRO plan: a monthly or yearly price, paid by card.',
    heading: 'Start free, carry on with PRO',
    lead: 'Every new account gets a free trial of {{days}} with every feature, no card needed.',
    free: {
      name: 'Free',
      period: 'for {{days}}',
      products: 'Up to {{products}} on the menu',
      everything: 'Every feature: Romanian and English, allergens, nutrition, QR codes, several locations, orders from the menu (at the table and pickup) and reservations',
      noCard: 'No card to sign up',
      after: 'After {{days}} the menu stays in your account, but guests see it again only once you move to PRO',
      cta: 'Create a menu',
    },
    pro: {
      name: 'PRO plan',
      perMonth: 'a month',
      perYear: 'or {{price}} a year',
      saving: 'You save {{amount}} over paying monthly',
      unlimited: 'Unlimited products',
      online: 'Your menu stays online after the trial',
      card: 'Paid by card, renews automatically, cancel any time',
      everything: 'Everything in the free plan',
      cta: 'Start with the free trial',
    },
    faq: {
      heading: 'Frequently asked questions',
      afterTrialQ: 'What happens after the trial?',
      afterTrialA:
        'If you do not move to PRO, guests no longer see the menu: whoever scans the QR code sees a message that the menu is not available right now. Nothing is deleted: your account, menu and images stay, and you can sign in, edit and move to PRO at any time.',
      cancelQ: 'Can I cancel at any time?',
      cancelA:
        "Yes. Cancel PRO from your restaurant's Subscription page; the cancellation takes effect at the end of the period already paid for, and until then the menu stays online.",
      cardQ: 'How is PRO paid?',
      cardA:
        'By card, through the Stripe payment processor. Card details are entered directly at Stripe and never reach Bucate. The subscription renews automatically, monthly or yearly, as you chose.',
      adminQ: 'Can PRO be turned on without a card?',
      adminA:
        'Yes. A platform administrator can grant PRO to a restaurant by hand; PRO granted this way lasts one year. Write to us from the contact page.',
      restaurantsQ: 'I run several restaurants. Does each one get a trial?',
      restaurantsA:
        'The {{days}} trial is one per person, not one per restaurant. A restaurant you add later shares the trial that began with your first restaurant and ends with it; once it has ended, the new restaurant can be set up, and guests see it once it has PRO. Each restaurant has its own plan: PRO for one is not PRO for the others.',
      limitQ: 'What does the product limit mean?',
      limitA:
        'Without PRO the menu can hold at most {{products}}, counted across all locations together. The editor tells you when {{threshold}} remain; with PRO there is no limit.',
      contact: 'Another question? Write to us',
    },
  },
};
