import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface NumberFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'min' | 'max'> {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  allowNegative?: boolean;
  /** Decimal places allowed; 0 means integers only. */
  decimals?: number;
}

/** Keeps what a number may contain: digits, one minus in front, one decimal separator (comma read as dot), exponent. */
export function sanitizeNumberText(text: string, allowNegative: boolean, decimals: number): string {
  let out = text.replace(/,/g, '.').replace(/[^0-9.eE-]/g, '');
  if (!allowNegative) out = out.replace(/-/g, '');
  else out = out.replace(/(?!^)-(?<![eE]-)/g, '');
  if (decimals === 0) out = out.replace(/\./g, '');
  const [whole = '', ...rest] = out.split('.');
  if (rest.length > 0) out = `${whole}.${rest.join('').slice(0, decimals)}`;
  return out;
}

export type DroppedReason = 'letters' | 'minus' | 'decimals' | 'separator';

/**
 * Why sanitizeNumberText left out part of what was typed, so the field can say it rather than drop keys silently:
 * letters or other signs, a minus where none may be, more decimal places than allowed, a second separator.
 */
export function droppedReason(typed: string, allowNegative: boolean, decimals: number): DroppedReason | null {
  const text = typed.replace(/,/g, '.');
  if (/[^0-9.eE-]/.test(text)) return 'letters';
  if (!allowNegative && text.includes('-')) return 'minus';
  const separators = text.split('.').length - 1;
  if (separators > 0 && decimals === 0) return 'decimals';
  if (separators > 1) return 'separator';
  if ((text.split('.')[1] ?? '').length > decimals) return 'decimals';
  return null;
}

export function parseNumberText(text: string): number | null {
  if (text.trim() === '' || text === '-' || text === '.') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function clampNumber(value: number, min?: number, max?: number): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

function toText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).replace('.', ',');
}

/** Number input of spec/1 section 5: no plus key, comma or dot decimals, clamped to min/max on blur. */
export function NumberField({
  value,
  onChange,
  min,
  max,
  allowNegative = false,
  decimals = 0,
  onBlur,
  description,
  ...rest
}: NumberFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(toText(value));
  const [dropped, setDropped] = useState<DroppedReason | null>(null);
  // Only an outside change of value rewrites the text, so "12," stays while the user types.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (parseNumberText(text.replace(',', '.')) !== (value ?? null)) setText(toText(value));
  }

  return (
    <TextInput
      {...rest}
      description={dropped ? t(`common.numberDropped.${dropped}`, { decimals }) : description}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      value={text}
      onKeyDown={(event) => {
        if (event.key === '+') event.preventDefault();
      }}
      onChange={(event) => {
        const clean = sanitizeNumberText(event.currentTarget.value, allowNegative, decimals);
        setDropped(droppedReason(event.currentTarget.value, allowNegative, decimals));
        setText(clean.replace('.', ','));
        onChange(parseNumberText(clean));
      }}
      onBlur={(event) => {
        const parsed = parseNumberText(text.replace(',', '.'));
        setDropped(null);
        if (parsed !== null) {
          const clamped = clampNumber(parsed, min, max);
          setText(toText(clamped));
          if (clamped !== parsed) onChange(clamped);
        }
        onBlur?.(event);
      }}
    />
  );
}
