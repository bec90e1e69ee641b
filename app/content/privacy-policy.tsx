import type { ReactNode } from 'react';
import type { Locale } from '#app/i18n/i18n.ts';

/**
 * docs/product-spec.md section 2: the static privacy policy, in Romanian and in English (complete, equivalent texts). The contact
 * address comes from configuration (CONTACT_EMAIL) through the route's loader.
 *
 * Texts are written as data so both languages stay side by side. A `Text` is one paragraph or list item,
 * given as string pieces joined with spaces; inside it `**bold**`, `` `code` ``, `{email}` (the contact
 * address as a mailto: link) and `{anspdcp}` (the supervisory authority's site) are rendered as markup.
 */
export const PRIVACY_POLICY_LAST_UPDATED = '28.11.2026';

type Text = string | readonly string[];
type Block = Text | { ul: readonly Text[] };

interface Section {
  id: string;
  title: string;
  blocks: readonly Block[];
}

interface Policy {
  title: string;
  updated: string;
  contents: string;
  intro: Text;
  sections: readonly Section[];
}

const ro: Policy = {
  title: 'Politica de confidențialitate',
  updated: `Ultima actualizare: ${PRIVACY_POLICY_LAST_UPDATED}`,
  contents: 'Cuprins',
  intro: [
    'Această politică explică ce date cu caracter personal prelucrează Bucate atunci când folosiți site-ul și serviciul nostru de',
    'meniuri digitale, de ce le prelucrăm, cât timp le păstrăm și ce drepturi aveți conform Regulamentului (UE) 2016/679 („GDPR”).',
  ],
  sections: [
    {
      id: 'controller',
      title: 'Cine suntem',
      blocks: [
        [
          'Operatorul datelor este Bucate („noi”), furnizorul serviciului online prin care restaurantele își creează și publică meniuri',
          'digitale în limba română și în limba engleză. Bucate este operat din România. Ne puteți scrie oricând la {email}.',
        ],
        [
          'Serviciul se adresează restaurantelor și persoanelor care le reprezintă; nu este destinat copiilor sub 16 ani. Restaurantul',
          'care publică un meniu răspunde de conținutul acestuia; noi îl stocăm și îl afișăm pentru a presta serviciul.',
        ],
      ],
    },
    {
      id: 'data-collected',
      title: 'Ce date colectăm',
      blocks: [
        {
          ul: [
            [
              '**Datele contului:** adresa de e-mail și numele pe care le furnizați la înregistrare. Parola este păstrată numai sub',
              'formă criptografică (hash), niciodată în clar.',
            ],
            [
              '**Datele restaurantului:** denumirea, adresa, programul, telefonul, adresa de e-mail de contact, sigla și celelalte',
              'informații pe care le completați în profilul restaurantului.',
            ],
            ['**Conținutul meniului:** produsele, descrierile, prețurile, ingredientele, alergenii, valorile nutriționale și imaginile', 'pe care le încărcați.'],
            [
              '**Datele abonamentului:** planul ales, starea abonamentului și a plăților. Datele cardului sunt introduse direct la',
              'procesatorul de plăți Stripe și nu ajung niciodată la Bucate.',
            ],
            [
              '**Date tehnice:** jurnalele serverului, care conțin adresa IP, data și ora, pagina cerută, răspunsul serverului și tipul',
              'de browser, precum și adresa IP și browserul asociate sesiunilor active. Le păstrăm o perioadă limitată (vedeți',
              '„Cât timp păstrăm datele”).',
            ],
            '**Corespondența:** adresa de e-mail și conținutul mesajelor pe care ni le trimiteți.',
            [
              '**Echipa restaurantului:** dacă faceți parte din echipa unui restaurant (ca proprietar, manager, editor sau',
              'personal), rolul dumneavoastră și data de la care sunteți membru. Numele și adresa de e-mail ale membrilor echipei',
              'sunt vizibile membrilor aceleiași echipe, inclusiv proprietarilor și managerilor restaurantului, care gestionează',
              'echipa, precum și administratorilor Bucate, pentru asistență. Pentru o invitație în echipă păstrăm adresa de e-mail',
              'invitată, rolul propus, cine a trimis invitația și când expiră.',
            ],
            [
              '**Comenzile și rezervările din meniu:** dacă un restaurant primește comenzi sau rezervări prin meniul său, păstrăm',
              'pentru el ce scrie clientul: numele, telefonul, adresa de e-mail (opțională, la rezervări) și notițele, alături de',
              'produsele comandate, totaluri, ora, masa sau data și numărul de persoane. Restaurantul le folosește ca să pregătească',
              'comanda sau să primească rezervarea; noi le prelucrăm în numele lui. Numele, telefonul, e-mailul și notițele se șterg',
              'automat după 30 de zile (vedeți „Cât timp păstrăm datele”).',
            ],
            [
              '**Alergiile declarate la o comandă:** clientul poate alege, dacă vrea, alergiile de care să știe bucătăria (din cei',
              '14 alergeni din UE) și poate adăuga câteva cuvinte. Sunt date privind sănătatea (art. 9 din GDPR): le primim numai',
              'prin alegerea explicită a clientului, sunt folosite numai ca restaurantul să pregătească acea comandă (bucătăria le',
              'vede pe comandă și pe bonul ei, clientul pe pagina comenzii), se păstrează doar împreună cu comanda și se șterg',
              'automat odată cu datele de contact, după 30 de zile. Nu sunt folosite niciodată pentru statistici.',
            ],
          ],
        },
        [
          'Vizitatorii care citesc meniul unui restaurant nu au nevoie de cont, nici când comandă sau rezervă: nu există cont de',
          'client. Nu îi urmărim, nu le creăm profiluri și nu le plasăm niciun cookie, în afară de cookie-ul coșului, numai dacă',
          'adaugă un produs în coș: limba aleasă în meniu rămâne în adresa paginii (de exemplu `?lang=en`). Nu folosim',
          'cookie-uri de publicitate.',
        ],
      ],
    },
    {
      id: 'cookies',
      title: 'Cookie-uri și stocarea locală',
      blocks: [
        'Folosim numai ce este necesar pentru funcționarea serviciului:',
        {
          ul: [
            ['**Cookie-ul de sesiune** se plasează când vă autentificați, vă menține conectat și expiră după cel mult 30 de zile sau', 'când vă deconectați.'],
            [
              '**Cookie-ul `lang`** reține limba aleasă pe site (română sau engleză) timp de un an. Se plasează numai când schimbați',
              'limba site-ului; meniul unui restaurant nu îl plasează (limba meniului stă în adresa paginii).',
            ],
            [
              '**Alegerea privind cookie-urile**, făcută în bannerul de cookie-uri, este salvată în stocarea locală (local storage) a',
              'browserului, nu într-un cookie, și nu ne este transmisă.',
            ],
            [
              '**Cookie-ul coșului** se plasează numai când apăsați „Adaugă” pe un produs din meniul unui restaurant care primește',
              'comenzi. Ține pe dispozitivul dumneavoastră produsele alese, cantitățile, notițele lor și codul mesei, numai pentru',
              'adresa acelui meniu; este singurul cookie al comenzilor. Dacă îl ștergeți, coșul se golește.',
            ],
          ],
        },
        [
          'Cookie-ul de sesiune, cookie-ul de limbă și cookie-ul coșului sunt strict necesare pentru funcții pe care le cereți, de aceea nu necesită',
          'consimțământ. Dacă vom folosi vreodată cookie-uri neesențiale, de exemplu pentru statistici, le vom activa numai cu',
          'consimțământul dumneavoastră. Puteți șterge oricând cookie-urile și stocarea locală din setările browserului; fără',
          'cookie-ul de sesiune nu vă puteți autentifica.',
        ],
      ],
    },
    {
      id: 'menu-statistics',
      title: 'Statistici despre meniu',
      blocks: [
        [
          'Pentru ca restaurantul să vadă ce îi interesează pe clienții săi, numărăm pe server, fără cookie-uri și fără identificatori,',
          'numai totaluri pe zi: câte vizualizări are meniul (pe limbă, locație, oră și tipul sursei: cod QR, cod de masă, link',
          'direct, motor de căutare, rețea socială sau alt site), de câte ori a fost deschis un produs, ce alergeni au fost ascunși',
          'cu filtrul și ce termeni s-au căutat (fără diacritice și fără cifre, dacă s-a găsit ceva).',
        ],
        [
          'Nu păstrăm adresa IP, browserul, adresa paginii de unde veniți sau vreun identificator al vizitatorului, nici măcar',
          'criptat. Ca un vizitator să fie numărat o singură dată pe jumătate de oră, serverul ține numai în memorie, cel mult 30',
          'de minute, o amprentă cu cheie secretă a adresei IP și a browserului; cheia se schimbă la fiecare jumătate de oră și',
          'amprenta nu este scrisă nicăieri. Roboții nu sunt numărați. Textul unui termen căutat este păstrat numai după ce a fost căutat de cel puțin 3',
          'ori (până atunci îl numărăm doar sub o amprentă criptografică cu cheie secretă, nu ca text, și o ștergem după 90 de',
          'zile dacă pragul nu a fost atins) și îi este arătat restaurantului numai dacă a fost căutat de cel puțin 3 ori în',
          'perioada afișată. Pentru că numărăm doar totaluri anonime, nu vă cerem consimțământul.',
        ],
      ],
    },
    {
      id: 'purposes',
      title: 'De ce folosim datele',
      blocks: [
        {
          ul: [
            'pentru a vă crea și administra contul și pentru a vă autentifica;',
            'pentru a publica meniul restaurantului și a-l afișa vizitatorilor, inclusiv prin codul QR și linkul scurt;',
            'pentru a gestiona perioada de probă, abonamentul PRO, plățile și facturarea;',
            'pentru a permite echipei unui restaurant să lucreze împreună: invitații, roluri și cine a făcut o modificare;',
            'pentru a transmite restaurantului comenzile și cererile de rezervare ale clienților săi și pentru a le arăta clienților stadiul lor;',
            ['pentru a vă trimite e-mailuri legate de serviciu, de exemplu confirmarea adresei, resetarea parolei, avize despre', 'abonament și despre modificări importante;'],
            'pentru a răspunde la întrebările și solicitările dumneavoastră;',
            'pentru a asigura securitatea serviciului, a preveni abuzurile și a remedia erorile;',
            'pentru a respecta obligațiile legale, de exemplu cele contabile și fiscale.',
          ],
        },
        ['Nu vindem datele, nu le folosim pentru publicitate și nu luăm decizii automate care să producă efecte juridice asupra', 'dumneavoastră.'],
      ],
    },
    {
      id: 'legal-basis',
      title: 'Temeiul legal',
      blocks: [
        'Prelucrăm datele numai în baza unuia dintre temeiurile prevăzute la art. 6 alin. (1) din GDPR și, pentru datele privind sănătatea, la art. 9 alin. (2):',
        {
          ul: [
            ['**Executarea contractului** (lit. b): contul, publicarea meniului, echipa restaurantului, abonamentul și', 'e-mailurile legate de serviciu.'],
            [
              '**Interesul legitim** (lit. f): securitatea serviciului, jurnalele tehnice, prevenirea abuzurilor, cookie-ul de limbă,',
              'invitația în echipa unui restaurant trimisă unei persoane care nu are încă un cont și',
              'răspunsul la mesajele persoanelor fără cont. Aceste prelucrări sunt limitate la ce este necesar și nu vă afectează în',
              'mod disproporționat drepturile.',
            ],
            [
              '**Consimțământul** (lit. a): cookie-urile neesențiale, dacă le vom folosi, și orice altă prelucrare pentru care vi-l',
              'cerem în mod expres. Îl puteți retrage oricând.',
            ],
            ['**Obligația legală** (lit. c): păstrarea documentelor financiar-contabile și răspunsul la solicitările', 'autorităților.'],
            [
              '**Consimțământul explicit** (art. 9 alin. (2) lit. a): alergiile pe care clientul alege să le declare la o comandă.',
              'Fără ele comanda se trimite la fel. Puteți retrage consimțământul cerând ștergerea lor (vedeți „Drepturile',
              'dumneavoastră”); oricum se șterg singure după 30 de zile.',
            ],
          ],
        },
      ],
    },
    {
      id: 'sharing',
      title: 'Cui transmitem datele',
      blocks: [
        [
          'Transmitem date numai furnizorilor care ne ajută să prestăm serviciul, pe baza unor contracte care îi obligă să le',
          'protejeze și să le folosească numai conform instrucțiunilor noastre:',
        ],
        {
          ul: [
            '**Furnizorul de găzduire:** serverele, baza de date și imaginile se află în Uniunea Europeană.',
            [
              '**Stripe:** procesează plățile cu cardul pentru planul PRO. Datele cardului sunt introduse direct la Stripe, care le',
              'prelucrează conform propriei politici de confidențialitate; noi primim doar confirmarea plății și starea abonamentului.',
            ],
            ['**Furnizorul de e-mail (SMTP):** livrează e-mailurile pe care vi le trimitem și primește în acest scop adresa de e-mail', 'și conținutul mesajului.'],
            '**Autoritățile publice:** numai atunci când legea ne obligă.',
          ],
        },
        [
          'Dacă un furnizor transferă date în afara Spațiului Economic European, transferul se face numai cu garanțiile prevăzute',
          'de GDPR, de exemplu o decizie de adecvare a Comisiei Europene sau clauze contractuale standard. Conținutul pe care îl',
          'publicați în meniu (denumirea restaurantului, produsele, imaginile) este public prin natura serviciului.',
        ],
      ],
    },
    {
      id: 'security',
      title: 'Securitatea datelor',
      blocks: [
        [
          'Conexiunile la site sunt criptate (HTTPS), cookie-ul de sesiune este semnat, parolele sunt stocate numai sub formă de',
          'hash, iar accesul la date este limitat la persoanele care au nevoie de el. Facem copii de siguranță și actualizăm',
          'periodic software-ul. Dacă are loc o încălcare a securității datelor care prezintă un risc pentru dumneavoastră,',
          'anunțăm ANSPDCP în cel mult 72 de ore, iar dacă riscul este ridicat vă anunțăm și pe dumneavoastră.',
        ],
      ],
    },
    {
      id: 'retention',
      title: 'Cât timp păstrăm datele',
      blocks: [
        {
          ul: [
            [
              'Datele contului, ale restaurantului și conținutul meniului: cât timp contul este activ. După ștergerea contului le',
              'ștergem în cel mult 30 de zile; copiile de siguranță care le mai conțin sunt suprascrise în următoarele 30 de zile.',
            ],
            [
              'Jurnalele tehnice cu adrese IP: cel mult 30 de zile, apoi se șterg automat, cu excepția celor necesare pentru',
              'investigarea unui incident de securitate, păstrate până la încheierea acesteia.',
            ],
            'Documentele de plată și de facturare: perioada cerută de legislația contabilă și fiscală din România.',
            'Corespondența: cât este necesar pentru a rezolva solicitarea și cel mult un an după ultimul mesaj.',
            'Invitațiile în echipa unui restaurant: adresa de e-mail invitată, până când invitația este acceptată sau revocată.',
            [
              'Comenzile și rezervările din meniu: numele, telefonul, adresa de e-mail și notițele clientului, 30 de zile de la',
              'comandă, respectiv de la data rezervării; apoi le șterge automat o lucrare zilnică. Produsele, cantitățile, totalurile',
              'și stadiul rămân, fără date de contact, pentru statisticile restaurantului.',
            ],
            [
              'Alergiile declarate la o comandă și nota lor: împreună cu datele de contact ale comenzii, 30 de zile, apoi le șterge',
              'aceeași lucrare zilnică; nu ajung în statistici.',
            ],
            [
              'Cookie-ul de sesiune: cel mult 30 de zile; cookie-ul `lang`: un an; alegerea privind cookie-urile: până când o',
              'ștergeți din browser; cookie-ul coșului: pe dispozitivul dumneavoastră, până când coșul este golit sau îl ștergeți.',
            ],
          ],
        },
      ],
    },
    {
      id: 'rights',
      title: 'Drepturile dumneavoastră',
      blocks: [
        'Conform GDPR, aveți următoarele drepturi:',
        {
          ul: [
            [
              'dreptul de acces: să aflați dacă vă prelucrăm datele și să primiți o copie a lor (art. 15); copia pe care o descărcați',
              'din cont cuprinde și restaurantele din care faceți parte, cu rolul dumneavoastră, și invitațiile trimise de',
              'dumneavoastră sau către adresa dumneavoastră;',
            ],
            'dreptul la rectificare: să corectați datele inexacte, multe dintre ele direct din cont (art. 16);',
            'dreptul la ștergere („dreptul de a fi uitat”) (art. 17);',
            'dreptul la restricționarea prelucrării (art. 18);',
            [
              'dreptul la portabilitate: să primiți datele pe care ni le-ați furnizat într-un format structurat, utilizat în mod',
              'curent și care poate fi citit automat, sau să cereți transmiterea lor altui operator (art. 20);',
            ],
            'dreptul la opoziție față de prelucrările bazate pe interesul legitim (art. 21);',
            ['dreptul de a vă retrage oricând consimțământul, fără a afecta legalitatea prelucrării efectuate înainte de retragere', '(art. 7 alin. (3));'],
            [
              'dreptul de a depune o plângere la Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter Personal',
              '(ANSPDCP), {anspdcp}, sau la autoritatea de supraveghere din statul în care locuiți ori lucrați.',
            ],
          ],
        },
        [
          'Pentru a vă exercita drepturile, scrieți-ne la {email}. Exercitarea drepturilor este gratuită. Răspundem în cel mult o',
          'lună de la primirea cererii; dacă cererea este complexă sau primim multe cereri, termenul se poate prelungi cu cel mult',
          'două luni, iar în acest caz vă anunțăm în prima lună. Putem cere informații suplimentare pentru a vă confirma identitatea.',
        ],
      ],
    },
    {
      id: 'contact',
      title: 'Contact și modificări',
      blocks: [
        'Pentru orice întrebare despre această politică sau despre datele dumneavoastră, scrieți-ne la {email}.',
        [
          'Putem actualiza această politică atunci când se schimbă serviciul sau legislația. Data ultimei actualizări apare la',
          'începutul paginii; despre modificările importante îi anunțăm prin e-mail pe titularii de cont înainte ca acestea să se',
          'aplice.',
        ],
      ],
    },
  ],
};

