import type { TransportResponse } from '@grain/shared';
import { formatDate, formatMoney, formatTonnes } from '../../lib/format';
import { contractorLabel } from '../contractors';
import { deductionLines } from './deductions';

type Translate = (key: string, values?: Record<string, unknown>) => string;

export interface SummaryLine {
  label: string;
  value: string;
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/** The transport's key data, line by line: the summary after create, the details popup and the clipboard text. */
export function summaryLines(transport: TransportResponse, t: Translate): SummaryLine[] {
  const s = (key: string) => t(`transports.summary.${key}`);
  const lines: SummaryLine[] = [
    { label: s('transport'), value: `#${transport.id} · ${t(`status.transport.${transport.status}`)}` },
    {
      label: s('purchase'),
      value: `${transport.purchaseSupplier.documentNumber} (${contractorLabel(transport.purchaseSupplier.code, transport.purchaseSupplier.name)})`,
    },
    {
      label: s('sale'),
      value: `${transport.salesRecipient.documentNumber} (${contractorLabel(transport.salesRecipient.code, transport.salesRecipient.name)})`,
    },
    { label: s('cargo'), value: `${transport.rawMaterial}, ${transport.purchaseQualityTitle}` },
    { label: s('quantity'), value: formatTonnes(transport.cargoQuantity) },
    { label: s('loading'), value: joined(formatDate(transport.dateLoading), transport.loadingAddressFull) },
    { label: s('unloading'), value: joined(formatDate(transport.dateUnloading), transport.unloadingAddressFull) },
    { label: s('carrier'), value: joined(transport.carrierCode, transport.carrierName) },
    {
      label: s('vehicle'),
      value: [transport.registrationNumber, transport.trailerNumber].filter(Boolean).join(' / ') || '—',
    },
    {
      label: s('driver'),
      value:
        joined(
          transport.driverName,
          transport.phoneNumber && t('transports.summary.phone', { phone: transport.phoneNumber }),
          transport.driverDocumentId && t('transports.summary.document', { document: transport.driverDocumentId }),
        ) || '—',
    },
    {
      label: s('freight'),
      value: t('transports.summary.freightValue', {
        price: formatMoney(transport.pricePerTon, transport.currency),
        value: formatMoney(transport.value, transport.currency),
      }),
    },
    { label: s('gmp'), value: transport.isGmp ? (transport.gmpNumber ?? '') : t('transports.gmp.none') },
  ];
  if (transport.comment) lines.push({ label: s('comment'), value: transport.comment });
  if (transport.confirmationNote) lines.push({ label: s('note'), value: transport.confirmationNote });
  if (transport.unloadingId !== null) lines.push(...unloadingLines(transport, t));
  return lines;
}

function unloadingLines(transport: TransportResponse, t: Translate): SummaryLine[] {
  const s = (key: string) => t(`transports.summary.${key}`);
  const lines: SummaryLine[] = [
    { label: s('unloadingDate'), value: formatDate(transport.unloadingDate) },
    { label: s('realQuantity'), value: formatTonnes(transport.realCargoQuantity) },
    { label: s('realQuality'), value: transport.realCargoQualityTitle ?? '—' },
    { label: s('realPrice'), value: formatMoney(transport.realCargoPrice, transport.purchaseCurrency) },
    // RULES.md Invoices, VAT and KSeF: each side's deduction in its own currency.
    ...deductionLines(transport, t).map((line) => ({
      label: t('transports.summary.deductionsOf', { side: line.label }),
      value: line.value,
    })),
  ];
  if (transport.details) lines.push({ label: s('details'), value: transport.details });
  return lines;
}

export function summaryText(lines: SummaryLine[]): string {
  return lines.map((line) => `${line.label}: ${line.value}`).join('\n');
}
