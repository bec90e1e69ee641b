import { describe, expect, it } from 'vitest';
import { csvField } from './audit-log.service.server.ts';
import { containsPattern, isWholeEmail } from './search.repo.server.ts';

describe('the audit export and the searches', () => {
  it('quotes CSV fields and keeps spreadsheets from running a cell as a formula', () => {
    expect(csvField('simplu')).toBe('simplu');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('spune "da"')).toBe('"spune ""da"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+40 700')).toBe("'+40 700");
    expect(csvField(null)).toBe('');
  });

  it('searches for the text itself: LIKE wildcards are escaped, case is ignored', () => {
    expect(containsPattern('50%_Off\\')).toBe('%50\\%\\_off\\\\%');
    expect(isWholeEmail('Ana@Example.com')).toBe(true);
    expect(isWholeEmail('@example.com')).toBe(false);
    expect(isWholeEmail('ana')).toBe(false);
  });
});
