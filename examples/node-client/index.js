// Lists the newest plugins of a running Plugin Center and searches it, from Node.js.
// Run the marketplace first (`pnpm start` at the repository root), then: `node index.js [keyword]`.
// PLUGIN_CENTER_URL points elsewhere (default http://localhost:3000).
import { createApiClient, isSuccess } from '@plugin-center/api';

// In Node there is no window, so the client uses serverBaseURL (SPEC §7: the server-side base URL).
const client = createApiClient({ serverBaseURL: process.env.PLUGIN_CENTER_URL ?? 'http://localhost:3000' });

const keyword = process.argv[2];
const res = await client.plugin.list({ keyword, page_size: 10, lang: 'en-US' });
if (!isSuccess(res)) {
  console.error('the call failed:', res.code, res.message);
  process.exit(1);
}
console.log(
  `${res.data.total} plugins${keyword ? ` match "${keyword}"` : ''}; the first ${res.data.plugin_list.length}:`,
);
for (const plugin of res.data.plugin_list) {
  console.log(`- ${plugin.name} (${plugin.developer ?? 'unknown developer'}): ${plugin.intro}`);
}
