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
  /** `PesoVolume` in m³ ('' when absent). */
  pesoVolume: string;
  /** The extra-EU declaration sent with the parcel; null inside the EU or when none came. */
  customs: ParcelCustoms | null;
}

/** What GLS keeps of an extra-EU declaration (issue 25; field names [open], see README.md). */
export interface ParcelCustoms {
  numeroFattura: string;
  valoreCents: number;
  valuta: string;
  tipoContenuto: string;
  articoli: { descrizione: string; quantita: number; valoreCents: number; codiceHs: string; paeseOrigine: string }[];
}

/** The EU customs union as the sandbox knows it: the member states, Monaco and San Marino. */
const EU_CUSTOMS_UNION = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'MC', 'SM', 'VA']);
const CONTENT_TYPES = new Set(['SALE OF GOODS', 'GIFT', 'COMMERCIAL SAMPLE', 'DOCUMENTS', 'RETURNED GOODS', 'OTHER']);
const M3 = /^\d{1,3},\d{1,3}$/;

/**
 * An extra-EU parcel's declaration, checked as GLS's customs desk would: an invoice number, a
 * declared value and currency, a contents type and at least one article with description, quantity,
 * value, a 6–10 digit HS code and a 2-letter origin. A refusal is the reason after "Dati non
 * accettabili: ".
 */
function checkCustoms(parcel: XmlNode, get: (name: string) => string): { customs: ParcelCustoms } | { refused: string } {
  const refuse = (what: string) => ({ refused: `dati doganali per spedizione extra UE mancanti o non validi: ${what}` });
  const numeroFattura = get('NumeroFattura');
  if (!numeroFattura || numeroFattura.length > 35) return refuse('NumeroFattura');
  const valore = get('ValoreDichiarato');
  if (!EURO.test(valore)) return refuse('ValoreDichiarato');
  const valuta = get('Valuta');
  if (!/^[A-Z]{3}$/.test(valuta)) return refuse('Valuta');
  const tipoContenuto = get('TipoContenuto').toUpperCase();
  if (!CONTENT_TYPES.has(tipoContenuto)) return refuse('TipoContenuto');
  const raw = parcel.Articolo;
  const nodes = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((a): a is XmlNode => typeof a === 'object' && a !== null);
  if (nodes.length === 0) return refuse('Articolo');
  const articoli: ParcelCustoms['articoli'] = [];
  for (const [i, a] of nodes.entries()) {
    const text = (name: string) => textOf(a, name).trim();
    const n = i + 1;
    const quantita = Number(text('Quantita'));
    const valoreArticolo = text('Valore');
    if (!text('Descrizione')) return refuse(`Articolo ${n} Descrizione`);
    if (!Number.isInteger(quantita) || quantita < 1) return refuse(`Articolo ${n} Quantita`);
    if (!EURO.test(valoreArticolo)) return refuse(`Articolo ${n} Valore`);
    if (!/^\d{6,10}$/.test(text('CodiceHS')) && tipoContenuto !== 'DOCUMENTS') return refuse(`Articolo ${n} CodiceHS`);
    if (!/^[A-Z]{2}$/.test(text('PaeseOrigine')) && tipoContenuto !== 'DOCUMENTS') return refuse(`Articolo ${n} PaeseOrigine`);
    articoli.push({ descrizione: text('Descrizione'), quantita, valoreCents: Math.round(toNumber(valoreArticolo) * 100), codiceHs: text('CodiceHS'), paeseOrigine: text('PaeseOrigine') });
  }
  return { customs: { numeroFattura, valoreCents: Math.round(toNumber(valore) * 100), valuta, tipoContenuto, articoli } };
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

  const pesoVolume = get('PesoVolume');
  if (pesoVolume && !M3.test(pesoVolume)) return refuse('PesoVolume non valido (metri cubi con la virgola, es. 0,025)');

  // Issue 25: outside the EU customs union every parcel carries the shipment's declaration.
  let customs: ParcelCustoms | null = null;
  if (international && !EU_CUSTOMS_UNION.has(provincia)) {
    const checked = checkCustoms(parcel, get);
    if ('refused' in checked) return refuse(checked.refused);
    customs = checked.customs;
  }

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
      pesoVolume,
      customs,
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
