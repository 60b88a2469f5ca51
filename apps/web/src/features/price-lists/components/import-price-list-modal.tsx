import { csvRefusalPlace } from '@grain/shared';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileImportModal } from '../../../components/file-import-modal';
import { useImportPriceList } from '../api';

/**
 * "Importuj CSV": the file goes to the server as text, read in one transaction. A refusal shows the server's
 * sentence and the row and column it names (nothing of the file is stored then).
 */
export function ImportPriceListModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importList = useImportPriceList();
  return (
    <FileImportModal
      opened={opened}
      onClose={onClose}
      texts={{
        title: t('priceLists.importTitle'),
        hint: t('priceLists.importHint'),
        chooseFile: t('priceLists.chooseFile'),
        noFile: t('priceLists.noFile'),
      }}
      accept=".csv,text/csv"
      isPending={importList.isPending}
      send={async (file) => (await importList.mutateAsync({ fileName: file.name, content: await file.text() })).added}
      refusalDetail={(error) => {
        const place = error.errors[0] ? csvRefusalPlace(error.errors[0].field) : null;
        return place ? t('priceLists.refusalAt', place) : null;
      }}
      renderResult={(added) => (
        <Alert color="green" role="status">
          {t('priceLists.importDone', { count: added })}
        </Alert>
      )}
    />
  );
}
