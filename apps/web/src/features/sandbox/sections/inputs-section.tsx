import { CURRENCIES } from '@grain/shared';
import { Checkbox, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { Section } from './section';

/** Text, number and date inputs, plain, required, with their error messages, and disabled. */
export function InputsSection() {
  const { t } = useTranslation();
  const [name, setName] = useState('Gospodarstwo Rolne Jan Kowalski');
  const [number, setNumber] = useState('');
  const [comment, setComment] = useState('x'.repeat(256));
  const [quantity, setQuantity] = useState<number | null>(24.38);
  const [negative, setNegative] = useState<number | null>(0);
  const [loading, setLoading] = useState<string | null>('2026-04-02');
  const [unloading, setUnloading] = useState<string | null>('2026-04-01');
  const [currency, setCurrency] = useState<string | null>('PLN');
  const [note, setNote] = useState('');
  const [isGmp, setGmp] = useState(true);
  return (
    <Section id="inputs" title={t('sandbox.sections.inputs')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <TextInput
          label={t('sandbox.inputs.text')}
          description={t('sandbox.inputs.textHint')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t('sandbox.inputs.required')}
          withAsterisk
          value={number}
          onChange={(event) => setNumber(event.currentTarget.value)}
          error={number ? undefined : t('sandbox.inputs.requiredError')}
        />
        <TextInput
          label={t('sandbox.inputs.tooLong')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={comment.length > 255 ? t('sandbox.inputs.tooLongError') : undefined}
        />
        <NumberField
          label={t('sandbox.inputs.number')}
          description={t('sandbox.inputs.numberHint')}
          value={quantity}
          onChange={setQuantity}
          decimals={3}
          min={0}
          max={100}
        />
        <NumberField
          label={t('sandbox.inputs.number')}
          withAsterisk
          value={negative}
          onChange={setNegative}
          decimals={3}
          error={negative !== null && negative > 0 ? undefined : t('sandbox.inputs.numberError')}
        />
        <Select
          label={t('sandbox.inputs.select')}
          data={[...CURRENCIES]}
          value={currency}
          onChange={setCurrency}
          allowDeselect={false}
        />
        <DateInput
          label={t('sandbox.inputs.date')}
          description={t('sandbox.inputs.dateHint')}
          value={loading}
          onChange={setLoading}
        />
        <DateInput
          label={t('sandbox.inputs.dateUnloading')}
          withAsterisk
          value={unloading}
          onChange={setUnloading}
          min={loading ?? undefined}
          error={unloading && loading && unloading < loading ? t('sandbox.inputs.dateError') : undefined}
        />
        <TextInput label={t('sandbox.inputs.disabled')} value="ZK/2026/0012" disabled readOnly />
        <Textarea
          label={t('sandbox.inputs.textarea')}
          description={t('sandbox.inputs.textareaHint')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Checkbox
          label={t('sandbox.inputs.checkbox')}
          checked={isGmp}
          onChange={(event) => setGmp(event.currentTarget.checked)}
          mt="lg"
        />
      </SimpleGrid>
    </Section>
  );
}
