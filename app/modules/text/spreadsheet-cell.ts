/**
 * A cell Excel or LibreOffice would read as a formula (= + - @, a tab or a CR first): CSV files we
 * write (the menu export, the back office's audit log) put an apostrophe in front (CSV injection),
 * which spreadsheets show as text and the menu import strips again, so export → import gives the same text.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;
