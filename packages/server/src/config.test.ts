import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultCatalogueDir, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      dataDir: resolve('./data'),
      catalogueDir: defaultCatalogueDir(),
      importCatalogueOnEmpty: true,
      readCache: true,
      host: '0.0.0.0',
      port: 3000,
      production: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(defaultCatalogueDir()).toMatch(/packages[\\/]server[\\/]catalogue$/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/pc',
      DATABASE_URL: 'postgres://u@h:5432/db',
      APP_DIR: '/srv/app',
      IMPORT_CATALOGUE_ON_EMPTY: 'false',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/pc',
      databaseUrl: 'postgres://u@h:5432/db',
      appDir: '/srv/app',
      importCatalogueOnEmpty: false,
      production: true,
      logger: { level: 'warn' },
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ IMPORT_CATALOGUE_ON_EMPTY: 'maybe' }, 'IMPORT_CATALOGUE_ON_EMPTY'],
    [{ HOST: ' ' }, 'HOST'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(new RegExp(`^${variable}:`));
  });
});
