/**
 * `plugin-center mirror pull [--from-start]`: one pull from `UPSTREAM_URL` now, on the configured
 * database and storage, as the server's timer and the back office's "Pull now" run it
 * (docs/mirroring.md). `--from-start` sets the cursor back to the feed's beginning first: every
 * plugin is looked at again (versions already held are not downloaded again), which retries
 * versions that failed before.
 */
import type { ServerConfig } from '../config/serverConfig';
import type { BundleOutput } from './bundle';
import { failureLines, withMirror } from './commandDatabase';

/** Usage line of `mirror`. */
export const MIRROR_USAGE = 'Usage: plugin-center mirror pull [--from-start]';

const processOutput: BundleOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs `mirror <args>`.
 * @returns the exit code: 0 pulled with no failure, 1 the pull stopped or some version failed, 2
 *   bad usage or not a mirror.
 */
export async function runMirrorCommand(
  config: ServerConfig,
  args: string[],
  output: BundleOutput = processOutput,
): Promise<number> {
  const fromStart = args[1] === '--from-start';
  if (args[0] !== 'pull' || args.length > 2 || (args.length === 2 && !fromStart)) {
    output.err(`${MIRROR_USAGE}\n`);
    return 2;
  }
  if (!config.mirror?.upstream) {
    output.err('plugin-center: this server is not a mirror (set UPSTREAM_URL)\n');
    return 2;
  }
  return withMirror(config, async (mirror) => {
    if (fromStart) await mirror.resetCursor();
    const result = await mirror.pull();
    output.out(
      `Pulled from ${result.upstream}: ${result.added} added, ${result.updated} updated, ${result.withdrawn} withdrawn, ${result.unchanged} unchanged, ${result.skipped} skipped, ${result.failed} failed\n`,
    );
    if (result.failures.length > 0) output.err(failureLines(result.failures));
    if (result.error) output.err(`STOPPED: ${result.error}\n`);
    return result.error || result.failed > 0 ? 1 : 0;
  });
}
