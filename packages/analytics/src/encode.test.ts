import { fromBase64, javaHashCode } from '@plugin-center/test-fakes/analytics';
import { describe, expect, it } from 'vitest';
import { base64Encode, encodeBatch, encodeTrackData, hashCode } from './encode';

describe('collector encoding (SPEC §7, Sensors kit.encodeTrackData)', () => {
  it('base64-encodes the UTF-8 bytes, Chinese included', () => {
    expect(base64Encode('中')).toBe('5Lit');
    expect(base64Encode('插件中心')).toBe(Buffer.from('插件中心', 'utf8').toString('base64'));
    expect(base64Encode('a😀b')).toBe(Buffer.from('a😀b', 'utf8').toString('base64'));
    expect(fromBase64(base64Encode('{"name":"插件"}'))).toBe('{"name":"插件"}');
  });

  it.each([
    ['', 0],
    ['a', 97],
    ['hello', 99162322],
    ['Hello, World', -505841268],
    ['polygenelubricants', -2147483648],
    ['5Lit', javaHashCode('5Lit')],
  ])('hashCode(%j) is Java String.hashCode = %i', (text, expected) => {
    expect(hashCode(text)).toBe(expected);
    expect(hashCode(text)).toBe(javaHashCode(text));
  });

  it('wraps at 32 bits like Java on long base64 texts', () => {
    const text = base64Encode(
      JSON.stringify({ event: '$pageview', properties: { $title: '插件中心'.repeat(50) } }),
    );
    expect(hashCode(text)).toBe(javaHashCode(text));
    expect(Math.abs(hashCode(text))).toBeLessThanOrEqual(2 ** 31);
  });

  it('builds data=<urlencoded base64>&ext=<urlencoded crc=hash> for one record', () => {
    const record = {
      type: 'track',
      event: 'PluginView',
      properties: { plugin_key: 'k', $title: '插件中心' },
    };
    const b64 = Buffer.from(JSON.stringify(record), 'utf8').toString('base64');
    expect(encodeTrackData(record)).toBe(
      `data=${encodeURIComponent(b64)}&ext=${encodeURIComponent(`crc=${javaHashCode(b64)}`)}`,
    );
    const q = new URLSearchParams(encodeTrackData(record));
    expect(JSON.parse(fromBase64(q.get('data')!))).toEqual(record);
    expect(q.get('ext')).toMatch(/^crc=-?\d+$/);
  });

  it('builds data_list=<urlencoded base64 of the array>&gzip=0 for a batch', () => {
    const records = [{ event: 'a' }, { event: '中' }];
    const body = encodeBatch(records);
    expect(body).toBe(
      `data_list=${encodeURIComponent(Buffer.from(JSON.stringify(records)).toString('base64'))}&gzip=0`,
    );
    expect(JSON.parse(fromBase64(new URLSearchParams(body).get('data_list')!))).toEqual(records);
  });
});
