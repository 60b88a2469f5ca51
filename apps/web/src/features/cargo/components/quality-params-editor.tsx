import { MAX_QUALITY_PARAMS, type QualityParamsResponse, QualityParamsUpdateRequestSchema } from '@grain/shared';
import { Button, Center, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useQualityParams, useUpdateQualityParams } from '../api';
import { emptyParam, type ParamsFormValues, toParamsForm, toParamsRequest } from '../params-form';
import { ParamRow } from './param-row';

function ParamsForm({ quality }: { quality: QualityParamsResponse }) {
  const { t } = useTranslation();
  const update = useUpdateQualityParams(quality.id);
  const form = useZodForm<ParamsFormValues>({
    schema: QualityParamsUpdateRequestSchema,
    initialValues: toParamsForm(quality.params),
  });
  const rows = form.values.params;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(toParamsRequest(values));
      form.setInitialValues(toParamsForm(saved.params));
      form.setValues(toParamsForm(saved.params));
      notifications.show({ color: 'green', message: t('cargo.paramsUpdated'), withCloseButton: true });
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      {rows.length === 0 ? (
        <Text c="dimmed" py="md">
          {t('cargo.noParams')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing={6} aria-label={t('cargo.params', { title: quality.title })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={240}>{t('cargo.paramName')}</Table.Th>
                <Table.Th w={150}>{t('cargo.paramType')}</Table.Th>
                <Table.Th w={110}>{t('cargo.paramUnit')}</Table.Th>
                <Table.Th>{t('cargo.paramValue')}</Table.Th>
                <Table.Th w={44} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((_row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; inputs are controlled
                <ParamRow key={index} form={form} index={index} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= MAX_QUALITY_PARAMS}
          onClick={() => form.insertListItem('params', emptyParam())}
        >
          {t('cargo.addParam')}
        </Button>
        <Group gap="sm">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.saveChanges')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}

/** The parameters of one quality in an editable table, saved together with PUT /cargo/params/{id}. */
export function QualityParamsEditor({ qualityId }: { qualityId: number }) {
  const { t } = useTranslation();
  const params = useQualityParams(qualityId);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      {params.data ? (
        <>
          <Title order={4} mb="sm">
            {t('cargo.params', { title: params.data.title })}
          </Title>
          <ParamsForm key={params.data.id} quality={params.data} />
        </>
      ) : params.isError ? (
        <Center py="xl" c="red">
          {t('list.error')}
        </Center>
      ) : (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
    </Paper>
  );
}
