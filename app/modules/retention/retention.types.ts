/** Plain types of the retention module, safe for ui/ (it never imports a `.server.ts` file). */

/** What a restaurant's ordering keeps, as its owner's data export and the back office say it. */
export interface OrderingDataSummary {
  /** some location takes orders / reservation requests */
  ordersOn: boolean;
  reservationsOn: boolean;
  orders: number;
  reservations: number;
  /** placed or asked for in the last CONTACT_RETENTION_DAYS days: those still hold contact details */
  ordersLast30Days: number;
  reservationsLast30Days: number;
  contactRetentionDays: number;
}
