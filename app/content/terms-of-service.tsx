import { Link } from 'react-router';
import type { Locale } from '#app/i18n/i18n.ts';

/**
 * docs/product-spec.md section 2: the static terms, in Romanian (the language of the contract) whatever the page language, with the
 * sections introduction, definitions, access to services and contact. English pages get a short note above.
 */
const TEXT = 'text-stone-700 dark:text-stone-300';
const LINK = 'text-primary-700 underline dark:text-primary-100';
const P = `mt-4 ${TEXT}`;
const LIST = `mt-4 list-disc space-y-2 pl-6 ${TEXT}`;
const H2 = 'mt-10 scroll-mt-6 text-xl font-semibold';
const H3 = 'mt-6 text-lg font-semibold';

const SECTIONS = [
  { id: 'introducere', title: '1. Introducere' },
  { id: 'definitii', title: '2. Definiții' },
  { id: 'accesul-la-servicii', title: '3. Accesul la servicii' },
  { id: 'contact', title: '4. Contact' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function Heading({ id }: { id: SectionId }) {
  const title = SECTIONS.find((section) => section.id === id)?.title ?? '';
  return (
    <h2 id={id} className={H2}>
      {title}
    </h2>
  );
}

/** The terms and conditions; `language` only decides whether the English note is shown. */
export function TermsOfService({ language, contactEmail }: { language: Locale; contactEmail: string }) {
  const email = (
    <a className={LINK} href={`mailto:${contactEmail}`}>
      {contactEmail}
    </a>
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      {language === 'en' ? (
        <p lang="en" className="mb-8 rounded-lg border border-stone-200 px-5 py-4 text-stone-700 dark:border-stone-800 dark:text-stone-300">
          These terms are published in Romanian, the language of the contract.
        </p>
      ) : null}
      <article lang="ro">
        <h1 className="text-3xl font-bold tracking-tight">Termeni și condiții</h1>
        <nav aria-label="Cuprins" className="mt-8 rounded-lg border border-stone-200 px-5 py-4 dark:border-stone-800">
          <p className="font-semibold">Cuprins</p>
          <ul className="mt-2">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a className={`inline-flex min-h-11 items-center ${LINK}`} href={`#${section.id}`}>
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="introducere">
          <Heading id="introducere" />
          <p className={P}>
            Acești termeni și condiții („Termenii”) reglementează utilizarea site-ului și a serviciului Bucate, prin care restaurantele își creează, administrează și publică
            meniuri digitale în limba română și în limba engleză. Prin crearea unui cont sau prin utilizarea serviciului acceptați Termenii. Dacă nu sunteți de acord cu ei, vă
            rugăm să nu folosiți serviciul.
          </p>
          <p className={P}>
            Serviciul se adresează profesioniștilor din domeniul alimentației publice: restaurante, cafenele, baruri și alte unități similare. Vizitatorii pot consulta gratuit
            meniurile publicate, fără cont. Modul în care prelucrăm datele cu caracter personal este descris în{' '}
            <Link className={LINK} to="/privacy-policy">
              Politica de confidențialitate
            </Link>
            .
          </p>
          <p className={P}>
            Putem modifica Termenii atunci când se schimbă serviciul sau legislația. Despre modificările importante îi anunțăm prin e-mail pe titularii de cont înainte ca acestea
            să se aplice. Termenii sunt guvernați de legea română.
          </p>
        </section>

        <section aria-labelledby="definitii">
          <Heading id="definitii" />
          <ul className={LIST}>
            <li>
              <strong>Bucate</strong> sau <strong>noi</strong>: furnizorul serviciului și operatorul site-ului.
            </li>
            <li>
              <strong>Serviciul</strong>: platforma online Bucate, împreună cu meniurile publicate, codurile QR și linkurile scurte generate pentru acestea, precum și comenzile și
              cererile de rezervare pe care clienții le trimit restaurantului din meniu, când restaurantul le activează.
            </li>
            <li>
              <strong>Proprietarul</strong>: persoana fizică sau juridică ce își creează un cont pentru a administra unul sau mai multe restaurante, precum și persoanele care
              acționează în numele ei.
            </li>
            <li>
              <strong>Restaurantul</strong>: unitatea de alimentație pentru care Proprietarul publică un meniu.
            </li>
            <li>
              <strong>Meniul</strong>: informațiile publicate de Proprietar, precum produsele, descrierile, prețurile, gramajele, ingredientele, alergenii, valorile nutriționale,
              imaginile și programul.
            </li>
            <li>
              <strong>Vizitatorul</strong>: orice persoană care consultă un meniu publicat.
            </li>
            <li>
              <strong>Perioada de probă</strong>: primele 60 de zile de la crearea primului restaurant al unei persoane, în care serviciul se folosește gratuit, pe planul gratuit;
              este una pentru fiecare persoană, nu pentru fiecare restaurant.
            </li>
            <li>
              <strong>Planul gratuit</strong> și <strong>planul PRO</strong>: planurile de utilizare descrise la „Accesul la servicii” și pe pagina{' '}
              <Link className={LINK} to="/pricing">
                Prețuri
              </Link>
              .
            </li>
          </ul>
        </section>

        <section aria-labelledby="accesul-la-servicii">
          <Heading id="accesul-la-servicii" />

          <h3 className={H3}>3.1. Contul</h3>
          <p className={P}>
            Pentru a publica un meniu aveți nevoie de un cont. Vă obligați să furnizați date corecte, să păstrați confidențialitatea parolei și să ne anunțați fără întârziere dacă
            bănuiți o utilizare neautorizată a contului. Răspundeți de activitatea desfășurată din contul dumneavoastră.
          </p>

          <h3 className={H3}>3.2. Perioada de probă și planul gratuit</h3>
          <p className={P}>
            Fiecare cont nou începe cu o perioadă de probă gratuită de 60 de zile, pentru care nu este necesar un card. Pe planul gratuit, meniul unui restaurant poate conține cel
            mult 50 de produse. La sfârșitul perioadei de probă, utilizarea în continuare a serviciului necesită planul PRO.
          </p>
          <p className={P}>
            Comenzile din meniu (la masă și la pachet) și rezervările fac parte din perioada de probă și din planul PRO. Când meniul nu mai este afișat clienților, nici comenzile
            și rezervările nu mai pot fi trimise; o comandă trimisă înainte își păstrează pagina până la încheiere.
          </p>
          <p className={P}>
            Perioada de probă se acordă o singură dată fiecărei persoane. Un restaurant adăugat de cineva care are sau a avut deja un restaurant împarte perioada de probă începută
            la primul restaurant și se încheie odată cu ea; după încheierea ei, restaurantul nou poate fi pregătit, iar meniul lui este afișat clienților numai cu planul PRO.
            Ștergerea unui restaurant nu acordă o nouă perioadă de probă. Fiecare restaurant are propriul abonament: planul PRO al unuia nu se extinde la celelalte.
          </p>

          <h3 className={H3}>3.3. Planul PRO</h3>
          <p className={P}>
            Planul PRO se plătește cu cardul, prin procesatorul de plăți Stripe, la prețul și cu periodicitatea afișate pe pagina{' '}
            <Link className={LINK} to="/pricing">
              Prețuri
            </Link>{' '}
            în momentul abonării. Datele cardului sunt introduse direct la Stripe și nu ajung la Bucate. Abonamentul se reînnoiește automat la sfârșitul fiecărei perioade până când
            îl anulați; anularea are efect la sfârșitul perioadei deja plătite.
          </p>

          <h3 className={H3}>3.4. Conținutul meniului</h3>
          <p className={P}>
            Proprietarul răspunde în exclusivitate de corectitudinea, actualitatea și legalitatea informațiilor din meniu: denumiri, prețuri, gramaje, ingrediente, valori
            nutriționale și, în special, alergeni, conform Regulamentului (UE) nr. 1169/2011 privind informarea consumatorilor cu privire la produsele alimentare. Bucate afișează
            informațiile așa cum le introduce Proprietarul și nu le verifică.
          </p>
          <p className={P}>
            Proprietarul garantează că are dreptul să publice textele, imaginile și siglele pe care le încarcă și ne acordă dreptul de a le stoca și afișa, cât timp contul este
            activ, în scopul prestării serviciului.
          </p>

          <h3 className={H3}>3.5. Suspendarea pentru abuz</h3>
          <p className={P}>Putem suspenda sau închide accesul la un cont ori la un meniu care:</p>
          <ul className={LIST}>
            <li>publică un conținut ilegal, înșelător, ofensator sau care încalcă drepturile altor persoane;</li>
            <li>încearcă să compromită securitatea serviciului sau să obțină acces neautorizat la alte conturi;</li>
            <li>folosește serviciul pentru mesaje nesolicitate (spam) sau îl încarcă în mod abuziv;</li>
            <li>încalcă în alt mod grav sau repetat acești Termeni.</li>
          </ul>
          <p className={P}>
            Când este posibil, vă anunțăm în prealabil și vă dăm ocazia să remediați situația; în cazurile grave suspendarea poate fi imediată, iar motivul vi-l comunicăm prin
            e-mail.
          </p>
        </section>

        <section aria-labelledby="contact">
          <Heading id="contact" />
          <p className={P}>Pentru întrebări despre acești Termeni, despre cont sau despre abonament, ne puteți scrie la {email}.</p>
        </section>
      </article>
    </div>
  );
}
