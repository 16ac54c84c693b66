import { z } from 'zod';
import { idList } from './shipments';

/**
 * Issue 25: pick lists and packing slips of the orders (or shipments) selected in the lists, and
 * 'Stampa etichette e distinte di imballaggio' (each order's slip before its label).
 */

/** At most this many orders or shipments in one pick list or one set of packing slips. */
export const SLIPS_SELECTION_MAX = 1000;

export const slipMessages = {
  nothingSelected: 'Seleziona almeno un ordine o una spedizione',
  orderIdsInvalid: 'Gli ordini devono essere indicati con il loro id numerico',
  shipmentIdsInvalid: 'Le spedizioni devono essere indicate con il loro id numerico',
  tooMany: `Puoi stampare al massimo ${SLIPS_SELECTION_MAX} ordini per volta`,
  bothSelected: 'Indica gli ordini oppure le spedizioni, non entrambi',
  withLabelsInvalid: 'Il campo withLabels deve essere vero o falso',
  noOrdersFound: 'Nessun ordine trovato per la selezione',
} as const;

/** The words printed in the PDFs (the service renders them). */
export const slipTexts = {
  pickListTitle: 'Lista di prelievo',
  packingSlipTitle: 'Distinta di imballaggio',
  continued: '(segue)',
  printedAt: (when: string) => `Stampata il ${when}`,
  pickListCounts: (orders: number, lines: number, units: number) =>
    `${orders} ${orders === 1 ? 'ordine' : 'ordini'} · ${lines} ${lines === 1 ? 'articolo' : 'articoli'} · ${units} ${units === 1 ? 'pezzo' : 'pezzi'}`,
  sku: 'SKU',
  title: 'Articolo',
  quantity: 'Quantità',
  orders: 'Ordini',
  noSku: '—',
  order: (number: string) => `Ordine n. ${number}`,
  orderDate: (date: string) => `Data ordine: ${date}`,
  sender: 'Mittente',
  recipient: 'Destinatario',
  itemsTotal: (units: number) => `Totale pezzi: ${units}`,
  page: (n: number, of: number) => `Pagina ${n} di ${of}`,
  noItems: 'Nessun articolo nell’ordine',
} as const;

/** The selection actions of the orders and shipments lists (both remotes print the same way). */
export const slipActionTexts = {
  pickList: 'Lista di prelievo',
  packingSlips: 'Distinte di imballaggio',
  labelsAndSlips: 'Stampa etichette e distinte di imballaggio',
  printing: 'Preparazione PDF...',
} as const;

/** What the gateway answers beside the PDF (headers), for the screens' toast. */
export const slipToasts = {
  opened: 'PDF aperto in una nuova scheda',
  labelsAndSlipsOpened: (orders: number) => `Distinte ed etichette di ${orders} ${orders === 1 ? 'ordine' : 'ordini'}`,
  pickListOpened: (orders: number) => `Lista di prelievo di ${orders} ${orders === 1 ? 'ordine' : 'ordini'}`,
  slipsOpened: (orders: number) => `Distinte di imballaggio di ${orders} ${orders === 1 ? 'ordine' : 'ordini'}`,
  withoutLabel: (count: number) =>
    count === 1 ? '1 ordine senza etichetta: stampata solo la distinta' : `${count} ordini senza etichetta: stampate solo le distinte`,
  printFailed: 'Errore stampa',
} as const;

const m = slipMessages;

/**
 * `POST /api/shipments/pick-list`, `/packing-slips`, `/labels-and-slips`: the selected orders
 * (`orderIds`, from the orders list) or shipments (`shipmentIds`, from the shipments list), never
 * both; 1–1,000, duplicates dropped, order kept.
 */
export const slipSelectionSchema = z
  .object({
    orderIds: idList({ empty: m.nothingSelected, invalid: m.orderIdsInvalid, tooMany: m.tooMany }, SLIPS_SELECTION_MAX).optional(),
    shipmentIds: idList({ empty: m.nothingSelected, invalid: m.shipmentIdsInvalid, tooMany: m.tooMany }, SLIPS_SELECTION_MAX).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.orderIds && v.shipmentIds) ctx.addIssue({ code: 'custom', message: m.bothSelected });
    else if (!v.orderIds && !v.shipmentIds) ctx.addIssue({ code: 'custom', message: m.nothingSelected });
  });
export type SlipSelection = z.infer<typeof slipSelectionSchema>;

/** The answer's headers: how many orders the PDF holds and which had no label (labels-and-slips). */
export const SLIPS_ORDERS_HEADER = 'X-Smista-Orders';
export const SLIPS_WITHOUT_LABEL_HEADER = 'X-Smista-Orders-Without-Label';
