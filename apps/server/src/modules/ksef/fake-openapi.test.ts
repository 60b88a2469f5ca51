import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpenApiChecker } from '../../../tools/ksef-fake/openapi-check.js';
import { type KsefHarness, startKsefHarness } from './ksef-harness.js';

/** The fake's own check against the official OpenAPI document catches what it should, both ways. */
describe('fake KSeF: the OpenAPI check', () => {
  const checker = new OpenApiChecker();

  it('reads the official document (API 2.6.0)', () => {
    expect(checker.apiVersion).toBe('2.6.0');
    expect(() => checker.operation('POST /sessions/online')).not.toThrow();
    expect(() => checker.operation('POST /sessions/nowhere')).toThrow(/no operation/);
  });

  it('refuses an answer missing required fields, or with a status the operation does not document', () => {
    expect(checker.checkResponse('POST /auth/challenge', 200, 'application/json', '{"challenge":"x"}')).toEqual(
      expect.arrayContaining([
        "answer must have required property 'timestamp'",
        "answer must have required property 'timestampMs'",
        'answer/challenge must NOT have fewer than 36 characters',
      ]),
    );
    expect(checker.checkResponse('POST /auth/challenge', 404, 'application/json', '{}')).toEqual([
      'status 404 is not documented for POST /auth/challenge',
    ]);
    expect(checker.checkResponse('POST /sessions/online/{referenceNumber}/close', 204, null, '')).toEqual([]);
  });

  it("understands OpenAPI's nullable and formats", () => {
    const status = {
      ordinalNumber: 1,
      ksefNumber: null,
      referenceNumber: '20261120-EE-0000000000-0000000000-00',
      invoiceHash: 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=',
      invoicingDate: '2026-11-20T10:00:00Z',
      status: { code: 150, description: 'Trwa przetwarzanie', details: null },
    };
    const operation = 'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}';
    expect(checker.checkResponse(operation, 200, 'application/json', JSON.stringify(status))).toEqual([]);
    expect(
      checker.checkResponse(
        operation,
        200,
        'application/json',
        JSON.stringify({ ...status, invoicingDate: '20.11.2026' }),
      ),
    ).toEqual(['answer/invoicingDate must match format "date-time"']);
  });
});

describe('fake KSeF: requests off the document', () => {
  let ksef: KsefHarness;
  beforeEach(async () => {
    ksef = await startKsefHarness();
  });
  afterEach(async () => {
    ksef.fake.control.clearRecords();
    await ksef.close();
  });

  it('answers 400 with exception 21405 and records the violation', async () => {
    const response = await fetch(`${ksef.fake.url}/auth/ksef-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge: 'x'.repeat(36), contextIdentifier: { type: 'Nip', value: '5265877635' } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { exception: { exceptionDetailList: { exceptionCode: number }[] } };
    expect(body.exception.exceptionDetailList[0]!.exceptionCode).toBe(21405);
    expect(ksef.fake.control.violations()).toEqual([
      {
        operation: 'POST /auth/ksef-token',
        direction: 'request',
        problems: ["body must have required property 'encryptedToken'"],
      },
    ]);
  });

  it('checks path parameters too (a reference number is 36 characters)', async () => {
    const response = await fetch(`${ksef.fake.url}/auth/too-short`, { headers: { authorization: 'Bearer x' } });
    expect(response.status).toBe(400);
    expect(ksef.fake.control.violations()[0]!.problems).toEqual([
      'path/referenceNumber must NOT have fewer than 36 characters',
    ]);
  });
});
