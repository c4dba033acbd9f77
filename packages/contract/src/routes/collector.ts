/**
 * The `collector` group of the route table: the analytics collector's endpoints and their CORS
 * preflights.
 */
import { COLLECTOR_PATH, DEEPLINK_PATH, VISUAL_CONFIG_PATH } from '../constants';
import type { RouteDefinition } from './definition';

/**
 * The analytics collector (SPEC §7 Analytics; the Sensors Data web SDK's endpoints), each with its
 * CORS preflight: the tracker calls them from any product site.
 */
export const COLLECTOR_ROUTES = {
  collect: { method: 'POST', path: COLLECTOR_PATH, access: 'public', request: 'body', response: 'envelope' },
  collectByImage: {
    method: 'GET',
    path: COLLECTOR_PATH,
    access: 'public',
    request: 'query',
    response: 'image',
  },
  collectByPixel: { method: 'GET', path: '/sa.gif', access: 'public', request: 'query', response: 'image' },
  visualConfig: {
    method: 'GET',
    path: VISUAL_CONFIG_PATH,
    access: 'public',
    request: 'query',
    response: 'raw',
  },
  deeplink: { method: 'GET', path: DEEPLINK_PATH, access: 'public', request: 'query', response: 'raw' },
  collectPreflight: {
    method: 'OPTIONS',
    path: COLLECTOR_PATH,
    access: 'public',
    request: 'none',
    response: 'empty',
  },
  pixelPreflight: {
    method: 'OPTIONS',
    path: '/sa.gif',
    access: 'public',
    request: 'none',
    response: 'empty',
  },
  visualConfigPreflight: {
    method: 'OPTIONS',
    path: VISUAL_CONFIG_PATH,
    access: 'public',
    request: 'none',
    response: 'empty',
  },
  deeplinkPreflight: {
    method: 'OPTIONS',
    path: DEEPLINK_PATH,
    access: 'public',
    request: 'none',
    response: 'empty',
  },
} as const satisfies Record<string, RouteDefinition>;
