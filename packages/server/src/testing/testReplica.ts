/**
 * A PostgreSQL primary and its streaming replica of a test's own: `initdb` of a new cluster in a
 * temporary folder (trust authentication, 127.0.0.1 only), `pg_basebackup -R` of it into a second
 * folder (a hot standby that follows the primary by streaming replication), each `postgres` on a
 * free port. The binaries are those of the machine's PostgreSQL (`/usr/lib/postgresql/<version>/bin`,
 * the newest). PostgreSQL refuses to run as root, so under root the folders belong to the
 * `postgres` account and the binaries run as it (`runuser`).
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './testServerProcess';

const run = promisify(execFile);

/** The newest `/usr/lib/postgresql/<version>/bin` holding `initdb`. @throws Error when there is none. */
export function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL server binaries under ${root}`);
  return join(root, versions[0]!, 'bin');
}

/** The `postgres` account's uid and gid when running as root (PostgreSQL refuses root), else undefined. */
async function postgresAccount(): Promise<{ uid: number; gid: number } | undefined> {
  if (userInfo().uid !== 0) return undefined;
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  return { uid: Number(stdout.trim()), gid: Number(group.trim()) };
}

/** A primary and its streaming replica; {@link TestReplicaPair.start} makes one. */
export class TestReplicaPair {
  private constructor(
    private readonly folder: string,
    private readonly bin: string,
    private readonly account: { uid: number; gid: number } | undefined,
    readonly primaryPort: number,
    readonly replicaPort: number,
  ) {}

  /** URL of database `name` on the primary. */
  primaryUrl(name = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.primaryPort}/${name}`;
  }

  /** URL of database `name` on the replica. */
  replicaUrl(name = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.replicaPort}/${name}`;
  }

  /** Runs a binary of the PostgreSQL installation (as `postgres` under root). */
  private async exec(binary: string, args: string[]): Promise<void> {
    const path = join(this.bin, binary);
    if (this.account) await run('runuser', ['-u', 'postgres', '--', path, ...args]);
    else await run(path, args);
  }

  /** Starts the primary and its replica, each answering on its port. Takes a few seconds. */
  static async start(): Promise<TestReplicaPair> {
    const folder = await mkdtemp(join(tmpdir(), 'plugin-center-replica-'));
    const account = await postgresAccount();
    if (account) chownSync(folder, account.uid, account.gid);
    const pair = new TestReplicaPair(folder, postgresBinaries(), account, await freePort(), await freePort());
    try {
      await pair.exec('initdb', ['-D', pair.dir('primary'), '-U', 'postgres', '-A', 'trust', '--no-sync']);
      await pair.startServer('primary', pair.primaryPort);
      await pair.exec('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(pair.primaryPort),
        '-U',
        'postgres',
        '-D',
        pair.dir('replica'),
        '-R',
        '--no-sync',
      ]);
      await pair.startReplica();
      return pair;
    } catch (error) {
      await pair.close();
      throw error;
    }
  }

  private dir(name: string): string {
    return join(this.folder, name);
  }

  /** Server options: this port, 127.0.0.1 only, the socket in the pair's folder, no fsync. */
  private options(port: number): string {
    return `-p ${port} -c listen_addresses=127.0.0.1 -k ${this.folder} -c fsync=off -c max_connections=60`;
  }

  /** Starts one of the two servers and waits until it accepts connections. */
  private async startServer(name: 'primary' | 'replica', port: number): Promise<void> {
    await this.exec('pg_ctl', [
      '-D',
      this.dir(name),
      '-w',
      '-l',
      this.dir(`${name}.log`),
      '-o',
      this.options(port),
      'start',
    ]);
  }

  /** Stops one of the two servers at once (`-m immediate`: its clients' connections drop); nothing when it is not running. */
  private async stopServer(name: 'primary' | 'replica'): Promise<void> {
    await this.exec('pg_ctl', ['-D', this.dir(name), '-m', 'immediate', 'stop']).catch(() => {});
  }

  /** Starts (again) the replica and waits until it accepts connections. */
  async startReplica(): Promise<void> {
    await this.startServer('replica', this.replicaPort);
  }

  /** Stops the replica at once (`-m immediate`: its clients' connections drop). */
  async stopReplica(): Promise<void> {
    await this.stopServer('replica');
  }

  /** Runs one statement on the replica's `postgres` database, as its superuser. */
  async onReplica(text: string): Promise<unknown[]> {
    const client = new pg.Client({ connectionString: this.replicaUrl() });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops both servers and removes their folders. */
  async close(): Promise<void> {
    await this.stopServer('replica');
    await this.stopServer('primary');
    await rm(this.folder, { recursive: true, force: true });
  }
}
