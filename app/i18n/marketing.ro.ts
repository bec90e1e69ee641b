/** Romanian strings of the marketing pages (home, features, pricing), spread into ro.ts. */
export const marketingRo = {
  home: {
    title: 'Meniuri digitale pentru restaurante',
    description: 'Meniul restaurantului tău, pe telefonul fiecărui client, prin cod QR. În română și engleză.',
    heading: 'Meniul tău, pe telefonul fiecărui client',
    lead: 'Creezi meniul o singură dată, clienții îl deschid scanând codul QR de pe masă. Rapid, bilingv, cu alergeni și valori nutriționale.',
    ctaPrimary: 'Creează meniul gratuit',
    ctaDemo: 'Vezi un meniu demonstrativ',
  },
  features: { title: 'Funcționalități', description: 'Tot ce are nevoie un restaurant pentru un meniu digital.' },
  pricing: { title: 'Prețuri', description: 'Perioadă de probă gratuită de 60 de zile, apoi planul PRO.' },
};
