import { V } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { i18n, translate } from './index';
import { pl } from './pl';

describe('translate', () => {
  it('gives the texts i18next gives, with values and without, again on a second call', () => {
    for (let call = 0; call < 2; call++) {
      expect(translate('contractors.showDetails')).toBe(i18n.t('contractors.showDetails'));
      expect(translate('status.transport.ON_THE_WAY')).toBe('W drodze');
      expect(translate('transports.status.menu', { id: 7, status: 'Nowy' })).toBe('Nowy – zmień status transportu #7');
      expect(translate('transports.status.menu', { id: 8, status: 'W drodze' })).toBe(
        'W drodze – zmień status transportu #8',
      );
    }
  });
});

describe('validation texts', () => {
  it('has a Polish text for every validation key the shared schemas and the server answer', () => {
    const missing = Object.values(V).filter((key) => !(key in pl.validation));
    expect(missing).toEqual([]);
  });
});
