import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContractorSelect, mergeOptions } from './components/contractor-select';

const searches: string[] = [];
vi.mock('./api', () => ({
  useContractorOptions: (search: string, enabled: boolean) => {
    if (enabled) searches.push(search);
    return { data: [{ value: 1, label: 'AGRO – Agro' }], isFetching: false };
  },
  useSelectedContractorOptions: (ids: number[]) => ({
    data: ids.includes(9) ? [{ value: 9, label: 'ZBOZ – Zboże S.A.' }] : [],
  }),
}));

afterEach(cleanup);

describe('mergeOptions', () => {
  it('keeps the chosen option when the search page does not contain it, without duplicates', () => {
    const found = [{ value: 1, label: 'A' }];
    expect(mergeOptions(found, [{ value: 2, label: 'B' }])).toEqual([...found, { value: 2, label: 'B' }]);
    expect(mergeOptions(found, [{ value: 1, label: 'A' }])).toEqual(found);
    expect(mergeOptions(undefined, undefined)).toEqual([]);
  });
});

describe('ContractorSelect', () => {
  it('shows the label of the chosen contractor from selected-option-list', () => {
    render(
      <MantineProvider>
        <ContractorSelect label="Dostawca" value={9} onChange={() => {}} />
      </MantineProvider>,
    );
    expect((screen.getByPlaceholderText('Wpisz kod lub nazwę') as HTMLInputElement).value).toBe('ZBOZ – Zboże S.A.');
  });

  it('searches the server 600 ms after typing and reports the chosen id', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <ContractorSelect label="Dostawca" value={null} onChange={onChange} />
      </MantineProvider>,
    );
    const input = screen.getByPlaceholderText('Wpisz kod lub nazwę');
    const user = userEvent.setup();
    await user.type(input, 'agr');
    expect(searches).not.toContain('agr');
    await waitFor(() => expect(searches).toContain('agr'), { timeout: 2000 });
    await user.click(screen.getByRole('option', { name: 'AGRO – Agro', hidden: true }));
    expect(onChange).toHaveBeenCalledWith(1);
  });
});
