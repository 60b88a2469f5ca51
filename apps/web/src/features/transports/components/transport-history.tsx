import type { HistoryEntry, TransportResponse } from '@grain/shared';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistoryFormats } from '../../../components/history/history';
import { HistoryTimeline } from '../../../components/history/history-timeline';
import { useTransportDetails } from '../api';

/**
 * How a transport's own entries read (create, edit, status, redirect, delivery, order sent), in the order shown;
 * ids are hidden where the entry names the same thing readably.
 */
export const TRANSPORT_HISTORY_FORMATS: HistoryFormats = {
  status: 'enum:status.transport',
  carrierId: 'hidden',
  carrier: 'text',
  registrationNumber: 'text',
  trailerNumber: 'text',
  driverName: 'text',
  phoneNumber: 'text',
  driverDocumentId: 'text',
  cargoQuantityKg: 'tonnes',
  pricePerTon: 'money',
  currency: 'text',
  dateLoading: 'date',
  dateUnloading: 'date',
  isGmp: 'flag',
  gmpNumber: 'text',
  comment: 'text',
  confirmationNote: 'text',
  doubleBookingNote: 'text',
  purchaseId: 'hidden',
  salesId: 'hidden',
  salesDocumentNumber: 'text',
  allocationId: 'hidden',
  unloadingId: 'hidden',
  unloadingDate: 'date',
  realCargoQuantityKg: 'tonnes',
  realCargoQualityId: 'hidden',
  realCargoQuality: 'text',
  realCargoPrice: 'money',
  deductions: 'money',
  purchaseDeductions: 'money',
  salesDeductions: 'money',
  transportDeductions: 'money',
  details: 'text',
  isToDecide: 'flag',
  decision: 'enum:transports.decide.choice',
  decisionNote: 'text',
  decisionDiscountPerTon: 'money',
  removedTransactionIds: 'hidden',
  overDeliveryNote: 'text',
  purchaseOverDeliveredKg: 'tonnes',
  salesOverDeliveredKg: 'tonnes',
  orderNumber: 'text',
  recipient: 'text',
};

/** How the entries of its statement rows read (invoice, settle, split, move). */
export const STATEMENT_ROW_HISTORY_FORMATS: HistoryFormats = {
  status: 'enum:status.settlement',
  invoiceNumber: 'text',
  invoiceDate: 'date',
  paymentDate: 'date',
  finalQualityId: 'hidden',
  finalQuantityKg: 'tonnes',
  finalPrice: 'money',
  finalValue: 'money',
  deductions: 'money',
  surcharges: 'money',
  exchangeRate: 'rate',
  plnValue: 'pln',
  splitOffId: 'hidden',
  splitFromId: 'hidden',
  quantityKg: 'tonnes',
  plannedQuantityKg: 'tonnes',
  realQuantityKg: 'tonnes',
  plannedValue: 'money',
  realValue: 'money',
  contractId: 'hidden',
  documentNumber: 'text',
  plannedQualityId: 'hidden',
  plannedPrice: 'money',
};

type Currencies = Pick<TransportResponse, 'currency' | 'purchaseCurrency' | 'salesCurrency'>;

/**
 * The currency of an amount in an entry: freight in the transport's; the delivery's figures (real price,
 * deductions) in the purchase's unless they name the sale or the transport; a statement row's in its side's.
 */
function currencyOf(entry: HistoryEntry, transport: Currencies) {
  if (entry.entity === 'transaction') {
    const currency = { PURCHASE: transport.purchaseCurrency, SALES: transport.salesCurrency };
    return () => currency[entry.entityKind as keyof typeof currency] ?? transport.currency;
  }
  if (entry.action === 'deliver') {
    // RULES.md Invoices, VAT and KSeF: each side's deduction is in that side's currency.
    return (field: string) => {
      if (field.startsWith('sales')) return transport.salesCurrency;
      if (field.startsWith('transport')) return transport.currency;
      return transport.purchaseCurrency;
    };
  }
  return () => transport.currency;
}

/** The history of one transport (its details answer), newest first: its own changes and its statement rows'. */
export function TransportHistory({ transport }: { transport: TransportResponse }) {
  const { t } = useTranslation();
  const details = useTransportDetails(transport.id);
  if (details.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (details.isError) return null; // the client showed the refusal
  return <TransportHistoryTimeline transport={details.data} history={details.data.history} />;
}

/** The entries as lines: a statement row's entries name the row, its kind and id. */
export function TransportHistoryTimeline({ transport, history }: { transport: Currencies; history: HistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  const label = (key: string, fallback: string) => (i18n.exists(key) ? t(key) : fallback);
  return (
    <HistoryTimeline
      history={history}
      testId="transport-history"
      viewOf={(entry) =>
        entry.entity === 'transaction'
          ? {
              title: t('transports.history.rowTitle', {
                action: label(`transports.history.rowActions.${entry.action}`, entry.action),
                kind: label(`statement.kinds.${entry.entityKind}`, entry.entityKind ?? ''),
                id: entry.entityId,
              }),
              formats: STATEMENT_ROW_HISTORY_FORMATS,
              fields: 'transports.history.fields',
              currencyOf: currencyOf(entry, transport),
            }
          : {
              title: label(`transports.history.actions.${entry.action}`, entry.action),
              formats: TRANSPORT_HISTORY_FORMATS,
              fields: 'transports.history.fields',
              currencyOf: currencyOf(entry, transport),
            }
      }
    />
  );
}
