import { formatPricePerTonne, PRICE_LIST_SUPPLIER_KINDS } from '@grain/shared';
import { Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useRawMaterialsWithQualities } from '../../cargo';
import { useCreatePriceListEntry } from '../api';
import {
  type PriceListFormValues,
  priceListDefaults,
  priceListFormSchema,
  toCreatePriceListRequest,
} from '../price-list-form';

/** The qualities grouped by raw material, as the select offers them. */
function useQualityOptions() {
  const materials = useRawMaterialsWithQualities().data ?? [];
  return materials.map((material) => ({
    group: material.translatePl,
    items: material.qualities.map((quality) => ({ value: String(quality.id), label: quality.title })),
  }));
}

/** The form of "Dodaj cenę" (ADMIN): one price for a quality, supplier kind and payment term over some days. */
function PriceListEntryForm({ day, onClose }: { day: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePriceListEntry();
  const form = useZodForm<PriceListFormValues>({ schema: priceListFormSchema, initialValues: priceListDefaults(day) });
  const submit = form.handleSubmit(async (values) => {
    await submitChange(form, {
      send: () => create.mutateAsync(toCreatePriceListRequest(values)),
      saved: (entry) => t('priceLists.added', { quality: entry.qualityTitle, price: formatPricePerTonne(entry.price) }),
      done: onClose,
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('priceLists.quality')}
          withAsterisk
          searchable
          data={useQualityOptions()}
          data-autofocus
          {...form.getInputProps('rawMaterialQualityId')}
        />
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="price-list-supplier-kind">
            {t('priceLists.supplierKind')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="price-list-supplier-kind"
            data={PRICE_LIST_SUPPLIER_KINDS.map((kind) => ({
              value: kind,
              label: t(`priceLists.supplierKindsShort.${kind}`),
            }))}
            {...form.getInputProps('supplierKind')}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            label={t('priceLists.paymentTerm')}
            withAsterisk
            {...form.getInputProps('paymentTermDays')}
            value={form.values.paymentTermDays}
          />
          <NumberField
            label={t('priceLists.price')}
            withAsterisk
            decimals={2}
            {...form.getInputProps('price')}
            value={form.values.price}
          />
          <DateInput
            label={t('priceLists.validFrom')}
            withAsterisk
            {...form.getInputProps('validFrom')}
            value={form.values.validFrom}
          />
          <DateInput
            label={t('priceLists.validTo')}
            withAsterisk
            {...form.getInputProps('validTo')}
            value={form.values.validTo}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CreatePriceListEntryModal({
  opened,
  day,
  onClose,
}: {
  opened: boolean;
  day: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} centered title={t('priceLists.addTitle')}>
      {opened && <PriceListEntryForm day={day} onClose={onClose} />}
    </Modal>
  );
}
