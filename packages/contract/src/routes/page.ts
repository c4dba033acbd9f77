/**
 * The `page` and `operation` groups of the route table: pages and files for browsers, health, the
 * OpenAPI document and the metrics.
 */
import { BIND_PAGE_PATH, LOGIN_PAGE_PATH } from '../constants';
import type { RouteDefinition } from './definition';

/**
 * Pages and files for browsers: the login pages (SPEC §2), the built app, the tracker's script tag,
 * the unsubscribe page of the notification e-mails.
 */
export const PAGE_ROUTES = {
  loginPage: { method: 'GET', path: LOGIN_PAGE_PATH, access: 'public', request: 'query', response: 'html' },
  loginPageSlash: {
    method: 'GET',
    path: '/user/login',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  bindPage: { method: 'GET', path: BIND_PAGE_PATH, access: 'public', request: 'query', response: 'html' },
  bindPageSlash: {
    method: 'GET',
    path: '/user/login/bind/',
    access: 'public',
    request: 'query',
    response: 'redirect',
  },
  loginScript: {
    method: 'GET',
    path: '/user/login/login.js',
    access: 'public',
    request: 'none',
    response: 'asset',
  },
  loginStyle: {
    method: 'GET',
    path: '/user/login/login.css',
    access: 'public',
    request: 'none',
    response: 'asset',
  },
  root: { method: 'GET', path: '/', access: 'public', request: 'none', response: 'redirect' },
  appBare: { method: 'GET', path: '/plugins', access: 'public', request: 'query', response: 'redirect' },
  app: { method: 'GET', path: '/plugins/*', access: 'public', request: 'none', response: 'asset' },
  uploadedFile: {
    method: 'GET',
    path: '/api/cmt/file/{key}',
    access: 'public',
    request: 'query',
    response: 'asset',
  },
  trackerScript: {
    method: 'GET',
    path: '/sdk/analytics.iife.js',
    access: 'public',
    request: 'none',
    response: 'asset',
  },
  trackerSourceMap: {
    method: 'GET',
    path: '/sdk/analytics.iife.js.map',
    access: 'public',
    request: 'none',
    response: 'asset',
  },
  // The e-mail's link: a page with one button (GET never changes anything: mail scanners follow links).
  notificationUnsubscribePage: {
    method: 'GET',
    path: '/api/cmt/plugin/notification/unsubscribe',
    access: 'public',
    request: 'query',
    response: 'html',
  },
  // The button's form and RFC 8058 one-click (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
  notificationUnsubscribe: {
    method: 'POST',
    path: '/api/cmt/plugin/notification/unsubscribe',
    access: 'public',
    request: 'query',
    response: 'html',
  },
} as const satisfies Record<string, RouteDefinition>;

/**
 * Operations: health, the OpenAPI document, the Prometheus metrics, the version-signing keys, the
 * mirroring feed (public unless the server sets `MIRROR_FEED_TOKEN`, checked by its handler).
 */
export const OPERATION_ROUTES = {
  health: { method: 'GET', path: '/healthz', access: 'public', request: 'none', response: 'raw' },
  openApi: { method: 'GET', path: '/api/openapi.json', access: 'public', request: 'none', response: 'raw' },
  metrics: { method: 'GET', path: '/metrics', access: 'metrics_token', request: 'none', response: 'raw' },
  versionKeys: {
    method: 'GET',
    path: '/.well-known/plugin-center/jwks.json',
    access: 'public',
    request: 'none',
    response: 'raw',
  },
  mirrorChanges: {
    method: 'GET',
    path: '/api/cmt/mirror/changes',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  mirrorFile: {
    method: 'GET',
    path: '/api/cmt/mirror/file/{key}',
    access: 'public',
    request: 'query',
    response: 'blob',
  },
} as const satisfies Record<string, RouteDefinition>;
