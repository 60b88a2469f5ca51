import '../i18n';
import { Button, Center, Grid, Loader, ScrollArea, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCargoTabs } from '../../../app/dictionaries';
import { PageHeader } from '../../../components/page-header';
import { useRawMaterialsWithQualities } from '../api';
import { CreateVariantModal } from '../components/create-variant-modal';
import { QualityList } from '../components/quality-list';
import { QualityParamsEditor } from '../components/quality-params-editor';
import { TransitToleranceForm } from '../components/transit-tolerance-form';

/** spec/2 section 9: the raw material tab defaults to 1. */
const DEFAULT_RAW_MATERIAL_ID = 1;

/** spec/1 Other: the cargo params screen. The chosen raw material and quality live in the query string. */
export function Page() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [isVariantOpen, variantModal] = useDisclosure(false);
  const tabs = useCargoTabs();
  const materials = useRawMaterialsWithQualities();

  const rawMaterialId = Number(params.get('rawMaterialId')) || DEFAULT_RAW_MATERIAL_ID;
  const rawMaterial = tabs.data?.find((tab) => tab.id === rawMaterialId);
  const qualities = materials.data?.find((material) => material.id === rawMaterialId)?.qualities ?? [];
  const requestedQualityId = Number(params.get('qualityId'));
  const qualityId = qualities.some((quality) => quality.id === requestedQualityId)
    ? requestedQualityId
    : (qualities[0]?.id ?? null);

  const choose = (next: { rawMaterialId: number; qualityId?: number }) => {
    const query = new URLSearchParams({ rawMaterialId: String(next.rawMaterialId) });
    if (next.qualityId) query.set('qualityId', String(next.qualityId));
    setParams(query, { replace: true });
  };

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('cargo.paramsTitle') }]}
        title={t('cargo.paramsTitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={variantModal.open} disabled={!rawMaterial}>
            {t('cargo.addVariant')}
          </Button>
        }
      />
      <Tabs
        value={String(rawMaterialId)}
        onChange={(value) => value && choose({ rawMaterialId: Number(value) })}
        mb="md"
      >
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
          <Tabs.List style={{ flexWrap: 'nowrap' }} aria-label={t('cargo.rawMaterial')}>
            {(tabs.data ?? []).map((tab) => (
              <Tabs.Tab key={tab.id} value={String(tab.id)} style={{ whiteSpace: 'nowrap' }}>
                {tab.translatePl}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      {rawMaterial && <TransitToleranceForm rawMaterialId={rawMaterial.id} />}
      {!materials.data ? (
        <Center py="xl">{materials.isError ? <Text c="red">{t('list.error')}</Text> : <Loader />}</Center>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <QualityList
              qualities={qualities}
              selectedId={qualityId}
              onSelect={(id) => choose({ rawMaterialId, qualityId: id })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            {qualityId ? (
              <QualityParamsEditor key={qualityId} qualityId={qualityId} />
            ) : (
              <Text c="dimmed">{t('cargo.chooseQuality')}</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
      {rawMaterial && (
        <CreateVariantModal
          rawMaterial={rawMaterial}
          opened={isVariantOpen}
          onClose={variantModal.close}
          onCreated={(quality) => {
            variantModal.close();
            choose({ rawMaterialId: quality.rawMaterialId, qualityId: quality.id });
          }}
        />
      )}
    </>
  );
}
