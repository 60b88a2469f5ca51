import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../app/dictionaries';
import type { ContractorFormValues } from '../form-values';

interface AddressFieldsProps {
  form: UseFormReturnType<ContractorFormValues>;
  /** 'accountingAddress' or 'additionalAddress.N' */
  path: string;
  isCityRequired?: boolean;
}

/** Street, building number, post code, city and country of one address. */
export function AddressFields({ form, path, isCityRequired }: AddressFieldsProps) {
  const { t } = useTranslation();
  const countries = useCountries();
  const countryOptions = (countries.data ?? []).map((country) => ({ value: country.code, label: country.name }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
      <TextInput label={t('contractors.street')} {...form.getInputProps(`${path}.street`)} />
      <TextInput label={t('contractors.buildingNumber')} {...form.getInputProps(`${path}.buildingNumber`)} />
      <TextInput label={t('contractors.postCode')} {...form.getInputProps(`${path}.postCode`)} />
      <TextInput label={t('contractors.city')} withAsterisk={isCityRequired} {...form.getInputProps(`${path}.city`)} />
      <Select
        label={t('contractors.country')}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('common.noOptions')}
        data={countryOptions}
        {...form.getInputProps(`${path}.countryCode`)}
      />
    </SimpleGrid>
  );
}
