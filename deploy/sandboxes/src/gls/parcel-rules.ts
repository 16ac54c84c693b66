import type { GlsSandboxAccount } from './accounts';
import { textOf, type XmlNode } from './xml';

/** One `<Parcel>` of an AddParcel request, checked and normalised. */
export interface ParcelInput {
  contract: string;
  ragioneSociale: string;
  indirizzo: string;
  localita: string;
  zipcode: string;
  provincia: string;
  /** `TipoSpedizione` P. */
  international: boolean;
  tipoPorto: string;
  tipoCollo: string;
  bda: string;
  pesoKg: number;
  codCents: number;
  modalitaIncasso: string;
  noteSpedizione: string;
  noteAggiuntive: string;
  email: string;
  riferimentoCliente: string;
  /** `ContatoreProgressivo`, normalised without leading zeros; '' when absent. */
  contatore: string;
  generaPdf: string;
  formatoPdf: 'A6' | 'A5';
}

/** The limits of providers.md (GLS manual MU162), and of third-party clients where it says none. */
const MAX = {
  RagioneSociale: 35,
  Indirizzo: 35,
  Localita: 30,
  NoteSpedizione: 40,
  NoteAggiuntive: 40,
  Email: 70,
  RiferimentoCliente: 600,
} as const;

/** `2,5` or `2`: the comma decimals GLS uses; a dot is refused like the real service does. */
const KG = /^\d{1,4}(,\d{1,3})?$/;
const EURO = /^\d{1,7}(,\d{1,2})?$/;

/**
 * Checks one parcel the way GLS does before assigning a number. A refusal is the reason GLS writes
 * after "Dati non accettabili: " in `NoteSpedizione`.
 */
export function checkParcel(parcel: XmlNode, account: GlsSandboxAccount): { input: ParcelInput } | { refused: string } {
  const get = (name: string) => textOf(parcel, name).trim();
  const refuse = (refused: string) => ({ refused });

  const contract = get('CodiceContrattoGls');
  if (!contract) return refuse('campo CodiceContrattoGls obbligatorio');
  if (!/^\d{1,4}$/.test(contract) || !account.contracts.includes(contract)) return refuse(`Codice contratto ${contract} non valido per il cliente`);

  for (const field of ['RagioneSociale', 'Indirizzo', 'Localita'] as const) {
    if (!get(field)) return refuse(`campo ${field} obbligatorio`);
  }
  for (const [field, max] of Object.entries(MAX)) {
    const value = get(field);
    if ([...value].length > max) return refuse(`campo ${field} troppo lungo (massimo ${max} caratteri)`);
  }

  const tipoSpedizione = get('TipoSpedizione') || 'N';
  if (tipoSpedizione !== 'N' && tipoSpedizione !== 'P') return refuse('TipoSpedizione non valido (N o P)');
  const international = tipoSpedizione === 'P';

  const zipcode = get('Zipcode');
  if (!zipcode) return refuse('campo Zipcode obbligatorio');
  if (international ? !/^[A-Za-z0-9]{1,7}$/.test(zipcode) : !/^\d{5}$/.test(zipcode) || zipcode === '00000') return refuse('CAP non valido');

  const provincia = get('Provincia').toUpperCase();
  if (provincia.length > 2) return refuse('campo Provincia troppo lungo (massimo 2 caratteri)');
  if (!/^[A-Z]{2}$/.test(provincia)) return refuse(international ? 'Nazione non valida' : 'Provincia non valida');

  const bda = get('Bda');
  if (bda && !/^[A-Za-z0-9]{1,11}$/.test(bda)) return refuse('Bda non valido (al massimo 11 lettere o cifre)');

  const colli = get('Colli') || '1';
  if (colli !== '1') return refuse('Colli deve essere 1: un elemento Parcel per ogni collo');

  const peso = get('PesoReale');
  if (!peso) return refuse('campo PesoReale obbligatorio');
  if (!KG.test(peso) || toNumber(peso) <= 0) return refuse('PesoReale non valido (kg con la virgola, es. 2,5)');

  const importo = get('ImportoContrassegno');
  if (importo && !EURO.test(importo)) return refuse('ImportoContrassegno non valido (euro con la virgola, es. 1234,10)');
  const codCents = importo ? Math.round(toNumber(importo) * 100) : 0;
  const modalitaIncasso = get('ModalitaIncasso').toUpperCase();
  if (codCents > 0 && !/^[A-Z]{2,4}$/.test(modalitaIncasso)) return refuse('ModalitaIncasso obbligatoria con il contrassegno');

  const tipoPorto = get('TipoPorto') || 'F';
  if (!['F', 'A', 'I'].includes(tipoPorto)) return refuse('TipoPorto non valido (F, A o I)');

  const email = get('Email');
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) return refuse('Email non valida');
  const cellulare = get('Cellulare1');
  if (cellulare && !/^\d{6,10}$/.test(cellulare)) return refuse('Cellulare1 non valido (solo cifre, al massimo 10)');

  const contatore = get('ContatoreProgressivo');
  if (contatore && !/^\d{1,9}$/.test(contatore)) return refuse('ContatoreProgressivo non valido (al massimo 9 cifre)');

  const formato = get('FormatoPdf').toUpperCase() || 'A6';
  if (formato !== 'A6' && formato !== 'A5') return refuse('FormatoPdf non valido (A6 o A5)');

  return {
    input: {
      contract,
      ragioneSociale: get('RagioneSociale'),
      indirizzo: get('Indirizzo'),
      localita: get('Localita'),
      zipcode: zipcode.toUpperCase(),
      provincia,
      international,
      tipoPorto,
      tipoCollo: get('TipoCollo') || '0',
      bda,
      pesoKg: toNumber(peso),
      codCents,
      modalitaIncasso,
      noteSpedizione: get('NoteSpedizione'),
      noteAggiuntive: get('NoteAggiuntive'),
      email,
      riferimentoCliente: get('RiferimentoCliente'),
      contatore: contatore ? String(Number(contatore)) : '',
      generaPdf: get('GeneraPdf') || '0',
      formatoPdf: formato,
    },
  };
}

function toNumber(commaDecimal: string): number {
  return Number(commaDecimal.replace(',', '.'));
}

/** `2,5`: a number as GLS writes it. */
export function commaDecimal(value: number, decimals: number): string {
  return value.toFixed(decimals).replace('.', ',');
}
