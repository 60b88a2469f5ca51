import type { TransactionRow } from '@grain/shared';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconChecks, IconFileInvoice, IconReceipt2, IconReceiptTax, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkDialog, type BulkDialogStep } from './bulk-dialog';

interface BulkActionsProps {
  selected: TransactionRow[];
  /** Rows the server answered after invoicing (the selection keeps them, now with their invoices). */
  onRowsChanged: (rows: TransactionRow[]) => void;
  onClear: () => void;
  /** The sales tab issues one invoice of the selected rows (RULES.md Invoices, VAT and KSeF). */
  canIssueInvoice?: boolean;
  /** The purchase tab issues one VAT RR invoice of a flat-rate farmer's rows (RULES.md Invoices, VAT and KSeF). */
  canIssueRrInvoice?: boolean;
}

/** The bar above the statement while rows are selected: invoice them, settle them, or clear the selection. */
export function BulkActions({
  selected,
  onRowsChanged,
  onClear,
  canIssueInvoice = false,
  canIssueRrInvoice = false,
}: BulkActionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<BulkDialogStep | null>(null);
  if (selected.length === 0 && dialog === null) return null;
  // Settled rows are chosen only to issue their invoice: typing invoices or settling them again is not possible.
  const hasSettled = selected.some((row) => row.status === 'SETTLED');
  const onlyIssue = hasSettled ? t('statement.bulk.onlyIssue') : null;

  return (
    <>
      <Paper withBorder p="xs" mb="sm" radius="md" data-testid="bulk-actions">
        <Group gap="sm" wrap="wrap">
          <Text fz="sm" fw={600} role="status">
            {t('statement.bulk.selected', { count: selected.length })}
          </Text>
          {canIssueInvoice && (
            <Button size="xs" leftSection={<IconReceipt2 size={14} />} onClick={() => setDialog({ kind: 'issue' })}>
              {t('statement.issue.action')}
            </Button>
          )}
          {canIssueRrInvoice && (
            <Button size="xs" leftSection={<IconReceiptTax size={14} />} onClick={() => setDialog({ kind: 'rr' })}>
              {t('rrInvoices.issue.action')}
            </Button>
          )}
          <Button
            size="xs"
            variant={canIssueInvoice || canIssueRrInvoice ? 'light' : 'filled'}
            leftSection={<IconFileInvoice size={14} />}
            onClick={() => setDialog({ kind: 'invoice' })}
            disabled={hasSettled}
          >
            {t('statement.bulk.invoice')}
          </Button>
          <Button
            size="xs"
            color="green.8"
            leftSection={<IconChecks size={14} />}
            onClick={() => setDialog({ kind: 'settle' })}
            disabled={hasSettled}
          >
            {t('statement.bulk.settle')}
          </Button>
          {onlyIssue && (
            <Text fz="xs" c="dimmed">
              {onlyIssue}
            </Text>
          )}
          <Button size="xs" variant="subtle" leftSection={<IconX size={14} />} onClick={onClear}>
            {t('statement.bulk.clear')}
          </Button>
        </Group>
      </Paper>
      <BulkDialog step={dialog} rows={selected} onStep={setDialog} onRowsChanged={onRowsChanged} onFinished={onClear} />
    </>
  );
}
