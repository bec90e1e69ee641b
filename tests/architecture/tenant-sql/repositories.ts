import type { RepositoryCases } from './case.ts';
import { backofficeCases } from './cases/backoffice.cases.ts';
import { contentCases } from './cases/content.cases.ts';
import { menuCases } from './cases/menu.cases.ts';
import { planCases } from './cases/plan.cases.ts';
import { platformCases } from './cases/platform.cases.ts';
import { restaurantCases } from './cases/restaurant.cases.ts';
import { teamCases } from './cases/team.cases.ts';
import { optionsCases } from './cases/options.cases.ts';
import { optionRowsCases } from './cases/options-rows.cases.ts';
import { orderingCases } from './cases/ordering.cases.ts';
import { reservationsCases } from './cases/reservations.cases.ts';
import { retentionCases } from './cases/retention.cases.ts';
import { kitchenCases } from './cases/kitchen.cases.ts';
import { printingCases } from './cases/printing.cases.ts';

/** Every repository file (path from the project's root) with its capture cases. */
export const REPOSITORIES: Record<string, RepositoryCases> = {
  ...menuCases,
  ...restaurantCases,
  ...planCases,
  ...contentCases,
  ...platformCases,
  ...backofficeCases,
  ...teamCases,
  ...orderingCases,
  ...optionsCases,
  ...optionRowsCases,
  ...reservationsCases,
  ...retentionCases,
  ...kitchenCases,
  ...printingCases,
};
