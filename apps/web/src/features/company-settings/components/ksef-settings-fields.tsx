import { type CompanySettingsResponse, KSEF_SETTINGS_ENVIRONMENTS } from '@grain/shared';
import { Alert, Badge, Button, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** The KSeF part of the company form (RULES.md Invoices, VAT and KSeF). */
export interface KsefFormValues {
  /** '' while KSeF is off. */
  ksefEnvironment: string;
  ksefNip: string;
  /** Empty: the stored token stays (the server never answers it). */
  ksefToken: string;
  ksefTokenClear: boolean;
  ksefCustomUrl: string;
}

export function ksefInitialValues(settings: CompanySettingsResponse): KsefFormValues {
  return {
    ksefEnvironment: settings.ksefEnvironment ?? '',
    ksefNip: settings.ksefNip ?? '',
    ksefToken: '',
    ksefTokenClear: false,
    ksefCustomUrl: settings.ksefCustomUrl ?? '',
  };
}

/** The request's KSeF fields: no environment is null (off); the custom address only where the server takes one. */
export function ksefRequestValues(values: KsefFormValues, settings: CompanySettingsResponse) {
  return {
    ksefEnvironment: values.ksefEnvironment || null,
    ksefNip: values.ksefNip,
    ksefToken: values.ksefToken,
    ksefTokenClear: values.ksefTokenClear,
    ...(settings.ksefCustomUrlAllowed ? { ksefCustomUrl: values.ksefCustomUrl } : {}),
  };
}

function tokenStateKey(settings: CompanySettingsResponse, values: KsefFormValues): string {
  if (values.ksefTokenClear) return 'tokenToRemove';
  if (values.ksefToken) return 'tokenToSave';
  return settings.ksefTokenSet ? 'tokenSet' : 'tokenNotSet';
}

type KsefForm<Values> = { form: UseFormReturnType<Values>; settings: CompanySettingsResponse };

/** The token: never shown back, only whether one is stored; "Usuń token" removes it on save. */
function KsefTokenField<Values extends KsefFormValues & Record<string, unknown>>({ form, settings }: KsefForm<Values>) {
  const { t } = useTranslation();
  const values = form.values;
  const tokenState = tokenStateKey(settings, values);
  const setValue = (field: keyof KsefFormValues, value: unknown) => form.setFieldValue(field as never, value as never);
  return (
    <Stack gap={4}>
      <PasswordInput
        label={t('carriers.settings.ksef.token')}
        description={t('carriers.settings.ksef.tokenHint')}
        autoComplete="new-password"
        disabled={!settings.secretsKeySet}
        {...form.getInputProps('ksefToken')}
        onChange={(event) => {
          setValue('ksefToken', event.currentTarget.value);
          if (event.currentTarget.value) setValue('ksefTokenClear', false);
        }}
      />
      <Group gap="xs">
        <Badge
          variant="light"
          color={tokenState === 'tokenSet' || tokenState === 'tokenToSave' ? 'green' : 'gray'}
          data-testid="ksef-token-state"
        >
          {t(`carriers.settings.ksef.${tokenState}`)}
        </Badge>
        {settings.ksefTokenSet && !values.ksefTokenClear && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={() => {
              setValue('ksefTokenClear', true);
              setValue('ksefToken', '');
            }}
          >
            {t('carriers.settings.ksef.removeToken')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function KsefSettingsFields<Values extends KsefFormValues & Record<string, unknown>>({
  form,
  settings,
}: KsefForm<Values>) {
  const { t } = useTranslation();
  const values = form.values;
  const setValue = (field: keyof KsefFormValues, value: unknown) => form.setFieldValue(field as never, value as never);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('carriers.settings.ksef.title')}
      </Text>
      <Text c="dimmed" size="sm">
        {t('carriers.settings.ksef.intro')}
      </Text>
      {!settings.secretsKeySet && <Alert color="yellow">{t('carriers.settings.ksef.noSecretsKey')}</Alert>}
      {settings.ksefSource === 'ENVIRONMENT' && (
        <Alert color="blue">{t('carriers.settings.ksef.fromEnvironment')}</Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('carriers.settings.ksef.environment')}
          placeholder={t('carriers.settings.ksef.off')}
          clearable
          data={KSEF_SETTINGS_ENVIRONMENTS.map((environment) => ({
            value: environment,
            label: t(`carriers.settings.ksef.environments.${environment}`),
          }))}
          {...form.getInputProps('ksefEnvironment')}
          value={values.ksefEnvironment || null}
          onChange={(next) => setValue('ksefEnvironment', next ?? '')}
        />
        <TextInput
          label={t('carriers.settings.ksef.nip')}
          description={t('carriers.settings.ksef.nipHint')}
          {...form.getInputProps('ksefNip')}
        />
        <KsefTokenField form={form} settings={settings} />
        {settings.ksefCustomUrlAllowed && (
          <TextInput
            label={t('carriers.settings.ksef.customUrl')}
            description={t('carriers.settings.ksef.customUrlHint')}
            placeholder="http://127.0.0.1:3900/v2"
            {...form.getInputProps('ksefCustomUrl')}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
