import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../../components/list/list-state';
import { messageCodeText } from '../../../i18n';
import { useExportContracts } from '../api';
import type { ContractSide } from '../side';

/** Export of the rows matching the current search, filter and sort; a failure shows EXPORT_ERROR (spec/2 section 8). */
export function ExportButton({ side, list }: { side: ContractSide; list: ListState }) {
  const { t } = useTranslation();
  const exporter = useExportContracts(side);
  const run = () =>
    exporter.mutate(list, {
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
      {t('contracts.list.export')}
    </Button>
  );
}
