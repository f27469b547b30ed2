// Profiles main last answered with no monthly budget, and when: Text's Send need not ask main again, so the budget
// question costs no round trip where there is no budget. Forgotten when this window sets a budget, and after a
// minute (another window may have set one). Apart from pricesCalls so the first load carries only this.

const withoutBudget = new Map<string, number>()
const KEPT_MS = 60_000

/** Whether main said within the last minute that the profile has no monthly budget. */
export function knownWithoutBudget(profileId: string): boolean {
  const at = withoutBudget.get(profileId)
  return at !== undefined && Date.now() - at < KEPT_MS
}

/** Notes what main answered of the profile's budget (`null`: none), or forgets it (`undefined`: it may change). */
export function noteBudget(profileId: string, budget: unknown): void {
  if (budget === null) withoutBudget.set(profileId, Date.now())
  else withoutBudget.delete(profileId)
}
