/** Helpers of the collector's tests: reading its answers. */
import type { CollectResult, ErrorEnvelope } from '@plugin-center/contract/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { body } from './testApp';

/** The `data` of a 200 answer of the collector (fails the test otherwise). */
export function collected(response: LightMyRequestResponse): CollectResult {
  expect(response.statusCode, response.body).toBe(200);
  const envelope = body<{ code: number; data: CollectResult }>(response);
  expect(envelope.code).toBe(0);
  return envelope.data;
}

/** The error envelope of a refused request with `status` (fails the test otherwise). */
export function failed(response: LightMyRequestResponse, status = 400): ErrorEnvelope {
  expect(response.statusCode, response.body).toBe(status);
  const envelope = body<ErrorEnvelope>(response);
  expect(envelope.data).toBeNull();
  return envelope;
}
