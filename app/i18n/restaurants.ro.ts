/** Romanian strings of a user's restaurants: the chooser, the admin's switcher, "Adaugă un restaurant" (issue 24), spread into ro.ts. */
export const restaurantsRo = {
  restaurants: {
    add: 'Adaugă un restaurant',
    all: 'Toate restaurantele',
    chooser: {
      title: 'Restaurantele tale',
      description: 'Restaurantele în care faci parte din echipă, cu rolul tău în fiecare.',
      lead: 'Alege restaurantul pe care vrei să-l deschizi.',
      empty: 'Nu faci parte din echipa niciunui restaurant. Adaugă unul nou sau cere proprietarului unui restaurant o invitație.',
      role: 'Rolul tău: {{role}}',
      listLabel: 'Restaurante',
    },
    switcher: {
      label: 'Schimbă restaurantul',
      current: 'deschis acum',
    },
    nav: {
      team: 'Echipă',
    },
    new: {
      title: 'Adaugă un restaurant',
      description: 'Un restaurant nou, cu adresa, meniul și abonamentul lui; tu ești proprietarul lui.',
      lead: 'Restaurantul nou are adresa, meniul și abonamentul lui. Tu ești proprietarul lui și poți invita apoi echipa.',
      name: 'Numele restaurantului',
      submit: 'Creează restaurantul',
      back: 'Înapoi la restaurantele tale',
      trialFirst: 'Restaurantul primește perioada de probă gratuită de {{days}}, fără card.',
      trialShared: 'Perioada de probă este una pentru fiecare persoană: restaurantul nou o împarte pe a ta, care se încheie pe {{date}}.',
      trialNone: 'Perioada ta de probă s-a încheiat pe {{date}}. Poți pregăti restaurantul nou, iar clienții îl văd după trecerea la PRO.',
    },
    errors: {
      'restaurant-name-required': 'Scrie numele restaurantului (cel puțin 2 caractere).',
      'restaurant-name-too-long': 'Numele restaurantului poate avea cel mult 100 de caractere.',
      'too-many-restaurants': 'Ai creat deja mai multe restaurante în ultima oră. Poți adăuga altul peste {{minutes}} min.',
    },
  },
};
