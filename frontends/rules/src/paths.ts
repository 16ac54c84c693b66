/**
 * Where the shell mounts this remote and the paths its screen calls or links to. The shell mounts
 * it at `/shipping-rules/*` (spec §2: the sidebar's 'Regole di Spedizione').
 */
export const RULES_PATH = '/shipping-rules';
/** Spec §2 empty state: the settings carriers tab. */
export const SETTINGS_CARRIERS_PATH = '/dashboard/settings/carriers';

/** `/api/shipping-rules` (spec §7). */
export const RULES_API_PATH = '/api/shipping-rules';
/** `/api/shipping-rules/{id}`. */
export const ruleApiPath = (ruleId: number) => `${RULES_API_PATH}/${encodeURIComponent(String(ruleId))}`;
/** 'Assegna Corrieri'. */
export const ASSIGN_API_PATH = `${RULES_API_PATH}/assign-carriers`;
/** The dry run: nothing is written. */
export const PREVIEW_API_PATH = `${RULES_API_PATH}/preview`;
