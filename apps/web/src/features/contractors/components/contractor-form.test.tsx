import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyContractorForm } from '../form-values';
import { ContractorForm } from './contractor-form';

vi.mock('../../../app/dictionaries', () => ({
  useCountries: () => ({ data: [{ code: 'PL', name: 'Polska' }] }),
}));

function renderForm() {
  render(
    <MantineProvider>
      <MemoryRouter>
        <ContractorForm mode="create" initialValues={emptyContractorForm()} isSaving={false} onSave={vi.fn()} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(cleanup);

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const region = (name: string) => screen.getByRole('region', { name });

describe('ContractorForm', () => {
  it('disables adding contacts at 10', () => {
    renderForm();
    const add = screen.getByRole('button', { name: 'Dodaj osobę kontaktową' });
    for (let i = 0; i < 9; i++) fireEvent.click(add);
    expect(screen.getAllByRole('button', { name: /^Usuń osobę kontaktową/ })).toHaveLength(10);
    expect(isDisabled(add)).toBe(true);
    expect(screen.getByText('Osiągnięto limit 10 pozycji')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usuń osobę kontaktową 3' }));
    expect(isDisabled(add)).toBe(false);
  });

  it('copies the accounting address only once it is filled', () => {
    renderForm();
    const copy = screen.getByRole('button', { name: 'Użyj adresu kontrahenta' });
    expect(isDisabled(copy)).toBe(true);
    const accounting = within(region('Adres rozliczeniowy'));
    fireEvent.change(accounting.getByLabelText('Ulica'), { target: { value: 'Polna' } });
    fireEvent.change(accounting.getByLabelText(/Miejscowość/), { target: { value: 'Kutno' } });
    expect(isDisabled(copy)).toBe(false);
    fireEvent.click(copy);
    const additional = within(region('Adresy dodatkowe'));
    expect((additional.getByLabelText('Ulica') as HTMLInputElement).value).toBe('Polna');
    expect((additional.getByLabelText(/Miejscowość/) as HTMLInputElement).value).toBe('Kutno');
  });

  it('keeps save enabled: a click marks every missing or wrong field, focuses the first and saves nothing', async () => {
    const onSave = vi.fn();
    render(
      <MantineProvider>
        <MemoryRouter>
          <ContractorForm mode="create" initialValues={emptyContractorForm()} isSaving={false} onSave={onSave} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const save = screen.getByRole('button', { name: 'Dodaj kontrahenta' });
    expect(isDisabled(save)).toBe(false);
    const data = within(region('Dane kontrahenta'));
    fireEvent.change(data.getByLabelText('NIP'), { target: { value: '526-025-02-75' } });
    fireEvent.click(save);
    expect(await screen.findByText('Pole jest wymagane')).toBeTruthy();
    expect(screen.getByText(/cyfra kontrolna się nie zgadza/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(data.getByLabelText(/Kod/)));
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(data.getByLabelText(/Kod/), { target: { value: 'AGRO' } });
    fireEvent.change(data.getByLabelText('Nazwa'), { target: { value: 'Agro' } });
    fireEvent.change(data.getByLabelText('NIP'), { target: { value: '526-025-02-74' } });
    fireEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });

  it('removing the only contact leaves one empty entry', () => {
    renderForm();
    const contacts = within(region('Osoby kontaktowe'));
    fireEvent.change(contacts.getByLabelText('Nazwisko'), { target: { value: 'Lis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Usuń osobę kontaktową 1' }));
    expect((contacts.getByLabelText('Nazwisko') as HTMLInputElement).value).toBe('');
  });
});
