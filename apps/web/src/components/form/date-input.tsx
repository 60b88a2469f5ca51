import { displayToIsoDate, isoToDisplayDate } from '@grain/shared';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Keeps digits, adds the dots of DD.MM.YYYY as the user types. */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join('.');
}

/** True while the text is not empty and not yet a whole, real date (shown as an error, never thrown away). */
export function isIncompleteDate(text: string): boolean {
  return text !== '' && displayToIsoDate(text) === null;
}

interface DateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'min' | 'max'> {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /** The calendar greys out days outside min..max; a typed value is kept as typed. */
  min?: string;
  max?: string;
}

/**
 * Date input of spec/1 section 5: shows DD.MM.YYYY and takes typing in that pattern, or a day picked from the
 * calendar that opens on click. A typed value is never changed behind the user's back: a date outside a range
 * stays and the form's rule says what is wrong; an incomplete date stays with the date message.
 * The value is YYYY-MM-DD or null.
 */
export function DateInput({ value, onChange, min, max, onBlur, error, disabled, readOnly, ...rest }: DateInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(isoToDisplayDate(value));
  const [isOpen, setOpen] = useState(false);
  const [isBlurred, setBlurred] = useState(false);
  // Only an outside change of value rewrites the text, so a partly typed date stays while its value is null.
  const [shownValue, setShownValue] = useState(value ?? null);
  if ((value ?? null) !== shownValue) {
    setShownValue(value ?? null);
    if (displayToIsoDate(text) !== (value ?? null)) setText(isoToDisplayDate(value));
  }
  const canPick = !disabled && !readOnly;
  const ownError = isBlurred && isIncompleteDate(text) ? t('validation.date') : undefined;

  const pick = (iso: string | null) => {
    setOpen(false);
    setText(isoToDisplayDate(iso));
    setBlurred(false);
    onChange(iso);
  };

  return (
    // withRoles off: a textbox may not carry aria-expanded/aria-haspopup (axe aria-allowed-attr); the icon names it.
    <Popover
      opened={isOpen && canPick}
      onChange={setOpen}
      position="bottom-start"
      shadow="md"
      trapFocus={false}
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          {...rest}
          disabled={disabled}
          readOnly={readOnly}
          error={ownError ?? error}
          inputMode="numeric"
          autoComplete="off"
          placeholder="DD.MM.RRRR"
          leftSection={
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              tabIndex={-1}
              aria-label={t('common.openCalendar')}
              disabled={!canPick}
              onClick={() => setOpen((open) => !open)}
            >
              <IconCalendar size={16} />
            </ActionIcon>
          }
          leftSectionPointerEvents="all"
          value={text}
          onClick={() => canPick && setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && isOpen) {
              event.stopPropagation();
              setOpen(false);
            }
          }}
          onChange={(event) => {
            const masked = maskDate(event.currentTarget.value);
            setText(masked);
            if (masked === '') onChange(null);
            const iso = displayToIsoDate(masked);
            if (iso) onChange(iso);
            else if (value) onChange(null);
          }}
          onBlur={(event) => {
            setBlurred(true);
            onBlur?.(event);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown p="xs" onMouseDown={(event) => event.preventDefault()}>
        <DatePicker
          locale="pl"
          value={value ?? null}
          defaultDate={value ?? min ?? undefined}
          minDate={min}
          maxDate={max}
          onChange={(picked) => pick(picked)}
          allowDeselect={false}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
