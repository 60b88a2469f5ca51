import { COMPANY_LOGO_MAX_BYTES, CompanySettingsRequestSchema, type CompanySettingsResponse } from '@grain/shared';
import { Alert, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NumberField } from '../../../components/form/number-input';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSaveCompanySettings } from '../api';
import { type KsefFormValues, KsefSettingsFields, ksefInitialValues, ksefRequestValues } from './ksef-settings-fields';

interface CompanyFormValues extends KsefFormValues, Record<string, unknown> {
  name: string;
  street: string;
  postCode: string;
  city: string;
  nip: string;
  email: string;
  phoneNumber: string;
  logoDataUrl: string | null;
  invoiceSeries: string;
  correctionSeries: string;
  rrInvoiceSeries: string;
  rrCorrectionSeries: string;
  weighbridgeTicketSeries: string;
  bankAccount: string;
  /** Null while the field is empty: the request then leaves the term as the server has it. */
  paymentTermDays: number | null;
  /** Percent as typed (5 = 5 %); sent in hundredths of a percent. Null leaves the stored limit. */
  priceDeviationPercent: number | null;
}

function initialValuesOf(settings: CompanySettingsResponse): CompanyFormValues {
  return {
    name: settings.name,
    street: settings.street ?? '',
    postCode: settings.postCode ?? '',
    city: settings.city,
    nip: settings.nip,
    email: settings.email ?? '',
    phoneNumber: settings.phoneNumber ?? '',
    logoDataUrl: settings.logoDataUrl,
    invoiceSeries: settings.invoiceSeries ?? '',
    correctionSeries: settings.correctionSeries ?? '',
    rrInvoiceSeries: settings.rrInvoiceSeries ?? '',
    rrCorrectionSeries: settings.rrCorrectionSeries ?? '',
    weighbridgeTicketSeries: settings.weighbridgeTicketSeries ?? '',
    bankAccount: settings.bankAccount ?? '',
    paymentTermDays: settings.paymentTermDays,
    priceDeviationPercent: settings.priceDeviationLimit / 100,
    ...ksefInitialValues(settings),
  };
}

/** The form keeps an empty term as null; the request leaves it out (the schema takes a number or nothing). */
function toRequestValues(
  {
    paymentTermDays,
    priceDeviationPercent,
    ksefEnvironment,
    ksefNip,
    ksefToken,
    ksefTokenClear,
    ksefCustomUrl,
    ...values
  }: CompanyFormValues,
  settings: CompanySettingsResponse,
) {
  const ksef = ksefRequestValues({ ksefEnvironment, ksefNip, ksefToken, ksefTokenClear, ksefCustomUrl }, settings);
  return {
    ...values,
    ...ksef,
    ...(paymentTermDays === null ? {} : { paymentTermDays }),
    ...(priceDeviationPercent === null ? {} : { priceDeviationLimit: Math.round(priceDeviationPercent * 100) }),
  };
}

