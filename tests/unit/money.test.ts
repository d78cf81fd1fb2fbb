import { describe, expect, it } from 'vitest';
import { formatMoney } from '@gallery/contract/money';

describe('money', () => {
  it('formats integer cents as BRL in each locale, always R$ first', () => {
    expect(formatMoney(2500)).toBe('R$\u00a025,00');
    expect(formatMoney(123456, 'pt')).toBe('R$\u00a01.234,56');
    expect(formatMoney(9900, 'en')).toBe('R$99.00');
    expect(formatMoney(9900, 'es')).toBe('R$\u00a099,00');
    expect(formatMoney(1234567, 'es')).toBe('R$\u00a012.345,67');
    expect(formatMoney(-500, 'es')).toBe('-R$\u00a05,00');
    expect(formatMoney(0)).toBe('R$\u00a00,00');
  });
});
