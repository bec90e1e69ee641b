/**
 * Stations (issue 36, decision 0036): the places of a location that make its dishes ("Bucătărie",
 * "Bar", "Desert"). Each category is routed to one; a category without its own goes to the location's
 * first station; a location without stations sends everything to one list, as before stations.
 * Plain types and rules, safe for ui/.
 */

export const STATION_LIMITS = {
  /** stations per location */
  maxPerLocation: 8,
  maxName: 40,
  /** the kitchen display's waiting thresholds, in minutes */
  minMinutes: 1,
  maxMinutes: 240,
} as const;

/** A station as the editor and the kitchen display read it. */
export interface StationView {
  id: string;
  locationId: string;
  nameRo: string;
  nameEn: string | null;
  sortOrder: number;
  warnMinutes: number;
  lateMinutes: number;
}

/** A location on the stations page: its stations in order, its categories with the station each names (null: the first). */
export interface StationsPageLocation {
  id: string;
  name: string;
  stations: StationView[];
  categories: { id: string; name: string; stationId: string | null }[];
}

/**
 * The station a category's dishes go to: its own when it names one of the location's stations, else
 * the location's first (by `sortOrder`); null when the location has no station.
 */
export function stationForCategory(categoryStationId: string | null, locationStations: readonly Pick<StationView, 'id' | 'sortOrder'>[]): string | null {
  if (categoryStationId && locationStations.some((station) => station.id === categoryStationId)) return categoryStationId;
  const first = [...locationStations].sort((a, b) => a.sortOrder - b.sortOrder)[0];
  return first?.id ?? null;
}

/** How long a ticket has waited, as the kitchen display colours it. */
export type WaitLevel = 'fresh' | 'warn' | 'late';

export function waitLevel(waitedMinutes: number, station: Pick<StationView, 'warnMinutes' | 'lateMinutes'>): WaitLevel {
  if (waitedMinutes >= station.lateMinutes) return 'late';
  if (waitedMinutes >= station.warnMinutes) return 'warn';
  return 'fresh';
}
