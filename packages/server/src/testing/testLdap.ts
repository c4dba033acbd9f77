/**
 * An OpenLDAP server of a test's own: Debian's `slapd` (`/usr/sbin/slapd`, package `slapd`, see
 * `scripts/install-system-deps.sh`) in a temporary folder with a temporary `slapd.conf` (mdb
 * backend, the core/cosine/nis/inetorgperson schemas), a directory seeded with `slapadd` (see
 * {@link LDAP_PEOPLE}), listening on free ports of 127.0.0.1: `ldap://` with StartTLS offered and
 * `ldaps://`, both with a self-signed certificate made with `openssl` ({@link TestLdap.caFile}).
 * Starts in about a second; {@link TestLdap.halt} and {@link TestLdap.resume} stop and start the
 * process on the same ports and data; {@link TestLdap.stop} ends the process it started (by its
 * PID) and deletes the folder.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'ldapts';
import { freePort } from './testServerProcess';

const run = promisify(execFile);

/** The binaries the tests start. */
export const SLAPD = '/usr/sbin/slapd';
export const SLAPADD = '/usr/sbin/slapadd';

/** The directory's suffix. */
export const LDAP_SUFFIX = 'dc=example,dc=org';
/** Where the people are (`LDAP_SEARCH_BASE`). */
export const LDAP_PEOPLE_BASE = `ou=people,${LDAP_SUFFIX}`;
/** The group of administrators (`LDAP_ADMIN_GROUP`): groupOfNames with carol. */
export const LDAP_ADMIN_GROUP_DN = `cn=plugin-admins,ou=groups,${LDAP_SUFFIX}`;
/** The service account (`LDAP_BIND_DN`) and its password; it may read everything but passwords. */
export const LDAP_SERVICE_DN = `cn=service,${LDAP_SUFFIX}`;
export const LDAP_SERVICE_PASSWORD = 'service-password';
/** The root DN (writes, bypasses the access rules) and its password. */
export const LDAP_ROOT_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ROOT_PASSWORD = 'root-password';

/** One seeded person (inetOrgPerson under {@link LDAP_PEOPLE_BASE}); the password is `<uid>-password`. */
export interface LdapPerson {
  uid: string;
  cn: string;
  sn: string;
  displayName?: string;
  mail?: string;
  departmentNumber?: string;
  employeeNumber?: string;
  employeeType?: string;
}

/**
 * The seeded people: alice (every attribute), bob (no displayName: cn is used), carol (member of
 * {@link LDAP_ADMIN_GROUP_DN}), dave (`employeeType: disabled`), wang (a Chinese display name),
 * erin (the e-mail of a password account in the tests), frank (deleted by a test), grace
 * (modified by a test), and twin, present twice (under ou=people and ou=contractors,ou=people).
 */
export const LDAP_PEOPLE: LdapPerson[] = [
  {
    uid: 'alice',
    cn: 'Alice Liddell',
    sn: 'Liddell',
    displayName: 'Alice L.',
    mail: 'alice@example.org',
    departmentNumber: 'Research',
    employeeNumber: 'E1001',
  },
  {
    uid: 'bob',
    cn: 'Bob Builder',
    sn: 'Builder',
    mail: 'bob@example.org',
    departmentNumber: 'Works',
    employeeNumber: 'E1002',
  },
  { uid: 'carol', cn: 'Carol Admin', sn: 'Admin', mail: 'carol@example.org', employeeNumber: 'E1003' },
  { uid: 'dave', cn: 'Dave Gone', sn: 'Gone', mail: 'dave@example.org', employeeType: 'disabled' },
  { uid: 'wang', cn: 'Wang Xiaoming', sn: 'Wang', displayName: '王小明', departmentNumber: '研发部' },
  { uid: 'erin', cn: 'Erin Same', sn: 'Same', mail: 'erin@example.org' },
  { uid: 'frank', cn: 'Frank Leaving', sn: 'Leaving', mail: 'frank@example.org' },
  { uid: 'grace', cn: 'Grace Hopper', sn: 'Hopper', displayName: 'Grace', departmentNumber: 'Navy' },
  { uid: 'twin', cn: 'Twin One', sn: 'One' },
];

/** The DN of a seeded person. */
export function personDn(uid: string): string {
  return `uid=${uid},${LDAP_PEOPLE_BASE}`;
}

/** An LDIF line, base64 (`attr:: …`) when the value is not plain ASCII (RFC 2849). */
function line(attribute: string, value: string): string {
  return /^[\x21-\x7e][\x20-\x7e]*$/.test(value) && !value.startsWith(':') && !value.startsWith('<')
    ? `${attribute}: ${value}`
    : `${attribute}:: ${Buffer.from(value).toString('base64')}`;
}

function personLdif(person: LdapPerson, dn = personDn(person.uid)): string {
  const lines = [`dn: ${dn}`, 'objectClass: inetOrgPerson'];
  for (const [attribute, value] of Object.entries(person)) lines.push(line(attribute, value));
  lines.push(line('userPassword', `${person.uid}-password`));
  return lines.join('\n');
}

