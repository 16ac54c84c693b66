import { shipmentToasts, SLIPS_ORDERS_HEADER, SLIPS_WITHOUT_LABEL_HEADER, slipToasts, type SlipSelection } from '@smista/contracts';
import { errorMessageFrom } from './api';
import { idsOfHeader, openPostedPdf } from './pdf-tab';
import { toast } from '../toast/toast-store';

/** The three prints of issue 25 and their routes. */
export const slipPrints = {
  pickList: '/api/shipments/pick-list',
  packingSlips: '/api/shipments/packing-slips',
  labelsAndSlips: '/api/shipments/labels-and-slips',
} as const;
export type SlipPrint = keyof typeof slipPrints;

/**
 * 'Lista di prelievo', 'Distinte di imballaggio' or 'Stampa etichette e distinte di imballaggio' of
 * the selected orders or shipments, shown in a new tab as 'Stampa etichette' shows the labels: the
 * popup-blocked text when the browser blocks the tab, the server's refusal as 'Errore stampa', and
 * after the PDF how many orders it holds (and those printed without a label). Answers whether the
 * PDF was shown (the list then clears its selection).
 */
export async function printSlips(kind: SlipPrint, selection: SlipSelection): Promise<boolean> {
  try {
    const opened = await openPostedPdf(slipPrints[kind], selection);
    if (opened.popupBlocked) {
      toast({ title: shipmentToasts.popupBlocked, variant: 'destructive' });
      return false;
    }
    const orders = Number(opened.headers.get(SLIPS_ORDERS_HEADER) ?? 0);
    const withoutLabel = idsOfHeader(opened.headers.get(SLIPS_WITHOUT_LABEL_HEADER)).length;
    const description =
      kind === 'pickList' ? slipToasts.pickListOpened(orders) : kind === 'packingSlips' ? slipToasts.slipsOpened(orders) : slipToasts.labelsAndSlipsOpened(orders);
    toast({ title: slipToasts.opened, description: withoutLabel > 0 ? `${description}. ${slipToasts.withoutLabel(withoutLabel)}` : description });
    return true;
  } catch (error) {
    toast({ title: slipToasts.printFailed, description: errorMessageFrom(error), variant: 'destructive' });
    return false;
  }
}
