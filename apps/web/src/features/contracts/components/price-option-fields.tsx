import type { Option } from '@grain/shared';
import { Checkbox, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { type ContractFormApi, valueInputProps } from './form-types';
import { QualityTermsEditor } from './quality-terms-editor';

interface PriceOptionFieldsProps {
  form: ContractFormApi;
  /** 'mainCargoOption' or 'additionalCargoOption.N' */
  path: string;
  qualities: Option[];
  currency: string;
  isAdditional?: boolean;
}

/** A price option (spec/1 section 3): price per tonne, quality, contractual quality; additional ones can be attached. */
export function PriceOptionFields({ form, path, qualities, currency, isAdditional }: PriceOptionFieldsProps) {
  const { t } = useTranslation();
  const priceProps = valueInputProps(form, `${path}.price`);
  const qualityProps = form.getInputProps(`${path}.rawMaterialQualityId`);
  const isContractual = Boolean(form.getInputProps(`${path}.isContractualQuality`, { type: 'checkbox' }).checked);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberField
          label={t('contracts.fields.pricePerTonne', { currency })}
          withAsterisk
          decimals={2}
          min={0}
          {...priceProps}
        />
        <Select<number>
          label={t('contracts.fields.quality')}
          withAsterisk
          searchable
          nothingFoundMessage={t('common.noOptions')}
          data={qualities.map((quality) => ({ value: quality.value, label: quality.label }))}
          {...qualityProps}
          onChange={(value) => {
            qualityProps.onChange(value);
            // Another quality means its own default terms (the server takes them when none are sent).
            form.setFieldValue(`${path}.qualityTerms`, null);
          }}
        />
      </SimpleGrid>
      <Switch
        label={t('contracts.fields.isContractualQuality')}
        {...form.getInputProps(`${path}.isContractualQuality`, { type: 'checkbox' })}
      />
      {isContractual && (
        <TextInput
          label={t('contracts.fields.contractualQuality')}
          withAsterisk
          {...form.getInputProps(`${path}.contractualQuality`)}
        />
      )}
      <QualityTermsEditor form={form} path={path} qualityId={qualityProps.value ?? null} />
      {isAdditional && (
        <Checkbox
          label={t('contracts.fields.attachToContract')}
          {...form.getInputProps(`${path}.attachToContract`, { type: 'checkbox' })}
        />
      )}
    </Stack>
  );
}
