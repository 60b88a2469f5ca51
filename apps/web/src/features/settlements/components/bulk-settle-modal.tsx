import type { TransactionRow } from '@grain/shared';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatMoney } from '../../../lib/format';
import { useBulkSettle } from '../api';
import {
  type BulkSettleFormValues,
  bulkSettleDefaults,
  bulkSettleFormSchema,
  bulkSettleValue,
  toBulkSettleRequest,
} from '../bulk-forms';
import { hasInvoiceData } from '../row-figures';
import { isForeignCurrency } from '../settle-form';
import { BulkTotalsLine } from './bulk-totals';

interface BulkSettleFormProps {
  rows: TransactionRow[];
  onDone: (isSettled: boolean) => void;
  /** Opens the bulk invoice dialog for the same rows (settling needs the invoices first). */
  onSetInvoices: () => void;
}

/**
 * Settles several rows at their real figures in one all-or-nothing call. Settling cannot be undone, so this dialog
 * is the confirmation: it lists each row and the value it will be settled at (the statement's value).
 */
export function BulkSettleForm({ rows, onDone, onSetInvoices }: BulkSettleFormProps) {
  const { t } = useTranslation();
  const bulkSettle = useBulkSettle();
  const form = useZodForm<BulkSettleFormValues>({
    schema: bulkSettleFormSchema(rows),
    initialValues: bulkSettleDefaults(rows),
  });
  const isInvoiceMissing = rows.some((row) => !hasInvoiceData(row));

  const submit = form.handleSubmit(async () => {
    await submitChange(form, {
      send: () => bulkSettle.mutateAsync(toBulkSettleRequest(rows, form.getValues())),
      saved: (answer) => t('statement.bulk.settled', { count: answer.list.length }),
      done: () => onDone(true),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {isInvoiceMissing && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('statement.bulk.invoiceMissingTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{t('statement.bulk.invoiceMissingHint')}</Text>
              <Button size="xs" variant="light" onClick={onSetInvoices}>
                {t('statement.bulk.setInvoices')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Table verticalSpacing={6} data-testid="bulk-settle-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statement.bulk.row')}</Table.Th>
              <Table.Th>{t('statement.invoice.number')}</Table.Th>
              <Table.Th ta="right">{t('statement.bulk.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const rowError = form.errors[`items.${index}.transactionId`];
              return (
                <Table.Tr key={row.id} data-testid={`bulk-settle-row-${row.id}`}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      #{row.id} {t(`statement.kinds.${row.type}`)} · {row.contractorCode}
                    </Text>
                    {rowError && (
                      <Text fz="xs" c="red.8" role="alert">
                        {rowError}
                      </Text>
                    )}
                    {isForeignCurrency(row) && (
                      <NumberField
                        mt={4}
                        size="xs"
                        label={t('statement.settle.exchangeRate', { currency: row.currency })}
                        withAsterisk
                        decimals={4}
                        min={0}
                        {...form.getInputProps(`items.${index}.exchangeRate`)}
                        value={form.values.items[index]?.exchangeRate ?? null}
                      />
                    )}
                  </Table.Td>
                  <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.invoiceNumber ?? '—'}
                  </Table.Td>
                  <Table.Td fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(bulkSettleValue(row), row.currency)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <BulkTotalsLine rows={rows} />
        <Text fz="xs" c="dimmed">
          {t('statement.bulk.settleHint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="green.8" loading={bulkSettle.isPending}>
            {t('statement.bulk.settleSubmit', { count: rows.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