const en: Policy = {
  title: 'Privacy policy',
  updated: `Last updated: ${PRIVACY_POLICY_LAST_UPDATED}`,
  contents: 'Contents',
  intro: [
    'This policy explains which personal data Bucate processes when you use our website and digital-menu service, why we',
    'process it, how long we keep it and what rights you have under Regulation (EU) 2016/679 (the “GDPR”).',
  ],
  sections: [
    {
      id: 'controller',
      title: 'Who we are',
      blocks: [
        [
          'The controller is Bucate (“we”), the provider of the online service with which restaurants create and publish digital',
          'menus in Romanian and English. Bucate is operated from Romania. You can write to us at any time at {email}.',
        ],
        [
          'The service is intended for restaurants and the people who represent them; it is not intended for children under 16.',
          'The restaurant that publishes a menu is responsible for its content; we store and display it to provide the service.',
        ],
      ],
    },
    {
      id: 'data-collected',
      title: 'Data we collect',
      blocks: [
        {
          ul: [
            ['**Account data:** the e-mail address and name you give us when you sign up. Your password is stored only in', 'cryptographic form (a hash), never in plain text.'],
            ['**Restaurant data:** the name, address, opening hours, telephone, contact e-mail address, logo and the other details', 'you enter in the restaurant profile.'],
            ['**Menu content:** the products, descriptions, prices, ingredients, allergens, nutrition values and images you', 'upload.'],
            [
              '**Subscription data:** the chosen plan and the status of the subscription and of payments. Card details are entered',
              'directly with the payment processor Stripe and never reach Bucate.',
            ],
            [
              '**Technical data:** server logs, which contain the IP address, date and time, the page requested, the server’s',
              'response and the browser type, as well as the IP address and browser linked to active sessions. We keep them for a',
              'limited time (see “How long we keep data”).',
            ],
            '**Correspondence:** your e-mail address and the content of the messages you send us.',
            [
              '**The restaurant’s team:** if you are on a restaurant’s team (as owner, manager, editor or staff), your role and',
              'the date you joined. The names and e-mail addresses of a team’s members are visible to the members of the same',
              'team, including the restaurant’s owners and managers, who manage the team, and to Bucate’s administrators, for',
              'support. For an invitation to a team we keep the invited e-mail address, the role offered, who sent the invitation',
              'and when it expires.',
            ],
            [
              '**Orders and reservations from the menu:** if a restaurant takes orders or reservations through its menu, we keep',
              'for it what the guest writes: the name, the phone number, the e-mail address (optional, for reservations) and the',
              'notes, together with the dishes ordered, totals, the time, the table or the date and the party size. The restaurant',
              'uses them to prepare the order or to receive the reservation; we process them on its behalf. Names, phone numbers,',
              'e-mail addresses and notes are erased automatically after 30 days (see “How long we keep data”).',
            ],
            [
              '**Allergies declared with an order:** the guest may choose, if they wish, the allergies the kitchen should know',
              'of (from the 14 EU allergens) and add a few words. This is health data (Article 9 GDPR): we receive it only by the',
              'guest’s explicit choice, it is used only for the restaurant to prepare that order (the kitchen sees it on the order',
              'and its ticket, the guest on the order’s page), it is kept only with the order and erased automatically together',
              'with the contact details, after 30 days. It is never used for statistics.',
            ],
          ],
        },
        [
          'Guests reading a restaurant’s menu need no account, not even to order or reserve: there are no guest accounts. We do',
          'not track them, do not profile them and set no cookies for them, except the cart cookie, and only once they add a dish',
          'to the cart: the language chosen in a menu stays in the page’s address (for example `?lang=en`). We do not use',
          'advertising cookies.',
        ],
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      blocks: [
        'We use only what the service needs to work:',
        {
          ul: [
            ['**The session cookie** is set when you sign in, keeps you signed in and expires after at most 30 days or when you', 'sign out.'],
            [
              '**The `lang` cookie** remembers the language you chose on the site (Romanian or English) for one year. It is set only',
              'when you switch the site’s language; a restaurant’s menu does not set it (the menu’s language is in its address).',
            ],
            ['**Your cookie choice**, made in the cookie banner, is saved in the browser’s local storage, not in a cookie, and is', 'not sent to us.'],
            [
              '**The cart cookie** is set only when you press “Adaugă” (Add) on a dish in the menu of a restaurant that takes',
              'orders. It keeps on your device the dishes you chose, their quantities and notes and the table’s code, for that',
              'menu’s address only; it is the one cookie of ordering. Deleting it empties the cart.',
            ],
          ],
        },
        [
          'The session cookie, the language cookie and the cart cookie are strictly necessary for features you ask for, so they need no consent.',
          'If we ever use non-essential cookies, for example for statistics, we will enable them only with your consent. You can',
          'delete cookies and local storage at any time in your browser settings; without the session cookie you cannot sign in.',
        ],
      ],
    },
    {
      id: 'menu-statistics',
      title: 'Menu statistics',
      blocks: [
        [
          'So that a restaurant can see what interests its guests, we count on the server, with no cookies and no identifiers,',
          'daily totals only: how many times the menu was viewed (by language, location, hour and kind of source: QR code, table',
          'code, direct link, search engine, social network or another website), how many times a dish was opened, which',
          'allergens were hidden with the filter and which terms were searched (without diacritics or digits, and whether',
          'anything was found).',
        ],
        [
          'We do not keep the IP address, the browser, the address of the page you came from or any identifier of the visitor,',
          'not even encrypted. So that a visitor counts once per half hour, the server holds, in memory only and for at most 30',
          'minutes, a fingerprint of the IP address and the browser under a secret key; the key changes every half hour and the',
          'fingerprint is never written anywhere. Bots are not counted. The text of a search term is kept only once it was searched at least 3',
          'times (until then we count it only under a keyed cryptographic fingerprint, not as text, and delete that after 90',
          'days if the threshold was not reached), and it is shown to the restaurant only if it was searched at least 3 times',
          'in the period shown. Because we count anonymous totals only, we do not ask for consent.',
        ],
      ],
    },
    {
      id: 'purposes',
      title: 'Why we use data',
      blocks: [
        {
          ul: [
            'to create and manage your account and to sign you in;',
            'to publish the restaurant’s menu and show it to guests, including through the QR code and the short link;',
            'to manage the trial period, the PRO subscription, payments and invoicing;',
            'to let a restaurant’s team work together: invitations, roles and who made a change;',
            'to pass a restaurant its guests’ orders and reservation requests and to show guests how they stand;',
            ['to send you e-mails about the service, such as address confirmation, password reset, notices about your', 'subscription and about important changes;'],
            'to answer your questions and requests;',
            'to keep the service secure, prevent abuse and fix errors;',
            'to meet our legal obligations, such as accounting and tax obligations.',
          ],
        },
        ['We do not sell data, do not use it for advertising and do not make automated decisions that produce legal effects', 'concerning you.'],
      ],
    },
    {
      id: 'legal-basis',
      title: 'Legal basis',
      blocks: [
        'We process data only on one of the grounds in Article 6(1) GDPR and, for health data, in Article 9(2):',
        {
          ul: [
            ['**Performance of a contract** (point b): the account, publishing the menu, the restaurant’s team, the subscription', 'and service e-mails.'],
            [
              '**Legitimate interest** (point f): security of the service, technical logs, abuse prevention, the language cookie,',
              'an invitation to a restaurant’s team sent to someone who has no account yet and',
              'answering messages from people without an account. These processing operations are limited to what is necessary',
              'and do not disproportionately affect your rights.',
            ],
            ['**Consent** (point a): non-essential cookies, if we ever use them, and any other processing for which we expressly', 'ask for it. You can withdraw it at any time.'],
            ['**Legal obligation** (point c): keeping financial and accounting records and answering requests from', 'authorities.'],
            [
              '**Explicit consent** (Article 9(2)(a)): the allergies a guest chooses to declare with an order. The order is sent',
              'just the same without them. You can withdraw your consent by asking for them to be erased (see “Your rights”);',
              'in any case they are erased by themselves after 30 days.',
            ],
          ],
        },
      ],
    },
    {
      id: 'sharing',
      title: 'Who we share data with',
      blocks: [
        ['We share data only with providers that help us run the service, under contracts that require them to protect it and', 'to use it only on our instructions:'],
        {
          ul: [
            '**Hosting provider:** the servers, the database and the images are located in the European Union.',
            [
              '**Stripe:** processes card payments for the PRO plan. Card details are entered directly with Stripe, which processes',
              'them under its own privacy policy; we receive only the payment confirmation and the subscription status.',
            ],
            ['**E-mail provider (SMTP):** delivers the e-mails we send you and receives for that purpose the e-mail address and the', 'content of the message.'],
            '**Public authorities:** only when the law requires us to.',
          ],
        },
        [
          'If a provider transfers data outside the European Economic Area, the transfer takes place only with the safeguards the',
          'GDPR provides for, such as an adequacy decision of the European Commission or standard contractual clauses. The',
          'content you publish in a menu (the restaurant’s name, products, images) is public by the nature of the service.',
        ],
      ],
    },
    {
      id: 'security',
      title: 'Security',
      blocks: [
        [
          'Connections to the site are encrypted (HTTPS), the session cookie is signed, passwords are stored only as hashes and',
          'access to data is limited to the people who need it. We make backups and update our software regularly. If a personal',
          'data breach poses a risk to you, we notify ANSPDCP within 72 hours, and if the risk is high we notify you as well.',
        ],
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep data',
      blocks: [
        {
          ul: [
            [
              'Account data, restaurant data and menu content: for as long as the account is active. After the account is deleted',
              'we erase them within 30 days; backups that still contain them are overwritten within the following 30 days.',
            ],
            [
              'Technical logs with IP addresses: at most 30 days, after which they are deleted automatically, except those needed to',
              'investigate a security incident, which are kept until the investigation ends.',
            ],
            'Payment and invoicing records: for the period required by Romanian accounting and tax law.',
            'Correspondence: as long as needed to resolve the request and at most one year after the last message.',
            'Invitations to a restaurant’s team: the invited e-mail address, until the invitation is accepted or revoked.',
            [
              'Orders and reservations from the menu: the guest’s name, phone number, e-mail address and notes, 30 days from the',
              'order or from the reservation’s date; then a daily job erases them automatically. The dishes, quantities, totals',
              'and status stay, without contact details, for the restaurant’s statistics.',
            ],
            [
              'Allergies declared with an order and their note: together with the order’s contact details, 30 days, then the same',
              'daily job erases them; they never reach the statistics.',
            ],
            [
              'Session cookie: at most 30 days; `lang` cookie: one year; your cookie choice: until you clear it in your browser;',
              'the cart cookie: on your device, until the cart is emptied or you delete it.',
            ],
          ],
        },
      ],
    },
    {
      id: 'rights',
      title: 'Your rights',
      blocks: [
        'Under the GDPR you have the following rights:',
        {
          ul: [
            [
              'the right of access: to find out whether we process your data and to receive a copy of it (Art. 15); the copy you',
              'download from your account also lists the restaurants whose team you are on, with your role, and the invitations',
              'you sent or that were sent to your address;',
            ],
            'the right to rectification: to correct inaccurate data, much of it directly in your account (Art. 16);',
            'the right to erasure (“the right to be forgotten”) (Art. 17);',
            'the right to restriction of processing (Art. 18);',
            [
              'the right to data portability: to receive the data you gave us in a structured, commonly used and machine-readable',
              'format, or to have it sent to another controller (Art. 20);',
            ],
            'the right to object to processing based on legitimate interest (Art. 21);',
            ['the right to withdraw your consent at any time, without affecting the lawfulness of processing carried out before the', 'withdrawal (Art. 7(3));'],
            [
              'the right to lodge a complaint with the Romanian supervisory authority, ANSPDCP (Autoritatea Națională de',
              'Supraveghere a Prelucrării Datelor cu Caracter Personal), {anspdcp}, or with the supervisory authority of the',
              'country where you live or work.',
            ],
          ],
        },
        [
          'To exercise your rights, write to us at {email}. Exercising your rights is free of charge. We answer within one month',
          'of receiving your request; if the request is complex or we receive many requests, this period may be extended by at',
          'most two further months, in which case we tell you within the first month. We may ask for additional information to',
          'confirm your identity.',
        ],
      ],
    },
    {
      id: 'contact',
      title: 'Contact and changes',
      blocks: [
        'For any question about this policy or about your data, write to us at {email}.',
        [
          'We may update this policy when the service or the law changes. The date of the last update is shown at the top of the',
          'page; we tell account holders about important changes by e-mail before they apply.',
        ],
      ],
    },
  ],
};

const TEXT = 'text-stone-700 dark:text-stone-300';
const LINK = 'text-primary-700 underline dark:text-primary-100';
/** Split keeps the tokens: odd indices of the result are markup, even ones plain text. */
const MARKUP = /(\*\*[^*]+\*\*|`[^`]+`|\{email\}|\{anspdcp\})/;

function renderText(text: Text, contactEmail: string): ReactNode[] {
  const joined = typeof text === 'string' ? text : text.join(' ');
  return joined.split(MARKUP).map((part, index) => {
    if (index % 2 === 0) return part;
    if (part === '{email}') {
      return (
        <a key={index} className={LINK} href={`mailto:${contactEmail}`}>
          {contactEmail}
        </a>
      );
    }
    if (part === '{anspdcp}') {
      return (
        <a key={index} className={LINK} href="https://www.dataprotection.ro" rel="noopener noreferrer">
          www.dataprotection.ro
        </a>
      );
    }
    if (part.startsWith('`')) return <code key={index}>{part.slice(1, -1)}</code>;
    return <strong key={index}>{renderText(part.slice(2, -2), contactEmail)}</strong>;
  });
}

