/** Romanian strings of the account page's sign-in settings (password, e-mail), spread into ro.ts. */
export const accountRo = {
  accountSecurity: {
    nameTitle: 'Numele tău',
    nameHelp: 'Îl văd colegii din echipă lângă adresa ta și cei pe care îi inviți.',
    saveName: 'Salvează numele',
    nameSaved: 'Numele a fost salvat.',
    passwordTitle: 'Schimbă parola',
    passwordHelp: 'Toate celelalte dispozitive vor fi deconectate. Îți trimitem un e-mail de confirmare.',
    currentPassword: 'Parola actuală',
    newPassword: 'Parola nouă',
    savePassword: 'Schimbă parola',
    passwordChanged: 'Parola a fost schimbată. Celelalte dispozitive au fost deconectate.',
    emailTitle: 'Schimbă adresa de e-mail',
    emailHelp: 'Adresa actuală: {{email}}. Îți trimitem un link pe adresa nouă; schimbarea are loc după ce îl deschizi.',
    newEmail: 'Adresa nouă de e-mail',
    password: 'Parola actuală',
    saveEmail: 'Trimite linkul de confirmare',
    emailChangeSent: 'Am trimis un link de confirmare la {{email}}. Adresa se schimbă după ce îl deschizi.',
    sameEmail: 'Aceasta este deja adresa contului.',
  },
  securityMail: {
    passwordChanged: {
      subject: 'Parola contului Bucate a fost schimbată',
      lead: 'Parola contului tău Bucate tocmai a fost schimbată, iar celelalte dispozitive au fost deconectate.',
    },
    emailChange: {
      subject: 'Cerere de schimbare a adresei de e-mail Bucate',
      lead: 'Cineva conectat la contul tău Bucate a cerut mutarea contului pe adresa {{email}}. Schimbarea are loc numai după confirmarea noii adrese.',
    },
    notYou: 'Dacă nu ai fost tu, schimbă-ți imediat parola de aici: {{url}} și scrie-ne.',
  },
};
