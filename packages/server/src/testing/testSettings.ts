/** Helpers of the settings tests: a captured server log, the answer's data. */
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ServerConfig } from '../config/serverConfig';
import { body } from './testApp';

/** The methods the settings calls use. */
export type Method = 'GET' | 'PUT' | 'POST';

/** A Fastify logger at trace level whose JSON lines are pushed to `into`. */
export function captureLogger(into: string[]): ServerConfig['logger'] {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      into.push(String(chunk));
      done();
    },
  });
  return { level: 'trace', stream };
}

/** The `data` of a 200 answer (fails the test on any other status). */
export async function data<T>(response: LightMyRequestResponse): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return body<{ code: number; data: T }>(response).data;
}
