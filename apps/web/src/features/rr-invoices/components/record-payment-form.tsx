import {
  formatDate,
  formatPolishAccount,
  fromMinorUnits,
  type RrInvoice,
  type RrPaymentMethod,
  todayIso,
  toMinorUnits,
} from '@grain/shared';
import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { messageCodeText } from '../../../i18n';
import { useRecordRrPayment } from '../api';

/**
 * Records a payment to the farmer (RULES.md Invoices, VAT and KSeF, VAT RR): the rest due, his account and a title
 * with the RR number and date are filled in, so a transfer as proposed makes the refund deductible.
 */
export function RecordPaymentForm({ invoice, onDone }: { invoice: RrInvoice; onDone: () => void }) {
  const { t } = useTranslation();
  const record = useRecordRrPayment(invoice.id);
  const [paidAt, setPaidAt] = useState<string | null>(todayIso());
  const [amount, setAmount] = useState<number | null>(fromMinorUnits(invoice.grossTotal - invoice.paidAmount));
  const [method, setMethod] = useState<RrPaymentMethod>('TRANSFER');
  const [account, setAccount] = useState(formatPolishAccount(invoice.farmerAccount));
  const [title, setTitle] = useState(`Faktura VAT RR ${invoice.number} z dnia ${formatDate(invoice.issueDate)}`);
  const [refusal, setRefusal] = useState<string | null>(null);
  const isTransfer = method === 'TRANSFER';

  const submit = async () => {
    setRefusal(null);
    try {
      await record.mutateAsync({
        paidAt: paidAt ?? '',
        amount: amount === null ? 0 : toMinorUnits(amount),
        method,
        account: isTransfer ? account : null,
        title: isTransfer ? title : null,
      });
      notifications.show({ color: 'green', message: t('rrInvoices.saved', { number: invoice.number }) });
      onDone();
    } catch (error) {
      const code = error instanceof ApiError ? error.messageCode : 'INTERNAL_ERROR';
      const fields = error instanceof ApiError ? error.errors.map((item) => item.field).join(', ') : '';
      setRefusal(`${messageCodeText(code)}${fields ? `: ${fields}` : ''}`);
    }
  };

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        {t('rrInvoices.paymentHint')}
      </Text>
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      <SegmentedControl
        value={method}
        onChange={(value) => setMethod(value as RrPaymentMethod)}
        data={[
          { value: 'TRANSFER', label: t('rrInvoices.methods.TRANSFER') },
          { value: 'CASH', label: t('rrInvoices.methods.CASH') },
        ]}
        aria-label={t('rrInvoices.method')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateInput label={t('rrInvoices.paidAt')} withAsterisk value={paidAt} onChange={setPaidAt} />
        <NumberField label={t('rrInvoices.amount')} withAsterisk decimals={2} value={amount} onChange={setAmount} />
      </SimpleGrid>
      {isTransfer && (
        <>
          <TextInput
            label={t('rrInvoices.account')}
            value={account}
            onChange={(event) => setAccount(event.currentTarget.value)}
          />
          <TextInput
            label={t('rrInvoices.transferTitle')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={record.isPending}>
          {t('rrInvoices.recordPayment')}
        </Button>
      </Group>
    </Stack>
  );
}
