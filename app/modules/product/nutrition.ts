/** The nutrition declaration per 100 g or 100 ml; safe for the browser and the guest menu alike. */

/** Energy in kJ from kcal (1 kcal = 4.184 kJ), rounded to a whole number as the declaration shows it. */
export function kilojoules(kcal: number): number {
  return Math.round(kcal * 4.184);
}