const companyFormSchema = (settings: CompanySettingsResponse) =>
  z.preprocess((values) => toRequestValues(values as CompanyFormValues, settings), CompanySettingsRequestSchema);

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function CompanySettingsForm({ settings }: { settings: CompanySettingsResponse }) {
  const { t } = useTranslation();
  const save = useSaveCompanySettings();
  const form = useZodForm<CompanyFormValues>({
    schema: companyFormSchema(settings),
    initialValues: initialValuesOf(settings),
  });

  const pickLogo = async (file: File | null) => {
    if (!file) return;
    if (file.size > COMPANY_LOGO_MAX_BYTES) {
      form.setFieldError('logoDataUrl', t('validation.logoTooBig'));
      return;
    }
    form.setFieldValue('logoDataUrl', await readAsDataUrl(file));
    form.validateField('logoDataUrl');
  };

  // Saving can be undone by saving again, so it is not confirmed; missing fields are marked on click.
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(CompanySettingsRequestSchema.parse(toRequestValues(values, settings)));
      // The token is never answered back: the field empties, its state shows under it.
      form.setFieldValue('ksefToken', '');
      form.setFieldValue('ksefTokenClear', false);
      notifications.show({ color: 'green', message: t('carriers.settings.saved') });
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  const logo = form.values.logoDataUrl;
  const logoError = form.errors.logoDataUrl;
  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={820}>
        <Stack gap="lg">
          <Text c="dimmed" size="sm">
            {t('carriers.settings.intro')}
          </Text>
          {!settings.configured && <Alert color="yellow">{t('carriers.settings.notConfigured')}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('carriers.settings.name')} withAsterisk {...form.getInputProps('name')} />
            <TextInput label={t('carriers.settings.nip')} withAsterisk {...form.getInputProps('nip')} />
            <TextInput label={t('carriers.settings.street')} {...form.getInputProps('street')} />
            <SimpleGrid cols={2}>
              <TextInput label={t('carriers.settings.postCode')} {...form.getInputProps('postCode')} />
              <TextInput label={t('carriers.settings.city')} withAsterisk {...form.getInputProps('city')} />
            </SimpleGrid>
            <TextInput label={t('carriers.settings.email')} type="email" {...form.getInputProps('email')} />
            <TextInput label={t('carriers.settings.phoneNumber')} {...form.getInputProps('phoneNumber')} />
          </SimpleGrid>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('carriers.settings.invoicing')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('carriers.settings.invoiceSeries')}
                description={t('carriers.settings.invoiceSeriesHint')}
                placeholder="FV/{RRRR}/{MM}/{NR}"
                {...form.getInputProps('invoiceSeries')}
              />
              <TextInput
                label={t('carriers.settings.correctionSeries')}
                description={t('carriers.settings.correctionSeriesHint')}
                placeholder="FK/{RRRR}/{MM}/{NR}"
                {...form.getInputProps('correctionSeries')}
              />
              <TextInput
                label={t('carriers.settings.rrInvoiceSeries')}
                description={t('carriers.settings.rrInvoiceSeriesHint')}
                placeholder="RR/{RRRR}/{NR}"
                {...form.getInputProps('rrInvoiceSeries')}
              />
              <TextInput
                label={t('carriers.settings.rrCorrectionSeries')}
                description={t('carriers.settings.rrCorrectionSeriesHint')}
                placeholder="RRK/{RRRR}/{NR}"
                {...form.getInputProps('rrCorrectionSeries')}
              />
              <TextInput
                label={t('carriers.settings.weighbridgeTicketSeries')}
                description={t('carriers.settings.weighbridgeTicketSeriesHint')}
                placeholder="KW/{RRRR}/{NR}"
                {...form.getInputProps('weighbridgeTicketSeries')}
              />
              <TextInput label={t('carriers.settings.bankAccount')} {...form.getInputProps('bankAccount')} />
              <NumberField
                label={t('carriers.settings.paymentTermDays')}
                decimals={0}
                min={0}
                max={365}
                {...form.getInputProps('paymentTermDays')}
                value={form.values.paymentTermDays}
              />
              <NumberField
                label={t('carriers.settings.priceDeviationPercent')}
                description={t('carriers.settings.priceDeviationPercentHint')}
                decimals={2}
                min={0}
                max={100}
                rightSection="%"
                {...form.getInputProps('priceDeviationPercent')}
                value={form.values.priceDeviationPercent}
              />
            </SimpleGrid>
          </Stack>
          <KsefSettingsFields form={form} settings={settings} />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('carriers.settings.logo')}
            </Text>
            <Group gap="md" align="center">
              {logo && <Image src={logo} alt={t('carriers.settings.logoPreview')} h={56} w="auto" fit="contain" />}
              <FileButton onChange={(file) => void pickLogo(file)} accept="image/png,image/jpeg">
                {(props) => (
                  <Button variant="default" {...props}>
                    {t('carriers.settings.logoPick')}
                  </Button>
                )}
              </FileButton>
              {logo && (
                <Button variant="subtle" color="red" onClick={() => form.setFieldValue('logoDataUrl', null)}>
                  {t('carriers.settings.logoRemove')}
                </Button>
              )}
            </Group>
            {logoError && (
              <Text c="red" size="sm">
                {logoError}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('common.saveChanges')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
