import type { GlsSandboxAccount } from './accounts';
import { destinationBranch } from './branches';
import { glsDate } from './dates';
import { checkParcel, commaDecimal, type ParcelInput } from './parcel-rules';
import { renderLabel, renderManifest, type ManifestRow } from './pdf';
import { normaliseNumber, type GlsStore, type SandboxParcel, type SandboxShipment } from './store';
import { element, parcelsOf, parseXml, textOf, type XmlNode } from './xml';

/*
 * The Label Service operations over the ASMX HTTP-POST form: each takes the form fields and answers
 * the payload of the ASMX string result (an XML document or a plain message), or an ASMX fault.
 * The recognisable inputs that trigger each failure form are listed in README.md.
 */

/** What an operation answers: the string result, or an ASMX fault (HTTP 500, text/plain). */
export type AsmxAnswer = { payload: string } | { fault: string };

export type Form = Record<string, string | undefined>;

/** The texts of the sandbox's refusals (the adapter shows them to the merchant, so they are Italian). */
export const GLS_SANDBOX_TEXTS = {
  loginFailed: 'Autenticazione non riuscita: sede, codice cliente o password errati',
  badXml: (detail: string) => `Errore nel formato XML: ${detail}`,
  noInfo: "Errore nel formato XML: manca l'elemento Info",
  noParcels: 'Nessun elemento Parcel nella richiesta',
  tooManyParcels: 'Troppi colli in una sola richiesta (al massimo 400)',
  inlinePdfDisabled: (cliente: string) => `Funzionalità non abilitata: etichetta PDF in linea (GeneraPdf=4) non attiva per il cliente ${cliente}`,
  zplDisabled: (cliente: string) => `Funzionalità non abilitata: etichetta ZPL (GeneraPdf=5/6) non attiva per il cliente ${cliente}`,
  notAcceptable: (reason: string) => `Dati non accettabili: ${reason}`,
  bdaTaken: (bda: string) => `Bda ${bda} già utilizzato per un'altra spedizione`,
  noBranch: (zip: string) => `Sede di destinazione non determinabile per il CAP ${zip}`,
  glsCheck: (localita: string) => `Indirizzo non presente nello stradario GLS di ${localita}`,
  deleted: (n: string) => `Eliminazione della spedizione ${n} avvenuta.`,
  notPresent: (n: string) => `Spedizione ${n} non presente.`,
  deleteClosed: (n: string) => `Spedizione ${n} già chiusa: eliminazione non consentita.`,
  closeMissing: 'Spedizione inesistente o precedentemente cancellata',
  nothingToClose: 'Nessuna spedizione da confermare',
  badState: 'Stato non valido: usa 0 (in attesa di chiusura), 1 (chiuse) o vuoto',
} as const;
const T = GLS_SANDBOX_TEXTS;

/** The zipcode whose destination branch is "ERRORE". */
export const NO_BRANCH_ZIPCODE = '99999';
/** A RagioneSociale containing this gets NumeroSpedizione 999999999. */
export const NO_NUMBER_MARK = '999999999';
/** An Indirizzo containing this is unknown to the street map: number given, "GLS Check". */
export const UNKNOWN_STREET_MARK = 'VIA SCONOSCIUTA';
/** GLS's limit of parcels per AddParcel call with labels. */
const MAX_PARCELS_PER_CALL = 400;

const fatal = (reason: string): AsmxAnswer => ({ payload: element('DescrizioneErrore', reason) });

const missingParameter = (name: string): AsmxAnswer => ({ fault: `System.InvalidOperationException: Missing parameter: ${name}.` });

/** The `<Info>` document of an XML operation with its credentials checked. */
function openInfo(store: GlsStore, xml: string): { info: XmlNode; account: GlsSandboxAccount } | { error: string } {
  const parsed = parseXml(xml);
  if ('error' in parsed) return { error: T.badXml(parsed.error) };
  const info = parsed.doc.Info;
  if (!info || typeof info !== 'object') return { error: T.noInfo };
  const node = info as XmlNode;
  const account = store.authenticate(textOf(node, 'SedeGls'), textOf(node, 'CodiceClienteGls'), textOf(node, 'PasswordClienteGls'));
  if (!account) return { error: T.loginFailed };
  return { info: node, account };
}

export interface OperationContext {
  store: GlsStore;
  now: () => Date;
}

// ---------------------------------------------------------------- AddParcel

