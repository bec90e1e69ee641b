import { createHmac, randomBytes } from 'node:crypto';

/**
 * What keeps one client from inflating a restaurant's counts (decision 0028), in this process's
 * memory only: a client (its address as the server derives it behind TRUST_PROXY, and its user
 * agent) counts a thing (a menu's view, a dish opened, a term searched, an allergen hidden) once
 * per window, and one address at most `agentsPerAddress` different agents per menu and window.
 * Clients are remembered under an HMAC with a random key made at each window's start, so nothing
 * about a guest outlives the window, reaches the database, or could be matched across windows;
 * memory is bounded: a window that would hold more than `maxEntries` starts afresh early.
 */

export interface GuestClient {
  /** the client address (server/index.ts: Express's req.ip, TRUST_PROXY applied) */
  address: string;
  userAgent: string;
}

/** how long a client's counted view (and dish, search, allergen) is remembered: the revisit window */
export const CLIENT_WINDOW_MS = 30 * 60 * 1000;
/** different user agents one address may count per menu per window (a restaurant's guest Wi-Fi shares one) */
export const AGENTS_PER_ADDRESS = 20;
/** beacons one address may send per flush interval, whatever the menu */
export const BEACONS_PER_CLIENT = 10;
const MAX_ENTRIES = 100_000;
/** addresses whose beacon budget one interval holds; past it a new address waits for the next interval */
const MAX_BUDGETED = 20_000;

export interface ClientWindow {
  /** of `things` (a view, dishes, terms, allergens) at this menu, those this client counts for the first time in the window (then remembered) */
  admit(client: GuestClient, slug: string, things: readonly string[]): string[];
  /**
   * spends one beacon of this address's budget for the interval if `admit` agrees, told whether it is
   * the address's first beacon at this menu in the interval; false when the budget is spent or `admit` refused
   */
  spendBeacon(client: GuestClient, slug: string, admit: (first: boolean) => boolean): boolean;
  /** a new flush interval: every address's beacon budget again */
  newInterval(): void;
  size(): number;
}

export function createClientWindow(options: { now(): number; windowMs?: number; maxEntries?: number; agentsPerAddress?: number; beaconsPerClient?: number }): ClientWindow {
  const windowMs = options.windowMs ?? CLIENT_WINDOW_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const agentsPerAddress = options.agentsPerAddress ?? AGENTS_PER_ADDRESS;
  const beaconsPerClient = options.beaconsPerClient ?? BEACONS_PER_CLIENT;
  let key = randomBytes(32);
  let started = options.now();
  /** `<client>\t<slug>\t<thing>` of everything counted in the window (the client part keyed) */
  let counted = new Set<string>();
  /** `<address>\t<slug>` → the clients counted there */
  let agents = new Map<string, Set<string>>();
  let entries = 0;
  let beacons = new Map<string, number>();
  /** `<address>\t<slug>` of the addresses that sent a beacon to that menu this interval */
  let beaconed = new Set<string>();

  const hash = (...parts: string[]) => {
    const mac = createHmac('sha256', key);
    for (const part of parts) mac.update(part).update('\0');
    return mac.digest('base64url').slice(0, 22);
  };

  function startWindowIfDue(adding: number) {
    const now = options.now();
    if (now - started < windowMs && entries + adding <= maxEntries) return;
    key = randomBytes(32);
    started = now;
    counted = new Set();
    agents = new Map();
    entries = 0;
  }

  return {
    admit(client, slug, things) {
      startWindowIfDue(things.length + 1);
      const address = hash(client.address);
      const who = hash(client.address, client.userAgent);
      const place = `${address}\t${slug}`;
      let seen = agents.get(place);
      if (!seen?.has(who)) {
        if (seen && seen.size >= agentsPerAddress) return [];
        if (!seen) agents.set(place, (seen = new Set()));
        seen.add(who);
        entries++;
      }
      return things.filter((thing) => {
        const key = `${who}\t${slug}\t${thing}`;
        if (counted.has(key)) return false;
        counted.add(key);
        entries++;
        return true;
      });
    },
    spendBeacon(client, slug, admit) {
      const who = hash(client.address);
      const used = beacons.get(who);
      if (used === undefined && beacons.size >= MAX_BUDGETED) return false;
      if ((used ?? 0) >= beaconsPerClient) return false;
      const place = `${who}\t${slug}`;
      const first = !beaconed.has(place) && beaconed.size < MAX_BUDGETED;
      if (!admit(first)) return false;
      beacons.set(who, (used ?? 0) + 1);
      if (first) beaconed.add(place);
      return true;
    },
    newInterval() {
      beacons = new Map();
      beaconed = new Set();
    },
    size: () => entries + beacons.size + beaconed.size,
  };
}
