import { kitErrors, requireMerchant } from '@smista/service-kit';
import { carriers } from '@smista/proto';
import { carrierMessages as m } from '@smista/contracts';
import { chooseSender, italianDay, todayInItaly } from '../domain';
import { buildDistintaCsv, buildDistintaPdf, type DistintaRow } from '../adapters/poste-letters';
import { codesUsedBetween } from '../store';
import type { HandlerDeps } from './deps';
import { ownIntegration } from './own-integration';

/** ExportDistinta: the codes a letter service used on a day, to hand in at acceptance. */
export function distintaHandlers(deps: HandlerDeps) {
  const { pool, unary, now } = deps;
  return {
    exportDistinta: unary('ExportDistinta', async (request: carriers.ExportDistintaRequest, ctx) => {
      const caller = await ctx.caller();
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownIntegration(pool, merchantId, request, { pool: true });
      const format = request.format || 'csv';
      if (format !== 'csv' && format !== 'pdf') throw kitErrors.invalidInput(m.formatInvalid);
      const date = request.date.trim() || todayInItaly(now());
      const day = italianDay(date);
      if (!day) throw kitErrors.invalidInput(m.dateInvalid);

      const used = await codesUsedBetween(pool, integration.id, day.from, day.to);
      const rows: DistintaRow[] = used.map((code, i) => ({
        progressivo: i + 1,
        code: code.trackingCode,
        recipient: code.recipient,
        reference: code.reference ?? undefined,
        usedAt: code.usedAt ?? day.from,
      }));
      // The sender block is a courtesy: the list is still useful without an address on file.
      const sender = await deps.addressBook
        .addressesOf(caller)
        .then((addresses) => chooseSender(addresses))
        .catch(() => undefined);
      const meta = { carrierCode: integration.carrier.code, serviceName: integration.carrier.name, connectionName: integration.connectionName, date, sender };
      const base = `distinta-${integration.carrier.code}-${date}`;
      if (format === 'csv') {
        return carriers.Document.fromPartial({ filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', data: Buffer.from(buildDistintaCsv(rows, meta)) });
      }
      return carriers.Document.fromPartial({ filename: `${base}.pdf`, contentType: 'application/pdf', data: Buffer.from(await buildDistintaPdf(rows, meta)) });
    }),
  };
}
