/** The tables page's view model (plain types, safe for ui/). */
export interface TablesPage {
  locations: { id: string; name: string; tables: { id: string; label: string; code: string; url: string }[] }[];
  total: number;
}
