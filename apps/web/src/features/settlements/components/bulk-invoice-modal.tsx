import type { TransactionRow } from '@grain/shared';
import { Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useBulkInvoice } from '../api';
import {
  type BulkInvoiceFormValues,
  bulkInvoiceDefaults,
  bulkInvoiceFieldOf,
  bulkInvoiceFormSchema,
  toBulkInvoiceRequest,
} from '../bulk-forms';
import { BulkTotalsLine } from './bulk-totals';
import { InvoiceDateFields } from './invoice-date-fields';
import { RowSummary } from './row-summary';

interface BulkInvoiceFormProps {
  rows: TransactionRow[];
  onDone: (saved?: TransactionRow[]) => void;
}

/** Invoices of several rows in one call: a number per row, one invoice and payment date for all. */
export function BulkInvoiceForm({ rows, onDone }: BulkInvoiceFormProps) {
  const { t } = useTranslation();
  const bulkInvoice = useBulkInvoice();
  const form = useZodForm<BulkInvoiceFormValues>({
    schema: bulkInvoiceFormSchema,
    initialValues: bulkInvoiceDefaults(rows),
  });

  const submit = form.handleSubmit(async (values) => {
    await submitChange(form, {
      send: () => bulkInvoice.mutateAsync(toBulkInvoiceRequest(values)),
      saved: (answer) => t('statement.bulk.invoiced', { count: answer.list.length }),
      done: (answer) => onDone(answer.list),
      // A shared date refused for one row belongs under the one date field.
      pathOf: bulkInvoiceFieldOf,
    });
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
        <BulkTotalsLine rows={rows} />
        <InvoiceDateFields
          form={form}
          submitLabel={t('statement.bulk.invoiceSubmit', { count: rows.length })}
          isSubmitting={bulkInvoice.isPending}
          onCancel={() => onDone()}
        />
      </Stack>
    </form>
  );
}
