/** A GLS destination branch ("sede di destino"), chosen in the sandbox from the CAP's first digits. */
export interface Branch {
  sigla: string;
  descrizione: string;
}

/** By the first two digits of the CAP: plausible, not GLS's real routing table. */
const BY_PREFIX: [from: number, to: number, branch: Branch][] = [
  [0, 6, { sigla: 'RM', descrizione: 'ROMA' }],
  [7, 9, { sigla: 'CA', descrizione: 'CAGLIARI' }],
  [10, 19, { sigla: 'TO', descrizione: 'TORINO' }],
  [20, 29, { sigla: 'MI', descrizione: 'MILANO' }],
  [30, 39, { sigla: 'VE', descrizione: 'VENEZIA' }],
  [40, 49, { sigla: 'BO', descrizione: 'BOLOGNA' }],
  [50, 59, { sigla: 'FI', descrizione: 'FIRENZE' }],
  [60, 69, { sigla: 'AN', descrizione: 'ANCONA' }],
  [70, 79, { sigla: 'BA', descrizione: 'BARI' }],
  [80, 86, { sigla: 'NA', descrizione: 'NAPOLI' }],
  [87, 89, { sigla: 'CS', descrizione: 'COSENZA' }],
  [90, 99, { sigla: 'PA', descrizione: 'PALERMO' }],
];

const INTERNATIONAL: Branch = { sigla: 'EX', descrizione: 'ESTERO' };

export function destinationBranch(zipcode: string, international: boolean): Branch {
  if (international) return INTERNATIONAL;
  const prefix = Number(zipcode.slice(0, 2));
  return BY_PREFIX.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? INTERNATIONAL;
}

/** The city of a sede by its sigla, for tracking events ('MI' → 'MILANO'); the sigla itself when unknown. */
export function sedeName(sigla: string): string {
  return BY_PREFIX.find(([, , b]) => b.sigla === sigla)?.[2].descrizione ?? sigla;
}
