import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInPolishWords, integerInPolishWords, polishPlural } from './amount-in-words.js';

describe('amountInPolishWords', () => {
  it('writes hand-checked amounts', () => {
    const cases: [number, string][] = [
      [1, 'zero złotych 01/100'],
      [99, 'zero złotych 99/100'],
      [100, 'jeden złoty 00/100'],
      [200, 'dwa złote 00/100'],
      [500, 'pięć złotych 00/100'],
      [1_100, 'jedenaście złotych 00/100'],
      [1_250, 'dwanaście złotych 50/100'],
      [2_200, 'dwadzieścia dwa złote 00/100'],
      [2_100, 'dwadzieścia jeden złotych 00/100'],
      [11_400, 'sto czternaście złotych 00/100'],
      [12_400, 'sto dwadzieścia cztery złote 00/100'],
      [123_456, 'jeden tysiąc dwieście trzydzieści cztery złote 56/100'],
      [100_000, 'jeden tysiąc złotych 00/100'],
      [200_000, 'dwa tysiące złotych 00/100'],
      [500_000, 'pięć tysięcy złotych 00/100'],
      [1_200_000, 'dwanaście tysięcy złotych 00/100'],
      [2_200_000, 'dwadzieścia dwa tysiące złotych 00/100'],
      [2_100_000, 'dwadzieścia jeden tysięcy złotych 00/100'],
      [10_500_001, 'sto pięć tysięcy złotych 01/100'],
      [31_525_010, 'trzysta piętnaście tysięcy dwieście pięćdziesiąt złotych 10/100'],
      [100_000_000, 'jeden milion złotych 00/100'],
      [300_000_000, 'trzy miliony złotych 00/100'],
      [1_300_000_000, 'trzynaście milionów złotych 00/100'],
      [2_400_000_000, 'dwadzieścia cztery miliony złotych 00/100'],
      [100_000_100, 'jeden milion jeden złotych 00/100'],
      [
        99_999_999_999,
        'dziewięćset dziewięćdziesiąt dziewięć milionów dziewięćset dziewięćdziesiąt dziewięć tysięcy ' +
          'dziewięćset dziewięćdziesiąt dziewięć złotych 99/100',
      ],
      [70_018_004_317, 'siedemset milionów sto osiemdziesiąt tysięcy czterdzieści trzy złote 17/100'],
      [90_090_090_090, 'dziewięćset milionów dziewięćset tysięcy dziewięćset złotych 90/100'],
    ];
    for (const [minor, words] of cases) expect(amountInPolishWords(minor), String(minor)).toBe(words);
  });

  it('refuses amounts outside 0,01 zł to 999 999 999,99 zł and fractions of a grosz', () => {
    expect(() => amountInPolishWords(0)).toThrow(RangeError);
    expect(() => amountInPolishWords(-100)).toThrow(RangeError);
    expect(() => amountInPolishWords(100_000_000_000)).toThrow(RangeError);
    expect(() => amountInPolishWords(10.5)).toThrow(RangeError);
  });

  it('always ends in the grosze fraction and never doubles a space over the whole range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (minor) => {
        const words = amountInPolishWords(minor);
        expect(words).toMatch(/^[a-ząćęłńóśźż ]+ (złoty|złote|złotych) \d{2}\/100$/);
        expect(words).not.toMatch(/ {2}/);
        expect(words.endsWith(`${String(minor % 100).padStart(2, '0')}/100`)).toBe(true);
      }),
    );
  });
});

describe('polishPlural', () => {
  const forms = ['tysiąc', 'tysiące', 'tysięcy'] as const;
  it('takes the singular only for one, the few-form for 2–4 except 12–14', () => {
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 24, 25, 101, 102, 112, 122].map((n) => polishPlural(n, forms))).toEqual([
      'tysiąc',
      'tysiące',
      'tysiące',
      'tysięcy',
      'tysięcy',
      'tysięcy',
      'tysięcy',
      'tysięcy',
      'tysiące',
      'tysiące',
      'tysięcy',
      'tysięcy',
      'tysiące',
      'tysięcy',
      'tysiące',
    ]);
  });
});

describe('integerInPolishWords', () => {
  it('writes zero and the teens', () => {
    expect(integerInPolishWords(0)).toBe('zero');
    expect(integerInPolishWords(10)).toBe('dziesięć');
    expect(integerInPolishWords(19)).toBe('dziewiętnaście');
    expect(integerInPolishWords(1_019)).toBe('jeden tysiąc dziewiętnaście');
  });
});