/** The seeded directory (LDIF, RFC 2849). */
function seedLdif(): string {
  const entries = [
    `dn: ${LDAP_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example`,
    `dn: ${LDAP_PEOPLE_BASE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ou=contractors,${LDAP_PEOPLE_BASE}\nobjectClass: organizationalUnit\nou: contractors`,
    `dn: ou=groups,${LDAP_SUFFIX}\nobjectClass: organizationalUnit\nou: groups`,
    `dn: ${LDAP_SERVICE_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: service\nuserPassword: ${LDAP_SERVICE_PASSWORD}`,
    ...LDAP_PEOPLE.map((person) => personLdif(person)),
    personLdif({ uid: 'twin', cn: 'Twin Two', sn: 'Two' }, `uid=twin,ou=contractors,${LDAP_PEOPLE_BASE}`),
    `dn: ${LDAP_ADMIN_GROUP_DN}\nobjectClass: groupOfNames\ncn: plugin-admins\nmember: ${personDn('carol')}`,
  ];
  return `${entries.join('\n\n')}\n`;
}

function slapdConf(dir: string): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${dir}/slapd.pid
argsfile ${dir}/slapd.args
TLSCACertificateFile ${dir}/cert.pem
TLSCertificateFile ${dir}/cert.pem
TLSCertificateKeyFile ${dir}/key.pem

database mdb
suffix "${LDAP_SUFFIX}"
rootdn "${LDAP_ROOT_DN}"
rootpw ${LDAP_ROOT_PASSWORD}
directory ${dir}/data
maxsize 16777216
access to attrs=userPassword
  by self =xw
  by anonymous auth
  by * none
access to *
  by dn.exact="${LDAP_SERVICE_DN}" read
  by self read
  by * none
`;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(300, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1', () => done(true));
  });
}

/** One started test directory. */
export class TestLdap {
  private child: ChildProcess | undefined;

  private constructor(
    private readonly dir: string,
    readonly port: number,
    readonly ldapsPort: number,
  ) {}

  /** `ldap://127.0.0.1:<port>` (StartTLS offered). */
  get url(): string {
    return `ldap://127.0.0.1:${this.port}`;
  }

  /** `ldaps://127.0.0.1:<ldapsPort>`. */
  get ldapsUrl(): string {
    return `ldaps://127.0.0.1:${this.ldapsPort}`;
  }

  /** The PEM of the self-signed certificate slapd offers with StartTLS (`LDAP_TLS_CA_FILE`). */
  get caFile(): string {
    return join(this.dir, 'cert.pem');
  }

  /** The PID of the slapd process. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Seeds and starts a directory; waits until it accepts connections.
   * @throws Error when slapd is not installed, or does not listen within 10 s (with its output).
   */
  static async start(): Promise<TestLdap> {
    if (!existsSync(SLAPD) || !existsSync(SLAPADD)) {
      throw new Error(
        `the LDAP tests need OpenLDAP's ${SLAPD} and ${SLAPADD}: install Debian's slapd and ldap-utils (scripts/install-system-deps.sh)`,
      );
    }
    const dir = await mkdtemp(join(tmpdir(), 'plugin-center-ldap-'));
    try {
      await mkdir(join(dir, 'data'));
      const conf = join(dir, 'slapd.conf');
      await writeFile(conf, slapdConf(dir));
      await writeFile(join(dir, 'seed.ldif'), seedLdif());
      await Promise.all([
        run('openssl', [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '2',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
        ]),
        run(SLAPADD, ['-q', '-f', conf, '-l', join(dir, 'seed.ldif')]),
      ]);
      const server = new TestLdap(dir, await freePort(), await freePort());
      try {
        await server.resume();
      } catch (error) {
        await server.halt();
        throw error;
      }
      return server;
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Starts slapd on the folder's configuration and data; waits until both ports accept connections.
   * @throws Error when it does not within 10 s (with its output).
   */
  async resume(): Promise<void> {
    const urls = `ldap://127.0.0.1:${this.port}/ ldaps://127.0.0.1:${this.ldapsPort}/`;
    const child = spawn(SLAPD, ['-f', join(this.dir, 'slapd.conf'), '-h', urls, '-d', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) break;
      if ((await listening(this.port)) && (await listening(this.ldapsPort))) return;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    throw new Error(`slapd did not listen on ${urls} within 10 s: ${output}`);
  }

  /** Stops slapd (SIGTERM, SIGKILL after 5 s) and waits for it to exit; the data stay. */
  async halt(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** A connection bound as the root DN (for changing the directory); unbind it when done. */
  async admin(): Promise<Client> {
    const client = new Client({ url: this.url, timeout: 5000, connectTimeout: 5000 });
    await client.bind(LDAP_ROOT_DN, LDAP_ROOT_PASSWORD);
    return client;
  }

  /** Stops slapd ({@link halt}) and deletes the folder. */
  async stop(): Promise<void> {
    await this.halt();
    await rm(this.dir, { recursive: true, force: true });
  }
}
