import { isSuccess } from '@plugin-center/api';
import { PluginEvent } from '@plugin-center/contract';
import { useApiClient } from '@plugin-center/react';
import { useEffect, useRef, useState } from 'react';
import { trackPluginEvent } from '../../analytics';

/**
 * Counts a view of the opened plugin (SPEC §7 `POST /api/cmt/plugin/view`) and sends the tracker's
 * `PluginView` event, once per plugin key (a ref, so StrictMode's double effect counts once too).
 *
 * @param pluginKey - the opened plugin once its detail has loaded; `''` counts nothing (pass `''`
 *   until then, so a made-up key never becomes a view)
 * @returns the view count the server answered with, `undefined` until then or when the call failed
 *   (the client logs the failure, SPEC §8; the dialog works without it)
 */
export function usePluginView(pluginKey: string): number | undefined {
  const client = useApiClient();
  const [viewCount, setViewCount] = useState<number>();
  const viewed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!pluginKey || viewed.current === pluginKey) return;
    viewed.current = pluginKey;
    trackPluginEvent(PluginEvent.VIEW, pluginKey);
    client.plugin.view({ plugin_key: pluginKey }).then(
      (res) => {
        if (isSuccess(res)) setViewCount(res.data.view_count);
      },
      () => {},
    );
  }, [client, pluginKey]);
  return viewCount;
}
