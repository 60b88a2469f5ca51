import type { RrPaymentImportResponse } from '@grain/shared';
import { Alert, Button, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { messageCodeText } from '../../../i18n';
import { formatDate, formatMoney } from '../../../lib/format';
import { fileAsBase64, useImportRrPayments } from '../api';

/** What an import did: payments recorded, transfers recorded before, and the lines that pay no RR invoice. */
function ImportSummary({ summary }: { summary: RrPaymentImportResponse }) {
  const { t } = useTranslation();
  const line = (row: { line: number; paidAt: string; amount: number; title: string }) =>
    t('rrInvoices.import.line', {
      line: row.line,
      date: formatDate(row.paidAt),
      amount: formatMoney(row.amount, 'PLN'),
      title: row.title || '—',
    });
  return (
    <Alert color={summary.matched.length ? 'green' : 'yellow'} title={t('rrInvoices.import.done')} role="status">
      <Text fz="sm">{t('rrInvoices.import.matched', { count: summary.matched.length })}</Text>
      <List size="sm" mb="xs" data-testid="import-matched">
        {summary.matched.map((row) => (
          <List.Item key={row.line}>{`${row.number}: ${line(row)}`}</List.Item>
        ))}
      </List>
      <Text fz="sm">{t('rrInvoices.import.alreadyRecorded', { count: summary.alreadyRecorded.length })}</Text>
      <Text fz="sm">{t('rrInvoices.import.unmatched', { count: summary.unmatched.length })}</Text>
      <List size="sm" data-testid="import-unmatched">
        {summary.unmatched.map((row) => (
          <List.Item key={row.line}>{`${line(row)} — ${t(`rrInvoices.import.reasons.${row.reason}`)}`}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** "Importuj wyciąg": an MT940 or bank CSV file goes to the server as its bytes; the server records it in one go. */
export function ImportStatementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importPayments = useImportRrPayments();
  const [summary, setSummary] = useState<RrPaymentImportResponse | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const close = () => {
    setSummary(null);
    setRefusal(null);
    setFileName(null);
    onClose();
  };
  const send = async (file: File | null) => {
    if (!file) return;
    setFileName(file.name);
    setSummary(null);
    setRefusal(null);
    try {
      setSummary(await importPayments.mutateAsync({ fileName: file.name, contentBase64: await fileAsBase64(file) }));
    } catch (error) {
      setRefusal(messageCodeText(error instanceof ApiError ? error.messageCode : 'INTERNAL_ERROR'));
    }
  };
  return (
    <Modal opened={opened} onClose={close} centered size="lg" title={t('rrInvoices.import.title')}>
      <Stack gap="md">
        <Text fz="sm">{t('rrInvoices.import.hint')}</Text>
        <Group gap="sm">
          <FileButton onChange={(file) => void send(file)} accept=".sta,.mt940,.txt,.csv,text/csv,text/plain">
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={importPayments.isPending}>
                {t('rrInvoices.import.chooseFile')}
              </Button>
            )}
          </FileButton>
          <Text fz="sm" c="dimmed">
            {fileName ?? t('rrInvoices.import.noFile')}
          </Text>
        </Group>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        {summary && <ImportSummary summary={summary} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
