import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hash with scrypt N=16384 r=8 p=1, a 16-byte salt and a 64-byte key, salted per hash', async () => {
    const a = await hashPassword('hunter2 hunter2');
    const b = await hashPassword('hunter2 hunter2');
    const parts = a.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64url')).toHaveLength(64);
    expect(a).not.toBe(b);
  });

  it('verify the right password only', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('never match malformed or out-of-bounds stored values', async () => {
    const hash = await hashPassword('pw');
    const [, , r, p, salt, key] = hash.split('$');
    for (const bad of [
      '',
      'plain-text',
      `bcrypt$16384$${r}$${p}$${salt}$${key}`,
      `scrypt$16383$${r}$${p}$${salt}$${key}`,
      `scrypt$${2 ** 22}$${r}$${p}$${salt}$${key}`,
      `scrypt$16384$0$${p}$${salt}$${key}`,
      `scrypt$16384$${r}$${p}$$${key}`,
      `scrypt$16384$${r}$${p}$${salt}$`,
      `scrypt$16384$${r}$${p}$${salt}`,
    ]) {
      expect(await verifyPassword('pw', bad)).toBe(false);
    }
  });

  it('spend a full verification on unknown accounts', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('generate 24-character random passwords', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(a);
  });
});
