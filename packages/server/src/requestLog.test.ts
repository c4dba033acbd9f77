import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './requestLog';

describe('redactUrl', () => {
  it('blanks the values of secret parameters and keeps everything else as sent', () => {
    expect(redactUrl('/plugins/')).toBe('/plugins/');
    expect(redactUrl('/a?code=abc&redirect_uri=%2Fplugins%2F')).toBe(
      `/a?code=${REDACTED}&redirect_uri=%2Fplugins%2F`,
    );
    expect(redactUrl('/a?Code=1&STATE=2&x=3&access_token=4&refresh_token=5')).toBe(
      `/a?Code=${REDACTED}&STATE=${REDACTED}&x=3&access_token=${REDACTED}&refresh_token=${REDACTED}`,
    );
    // A name spelt with percent-escapes is still recognised; a bare name has no value to hide.
    expect(redactUrl('/a?c%6Fde=abc&code')).toBe(`/a?c%6Fde=${REDACTED}&code`);
    expect(redactUrl('/a?q=%ZZ&code=1')).toBe(`/a?q=%ZZ&code=${REDACTED}`);
  });

  it('blanks them in a URL carried as a parameter value', () => {
    const inner = encodeURIComponent('https://site.example/cb?code=secret&x=1');
    const out = redactUrl(`/a?redirect_uri=${inner}`);
    expect(out).not.toContain('secret');
    expect(decodeURIComponent(out)).toBe(`/a?redirect_uri=https://site.example/cb?code=${REDACTED}&x=1`);
  });
});
