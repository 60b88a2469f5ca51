import { CURRENCIES, isGmpCertificateLacking } from '@grain/shared';
import { Grid, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { CarrierCertificateWarning, ContractorSelect, useCarrierGmpCertificate } from '../../contractors';
import { needsConfirmationNote, type TransportFormValues, withGmpToggled } from '../transport-form';
import type { FreightPrefill } from './freight-prefill';

interface FieldsProps {
  form: UseFormReturnType<TransportFormValues>;
  saleRequiresGmp: boolean;
  /** Create: the carrier's last price on the route, prefilled until the user types one. */
  freight?: FreightPrefill;
}

const DRIVER_FIELDS = ['registrationNumber', 'trailerNumber', 'driverName', 'phoneNumber', 'driverDocumentId'] as const;

/** The fields of spec/1 section 5 Transport form; the driver fields are required while on the way. */
export function TransportFormFields({ form, saleRequiresGmp, freight }: FieldsProps) {
  const { t } = useTranslation();
  const { values } = form;
  const certificate = useCarrierGmpCertificate(
    values.carrierId,
    values.dateLoading,
    values.dateUnloading,
    saleRequiresGmp,
  );
  const isCertificateLacking = certificate !== null && isGmpCertificateLacking(certificate);
  const isDriverRequired = (field: (typeof DRIVER_FIELDS)[number]) => values.isOnTheWay && field !== 'trailerNumber';

  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <ContractorSelect
          label={t('transports.form.carrier')}
          withAsterisk
          {...form.getInputProps('carrierId')}
          onChange={(value) => form.setFieldValue('carrierId', value)}
        />
      </Grid.Col>
      {DRIVER_FIELDS.map((field) => (
        <Grid.Col key={field} span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t(`transports.form.${field}`)}
            withAsterisk={isDriverRequired(field)}
            {...form.getInputProps(field)}
          />
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <NumberField
          label={t('transports.form.cargoQuantity')}
          withAsterisk
          decimals={3}
          min={0}
          {...form.getInputProps('cargoQuantity')}
          value={values.cargoQuantity}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 8, sm: 5 }}>
        <NumberField
          label={t('transports.form.pricePerTon')}
          withAsterisk
          decimals={2}
          min={0}
          {...form.getInputProps('pricePerTon')}
          // Under the input, so the price stays level with the currency beside it.
          description={freight?.hint ?? undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onChange={(value) => {
            freight?.onFreightTyped();
            form.getInputProps('pricePerTon').onChange(value);
          }}
          value={values.pricePerTon}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 4, sm: 3 }}>
        <Select
          label={t('transports.form.currency')}
          withAsterisk
          data={[...CURRENCIES]}
          allowDeselect={false}
          {...form.getInputProps('currency')}
          onChange={(value) => {
            freight?.onFreightTyped();
            form.getInputProps('currency').onChange(value);
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DateInput
          label={t('transports.form.dateLoading')}
          withAsterisk
          {...form.getInputProps('dateLoading')}
          value={values.dateLoading}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DateInput
          label={t('transports.form.dateUnloading')}
          withAsterisk
          min={values.dateLoading ?? undefined}
          {...form.getInputProps('dateUnloading')}
          value={values.dateUnloading}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }} pt={values.isGmp ? { base: 'xs', sm: 34 } : 'xs'}>
        <Switch
          label={t('transports.form.isGmp')}
          checked={values.isGmp}
          onChange={(event) => form.setValues(withGmpToggled(event.currentTarget.checked))}
        />
      </Grid.Col>
      {values.isGmp && (
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={t('transports.form.gmpNumber')} withAsterisk {...form.getInputProps('gmpNumber')} />
        </Grid.Col>
      )}
      {isCertificateLacking && (
        <Grid.Col span={12}>
          <CarrierCertificateWarning check={certificate} />
        </Grid.Col>
      )}
      {(needsConfirmationNote(values, saleRequiresGmp) || isCertificateLacking) && (
        <Grid.Col span={12}>
          <Textarea
            label={t('transports.form.confirmationNote')}
            description={t('transports.form.confirmationNoteHint')}
            withAsterisk
            {...form.getInputProps('confirmationNote')}
          />
        </Grid.Col>
      )}
      <Grid.Col span={12}>
        <Textarea label={t('transports.form.comment')} {...form.getInputProps('comment')} />
      </Grid.Col>
    </Grid>
  );
}
