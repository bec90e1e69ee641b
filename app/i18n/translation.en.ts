import type { DeepStrings } from './ro.ts';
import type { translationRo } from './translation.ro.ts';

/** English strings of content languages and automatic translation (issue 16), spread into en.ts. */
export const translationEn: DeepStrings<typeof translationRo> = {
  translation: {
    languagesLegend: 'Menu languages',
    languagesHelp: 'The menu is always in Romanian and English. Choose more languages for your guests: what you have not translated shows in English, then in Romanian.',
    doNotTranslate: 'Do not translate',
    doNotTranslateHint: 'One term per line (for example mici, sarmale, papanași or the restaurant’s name): automatic translation leaves them exactly as written.',
    saveLanguages: 'Save the languages',
    languagesSaved: 'The menu languages were saved.',
    notConfigured: 'Automatic translation is not enabled on this server. The administrator can enable it by setting TRANSLATION_PROVIDER (deepl, google or libretranslate) and its key; see the README, Configuration section.',
    translateMissing: 'Translate everything missing',
    translateMissingHelp: 'Translates from Romanian, into the chosen languages, every text not filled in yet. Texts you wrote are never changed.',
    translateMissingStarted: 'Translation started. You can leave the page; the progress stays here.',
    progress: 'Translating: {{done}} of {{total}} texts',
    progressDone: 'Translation finished: {{done}} texts.',
    progressFailed: 'Translation stopped: {{error}} Press again to continue where it stopped.',
    translateField: 'Translate automatically',
    translateFieldLabel: 'Translate automatically: {{field}}',
    machineMark: 'machine-translated',
    outdatedMark: 'may be outdated: the Romanian text changed',
    approve: 'Approve the translation',
    translated: 'The text was translated automatically.',
    translationSaved: 'The translation was saved.',
    saveTranslation: 'Save the translation',
    panelLegend: 'Translations into other languages',
    panelOpen: 'Translations',
    panelLoading: 'Loading the translations…',
    field: { name: 'Name', description: 'Description', ingredients: 'Ingredients' },
    fieldIn: '{{field}} in {{language}}',
    languageIn: {
      ro: 'Romanian', en: 'English', de: 'German', fr: 'French', it: 'Italian', es: 'Spanish', hu: 'Hungarian', pl: 'Polish',
    },
    language: {
      ro: 'Romanian', en: 'English', de: 'German', fr: 'French', it: 'Italian', es: 'Spanish', hu: 'Hungarian', pl: 'Polish',
    },
  },
};
