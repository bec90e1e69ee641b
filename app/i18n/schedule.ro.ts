/**
 * Romanian strings of time-based categories and closed days (decision 0022), spread into ro.ts:
 * `schedule` for the editor, `serving` for the guest menu (also in every guest-labels catalogue).
 */
export const scheduleRo = {
  schedule: {
    legend: 'Când se servește',
    enabled: 'Se servește doar în anumite zile și ore',
    days: 'Zilele',
    from: 'De la ora',
    to: 'Până la ora',
    timesHint: 'Fără ore: toată ziua. „Până la 00:00” înseamnă până la miezul nopții.',
    overnight: 'Trece de miezul nopții (se termină a doua zi)',
    outside: 'În afara acestor ore',
    mark: 'clienții o văd, marcată „Nu se servește acum”',
    hide: 'clienții nu o văd',
    exceptionsLegend: 'Zile libere și program special',
    exceptionsHint: 'Sărbători și închideri ocazionale. Fără ore: închis toată ziua; cu ore: programul acelei zile. Golește un rând ca să-l ștergi.',
    exception: 'Excepția {{number}}',
    exceptionFrom: 'Prima zi',
    exceptionTo: 'Ultima zi (opțional)',
    exceptionNote: 'Motiv (opțional)',
    exceptionNotePlaceholder: 'de exemplu Crăciun',
    exceptionOpens: 'Deschide la',
    exceptionCloses: 'Închide la',
  },
  serving: {
    notNow: 'Nu se servește acum',
    when: 'Se servește: {{when}}',
    allDay: 'toată ziua',
    openNow: 'Deschis acum',
    closedNow: 'Închis acum',
    closedToday: 'Azi închis',
    closedTodayFor: 'Azi închis: {{note}}',
    specialToday: 'Azi program special: {{hours}}',
    specialTodayFor: 'Azi program special ({{note}}): {{hours}}',
    upcoming: 'Zile cu program diferit',
    closedOn: '{{dates}}: închis',
    specialOn: '{{dates}}: deschis {{hours}}',
  },
};
