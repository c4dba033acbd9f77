import { prepareSqlite } from './dataSets';
import { runLoad } from './load';
import { startServer, stopServer } from './server';

const env = await prepareSqlite();
const { port, child } = await startServer({ ...env, READ_CACHE: 'off', LOG_LEVEL: 'warn' });
const paths: string[] = [];
let cursor: string | null = null;
for (let i = 0; i < 20; i++) {
  const path = `/api/cmt/plugin/list?sort=0${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  paths.push(path);
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  const body = (await res.json()) as { data: { next_cursor: string | null } };
  cursor = body.data.next_cursor;
  if (!cursor) break;
}
const r = await runLoad(port, { name: 'list', paths }, { seconds: Number(process.env.SECS ?? 8) });
console.log(JSON.stringify(r));
await stopServer(child);
