/** Romanian strings of the printers that print by themselves (issue 36, decision 0036), spread into ro.ts. */
export const printingRo = {
  printers: {
    title: 'Imprimante',
    intro:
      'O imprimantă de bonuri Star cu CloudPRNT (TSP143IV, mC-Print3) tipărește singură bonurile stației ei: întreabă serverul la câteva secunde dacă are ceva de tipărit. Fără stație, tipărește nota cu prețuri a fiecărei comenzi. Bonul PDF din panoul comenzilor rămâne la îndemână.',
    none: 'Nicio imprimantă încă.',
    billCopy: 'Nota (cu prețuri)',
    online: 'Conectată',
    offline: 'Deconectată',
    paper: 'Hârtie {{mm}} mm',
    paperLabel: 'Hârtie',
    lastPoll: 'Ultima legătură: {{time}}',
    neverPolled: 'Nu s-a conectat încă',
    waiting_one: '{{count}} bon în așteptare',
    waiting_few: '{{count}} bonuri în așteptare',
    waiting_other: '{{count}} de bonuri în așteptare',
    addressOnce:
      'Adresa CloudPRNT a imprimantei: copiaz-o acum în setările ei (Star: CloudPRNT, Server URL). O vezi o singură dată; „Token nou” face alta și o oprește pe aceasta.',
    newToken: 'Token nou',
    remove: 'Șterge imprimanta',
    name: 'Numele imprimantei',
    station: 'Ce tipărește',
    add: 'Adaugă imprimanta',
    added: 'Imprimanta a fost adăugată în {{location}}.',
    renewed: 'Imprimanta are o adresă nouă; cea veche nu mai merge.',
    removed: 'Imprimanta „{{name}}” a fost ștearsă.',
  },
  printing: {
    ticket: {
      added: 'ADĂUGAT',
      cancelled: 'ANULAT',
    },
  },
};
