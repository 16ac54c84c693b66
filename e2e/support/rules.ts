import type { Locator, Page } from 'playwright-core';

/** The rule dialog ('Nuova Regola' / 'Modifica Regola'). */
export const ruleDialog = (p: Page): Locator => p.getByTestId('rule-dialog');

/** What the rule dialog takes; a field not given is left as it is. */
export interface RuleFormValues {
  name?: string;
  priority?: string;
  /** The carrier integration's id, as the select's value. */
  carrier?: string;
  destinations?: string;
  exclude?: string;
  priceMax?: string;
  express?: 'all' | 'only' | 'exclude';
}

/** Fills the rule dialog; only the fields given are touched. */
export async function fillRule(p: Page, values: RuleFormValues): Promise<void> {
  const d = ruleDialog(p);
  if (values.name !== undefined) await d.locator('#rule-name').fill(values.name);
  if (values.priority !== undefined) await d.locator('#rule-priority').fill(values.priority);
  if (values.carrier !== undefined) await d.locator('#rule-carrier').selectOption(values.carrier);
  if (values.destinations !== undefined) await d.locator('#rule-destinations').fill(values.destinations);
  if (values.exclude !== undefined) await d.locator('#rule-exclude_destinations').fill(values.exclude);
  if (values.priceMax !== undefined) await d.locator('#rule-price_max').fill(values.priceMax);
  if (values.express !== undefined) await d.locator(`label[for="rule-express-${values.express}"]`).click();
}
