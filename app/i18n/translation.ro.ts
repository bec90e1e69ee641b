/** Romanian strings of content languages and automatic translation (issue 16), spread into ro.ts. */
export const translationRo = {
  translation: {
    languagesLegend: 'Limbile meniului',
    languagesHelp: 'Meniul apare mereu în română și engleză. Alege și alte limbi pentru oaspeți: ce nu ai tradus apare în engleză, apoi în română.',
    doNotTranslate: 'Nu traduce',
    doNotTranslateHint: 'Câte un termen pe rând (de exemplu mici, sarmale, papanași sau numele localului): traducerea automată îi lasă exact așa.',
    saveLanguages: 'Salvează limbile',
    languagesSaved: 'Limbile meniului au fost salvate.',
    notConfigured: 'Traducerea automată nu este pornită pe acest server. Administratorul o poate porni setând TRANSLATION_PROVIDER (deepl, google sau libretranslate) și cheia ei; vezi README, secțiunea Configuration.',
    configured: 'Traducerea automată este pornită: textele lipsă pot fi traduse din română, iar tu rămâi cel care decide fiecare cuvânt.',
    translateMissing: 'Tradu tot ce lipsește',
    translateMissingHelp: 'Traduce din română, pentru limbile alese, toate textele încă necompletate. Textele scrise de tine nu se schimbă.',
    translateMissingStarted: 'Traducerea a pornit. Poți pleca de pe pagină; progresul rămâne aici.',
    progress: 'Traducere: {{done}} din {{total}} texte',
    progressDone: 'Traducerea s-a încheiat: {{done}} texte.',
    progressFailed: 'Traducerea s-a oprit: {{error}} Apasă din nou pentru a continua de unde a rămas.',
    translateField: 'Tradu automat',
    translateFieldLabel: 'Tradu automat: {{field}}',
    machineMark: 'tradus automat',
    outdatedMark: 'poate fi depășit: textul în română s-a schimbat',
    approve: 'Aprobă traducerea',
    translated: 'Textul a fost tradus automat.',
    language: {
      ro: 'Română', en: 'Engleză', de: 'Germană', fr: 'Franceză', it: 'Italiană', es: 'Spaniolă', hu: 'Maghiară', pl: 'Poloneză',
    },
  },
};