function renderBlock(block: Block, index: number, contactEmail: string) {
  if (typeof block === 'object' && 'ul' in block) {
    return (
      <ul key={index} className={`mt-4 list-disc space-y-2 pl-6 ${TEXT}`}>
        {block.ul.map((item, i) => (
          <li key={i}>{renderText(item, contactEmail)}</li>
        ))}
      </ul>
    );
  }
  return (
    <p key={index} className={`mt-4 ${TEXT}`}>
      {renderText(block, contactEmail)}
    </p>
  );
}

/**
 * The privacy policy in the page language: Romanian for 'ro', English for 'en'. `idPrefix` keeps the
 * section ids unique where the policy is shown over another page (the cookie banner's modal opens
 * on /privacy-policy itself, and on /terms-of-service, which has a `contact` section too).
 */
export function PrivacyPolicy({ language, contactEmail, idPrefix = '' }: { language: Locale; contactEmail: string; idPrefix?: string }) {
  const policy = language === 'en' ? en : ro;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{policy.title}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">{policy.updated}</p>
      <nav aria-label={policy.contents} className="mt-8 rounded-lg border border-stone-200 px-5 py-4 dark:border-stone-800">
        <p className="font-semibold">{policy.contents}</p>
        <ul className="mt-2">
          {policy.sections.map((section) => (
            <li key={section.id}>
              <a className={`inline-flex min-h-11 items-center ${LINK}`} href={`#${idPrefix}${section.id}`}>
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className={`mt-8 ${TEXT}`}>{renderText(policy.intro, contactEmail)}</p>
      {policy.sections.map((section) => (
        <section key={section.id} aria-labelledby={`${idPrefix}${section.id}`}>
          <h2 id={`${idPrefix}${section.id}`} className="mt-10 scroll-mt-6 text-xl font-semibold">
            {section.title}
          </h2>
          {section.blocks.map((block, index) => renderBlock(block, index, contactEmail))}
        </section>
      ))}
    </article>
  );
}
