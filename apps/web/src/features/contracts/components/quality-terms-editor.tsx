import { defaultQualityTerms, QUALITY_RULES } from '@grain/shared';
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { formatLabValue } from '../../../components/quality-lines';
import { useQualityParams } from '../../cargo';
import { toQualityTermForm } from '../quality-terms-values';
import { type ContractFormApi, valueInputProps } from './form-types';

/**
 * A price option's quality terms. Left alone, the option takes the defaults of its quality's parameters
 * (shown); "Dostosuj" copies them into the form to edit per parameter.
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
        {terms.map((term, index) => {
          const at = `${termsPath}.${index}`;
          const unit = term.unit ? ` (${term.unit})` : '';
          return (
            <Stack key={term.parameter} gap={4} data-testid={`quality-term-${term.parameter}`}>
              <Group justify="space-between" gap="xs">
                <Text fz="sm">{term.parameter}</Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => form.removeListItem(termsPath, index)}
                >
                  {t('contracts.qualityTerms.remove', { parameter: term.parameter })}
                </Button>
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                <Select
                  label={t('contracts.qualityTerms.rule')}
                  data={QUALITY_RULES.map((rule) => ({
                    value: rule,
                    label: t(`contracts.qualityTerms.rules.${rule}`),
                  }))}
                  allowDeselect={false}
                  {...form.getInputProps(`${at}.rule`)}
                />
                <NumberField
                  label={`${t('contracts.qualityTerms.basis')}${unit}`}
                  decimals={2}
                  min={0}
                  {...valueInputProps(form, `${at}.basis`)}
                />
                <NumberField
                  label={`${t('contracts.qualityTerms.rejectionLimit')}${unit}`}
                  decimals={2}
                  min={0}
                  {...valueInputProps(form, `${at}.rejectionLimit`)}
                />
                {term.rule === 'MOISTURE_SHRINK' && (
                  <NumberField
                    label={t('contracts.qualityTerms.handlingPercent')}
                    decimals={2}
                    min={0}
                    {...valueInputProps(form, `${at}.handlingPercent`)}
                  />
                )}
                {term.rule === 'PRICE' && (
                  <>
                    <NumberField
                      label={`${t('contracts.qualityTerms.step')}${unit}`}
                      decimals={2}
                      min={0}
                      {...valueInputProps(form, `${at}.step`)}
                    />
                    <NumberField
                      label={t('contracts.qualityTerms.discountPerStep')}
                      decimals={2}
                      min={0}
                      {...valueInputProps(form, `${at}.discountPerStep`)}
                    />
                    <NumberField
                      label={t('contracts.qualityTerms.premiumPerStep')}
                      decimals={2}
                      min={0}
                      {...valueInputProps(form, `${at}.premiumPerStep`)}
                    />
                    <Checkbox
                      mt="lg"
                      label={t('contracts.qualityTerms.isStepped')}
                      {...form.getInputProps(`${at}.isStepped`, { type: 'checkbox' })}
                    />
                  </>
                )}
              </SimpleGrid>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
