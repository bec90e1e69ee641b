/** Card payments: the payment-return state, the subscription page's card details, the pricing FAQ without card, and the billing e-mails. */
export const billingRo = {
  billing: {
    returnTitle: 'Plata ta',
    returnWaiting: 'Am primit confirmarea de la Stripe și activăm PRO. Pagina se actualizează singură în câteva secunde.',
    returnActive: 'Plata a fost primită: PRO este activ pentru {{name}}. Poți adăuga oricâte produse, iar meniul rămâne online.',
    returnUnknown: 'Nu găsim această plată. Dacă ai plătit, verifică pagina Abonament; nu s-a activat nimic din acest link.',
    returnUnpaid: 'Plata nu a fost finalizată, așa că nu s-a încasat nimic și PRO nu este activ. Poți încerca din nou din pagina Abonament.',
    returnInactive: 'Abonamentul acestei plăți nu mai este activ. Vezi detaliile în pagina Abonament.',
    returnForeign: 'Această plată aparține altui cont sau altui restaurant, așa că nu îți putem arăta starea ei.',
    returnSignIn: 'Intră în cont ca să vezi starea plății tale.',
    returnNotConfigured: 'Plata cu cardul nu este configurată pe această instalare.',
    returnUnavailable: 'Nu am putut verifica plata chiar acum. Reîncercăm automat în câteva secunde.',
    returnOpenSubscription: 'Deschide pagina Abonament',
    returnOpenEditor: 'Mergi la meniu',
    returnCheckAgain: 'Verifică din nou',
    returnSignInAction: 'Intră în cont',
    nextCharge: 'Următoarea plată: {{amount}} pe {{date}}.',
    invoicesTitle: 'Facturi',
    invoicesNone: 'Nu există încă facturi.',
    invoiceOpen: 'Factura din {{date}}, {{amount}}',
    invoiceStatus: {
      paid: 'plătită',
      open: 'de plată',
      void: 'anulată',
      uncollectible: 'neîncasată',
      draft: 'ciornă',
    },
    invoicesUnavailable: 'Facturile nu au putut fi încărcate acum; le găsești și în „Gestionează plata”.',
    intervalLegend: 'Alege cum plătești',
    monthly: 'Lunar: {{amount}} pe lună',
    yearly: 'Anual: {{amount}} pe an',
    payAction: 'Continuă la plata cu cardul',
    cardSecure: 'Datele cardului se introduc direct la Stripe și nu ajung la Bucate.',
  },
  pricingNoCard: {
    point: 'PRO acordat de echipa Bucate pentru un an; scrie-ne din pagina de contact',
    cancelA: 'PRO acordat de echipa Bucate este valabil un an și nu se reînnoiește singur; nu ai nimic de anulat. Scrie-ne dacă vrei să renunți mai devreme.',
    cardQ: 'Cum se obține PRO?',
    cardA: 'Pe această instalare plata cu cardul nu este configurată. Scrie-ne din pagina de contact și îți activăm PRO pentru un an; nu se pierde nimic din meniu.',
  },
  billingMail: {
    greeting: 'Bună ziua,',
    signature: 'Echipa Bucate',
    action: 'Deschide pagina Abonament',
    welcome: {
      subject: 'Bun venit la Bucate, {{name}}',
      body: 'Contul restaurantului {{name}} este gata. Ai {{days}} de probă gratuită, cu până la {{products}}. Adaugă produsele, apoi tipărește codul QR pentru mese.',
    },
    trialEnding: {
      subject: 'Perioada de probă pentru {{name}} se încheie în {{days}}',
      body: 'Perioada de probă gratuită a restaurantului {{name}} se încheie pe {{date}}. După aceea clienții nu mai văd meniul până treci la PRO. Treci la PRO acum și meniul rămâne online fără întrerupere.',
    },
    trialEnded: {
      subject: 'Meniul {{name}} nu mai este afișat clienților',
      body: 'Perioada de probă a restaurantului {{name}} s-a încheiat, iar cine scanează codul QR vede acum un mesaj că meniul nu este disponibil. Nu am șters nimic: treci la PRO din pagina Abonament și meniul revine online imediat.',
    },
    paymentFailed: {
      subject: 'Plata pentru PRO ({{name}}) nu a reușit',
      body: 'Nu am putut încasa plata abonamentului PRO pentru {{name}}. Actualizează cardul din „Gestionează plata” în pagina Abonament. Reîncercăm automat plata timp de aproximativ {{days}}; până atunci PRO rămâne activ și meniul rămâne online.',
    },
    cancelled: {
      subject: 'Abonamentul PRO pentru {{name}} a fost anulat',
      bodyUntil:
        'Abonamentul PRO al restaurantului {{name}} a fost anulat. PRO rămâne activ până pe {{date}}; după aceea, fără PRO, meniul poate avea cel mult {{products}}, iar după perioada de probă nu mai este afișat clienților. Te poți răzgândi oricând din pagina Abonament.',
      bodyEnded:
        'Abonamentul PRO al restaurantului {{name}} s-a încheiat. Fără PRO, meniul poate avea cel mult {{products}}, iar după perioada de probă nu mai este afișat clienților. Poți trece din nou la PRO oricând din pagina Abonament.',
    },
  },
};