export async function addParcel(ctx: OperationContext, form: Form): Promise<AsmxAnswer> {
  if (form.XMLInfoParcel === undefined) return missingParameter('XMLInfoParcel');
  const opened = openInfo(ctx.store, form.XMLInfoParcel);
  if ('error' in opened) return fatal(opened.error);
  const { info, account } = opened;
  const parcels = parcelsOf(info);
  if (parcels.length === 0) return fatal(T.noParcels);
  if (parcels.length > MAX_PARCELS_PER_CALL) return fatal(T.tooManyParcels);
  const generaPdf = parcels.map((p) => textOf(p, 'GeneraPdf').trim());
  if (generaPdf.some((g) => g === '5' || g === '6')) return fatal(T.zplDisabled(account.codiceCliente));
  if (account.inlinePdf === false && generaPdf.includes('4')) return fatal(T.inlinePdfDisabled(account.codiceCliente));

  // Every state change happens here, synchronously; the labels render afterwards.
  const answers = parcels.map((p) => addOne(ctx, account, p));
  return { payload: `<InfoLabel>${(await Promise.all(answers)).join('')}</InfoLabel>` };
}

function addOne(ctx: OperationContext, account: GlsSandboxAccount, parcel: XmlNode): Promise<string> {
  ctx.store.countRequested(textOf(parcel, 'RiferimentoCliente').trim());
  const contatoreRaw = textOf(parcel, 'ContatoreProgressivo').trim();
  if (/^\d{1,9}$/.test(contatoreRaw)) {
    const hit = ctx.store.replay(account, String(Number(contatoreRaw)));
    if (hit) return hit.parcel.answer;
  }
  const checked = checkParcel(parcel, account);
  if ('refused' in checked) return Promise.resolve(refusedParcel(account, parcel, T.notAcceptable(checked.refused)));
  const input = checked.input;

  if (!input.international && input.zipcode === NO_BRANCH_ZIPCODE) {
    return Promise.resolve(
      parcelXml(undefined, [
        ['SiglaMittente', account.sede],
        ['SiglaSedeDestino', ''],
        ['DescrizioneSedeDestino', 'ERRORE'],
        ['DenominazioneDestinatario', input.ragioneSociale],
        ['ContatoreProgressivo', input.contatore],
        ['NoteSpedizione', T.noBranch(input.zipcode)],
      ]),
    );
  }
  if (input.ragioneSociale.includes(NO_NUMBER_MARK)) {
    const branch = destinationBranch(input.zipcode, input.international);
    return Promise.resolve(
      parcelXml(undefined, [
        ['SiglaMittente', account.sede],
        ['NumeroSpedizione', NO_NUMBER_MARK],
        ['SiglaSedeDestino', branch.sigla],
        ['DescrizioneSedeDestino', branch.descrizione],
        ['DenominazioneDestinatario', input.ragioneSociale],
        ['ContatoreProgressivo', input.contatore],
        ['NoteSpedizione', ''],
      ]),
    );
  }

  const target = ctx.store.mergeTarget(account, input);
  if (ctx.store.bdaTaken(account, input.bda, target)) return Promise.resolve(refusedParcel(account, parcel, T.notAcceptable(T.bdaTaken(input.bda))));
  const glsCheck = input.indirizzo.toUpperCase().includes(UNKNOWN_STREET_MARK) ? T.glsCheck(input.localita.toUpperCase()) : '';
  const { parcel: stored } = ctx.store.addParcel(
    account,
    input,
    target,
    { destination: destinationBranch(input.zipcode, input.international), glsCheck },
    (shipment, p) => renderParcelAnswer(account, shipment, p, input),
  );
  return stored.answer;
}

function refusedParcel(account: GlsSandboxAccount, parcel: XmlNode, note: string): string {
  return parcelXml(undefined, [
    ['SiglaMittente', account.sede],
    ['DenominazioneDestinatario', textOf(parcel, 'RagioneSociale')],
    ['ContatoreProgressivo', textOf(parcel, 'ContatoreProgressivo')],
    ['NoteSpedizione', note],
  ]);
}

function parcelXml(result: 'Success' | 'Warning' | undefined, fields: [string, string | number][]): string {
  const attr = result ? ` Result="${result}"` : '';
  return `<Parcel${attr}>${fields.map(([name, value]) => element(name, value)).join('')}</Parcel>`;
}

