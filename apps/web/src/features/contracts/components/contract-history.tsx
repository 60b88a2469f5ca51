import type { Currency, HistoryEntry } from '@grain/shared';
import { useTranslation } from 'react-i18next';
import type { HistoryFormats } from '../../../components/history/history';
import { HistoryTimeline } from '../../../components/history/history-timeline';

/** How a contract's changed fields read; ids, price options, contacts and e-mail lists are named without values. */
export const CONTRACT_HISTORY_FORMATS: HistoryFormats = {
  cargoQuantityKg: 'tonnes',
  price: 'money',
  minPrice: 'money',
  dateOfReceiptFrom: 'date',
  dateOfReceiptTo: 'date',
  isFor: 'flag',
  isCert: 'flag',
  isGmp: 'flag',
  isTolerance: 'flag',
  status: 'enum:status.contract',
  agreementStatus: 'enum:status.agreement',
  documentNumber: 'text',
  currency: 'text',
  freight: 'text',
  street: 'text',
  buildingNumber: 'text',
  postCode: 'text',
  city: 'text',
  countryCode: 'text',
  countyCode: 'text',
  comments: 'text',
  toleranceType: 'text',
  toleranceUnit: 'text',
};

/** The contract dashboard's history (the dashboard answer's audit entries, newest first). */
export function ContractHistory({ history, currency }: { history: HistoryEntry[]; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const actionLabel = (action: string) =>
    i18n.exists(`contracts.history.actions.${action}`) ? t(`contracts.history.actions.${action}`) : action;
  return (
    <HistoryTimeline
      history={history}
      testId="contract-history"
      viewOf={(entry) => ({
        title: actionLabel(entry.action),
        formats: CONTRACT_HISTORY_FORMATS,
        fields: 'contracts.history.fields',
        currencyOf: () => currency,
      })}
    />
  );
}
