import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list/list-state';

interface DebouncedTextFilterProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onCommit: (value: string) => void;
}

/** A typed filter: sent 600 ms after the last key (spec/1 section 5), and reset when the filter is cleared. */
export function DebouncedTextFilter({ value, onCommit, ...rest }: DebouncedTextFilterProps) {
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback((next: string) => onCommit(next.trim()), SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(value), [value]);
  return (
    <TextInput
      {...rest}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
    />
  );
}
