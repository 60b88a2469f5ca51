import { defaultQualityTerms, type QualityParamResponse } from '@grain/shared';
import { Button, Divider, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLabValue } from '../../../components/quality-lines';
import { useQualityParams } from '../../cargo';
import { newQualityTermForm, type QualityTermFormValues, toQualityTermForm } from '../quality-terms-values';
import type { ContractFormApi } from './form-types';
import { QualityTermFields } from './quality-term-fields';

/**
 * Any numeric parameter of the quality (the cargo params screen adds them) not yet in the terms can be added, with
 * its rule and direction then chosen in its fields.
 */
function AddQualityTerm({
  params,
  terms,
  onAdd,
}: {
  params: readonly QualityParamResponse[];
  terms: readonly QualityTermFormValues[];
  onAdd: (term: QualityTermFormValues) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const used = new Set(terms.map((term) => term.parameter.trim().toLowerCase()));
  const free = params.filter((param) => !used.has(param.name.trim().toLowerCase()));
  const param = free.find((candidate) => candidate.name === chosen);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={t('contracts.qualityTerms.addParameter')}
        placeholder={free.length ? undefined : t('contracts.qualityTerms.noMoreParameters')}
        data={free.map((candidate) => ({
          value: candidate.name,
          label: candidate.unit ? `${candidate.name} (${candidate.unit})` : candidate.name,
        }))}
        value={param ? chosen : null}
        onChange={setChosen}
        disabled={free.length === 0}
        searchable
        w={{ base: '100%', sm: 280 }}
      />
      <Button
        size="sm"
        variant="light"
        disabled={!param}
        onClick={() => {
          if (!param) return;
          onAdd(newQualityTermForm(param));
          setChosen(null);
        }}
      >
        {t('contracts.qualityTerms.add')}
      </Button>
    </Group>
  );
}

/**
 * A price option's quality terms. Left alone, the option takes the defaults of its quality's parameters
 * (shown); "Dostosuj" copies them into the form to edit per parameter, remove, or add any other parameter.
 */
export function QualityTermsEditor({
  form,
  path,
  qualityId,
}: {
  form: ContractFormApi;
  path: string;
  qualityId: number | null;
}) {
  const { t } = useTranslation();
  const params = useQualityParams(qualityId);
  const termsPath = `${path}.qualityTerms`;
  const terms = form.getInputProps(termsPath).value as ReturnType<typeof toQualityTermForm>[] | null;
  const defaults = defaultQualityTerms(params.data?.params ?? []);
  const numericParams = (params.data?.params ?? []).filter((param) => param.type === 'number');
  if (terms === null) {
    return (
      <Paper withBorder p="xs" radius="sm" data-testid="quality-terms">
        <Group justify="space-between" gap="xs">
          <Stack gap={0}>
            <Text fz="sm" fw={600}>
              {t('contracts.qualityTerms.title')}
            </Text>
            <Text fz="xs" c="dimmed">
              {defaults.length
                ? t('contracts.qualityTerms.defaults', {
                    list: defaults
                      .map((term) => `${term.parameter} ${formatLabValue(term.basis, term.unit)}`)
                      .join(', '),
                  })
                : t('contracts.qualityTerms.none')}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="light"
            disabled={qualityId === null}
            onClick={() => form.setFieldValue(termsPath, defaults.map(toQualityTermForm))}
          >
            {t('contracts.qualityTerms.adjust')}
          </Button>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="quality-terms">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fz="sm" fw={600}>
            {t('contracts.qualityTerms.title')}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => form.setFieldValue(termsPath, null)}>
            {t('contracts.qualityTerms.reset')}
          </Button>
        </Group>
        {terms.length === 0 && (
          <Text fz="xs" c="dimmed">
            {t('contracts.qualityTerms.none')}
          </Text>
        )}
        {terms.map((term, index) => (
          <Stack key={term.parameter} gap="xs">
            {index > 0 && <Divider />}
            <QualityTermFields
              form={form}
              at={`${termsPath}.${index}`}
              term={term}
              onRemove={() => form.removeListItem(termsPath, index)}
            />
          </Stack>
        ))}
        <Divider />
        <AddQualityTerm params={numericParams} terms={terms} onAdd={(term) => form.insertListItem(termsPath, term)} />
      </Stack>
    </Paper>
  );
}
