import { describe, expect, it } from 'vitest';
import { formatCardCode, isValidCardCode, isValidSecret, maskCardCodeInput, normalizeCardCode } from '@gallery/contract/card-code';

describe('card code rules (section 5)', () => {
  it('removes dash, comma and underscore and upper-cases', () => {
    expect(normalizeCardCode('de-mo00_0,01')).toBe('DEMO00001');
  });

  it('needs nine letters or digits', () => {
    expect(isValidCardCode('DE-MO00-001')).toBe(true);
    expect(isValidCardCode('demo00001')).toBe(true);
    expect(isValidCardCode('DE-MO00-00')).toBe(false);
    expect(isValidCardCode('')).toBe(false);
    expect(isValidCardCode('DEMO000012')).toBe(false);
    expect(isValidCardCode('DEMO0000!')).toBe(false);
    expect(isValidCardCode('<script>a')).toBe(false);
  });

  it('formats as 2-4-3 with dashes, also while partial', () => {
    expect(formatCardCode('demo00001')).toBe('DE-MO00-001');
    expect(formatCardCode('dem')).toBe('DE-M');
    expect(formatCardCode('DE')).toBe('DE');
    expect(formatCardCode('')).toBe('');
  });

  it('masks typing: drops other characters and stops at nine', () => {
    expect(maskCardCodeInput('de mo00 001')).toBe('DE-MO00-001');
    expect(maskCardCodeInput('DE-MO00-0019999')).toBe('DE-MO00-001');
    expect(maskCardCodeInput('d!e@m#o')).toBe('DE-MO');
  });

  it('wants an access code of at least six characters', () => {
    expect(isValidSecret('abc123')).toBe(true);
    expect(isValidSecret(' abc12 ')).toBe(false);
    expect(isValidSecret('')).toBe(false);
  });
});
