import { displayToIsoDate, isoToDisplayDate } from '@grain/shared';
import { TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Keeps digits, adds the dots of DD.MM.YYYY as the user types. */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join('.');
}

/** spec/1 Inputs: clamp to min and max (YYYY-MM-DD strings compare as dates). */
export function clampIsoDate(iso: string, min?: string, max?: string): string {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}

interface DateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'min' | 'max'> {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  min?: string;
  max?: string;
}

/**
 * Date input of spec/1 section 5: shows DD.MM.YYYY, accepts only that pattern, clamps to min/max on blur
 * and clears on empty. The value is YYYY-MM-DD or null.
 */
export function DateInput({ value, onChange, min, max, onBlur, ...rest }: DateInputProps) {
  const [text, setText] = useState(isoToDisplayDate(value));
  useEffect(() => setText(isoToDisplayDate(value)), [value]);

  return (
    <TextInput
      {...rest}
      inputMode="numeric"
      placeholder="DD.MM.RRRR"
      leftSection={<IconCalendar size={16} />}
      value={text}
      onChange={(event) => {
        const masked = maskDate(event.currentTarget.value);
        setText(masked);
        if (masked === '') onChange(null);
        const iso = displayToIsoDate(masked);
        if (iso) onChange(iso);
      }}
      onBlur={(event) => {
        const iso = displayToIsoDate(text);
        if (text === '') onChange(null);
        else if (iso) {
          const clamped = clampIsoDate(iso, min, max);
          setText(isoToDisplayDate(clamped));
          onChange(clamped);
        } else {
          // An incomplete or impossible date is not a value: the field is cleared.
          setText('');
          onChange(null);
        }
        onBlur?.(event);
      }}
    />
  );
}
