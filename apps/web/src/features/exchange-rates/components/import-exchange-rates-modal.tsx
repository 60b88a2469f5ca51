import type { ImportExchangeRatesResponse } from '@grain/shared';
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileImportModal } from '../../../components/file-import-modal';
import { formatDate, formatExchangeRate } from '../../../lib/format';
import { useImportExchangeRates } from '../api';

/** What an import did: added, already there, and the conflicts left as they were (never overwritten). */
function ImportSummary({ summary }: { summary: ImportExchangeRatesResponse }) {
  const { t } = useTranslation();
  return (
    <Alert color={summary.conflicts.length ? 'yellow' : 'green'} title={t('exchangeRates.importDone')} role="status">
      <Text fz="sm">{t('exchangeRates.summaryAdded', { count: summary.added })}</Text>
      <Text fz="sm">{t('exchangeRates.summaryUnchanged', { count: summary.unchanged })}</Text>
      <Text fz="sm">{t('exchangeRates.summaryConflicts', { count: summary.conflicts.length })}</Text>
      {summary.conflicts.length > 0 && (
        <List size="sm" mt="xs" data-testid="import-conflicts">
          {summary.conflicts.map((conflict) => (
            <List.Item key={`${conflict.currency}-${conflict.effectiveDate}`}>
              {t('exchangeRates.conflictLine', {
                currency: conflict.currency,
                date: formatDate(conflict.effectiveDate),
                stored: formatExchangeRate(conflict.storedRate),
                file: formatExchangeRate(conflict.fileRate),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** "Importuj plik NBP": the file goes to the server as text; the server reads it in one transaction. */
export function ImportExchangeRatesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importRates = useImportExchangeRates();
  return (
    <FileImportModal
      opened={opened}
      onClose={onClose}
      texts={{
        title: t('exchangeRates.importTitle'),
        hint: t('exchangeRates.importHint'),
        chooseFile: t('exchangeRates.chooseFile'),
        noFile: t('exchangeRates.noFile'),
      }}
      accept=".json,.csv,application/json,text/csv"
      isPending={importRates.isPending}
      send={async (file) => importRates.mutateAsync({ fileName: file.name, content: await file.text() })}
      renderResult={(summary) => <ImportSummary summary={summary} />}
    />
  );
}
