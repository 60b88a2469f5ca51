import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileAnswerWriter } from './answer-writer.js';

const Row = z.object({
  id: z.number(),
  documentNumber: z.string(),
  status: z.enum(['NEW', 'ACTIVE']),
  comment: z.string().nullable(),
  gmpNumber: z.string().optional(),
  totalData: z.unknown().optional(),
  side: z.union([z.object({ contractId: z.number() }), z.null()]),
});
const write = compileAnswerWriter(
  z.object({ list: z.array(Row), filtered: z.number(), filteredCapped: z.boolean().optional() }),
);
const row = { id: 1, documentNumber: 'ZK/1', status: 'NEW', comment: null, side: { contractId: 7 } };

describe('compileAnswerWriter', () => {
  it('writes snake_case JSON with only the fields the schema names', () => {
    const json = write({ list: [{ ...row, passwordHash: 'x', totalData: { sumKg: 1 } }], filtered: 1, extra: true });
    expect(JSON.parse(json)).toEqual({
      list: [
        {
          id: 1,
          document_number: 'ZK/1',
          status: 'NEW',
          comment: null,
          total_data: { sum_kg: 1 },
          side: { contract_id: 7 },
        },
      ],
      filtered: 1,
    });
  });

  it('refuses a value of the wrong type, as the zod parse did', () => {
    expect(() => write({ list: [{ ...row, id: '1' }], filtered: 1 })).toThrow('list[0].id');
    expect(() => write({ list: [{ ...row, status: 'GONE' }], filtered: 1 })).toThrow('enum');
    expect(() => write({ list: [{ ...row, comment: undefined }], filtered: 1 })).toThrow('comment');
    expect(() => write({ list: [{ ...row, side: { contractId: 'x' } }], filtered: 1 })).toThrow();
    expect(() => write({ list: null, filtered: 1 })).toThrow('an array');
  });

  it('writes valid JSON whichever optional fields are missing, first or last', () => {
    const writeSparse = compileAnswerWriter(
      z.object({ first: z.string().optional(), middle: z.number(), last: z.array(z.boolean().optional()).optional() }),
    );
    expect(writeSparse({ middle: 1 })).toBe('{"middle":1}');
    expect(writeSparse({ first: 'a"b', middle: 2, last: [true, undefined] })).toBe(
      JSON.stringify({ first: 'a"b', middle: 2, last: [true, null] }),
    );
    expect(() => writeSparse({ middle: Number.NaN })).toThrow('middle');
  });
});