/** The answer of a parcel that got its number: the shipment as it stands with this parcel in it. */
async function renderParcelAnswer(account: GlsSandboxAccount, s: SandboxShipment, p: Omit<SandboxParcel, 'answer'>, input: ParcelInput): Promise<string> {
  const totaleColli = p.progressivo;
  const pesoSpedizione = s.parcels.slice(0, p.progressivo - 1).reduce((sum, q) => sum + q.pesoKg, 0) + p.pesoKg;
  const label =
    input.generaPdf === '4'
      ? Buffer.from(
          await renderLabel({
            format: input.formatoPdf,
            siglaMittente: account.sede,
            numeroSpedizione: s.number,
            progressivoCollo: p.progressivo,
            contract: s.contract,
            siglaSedeDestino: s.destination.sigla,
            descrizioneSedeDestino: s.destination.descrizione,
            ragioneSociale: s.recipient.ragioneSociale,
            indirizzo: s.recipient.indirizzo,
            zipcode: s.recipient.zipcode,
            localita: s.recipient.localita,
            provincia: s.recipient.provincia,
            pesoKg: p.pesoKg,
            codCents: p.codCents,
            bda: p.bda,
            note: input.noteSpedizione,
            dataSpedizione: glsDate(s.createdAt),
          }),
        ).toString('base64')
      : '';
  return parcelXml(s.glsCheck ? 'Warning' : 'Success', [
    ['SiglaMittente', account.sede],
    ['NumeroSpedizione', s.number],
    ['TotaleColli', totaleColli],
    ['TipoCollo', input.tipoCollo],
    ['SiglaSedeDestino', s.destination.sigla],
    ['DescrizioneSedeDestino', s.glsCheck ? 'GLS Check' : s.destination.descrizione],
    ['DenominazioneDestinatario', s.recipient.ragioneSociale],
    ['IndirizzoDestinatario', s.recipient.indirizzo],
    ['CittaDestinatario', s.recipient.localita],
    ['ProvinciaDestinatario', s.recipient.provincia],
    ['DescrizioneTipoPorto', { F: 'FRANCO', A: 'ASSEGNATO', I: 'FRANCO INTERNAZIONALE' }[input.tipoPorto] ?? input.tipoPorto],
    ['DataSpedizione', glsDate(s.createdAt)],
    ['PesoSpedizione', commaDecimal(pesoSpedizione, 1)],
    ['Bda', p.bda],
    ['ContatoreProgressivo', p.contatore],
    ['ProgressivoCollo', p.progressivo],
    ['NoteSpedizione', s.glsCheck || input.noteSpedizione],
    ['PdfLabel', label],
    ['Zpl', ''],
  ]);
}

// ---------------------------------------------------------------- DeleteSped, ListSped

function formAccount(store: GlsStore, form: Form): GlsSandboxAccount | undefined {
  return store.authenticate(form.SedeGls ?? '', form.CodiceClienteGls ?? '', form.PasswordClienteGls ?? '');
}

export function deleteSped(ctx: OperationContext, form: Form): AsmxAnswer {
  for (const name of ['SedeGls', 'CodiceClienteGls', 'PasswordClienteGls', 'NumSpedizione']) if (form[name] === undefined) return missingParameter(name);
  const account = formAccount(ctx.store, form);
  if (!account) return fatal(T.loginFailed);
  const raw = form.NumSpedizione!.trim();
  const number = normaliseNumber(raw);
  if (!number) return { payload: T.notPresent(raw) };
  const outcome = ctx.store.delete(account, number);
  return { payload: outcome === 'deleted' ? T.deleted(number) : outcome === 'closed' ? T.deleteClosed(number) : T.notPresent(number) };
}

export function listSped(ctx: OperationContext, form: Form, byState: boolean): AsmxAnswer {
  for (const name of ['SedeGls', 'CodiceClienteGls', 'PasswordClienteGls', ...(byState ? ['Stato'] : [])]) if (form[name] === undefined) return missingParameter(name);
  const account = formAccount(ctx.store, form);
  if (!account) return fatal(T.loginFailed);
  const stato = byState ? form.Stato!.trim() : '';
  if (stato !== '' && stato !== '0' && stato !== '1') return fatal(T.badState);
  const shipments = ctx.store.list(account, stato === '0' ? 'open' : stato === '1' ? 'closed' : undefined);
  const rows = shipments.map((s) =>
    [
      '<Parcel>',
      element('StatoSpedizione', s.state === 'open' ? 'IN ATTESA DI CHIUSURA.' : 'CHIUSA.'),
      element('NumSpedizione', s.number),
      element('Ddt', s.parcels[0]?.bda ?? ''),
      element('DataSpedizione', glsDate(s.createdAt)),
      element('DenominazioneDestinatario', s.recipient.ragioneSociale),
      element('IndirizzoDestinatario', s.recipient.indirizzo),
      element('CittaDestinatario', s.recipient.localita),
      element('ProvinciaDestinatario', s.recipient.provincia),
      element('TotaleColli', s.parcels.length),
      element('PesoSpedizione', commaDecimal(s.parcels.reduce((sum, p) => sum + p.pesoKg, 0), 1)),
      '</Parcel>',
    ].join(''),
  );
  return { payload: `<ListSped>${rows.join('')}</ListSped>` };
}

