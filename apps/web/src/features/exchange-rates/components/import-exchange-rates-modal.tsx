import type { ImportExchangeRatesResponse } from '@grain/shared';
import { Alert, Button, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { messageCodeText } from '../../../i18n';
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
  const [summary, setSummary] = useState<ImportExchangeRatesResponse | null>(null);
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
      setSummary(await importRates.mutateAsync({ fileName: file.name, content: await file.text() }));
    } catch (error) {
      setRefusal(messageCodeText(error instanceof ApiError ? error.messageCode : 'INTERNAL_ERROR'));
    }
  };
  return (
    <Modal opened={opened} onClose={close} centered title={t('exchangeRates.importTitle')}>
      <Stack gap="md">
        <Text fz="sm">{t('exchangeRates.importHint')}</Text>
        <Group gap="sm">
          <FileButton onChange={(file) => void send(file)} accept=".json,.csv,application/json,text/csv">
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={importRates.isPending}>
                {t('exchangeRates.chooseFile')}
              </Button>
            )}
          </FileButton>
          <Text fz="sm" c="dimmed">
            {fileName ?? t('exchangeRates.noFile')}
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
