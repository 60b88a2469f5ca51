import type { TransactionRow } from '@grain/shared';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IssueRrInvoiceForm } from '../../rr-invoices';
import { BulkInvoiceForm } from './bulk-invoice-modal';
import { BulkSettleForm } from './bulk-settle-modal';
import { IssueInvoiceForm } from './issue-invoice-modal';

const DIALOG_TITLES = {
  invoice: 'statement.bulk.invoiceTitle',
  settle: 'statement.bulk.settleTitle',
  issue: 'statement.issue.title',
  rr: 'rrInvoices.issue.title',
} as const;

export type BulkDialogKind = keyof typeof DIALOG_TITLES;

export interface BulkDialogStep {
  kind: BulkDialogKind;
  /** Invoices typed on the way to settling: once saved, the settle dialog opens. */
  thenSettle?: boolean;
}

interface BulkDialogProps {
  step: BulkDialogStep | null;
  /** The rows of the step (the statement's selection; a truck's rows in its details). */
  rows: TransactionRow[];
  onStep: (next: BulkDialogStep | null) => void;
  /** Rows the server answered after invoicing. */
  onRowsChanged?: (rows: TransactionRow[]) => void;
  /** Rows settled or an invoice issued: the statement clears its selection. */
  onFinished?: () => void;
  /** Given, an issued sales invoice goes on to this step instead of opening the invoice's screen. */
  afterIssue?: () => BulkDialogStep | null;
}

/**
 * The dialogs that act on several rows at once: type their invoices, settle them, issue one sales invoice or one
 * VAT RR invoice of them. Settling asks for missing invoices first and comes back once they are saved.
 */
export function BulkDialog({ step, rows, onStep, onRowsChanged, onFinished, afterIssue }: BulkDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const close = () => onStep(null);
  const finish = (isDone: boolean) => {
    close();
    if (isDone) onFinished?.();
  };

  return (
    <Modal
      opened={step !== null}
      onClose={close}
      centered
      size="lg"
      fullScreen={isPhone}
      title={t(DIALOG_TITLES[step?.kind ?? 'invoice'], { count: rows.length })}
    >
      {step?.kind === 'invoice' && (
        <BulkInvoiceForm
          rows={rows}
          onDone={(saved) => {
            if (saved) onRowsChanged?.(saved);
            onStep(saved && step.thenSettle ? { kind: 'settle' } : null);
          }}
        />
      )}
      {step?.kind === 'issue' && (
        <IssueInvoiceForm
          rows={rows}
          onDone={(isIssued) => {
            if (isIssued && afterIssue) onStep(afterIssue());
            else finish(isIssued);
          }}
          isOpenedAfterIssue={!afterIssue}
        />
      )}
      {step?.kind === 'rr' && <IssueRrInvoiceForm rows={rows} onDone={finish} />}
      {step?.kind === 'settle' && (
        <BulkSettleForm
          rows={rows}
          onDone={finish}
          onSetInvoices={() => onStep({ kind: 'invoice', thenSettle: true })}
        />
      )}
    </Modal>
  );
}
