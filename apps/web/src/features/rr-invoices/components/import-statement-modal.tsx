import type { RrPaymentImportResponse } from '@grain/shared';
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileImportModal } from '../../../components/file-import-modal';
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
  return (
    <FileImportModal
      opened={opened}
      onClose={onClose}
      size="lg"
      texts={{
        title: t('rrInvoices.import.title'),
        hint: t('rrInvoices.import.hint'),
        chooseFile: t('rrInvoices.import.chooseFile'),
        noFile: t('rrInvoices.import.noFile'),
      }}
      accept=".sta,.mt940,.txt,.csv,text/csv,text/plain"
      isPending={importPayments.isPending}
      send={async (file) =>
        importPayments.mutateAsync({ fileName: file.name, contentBase64: await fileAsBase64(file) })
      }
      renderResult={(summary) => <ImportSummary summary={summary} />}
    />
  );
}
