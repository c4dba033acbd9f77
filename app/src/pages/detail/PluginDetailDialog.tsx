import { usePluginDetail } from '@plugin-center/react';
import { useParams } from 'react-router-dom';
import { CloseIcon } from '../../components/Icons';
import { useTranslation } from '../../i18n/i18n';
import { Dialog, PAGE_DIALOG_CLASSES } from '../../ui/Dialog';
import { useDocumentTitle } from '../../useDocumentTitle';
import { DetailBody } from './DetailBody';
import { DetailError, DetailSkeleton } from './DetailStates';
import { useCloseDetail } from './useCloseDetail';
import { usePluginView } from './usePluginView';
import { useReloadOnUserChange } from './useReloadOnUserChange';

/**
 * The plugin detail dialog (SPEC §2), route `/detail/:pluginKey` over the square: the kit's
 * {@link Dialog} in the app's look with its own close button, 600 px wide (SPEC §9), scrollable. Shows every field of SPEC §3 that the API returns, the history
 * versions, a copy-share-link button (toasts 'Link copied' / 'Could not copy the link', SPEC §8's texts as sentences), and for
 * signed-in users like and install ({@link DetailBody}, its actions in `usePluginActions`); a
 * skeleton while loading, 'not found' or an error with Retry ({@link DetailError}). The detail is
 * read again when the signed-in user changes. Once the plugin has loaded it sends `POST
 * /api/cmt/plugin/view` and the tracker's `PluginView` once ({@link usePluginView}); a key that
 * does not exist counts and tracks nothing. Escape, the close button and a click on the backdrop
 * close it: back in history when a card opened it (restoring the square), else to the square with
 * the same query.
 * Focus returns to the card that opened it ({@link useCloseDetail}).
 */
export function PluginDetailDialog() {
  const { pluginKey = '' } = useParams();
  const { t, locale } = useTranslation();
  const detail = usePluginDetail(pluginKey || null, { lang: locale });
  useDocumentTitle(detail.plugin?.name);
  useReloadOnUserChange(detail.reload);
  const viewCount = usePluginView(detail.plugin?.plugin_key === pluginKey ? pluginKey : '');
  const { close, restoreFocus } = useCloseDetail(pluginKey);

  const plugin = detail.plugin;
  return (
    <Dialog
      open
      onCancel={close}
      classNames={PAGE_DIALOG_CLASSES}
      describedBy={plugin ? 'plugin-intro' : undefined}
      onCloseAutoFocus={restoreFocus}
      footer={false}
      closeButton={
        <button type="button" className="icon-button dialog-close" aria-label={t('detail.close')}>
          <CloseIcon size={20} />
        </button>
      }
    >
      {plugin && plugin.plugin_key === pluginKey ? (
        <DetailBody
          plugin={{ ...plugin, view_count: Math.max(plugin.view_count, viewCount ?? 0) }}
          onChanged={detail.reload}
        />
      ) : detail.status === 'error' ? (
        <DetailError error={detail.error} onRetry={detail.reload} />
      ) : (
        <DetailSkeleton />
      )}
    </Dialog>
  );
}
