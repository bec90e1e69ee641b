/** Romanian strings of a dish's choices and the guest's allergies (issue 35): the dish's page and the cart; spread into ro.ts. */
export const orderOptionsRo = {
  orderOptions: {
    basePrice: 'Preț',
    ruleExactlyOne: 'Alege una',
    ruleUpTo: 'Opțional, cel mult {{max}}',
    ruleBetween: 'Alege între {{min}} și {{max}}',
    soldOut: 'epuizat',
    contains: 'Conține: {{names}}',
    filteredMark: 'Conține ce ai ascuns: {{names}}',
    note: 'Notă pentru bucătărie (opțional)',
    noteHint: 'Cel mult 140 de caractere, de exemplu „fără ceapă”.',
    quantity: 'Cantitate',
    addToCart: 'Adaugă în coș',
    notOrderable: 'Preparatul nu se poate comanda acum.',
    allergyLegend: 'Alergii de care să știe bucătăria (opțional)',
    allergyWhy:
      'Le trimitem bucătăriei doar cu această comandă, ca să-ți pregătească felurile fără ele. Sunt date despre sănătatea ta: le dai numai dacă vrei, iar noi le ștergem după 30 de zile, odată cu datele de contact.',
    allergyNote: 'Altceva despre alergii (opțional)',
    allergyCheck: 'Verifică coșul',
    flagged: 'Atenție: conține ce ai declarat: {{names}}.',
  },
};
