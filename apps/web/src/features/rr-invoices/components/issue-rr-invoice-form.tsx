import '../i18n';
import { type TransactionRow, todayIso } from '@grain/shared';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { DateInput } from '../../../components/form/date-input';
import { messageCodeText } from '../../../i18n';
import { useCreateRrInvoice } from '../api';
import { RR_INVOICES_PATH } from '../paths';
import { rrInvoiceBlocker } from '../rules';

interface IssueRrInvoiceFormProps {
  rows: TransactionRow[];
  onDone: (isIssued: boolean) => void;
}

/**
 * "Wystaw fakturę VAT RR" on the statement's purchase tab: one RR invoice of the selected rows of one flat-rate
 * farmer (RULES.md Invoices, VAT and KSeF, VAT RR), then the RR invoice list. A refusal (a VAT supplier, missing
 * farmer data, the series) is shown here with the fields it names.
 */
export function IssueRrInvoiceForm({ rows, onDone }: IssueRrInvoiceFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRrInvoice();
  const [issueDate, setIssueDate] = useState<string | null>(todayIso());
  const [refusal, setRefusal] = useState<string | null>(null);
  const blocker = rrInvoiceBlocker(rows);
  const fieldName = (field: string) => t(`rrInvoices.fields.${field}`, { defaultValue: field });

  const submit = async () => {
    setRefusal(null);
    try {
      await create.mutateAsync({ transactionIds: rows.map((row) => row.id), ...(issueDate ? { issueDate } : {}) });
      onDone(true);
      void navigate(RR_INVOICES_PATH);
    } catch (error) {
      const code = error instanceof ApiError ? error.messageCode : 'INTERNAL_ERROR';
      const fields = error instanceof ApiError ? error.errors.map((item) => fieldName(item.field)).join(', ') : '';
      setRefusal(`${messageCodeText(code)}${fields ? `: ${fields}` : ''}`);
    }
  };

  return (
    <Stack gap="md">
      <Text fz="sm">{t('rrInvoices.issue.hint')}</Text>
      {(blocker || refusal) && (
        <Alert color="red" role="alert" data-testid="issue-rr-invoice-blocker">
          {refusal ?? messageCodeText(blocker!)}
        </Alert>
      )}
      <Text fz="sm" c="dimmed">
        {rows
          .map((row) => `${row.contractorCode}: ${row.realQualityTitle ?? row.plannedQualityTitle ?? ''}`)
          .join('; ')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateInput label={t('rrInvoices.issue.issueDate')} withAsterisk value={issueDate} onChange={setIssueDate} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onDone(false)}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={create.isPending} disabled={blocker !== null || !issueDate}>
          {t('rrInvoices.issue.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
