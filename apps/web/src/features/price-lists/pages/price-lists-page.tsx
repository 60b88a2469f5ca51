import '../i18n';
import { todayIso } from '@grain/shared';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconPrinter, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob, showErrorToast } from '../../../api/client';
import { useSession } from '../../../app/session';
import { DateInput } from '../../../components/form/date-input';
import { PageHeader } from '../../../components/page-header';
import { downloadPriceListPdf, usePriceListOfDay } from '../api';
import { CreatePriceListEntryModal } from '../components/create-price-list-entry-modal';
import { ImportPriceListModal } from '../components/import-price-list-modal';
import { PriceListTable } from '../components/price-list-table';

/** "Cennik skupu": the day's purchase prices by raw material; ADMIN adds prices or imports a CSV; anyone prints it. */
export function Page() {
  const { t } = useTranslation();
  const isAdmin = useSession().user?.role === 'ADMIN';
  const [day, setDay] = useState(todayIso());
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const query = usePriceListOfDay(day);
  // A phone shows quality, supplier, term and price; the days and the source need the width of a desk.
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const list = query.data?.list ?? [];
  const materials = [...new Set(list.map((entry) => entry.rawMaterialName))];
  const print = async () => {
    try {
      saveBlob(await downloadPriceListPdf(day), `cennik-skupu-${day}.pdf`);
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('priceLists.title') }]}
        title={t('priceLists.title')}
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => void print()}>
              {t('priceLists.pdf')}
            </Button>
            {isAdmin && (
              <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog('import')}>
                {t('priceLists.import')}
              </Button>
            )}
            {isAdmin && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('add')}>
                {t('priceLists.add')}
              </Button>
            )}
          </Group>
        }
      />
      <Text fz="sm" c="dimmed" mb="sm">
        {t('priceLists.hint')}
      </Text>
      <Group align="end" gap="md" mb="md">
        <DateInput label={t('priceLists.day')} value={day} onChange={(value) => value && setDay(value)} maw={220} />
        {query.data && (
          <Text fz="sm" c="dimmed">
            {t('priceLists.limit', { percent: (query.data.deviationLimit / 100).toLocaleString('pl-PL') })}
          </Text>
        )}
      </Group>
      {query.isLoading && <Loader size="sm" />}
      {query.data && !list.length && <PriceListTable list={[]} />}
      <Stack gap="lg">
        {materials.map((material) => (
          <Stack key={material} gap="xs">
            <Title order={3} fz="lg">
              {material}
            </Title>
            <PriceListTable list={list.filter((entry) => entry.rawMaterialName === material)} isCompact={isPhone} />
          </Stack>
        ))}
      </Stack>
      <CreatePriceListEntryModal opened={dialog === 'add'} day={day} onClose={() => setDialog(null)} />
      <ImportPriceListModal opened={dialog === 'import'} onClose={() => setDialog(null)} />
    </>
  );
}
