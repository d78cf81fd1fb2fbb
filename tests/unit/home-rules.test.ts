import { describe, expect, it } from 'vitest';
import { cameraProblem } from '../../src/lib/camera-error.ts';
import { isValidSecret, normalizeSecret } from '@gallery/contract/card-code';
import { AUTO_SUBMITTED_KEY, cardFromQuery, takeAutoSubmit } from '../../src/lib/card-query.ts';
import { readCardSecret, saveCardSecret } from '../../src/lib/card-secret.ts';
import { isValidCpf, stripCpf } from '@gallery/contract/rules';
import { customerFields, customerMessageKey, customerSchema } from '../../src/lib/customer-form.ts';
import { customerErrorMessage, homeErrorModal } from '../../src/lib/error-messages.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('CPF (section 5)', () => {
  it('accepts valid numbers, with or without punctuation', () => {
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf(' 123 456 789 09 ')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });

  it('refuses all the same digit', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
  });

  it('refuses wrong check digits', () => {
    expect(isValidCpf('123.456.789-00')).toBe(false);
    expect(isValidCpf('123.456.789-19')).toBe(false);
    expect(isValidCpf('123.456.789-08')).toBe(false);
    expect(isValidCpf('529.982.247-52')).toBe(false);
  });

  it('strips only spaces, dots and dashes; anything else or another length is invalid', () => {
    expect(stripCpf('123.456.789-09')).toBe('12345678909');
    expect(isValidCpf('123/456/789-09')).toBe(false);
    expect(isValidCpf('123.456.789-0a')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
    expect(isValidCpf('123456789091')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });
});

describe('the access code (secret) rule', () => {
  it('needs at least six characters once trimmed and upper-cased', () => {
    expect(isValidSecret('abc123')).toBe(true);
    expect(isValidSecret(' abc12 ')).toBe(false);
    expect(isValidSecret('')).toBe(false);
    expect(normalizeSecret(' abc123 ')).toBe('ABC123');
  });

  it('is kept per card for the session, normalised', () => {
    const storage = memoryStorage();
    saveCardSecret('pq-abcd-001', ' x1y2z3 ', storage);
    expect(readCardSecret('PQABCD001', storage)).toBe('X1Y2Z3');
    expect(readCardSecret('PQABCD002', storage)).toBeUndefined();
    expect(readCardSecret('PQABCD001', null)).toBeUndefined();
  });
});

describe('?card= on the home', () => {
  it('reads a 9-character code and formats it 2-4-3', () => {
    expect(cardFromQuery('?card=demo00001')).toBe('DE-MO00-001');
    expect(cardFromQuery('?card=DE-MO00-001')).toBe('DE-MO00-001');
    expect(cardFromQuery('?card=demo0000')).toBeNull();
    expect(cardFromQuery('?card=demo000012')).toBeNull();
    expect(cardFromQuery('?other=1')).toBeNull();
    expect(cardFromQuery('')).toBeNull();
  });

  it('is auto-submitted once per session and code', () => {
    const storage = memoryStorage();
    expect(takeAutoSubmit(storage, 'DEMO00001', false)).toBe(true);
    expect(takeAutoSubmit(storage, 'DEMO00001', false)).toBe(false);
    expect(takeAutoSubmit(storage, 'DEMO00002', false)).toBe(true);
    expect(JSON.parse(storage.getItem(AUTO_SUBMITTED_KEY) ?? '')).toEqual(['DEMO00001', 'DEMO00002']);
  });

  it('is never auto-submitted under two-factor (it only fills the field)', () => {
    const storage = memoryStorage();
    expect(takeAutoSubmit(storage, 'DEMO00001', true)).toBe(false);
    expect(storage.getItem(AUTO_SUBMITTED_KEY)).toBeNull();
  });

  it('survives broken or missing storage', () => {
    const storage = memoryStorage();
    storage.setItem(AUTO_SUBMITTED_KEY, '{not json');
    expect(takeAutoSubmit(storage, 'DEMO00001', false)).toBe(true);
    expect(takeAutoSubmit(null, 'DEMO00001', false)).toBe(true);
  });
});

describe('home errors (section 8)', () => {
  it('maps card errors to inline text or their modal', () => {
    expect(homeErrorModal('CARD_NOT_FOUND', 'card')).toBeNull();
    expect(homeErrorModal('CARD_EMPTY_MEDIA', 'card')).toBe('emptyMedia');
    expect(homeErrorModal('CARD_EMPTY_PHOTO', 'card')).toBe('emptyMedia');
    expect(homeErrorModal('CUSTOMER_CODE_NOT_FOUND', 'card')).toBe('accessCode');
    expect(homeErrorModal('CARD_NOT_FROM_CUSTOMER', 'card')).toBe('accessCode');
    expect(homeErrorModal('NETWORK_ERROR', 'card')).toBe('generic');
    expect(homeErrorModal('INTERNAL_ERROR', 'card')).toBe('generic');
  });

  it('maps customer and credential errors', () => {
    expect(homeErrorModal('CUSTOMER_NOT_FOUND', 'customer')).toBeNull();
    expect(customerErrorMessage('CUSTOMER_NOT_FOUND')).toBe('customer.notFound');
    expect(customerErrorMessage('NETWORK_ERROR')).toBeNull();
    expect(homeErrorModal('CARD_EMPTY_MEDIA', 'customer')).toBe('emptyMedia');
    expect(homeErrorModal('CUSTOMER_NOT_FOUND', 'credential')).toBe('credentialNotFound');
    expect(homeErrorModal('RATE_LIMITED', 'credential')).toBe('generic');
  });
});

describe('camera problems', () => {
  it('tells denied from missing from anything else', () => {
    expect(cameraProblem('Error getting userMedia, error = NotAllowedError: Permission denied')).toBe('denied');
    expect(cameraProblem(new DOMException('Permission denied', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem('Error getting userMedia, error = NotFoundError: Requested device not found')).toBe('missing');
    expect(cameraProblem('Camera streaming not supported by the browser.')).toBe('missing');
    expect(cameraProblem('NotReadableError: Could not start video source')).toBe('error');
  });
});

describe('customer search form', () => {
  it('keeps the known fields in the organization order', () => {
    expect(customerFields(['cpf', 'name', 'color'])).toEqual(['cpf', 'name']);
    expect(customerFields([])).toEqual([]);
  });

  it('requires every field and a valid cpf', async () => {
    const schema = customerSchema(['name', 'cpf']);
    await expect(schema.validate({ name: 'Maria', cpf: '123.456.789-09' })).resolves.toBeTruthy();
    await expect(schema.validateAt('name', { name: '  ' })).rejects.toThrow('customer.required');
    await expect(schema.validateAt('cpf', { cpf: '111.111.111-11' })).rejects.toThrow('customer.invalidCpf');
    await expect(schema.validateAt('cpf', { cpf: '' })).rejects.toThrow('customer.required');
  });

  it('names the catalogue key of its own messages only', () => {
    expect(customerMessageKey('customer.invalidCpf')).toBe('customer.invalidCpf');
    expect(customerMessageKey('customer.required')).toBe('customer.required');
    expect(customerMessageKey('home.title')).toBeNull();
    expect(customerMessageKey(undefined)).toBeNull();
  });
});
