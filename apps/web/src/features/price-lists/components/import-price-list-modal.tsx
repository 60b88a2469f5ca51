import { csvRefusalPlace } from '@grain/shared';
import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { messageCodeText } from '../../../i18n';
import { useImportPriceList } from '../api';

/**
 * "Importuj CSV": the file goes to the server as text, read in one transaction. A refusal shows the server's
 * sentence, which names the row and column (nothing of the file is stored then).
 */
export function ImportPriceListModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importList = useImportPriceList();
  const [added, setAdded] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<{ code: string; detail: string } | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const close = () => {
    setAdded(null);
    setRefusal(null);
    setFileName(null);
    onClose();
  };
  const send = async (file: File | null) => {
    if (!file) return;
    setFileName(file.name);
    setAdded(null);
    setRefusal(null);
    try {
      setAdded((await importList.mutateAsync({ fileName: file.name, content: await file.text() })).added);
    } catch (error) {
      const isApi = error instanceof ApiError;
      const place = isApi && error.errors[0] ? csvRefusalPlace(error.errors[0].field) : null;
      setRefusal({
        code: messageCodeText(isApi ? error.messageCode : 'INTERNAL_ERROR'),
        detail: place ? t('priceLists.refusalAt', place) : '',
      });
    }
  };
  return (
    <Modal opened={opened} onClose={close} centered title={t('priceLists.importTitle')}>
      <Stack gap="md">
        <Text fz="sm">{t('priceLists.importHint')}</Text>
        <Group gap="sm">
          <FileButton onChange={(file) => void send(file)} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={importList.isPending}>
                {t('priceLists.chooseFile')}
              </Button>
            )}
          </FileButton>
          <Text fz="sm" c="dimmed">
            {fileName ?? t('priceLists.noFile')}
          </Text>
        </Group>
        {refusal && (
          <Alert color="red" role="alert" title={refusal.code}>
            {refusal.detail}
          </Alert>
        )}
        {added !== null && (
          <Alert color="green" role="status">
            {t('priceLists.importDone', { count: added })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
