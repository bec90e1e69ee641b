/** Romanian strings of the marketing pages (home, features, pricing), spread into ro.ts. */
export const marketingRo = {
  marketing: {
    // numbers inside sentences: 1 zi, 2–19 zile, 20+ de zile (the "de" of Romanian numerals)
    days_one: '{{count}} zi',
    days_few: '{{count}} zile',
    days_other: '{{count}} de zile',
    products_one: '{{count}} produs',
    products_few: '{{count}} produse',
    products_other: '{{count}} de produse',
    seePricing: 'Vezi prețurile',
    seeFeatures: 'Toate funcționalitățile',
  },
  home: {
    title: 'Meniuri digitale pentru restaurante',
    description:
      'Meniul restaurantului tău pe telefonul fiecărui client, prin cod QR: în română și engleză, cu alergeni și valori nutriționale, rapid și disponibil fără internet.',
    heading: 'Meniul tău, pe telefonul fiecărui client',
    lead: 'Creezi meniul o singură dată, clienții îl deschid scanând codul QR de pe masă. Rapid, bilingv, cu alergeni și valori nutriționale.',
    ctaPrimary: 'Creează meniu',
    ctaNote: 'Primele {{days}} sunt gratuite, fără card.',
    ctaDemo: 'Vezi un meniu demonstrativ',
    preview: {
      heading: 'Meniul demonstrativ, în direct',
      lead: 'Câteva preparate din meniul restaurantului demonstrativ, exact cum le vede clientul pe telefon.',
      open: 'Deschide meniul complet',
      more_one: 'și încă {{count}} preparat în meniu',
      more_few: 'și încă {{count}} preparate în meniu',
      more_other: 'și încă {{count}} de preparate în meniu',
    },
    audience: {
      heading: 'Pentru cine este Bucate',
      ownersTitle: 'Proprietari de restaurante',
      ownersText:
        'Bistrouri, cafenele și restaurante cu una sau mai multe locații. Scrii meniul o dată, în română și engleză, îl schimbi oricând de pe telefon sau calculator, iar codul QR tipărit rămâne același.',
      guestsTitle: 'Clienții lor',
      guestsText:
        'Scanează codul de pe masă și citesc meniul pe loc, fără aplicație și fără cont: prețuri, gramaje, alergeni și valori nutriționale, în limba lor.',
    },
    why: {
      heading: 'De ce Bucate',
      lead: 'Un meniu digital trebuie să se deschidă repede pe orice telefon, chiar și la semnal slab. Bucate este construit în jurul acestui lucru.',
      htmlTitle: 'Tot meniul, direct în pagină',
      htmlText:
        'Fiecare preparat este deja în pagina trimisă de server: meniul apare imediat, chiar și pe telefoane vechi, iar motoarele de căutare îl pot citi.',
      lightTitle: 'Sub 60\u00a0KB la prima deschidere',
      lightText:
        'Pagina meniului, cu stiluri și script, se încarcă în mai puțin de 60\u00a0KB comprimat, fără niciun framework JavaScript. Meniul demonstrativ, cu 55 de preparate, are sub 20\u00a0KB.',
      offlineTitle: 'Merge și fără internet',
      offlineText:
        'După prima vizită, meniul se redeschide și fără conexiune, din copia păstrată pe telefon. Util pe terasă sau la subsol, unde semnalul dispare.',
      languagesTitle: 'În română și engleză',
      languagesText:
        'Fiecare preparat are nume și descriere în ambele limbi, iar clientul schimbă limba cu o atingere. Unde lipsește traducerea, apare textul în română.',
      rulesTitle: 'Alergeni și valori nutriționale, după reguli',
      rulesText:
        'Cei 14 alergeni din Regulamentul (UE) nr.\u00a01169/2011 scriși în cuvinte, urmele posibile, aditivii, mențiunea de produs congelat, gramajul și declarația nutrițională la 100\u00a0g sau 100\u00a0ml, cum cer regulile de informare a consumatorilor.',
      qrTitle: 'Un cod QR care rezistă redenumirii',
      qrText:
        'Codul QR duce la o adresă scurtă, permanentă. Dacă schimbi numele restaurantului sau adresa meniului, codurile deja tipărite pe mese funcționează în continuare.',
    },
    final: {
      heading: 'Încearcă gratuit {{days}}',
      text: 'În perioada de probă poți pune în meniu până la {{products}}, fără card. Apoi treci la PRO, dacă ți se potrivește.',
    },
  },
  features: {
    title: 'Funcționalități',
    description:
      'Editor de meniu, alergeni și valori nutriționale, română și engleză, coduri QR, mai multe locații, meniu rapid și disponibil fără internet.',
    heading: 'Ce face Bucate, pe scurt și concret',
    lead: 'O parte este pentru tine, cel care scrie meniul; cealaltă, pentru clienții care îl citesc de pe telefon.',
    ownersHeading: 'Pentru proprietari',
    guestsHeading: 'Pentru clienți',
    owners: {
      editorTitle: 'Editor de meniu',
      editorText:
        'Locații, categorii și produse, într-o singură listă pe care o editezi pe loc. Muți un produs prin tragere sau de la tastatură și ascunzi un produs epuizat în două atingeri, de pe telefon.',
      imagesTitle: 'Imagini prelucrate automat',
      imagesText:
        'Încarci o fotografie JPEG, PNG, WebP, AVIF sau GIF; o micșorăm și o salvăm în WebP la mai multe dimensiuni, ca telefonul clientului să descarce doar cât îi trebuie.',
      languagesTitle: 'Română și engleză',
      languagesText:
        'Nume, descriere și ingrediente în ambele limbi, pentru fiecare produs, categorie și locație. Unde lipsește traducerea, clientul vede textul în română.',
      allergensTitle: 'Cei 14 alergeni din UE',
      allergensText:
        'Bifezi alergenii din Regulamentul (UE) nr.\u00a01169/2011 și urmele posibile („poate conține”). Clientul îi vede scriși în cuvinte, nu doar ca pictograme.',
      nutritionTitle: 'Valori nutriționale',
      nutritionText:
        'Valoare energetică în kJ și kcal, grăsimi, acizi grași saturați, carbohidrați, zaharuri, proteine și sare, la 100\u00a0g sau 100\u00a0ml, deschise la cerere sub preparat.',
      additivesTitle: 'Aditivi, ingrediente și produse congelate',
      additivesText:
        'Lista de ingrediente, codurile E ale aditivilor și mențiunea „preparat din produse congelate”, acolo unde este cazul.',
      hoursTitle: 'Gramaj și ore de servire',
      hoursText:
        'Gramaj în g, ml sau bucăți și, pentru fiecare produs, intervalul în care se servește (de exemplu micul dejun între 08:00 și 12:00).',
      qrTitle: 'Coduri QR și cartonașe de masă',
      qrText:
        'Descarci codul QR al meniului, ca imagine sau pe cartonașe de masă gata de tipărit. Codul duce la o adresă scurtă care nu se schimbă când redenumești restaurantul.',
      locationsTitle: 'Mai multe locații',
      locationsText:
        'Fiecare locație are categoriile și preparatele ei, sub același cont și același cod QR; clientul alege locația din meniu.',
      limitsTitle: 'Limite clare',
      limitsText:
        'În perioada de probă meniul poate avea până la {{products}}; cu PRO, nelimitat. Editorul te anunță din timp, când mai rămân {{threshold}} sau {{thresholdDays}} de probă.',
      signInTitle: 'Intri cum îți convine',
      signInText:
        'Cu parolă sau cu un link primit pe e-mail, fără parolă. Dacă ai rămas conectat pe un telefon sau un calculator străin, ieși dintr-o singură mișcare de pe toate dispozitivele.',
      dataTitle: 'Datele tale rămân ale tale',
      dataText:
        'Descarci oricând, într-un fișier JSON, tot ce păstrăm despre tine și restaurant, sau ștergi definitiv contul, cu meniul și imaginile lui.',
    },
    guests: {
      noAppTitle: 'Fără aplicație, fără cont',
      noAppText: 'Scanează codul de pe masă și meniul se deschide în browserul telefonului. Nimic de instalat.',
      speedTitle: 'Rapid pe orice telefon',
      speedText:
        'Toate preparatele sunt în pagina trimisă de server, fără framework JavaScript: prima încărcare are sub 60\u00a0KB comprimat, iar la revenire telefonul refolosește ce are deja.',
      offlineTitle: 'Meniu disponibil fără internet',
      offlineText: 'După o vizită, meniul se redeschide și fără conexiune, din copia păstrată pe telefon.',
      languageTitle: 'Limba clientului',
      languageText: 'Un buton comută între română și engleză și păstrează locul din meniu.',
      filterTitle: 'Căutare și filtru de alergeni',
      filterText:
        'Clientul caută un preparat după nume sau ascunde tot ce conține alergenii bifați, direct în pagină, fără reîncărcare.',
      comfortTitle: 'Ușor de citit',
      comfortText:
        'Text de cel puțin 16\u00a0px, contrast bun, prețul mereu pe același rând cu preparatul; meniul urmează modul întunecat al telefonului și arată curat la tipărire.',
    },
    final: {
      heading: 'Vezi cum arată pentru clienți',
      text: 'Meniul demonstrativ folosește toate funcționalitățile de mai sus.',
    },
  },
  pricing: {
    title: 'Prețuri',
    description: 'Perioadă de probă gratuită de {{days}}, fără card, apoi planul PRO: preț lunar sau anual, plată cu cardul.',
    heading: 'Începi gratuit, continui cu PRO',
    lead: 'Fiecare cont nou are {{days}} de probă cu toate funcționalitățile, fără card.',
    free: {
      name: 'Gratuit',
      period: 'timp de {{days}}',
      products: 'Până la {{products}} în meniu',
      everything: 'Toate funcționalitățile: română și engleză, alergeni, valori nutriționale, coduri QR, mai multe locații, comenzi din meniu (la masă și la pachet) și rezervări',
      noCard: 'Fără card la înregistrare',
      after: 'După {{days}}, meniul rămâne în cont, dar clienții îl văd din nou abia după trecerea la PRO',
      cta: 'Creează meniu',
    },
    pro: {
      name: 'Planul PRO',
      perMonth: 'pe lună',
      perYear: 'sau {{price}} pe an',
      saving: 'Economisești {{amount}} față de plata lunară',
      unlimited: 'Produse nelimitate',
      online: 'Meniul rămâne online după perioada de probă',
      card: 'Plată cu cardul, reînnoire automată, anulezi oricând',
      everything: 'Tot ce include planul gratuit',
      cta: 'Începe cu perioada de probă',
    },
    faq: {
      heading: 'Întrebări frecvente',
      afterTrialQ: 'Ce se întâmplă după perioada de probă?',
      afterTrialA:
        'Dacă nu treci la PRO, meniul nu mai este afișat clienților: cine scanează codul QR vede un mesaj că meniul nu este disponibil momentan. Nu ștergem nimic: contul, meniul și imaginile rămân, poți intra, edita și trece la PRO oricând.',
      cancelQ: 'Pot anula oricând?',
      cancelA:
        'Da. Anulezi abonamentul PRO din pagina Abonament a restaurantului; anularea are efect la sfârșitul perioadei deja plătite, iar până atunci meniul rămâne online.',
      cardQ: 'Cum se plătește PRO?',
      cardA:
        'Cu cardul, prin procesatorul de plăți Stripe. Datele cardului se introduc direct la Stripe și nu ajung la Bucate. Abonamentul se reînnoiește automat, lunar sau anual, după varianta aleasă.',
      adminQ: 'Se poate activa PRO fără card?',
      adminA:
        'Da. Un administrator al platformei poate acorda PRO manual unui restaurant; PRO acordat astfel este valabil un an. Scrie-ne din pagina de contact.',
      restaurantsQ: 'Am mai multe restaurante. Primește fiecare o perioadă de probă?',
      restaurantsA:
        'Perioada de probă de {{days}} este una pentru fiecare persoană, nu pentru fiecare restaurant. Un restaurant pe care îl adaugi mai târziu o împarte pe cea începută la primul tău restaurant și se încheie odată cu ea; după ce s-a încheiat, restaurantul nou se poate pregăti, iar clienții îl văd după trecerea la PRO. Fiecare restaurant are abonamentul lui: PRO pentru unul nu înseamnă PRO pentru celelalte.',
      limitQ: 'Ce înseamnă limita de produse?',
      limitA:
        'Fără PRO, meniul poate avea cel mult {{products}}, numărate în toate locațiile la un loc. Editorul îți arată când mai rămân {{threshold}}; cu PRO nu există limită.',
      contact: 'Altă întrebare? Scrie-ne',
    },
  },
};
