/**
 * The signed-version checks on their own: the canonical JSON (RFC 8785 order), base64url, the RFC
 * 7638 thumbprint against RFC 8037's example key, and a version signed here with WebCrypto checked
 * end to end, with hostile inputs (the server's tests check the server's signatures).
 */
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  fromBase64url,
  jwkThumbprint,
  type SignedVersion,
  sha256Hex,
  toBase64url,
  VERSION_SIGNATURE_TYPE,
  verifyVersionFiles,
  verifyVersionSignature,
} from './versionSignature';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('canonicalJson', () => {
  it('sorts keys by UTF-16 code units, drops whitespace, keeps arrays in order', () => {
    expect(
      canonicalJson({ b: [3, 1, { z: null, a: true }], a: 'x', é: 1, Z: -0.5, '\u{1f600}': 0, '\ufb33': 2 }),
    ).toBe('{"Z":-0.5,"a":"x","b":[3,1,{"a":true,"z":null}],"é":1,"\u{1f600}":0,"\ufb33":2}');
    expect(canonicalJson('line\nbreak "quoted" \u0000')).toBe('"line\\nbreak \\"quoted\\" \\u0000"');
  });

  it('refuses what JSON cannot hold', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ a: undefined })).toThrow(TypeError);
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
  });
});

describe('base64url', () => {
  it('round-trips and refuses other alphabets', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    expect(fromBase64url(toBase64url(all))).toEqual(all);
    expect(fromBase64url('a+b/')).toBeUndefined();
    expect(fromBase64url('abcde')).toBeUndefined();
    expect(fromBase64url('ab==')).toBeUndefined();
  });
});

describe('jwkThumbprint', () => {
  it('gives RFC 8037 A.3’s thumbprint of its Ed25519 example key', async () => {
    expect(
      await jwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }),
    ).toBe('kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k');
  });
});

describe('verifyVersionSignature and verifyVersionFiles', () => {
  const code = bytes('{"name":"x","id":"1","api":"1.0.0","main":"code.js"}');

  async function signedFixture() {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const { x } = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const kid = await jwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: x! });
    const sha = await sha256Hex(code);
    const description: SignedVersion = {
      format: 'plugin-center/version/1',
      plugin_key: 'demo',
      version: '1.0.0',
      approved_at: 1_700_000_000_000,
      files: {
        code_file: { key: `${sha}.json`, sha256: sha },
        icon: null,
        cover_center: null,
        cover_panel: null,
        video: null,
        images: [],
      },
    };
    const sign = async (header: object, payload: string) => {
      const input = `${toBase64url(bytes(JSON.stringify(header)))}.${toBase64url(bytes(payload))}`;
      const signature = new Uint8Array(
        await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, bytes(input)),
      );
      return `${input}.${toBase64url(signature)}`;
    };
    const header = { alg: 'EdDSA', typ: VERSION_SIGNATURE_TYPE, kid };
    const jwks = { keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' }] };
    return { kid, jwks, description, header, sign, jws: await sign(header, canonicalJson(description)) };
  }

  it('accepts a canonical signed description and its file, and names what fails', async () => {
    const f = await signedFixture();
    const checked = await verifyVersionSignature({ kid: f.kid, jws: f.jws }, f.jwks, {
      plugin_key: 'demo',
      version: '1.0.0',
    });
    expect(checked).toEqual({ ok: true, kid: f.kid, signed: f.description });
    if (!checked.ok) return;
    expect(await verifyVersionFiles(checked.signed, async () => code)).toEqual({ ok: true, files: 1 });
    const changed = Uint8Array.from(code);
    changed[0] = changed[0]! ^ 1;
    expect(await verifyVersionFiles(checked.signed, async () => changed)).toMatchObject({
      ok: false,
      problem: 'file_mismatch',
    });
    expect(
      await verifyVersionFiles(checked.signed, async () => {
        throw new Error('offline');
      }),
    ).toMatchObject({
      ok: false,
      problem: 'missing_file',
      message: expect.stringContaining('code file of demo 1.0.0'),
    });
  });

  it('refuses a validly signed payload that is not canonical or not a description', async () => {
    const f = await signedFixture();
    const expected = { plugin_key: 'demo', version: '1.0.0' };
    const spaced = await f.sign(f.header, JSON.stringify(f.description, null, 1));
    const extra = await f.sign(f.header, canonicalJson({ ...f.description, extra: 1 }));
    const badFile = await f.sign(
      f.header,
      canonicalJson({
        ...f.description,
        files: { ...f.description.files, icon: { key: '../x', sha256: 'x' } },
      }),
    );
    for (const jws of [spaced, extra, badFile, await f.sign(f.header, 'not json')]) {
      expect(await verifyVersionSignature({ kid: f.kid, jws }, f.jwks, expected)).toMatchObject({
        ok: false,
        problem: 'malformed',
      });
    }
    const noTyp = await f.sign({ alg: 'EdDSA', kid: f.kid }, canonicalJson(f.description));
    expect(await verifyVersionSignature({ kid: f.kid, jws: noTyp }, f.jwks, expected)).toMatchObject({
      problem: 'malformed',
    });
    expect(
      await verifyVersionSignature({ kid: f.kid, jws: 42 as unknown as string }, f.jwks, expected),
    ).toMatchObject({ problem: 'malformed' });
  });
});