// ---------------------------------------------------------------- workday close

/** The shipment numbers listed in the `<Parcel>` elements of a close request. */
function listedNumbers(info: XmlNode): string[] {
  return parcelsOf(info).map((p) => (textOf(p, 'NumeroDiSpedizioneGLSDaConfermare') || textOf(p, 'NumeroSpedizione')).trim());
}

function esiti(outcomes: { raw: string; ok: boolean }[]): string {
  return outcomes
    .map((o) => `<Parcel>${element('NumeroDiSpedizioneGLSDaConfermare', o.raw)}${element('esito', o.ok ? 'OK' : T.closeMissing)}</Parcel>`)
    .join('');
}

/** Closes each listed shipment; unknown and deleted ones answer "Spedizione inesistente o precedentemente cancellata". */
function closeListed(ctx: OperationContext, account: GlsSandboxAccount, raws: string[]): { raw: string; shipment?: SandboxShipment }[] {
  return raws.map((raw) => {
    const number = normaliseNumber(raw);
    const shipment = number ? ctx.store.close(account, number) : undefined;
    return shipment ? { raw, shipment } : { raw };
  });
}

export function closeWorkDayByShipmentNumber(ctx: OperationContext, form: Form): AsmxAnswer {
  if (form._xmlRequest === undefined) return missingParameter('_xmlRequest');
  const wrap = (body: string) => ({ payload: `<CloseWorkDayByShipmentNumberResult>${body}</CloseWorkDayByShipmentNumberResult>` });
  const opened = openInfo(ctx.store, form._xmlRequest);
  if ('error' in opened) return wrap(element('DescrizioneErrore', opened.error));
  const raws = listedNumbers(opened.info);
  if (raws.length === 0) return wrap(element('DescrizioneErrore', T.nothingToClose));
  const closed = closeListed(ctx, opened.account, raws);
  return wrap(element('DescrizioneErrore', 'OK') + esiti(closed.map((c) => ({ raw: c.raw, ok: !!c.shipment }))));
}

/**
 * CloseWorkDay: confirms the listed shipments (all the open ones when none is listed) and, with
 * `<CloseWorkDayResult>S</CloseWorkDayResult>`, answers the day's manifest as `DistintaPDF`.
 */
export async function closeWorkDay(ctx: OperationContext, form: Form): Promise<AsmxAnswer> {
  if (form.XMLCloseInfoParcel === undefined) return missingParameter('XMLCloseInfoParcel');
  const opened = openInfo(ctx.store, form.XMLCloseInfoParcel);
  if ('error' in opened) return fatal(opened.error);
  const { info, account } = opened;
  const listed = listedNumbers(info);
  const closed = listed.length > 0 ? closeListed(ctx, account, listed) : ctx.store.list(account, 'open').map((s) => ({ raw: s.number, shipment: ctx.store.close(account, s.number) }));
  const wantsResult = textOf(info, 'CloseWorkDayResult').trim().toUpperCase() === 'S';
  const allOk = closed.every((c) => c.shipment);
  if (!wantsResult && allOk) return { payload: 'OK' };

  const shipments = closed.flatMap((c) => (c.shipment ? [c.shipment] : []));
  let distinta = '';
  if (wantsResult && shipments.length > 0) {
    const rows: ManifestRow[] = shipments.map((s) => ({
      numeroSpedizione: s.number,
      ragioneSociale: s.recipient.ragioneSociale,
      localita: s.recipient.localita,
      provincia: s.recipient.provincia,
      colli: s.parcels.length,
      pesoKg: s.parcels.reduce((sum, p) => sum + p.pesoKg, 0),
      codCents: s.parcels.reduce((sum, p) => sum + p.codCents, 0),
    }));
    const pdf = await renderManifest({ sede: account.sede, codiceCliente: account.codiceCliente, date: glsDate(ctx.now()), rows });
    distinta = element('DistintaPDF', Buffer.from(pdf).toString('base64'));
  }
  const body = element('DescrizioneErrore', 'OK') + distinta + esiti(closed.map((c) => ({ raw: c.raw, ok: !!c.shipment })));
  return { payload: `<CloseWorkDayResult>${body}</CloseWorkDayResult>` };
}
