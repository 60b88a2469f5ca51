import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageCodeText } from '../../i18n';

/**
 * A list's "Eksportuj do Excela": `exportFile` downloads the rows matching the list's current search, filter and
 * sort (silently); a failure shows EXPORT_ERROR (spec/2 section 8).
 */
export function ExportButton({ exportFile }: { exportFile: () => Promise<void> }) {
  const { t } = useTranslation();
  const exporter = useMutation({ mutationFn: exportFile });
  const run = () =>
    exporter.mutate(undefined, {
      onError: () =>
        notifications.show({
          color: 'red',
          title: messageCodeText('EXPORT_ERROR'),
          message: '',
          autoClose: 5000,
          withCloseButton: true,
        }),
    });
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={exporter.isPending}
      onClick={run}
    >
      {t('list.export')}
    </Button>
  );
}
