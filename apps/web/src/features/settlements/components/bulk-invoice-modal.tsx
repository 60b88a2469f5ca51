import type { TransactionRow } from '@grain/shared';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useBulkInvoice } from '../api';
import {
  type BulkInvoiceFormValues,
  bulkInvoiceDefaults,
  bulkInvoiceFieldOf,
  bulkInvoiceFormSchema,
  toBulkInvoiceRequest,
} from '../bulk-forms';
import { RowSummary } from './row-summary';

interface BulkInvoiceFormProps {
  rows: TransactionRow[];
  onDone: (saved?: TransactionRow[]) => void;
}

/** Invoices of several rows in one call: a number per row, one invoice and payment date for all (issue 13). */
export function BulkInvoiceForm({ rows, onDone }: BulkInvoiceFormProps) {
  const { t } = useTranslation();
  const bulkInvoice = useBulkInvoice();
  const form = useZodForm<BulkInvoiceFormValues>({
    schema: bulkInvoiceFormSchema,
    initialValues: bulkInvoiceDefaults(rows),
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await bulkInvoice.mutateAsync(toBulkInvoiceRequest(values));
      notifications.show({
        color: 'green',
        message: t('statement.bulk.invoiced', { count: answer.list.length }),
        withCloseButton: true,
      });
      onDone(answer.list);
    } catch (error) {
      // A shared date refused for one row belongs under the one date field.
      showServerErrors(form, error, {}, bulkInvoiceFieldOf);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t('statement.bulk.invoiceHint', { count: rows.length })}</Text>
        {rows.map((row, index) => (
          <Stack key={row.id} gap={4} data-testid={`bulk-invoice-row-${row.id}`}>
            <RowSummary row={row} />
            <TextInput
              label={t('statement.bulk.invoiceNumberOf', { id: row.id })}
              withAsterisk
              {...form.getInputProps(`items.${index}.invoiceNumber`)}
              error={form.errors[`items.${index}.invoiceNumber`] ?? form.errors[`items.${index}.transactionId`]}
            />
          </Stack>
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            label={t('statement.invoice.date')}
            withAsterisk
            {...form.getInputProps('invoiceDate')}
            value={form.values.invoiceDate}
          />
          <DateInput
            label={t('statement.invoice.paymentDate')}
            min={form.values.invoiceDate ?? undefined}
            {...form.getInputProps('paymentDate')}
            value={form.values.paymentDate}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={bulkInvoice.isPending}>
            {t('statement.bulk.invoiceSubmit', { count: rows.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
