import { ApiError, isSuccess, type PluginDetail } from '@plugin-center/api';
import { PluginEvent } from '@plugin-center/contract';
import { useApiClient, usePluginDetail, useSession } from '@plugin-center/react';
import * as Dialog from '@radix-ui/react-dialog';
import { Fragment, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { trackPluginEvent } from '../analytics';
import { CloseIcon, DownloadIcon, EyeIcon, HeartIcon, LinkIcon } from '../components/Icons';
import { PluginAvatar } from '../components/PluginAvatar';
import { ErrorState } from '../components/States';
import { formatDate, formatNumber } from '../format';
import { useTranslation } from '../i18n/i18n';
import { type DetailLinkState, shareUrl } from '../routes';
import { signInHere } from '../session';
import { notify, useToasts } from '../toast/toastStore';
import { useDocumentTitle } from '../useDocumentTitle';

/**
 * The plugin detail dialog (SPEC §2), route `/detail/:pluginKey` over the square: Radix Dialog,
 * 600 px wide (SPEC §9), scrollable. Shows every field of SPEC §3 that the API returns, the history
 * versions, a copy-share-link button (toasts 'link copied' / 'link copy failed', SPEC §8), and for
 * signed-in users like and install ({@link PluginActions}).
 * Opening it sends `POST /api/cmt/plugin/view` once. Escape, the close button and a click on the
 * backdrop close it: back in history when a card opened it (restoring the square), else to the square
 * with the same query. Focus returns to the card that opened it.
 */
export function PluginDetailDialog() {
  const { pluginKey = '' } = useParams();
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useApiClient();
  const detail = usePluginDetail(pluginKey || null, { lang: locale });
  const [viewCount, setViewCount] = useState<number>();
  const toasts = useToasts();
  useDocumentTitle(detail.plugin?.name);
  // The detail carries the caller's is_praise / is_installed: read it again when the session changes
  // (the first request may go out before the SSO client has validated the stored login).
  const { user } = useSession();
  const userId = user?.user_id;
  const reload = detail.reload;
  const seenUser = useRef(userId);
  useEffect(() => {
    if (seenUser.current === userId) return;
    seenUser.current = userId;
    reload();
  }, [userId, reload]);
  // What had focus when the dialog opened (the card), to give focus back on close: without a
  // Dialog.Trigger, Radix would otherwise leave it on <body>.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const card = document.querySelector(`a.card[data-plugin-key="${CSS.escape(pluginKey)}"]`);
    const target =
      opener instanceof HTMLElement && opener.isConnected && opener !== document.body ? opener : card;
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  };

  // SPEC §7 POST plugin/view, once per opened plugin (the ref also survives StrictMode's double effect).
  const viewed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!pluginKey || viewed.current === pluginKey) return;
    viewed.current = pluginKey;
    trackPluginEvent(PluginEvent.VIEW, pluginKey);
    client.plugin.view({ plugin_key: pluginKey }).then(
      (res) => {
        if (isSuccess(res)) setViewCount(res.data.view_count);
      },
      () => {}, // logged by the client (SPEC §8); the dialog works without it
    );
  }, [client, pluginKey]);

  const closed = useRef(false);
  const close = useCallback(() => {
    if (closed.current) return;
    closed.current = true;
    if ((location.state as DetailLinkState | null)?.fromSquare) navigate(-1);
    else navigate({ pathname: '/', search: location.search });
  }, [location, navigate]);

  // A visible toast is the topmost Radix layer and would take the Escape meant for the dialog.
  useEffect(() => {
    if (toasts.length === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [toasts.length, close]);

  const plugin = detail.plugin;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          aria-describedby={plugin ? 'plugin-intro' : undefined}
          onCloseAutoFocus={restoreFocus}
        >
          <Dialog.Close className="icon-button dialog-close" aria-label={t('detail.close')}>
            <CloseIcon size={20} />
          </Dialog.Close>
          {plugin && plugin.plugin_key === pluginKey ? (
            <DetailBody
              plugin={{ ...plugin, view_count: Math.max(plugin.view_count, viewCount ?? 0) }}
              onChanged={detail.reload}
            />
          ) : detail.status === 'error' ? (
            <>
              <Dialog.Title className="dialog-title">{t('detail.error')}</Dialog.Title>
              {isNotFound(detail.error) ? (
                <div className="state state-empty">
                  <p>{t('detail.notFound')}</p>
                  <Link className="button" to="/">
                    {t('detail.backToSquare')}
                  </Link>
                </div>
              ) : (
                <ErrorState message={t('detail.error')} onRetry={detail.reload} />
              )}
            </>
          ) : (
            <DetailSkeleton />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A missing plugin: HTTP 404 (`ApiError`) or a `PLUGIN_NOT_FOUND` envelope. */
function isNotFound(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 404;
  return (error as { error?: unknown } | null)?.error === 'PLUGIN_NOT_FOUND';
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="detail" aria-busy="true">
      <Dialog.Title className="sr-only">{t('detail.loading')}</Dialog.Title>
      <div className="detail-head">
        <span className="avatar skeleton" style={{ width: 64, height: 64 }} />
        <div className="card-title">
          <span className="skeleton skeleton-line" style={{ width: 220, height: 22 }} />
          <span className="skeleton skeleton-line" style={{ width: 120 }} />
        </div>
      </div>
      {[100, 92, 96, 60].map((w) => (
        <span key={w} className="skeleton skeleton-line" style={{ width: `${w}%` }} />
      ))}
    </div>
  );
}

const URL_IN_TEXT = /(https?:\/\/[^\s<>"'）)\]]+)/g;

/**
 * Plain text with whitespace kept (CSS `pre-wrap`) where http(s) URLs become links. Built as React
 * nodes, never HTML, so markup in a description is shown, not executed.
 */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_IN_TEXT);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
          <a key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one immutable text
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function ExternalLink({ href }: { href: string | null }) {
  const { t } = useTranslation();
  if (!href || !/^https?:\/\//i.test(href)) return <>{href || t('detail.none')}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {href.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
    </a>
  );
}

/** `owner/repo@commit:path` (the import's attribution) → a GitHub link to that file at that commit. */
function SourceLink({ source }: { source: string | null }) {
  const { t } = useTranslation();
  if (!source) return <>{t('detail.none')}</>;
  const m = source.match(/^([\w.-]+\/[\w.-]+)@([0-9a-f]{7,40}):(.+)$/i);
  if (!m) return <>{source}</>;
  return (
    <a href={`https://github.com/${m[1]}/blob/${m[2]}/${m[3]}`} target="_blank" rel="noopener noreferrer">
      {source}
    </a>
  );
}

/** Copies `text` to the clipboard; falls back to a hidden textarea where the Clipboard API is missing (http). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** A 401 from the API: the session ended or was never there (SPEC §6 "A 401 on like triggers sign-in"). */
function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Like and install buttons (SPEC §4 "Like: praise 1 to like, -1 to unlike, then detail reloaded.
 * Install/uninstall toggle installed state"; §8 toasts). Visitors are sent to sign-in, as is a
 * user whose session the server refuses (401). Each button is a toggle (`aria-pressed`) and is
 * disabled while its call runs.
 */
export function PluginActions({ plugin, onChanged }: { plugin: PluginDetail; onChanged(): void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { signedIn } = useSession();
  const [pending, setPending] = useState<'praise' | 'install' | null>(null);

  const run = async (
    which: 'praise' | 'install',
    call: () => Promise<{ code: number }>,
    event: PluginEvent,
    done: string,
    failed: string,
  ) => {
    if (!signedIn) {
      void signInHere().catch(() => {});
      return;
    }
    setPending(which);
    try {
      const res = await call();
      if (!isSuccess(res)) throw res;
      trackPluginEvent(event, plugin.plugin_key);
      notify(done, 'success');
      onChanged();
    } catch (error) {
      if (isUnauthorized(error)) void signInHere().catch(() => {});
      else notify(failed, 'error');
    } finally {
      setPending(null);
    }
  };
  const key = plugin.plugin_key;
  const praise = () =>
    plugin.is_praise
      ? run(
          'praise',
          () => client.plugin.praise({ plugin_key: key, praise: -1 }),
          PluginEvent.UNLIKE,
          t('action.unliked'),
          t('action.unlikeFailed'),
        )
      : run(
          'praise',
          () => client.plugin.praise({ plugin_key: key, praise: 1 }),
          PluginEvent.LIKE,
          t('action.liked'),
          t('action.likeFailed'),
        );
  const install = () =>
    plugin.is_installed
      ? run(
          'install',
          () => client.plugin.uninstall({ plugin_key: key }),
          PluginEvent.UNINSTALL,
          t('action.uninstalled'),
          t('action.uninstallFailed'),
        )
      : run(
          'install',
          () => client.plugin.install({ plugin_key: key }),
          PluginEvent.INSTALL,
          t('action.installed'),
          t('action.installFailed'),
        );

  return (
    <>
      <button
        type="button"
        className="button"
        aria-pressed={plugin.is_praise}
        data-state={plugin.is_praise ? 'on' : 'off'}
        disabled={pending === 'praise'}
        title={signedIn ? undefined : t('action.signInToContinue')}
        onClick={() => void praise()}
      >
        <HeartIcon />
        {plugin.is_praise ? t('action.unlike') : t('action.like')}
      </button>
      <button
        type="button"
        className={plugin.is_installed ? 'button' : 'button button-primary'}
        aria-pressed={plugin.is_installed}
        data-state={plugin.is_installed ? 'on' : 'off'}
        disabled={pending === 'install'}
        title={signedIn ? undefined : t('action.signInToContinue')}
        onClick={() => void install()}
      >
        <DownloadIcon />
        {plugin.is_installed ? t('action.uninstall') : t('action.install')}
      </button>
    </>
  );
}

function DetailBody({ plugin, onChanged }: { plugin: PluginDetail; onChanged(): void }) {
  const { t, locale } = useTranslation();
  const none = t('detail.none');
  const copy = async () => {
    try {
      await copyText(shareUrl(plugin.plugin_key));
      notify(t('detail.linkCopied'), 'success');
    } catch {
      notify(t('detail.linkCopyFailed'), 'error');
    }
  };
  const holder =
    plugin.copyright_holder.name ||
    (plugin.copyright_holder.type === 'author' ? plugin.developer : null) ||
    none;
  const fields: [string, ReactNode][] = [
    [t('detail.currentVersion'), plugin.current_version || none],
    [t('detail.createTime'), formatDate(plugin.create_time, locale, none)],
    [t('detail.updateTime'), formatDate(plugin.update_time, locale, none)],
    [t('detail.copyrightHolder'), holder],
    [t('detail.license'), plugin.license || none],
    [t('detail.technicalSupport'), <ExternalLink key="s" href={plugin.technical_support_link} />],
    [t('detail.homepage'), <ExternalLink key="h" href={plugin.homepage} />],
    [t('detail.source'), <SourceLink key="src" source={plugin.source} />],
  ];

  return (
    <article className="detail" data-plugin-key={plugin.plugin_key}>
      <header className="detail-head">
        <PluginAvatar name={plugin.name} icon={plugin.icon} size={64} />
        <div className="detail-title">
          <Dialog.Title className="dialog-title">{plugin.name}</Dialog.Title>
          <p className="card-developer">{plugin.developer || t('card.unknownDeveloper')}</p>
        </div>
      </header>
      <p id="plugin-intro" className="detail-intro">
        {plugin.intro}
      </p>
      <div className="detail-actions">
        <ul className="detail-counts">
          <li title={t('card.downloads')}>
            <DownloadIcon /> {formatNumber(plugin.download_count, locale)}
            <span className="sr-only"> {t('card.downloads')}</span>
          </li>
          <li title={t('card.views')}>
            <EyeIcon /> {formatNumber(plugin.view_count, locale)}
            <span className="sr-only"> {t('card.views')}</span>
          </li>
          <li title={t('card.likes')}>
            <HeartIcon /> {formatNumber(plugin.praise_count, locale)}
            <span className="sr-only"> {t('card.likes')}</span>
          </li>
        </ul>
        <div className="detail-buttons">
          <PluginActions plugin={plugin} onChanged={onChanged} />
          <button type="button" className="button" onClick={copy}>
            <LinkIcon />
            {t('detail.copyLink')}
          </button>
        </div>
      </div>

      {(plugin.tags.length > 0 || plugin.platforms.length > 0) && (
        <div className="detail-chips">
          {plugin.tags.length > 0 && (
            <ul className="chips" aria-label={t('detail.tags')}>
              {plugin.tags.map((tag) => (
                <li key={tag.id} className="chip">
                  {t(`tags.${tag.code}`, { defaultValue: tag.name })}
                </li>
              ))}
            </ul>
          )}
          {plugin.platforms.length > 0 && (
            <ul className="chips" aria-label={t('detail.platforms')}>
              {plugin.platforms.map((p) => (
                <li key={p} className="chip chip-outline">
                  {t(`platform.${p}`, { defaultValue: p })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {plugin.description && plugin.description.trim() !== plugin.intro.trim() && (
        <section className="detail-section">
          <h3>{t('detail.description')}</h3>
          <p className="prewrap">
            <Linkified text={plugin.description} />
          </p>
        </section>
      )}

      {plugin.version_content && (
        <section className="detail-section">
          <h3>{t('detail.versionContent')}</h3>
          <p className="prewrap">
            <Linkified text={plugin.version_content} />
          </p>
        </section>
      )}

      <section className="detail-section">
        <h3>{t('detail.details')}</h3>
        <dl className="detail-fields">
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="detail-section">
        <h3>{t('detail.history')}</h3>
        {plugin.versions.length === 0 ? (
          <p className="state-hint">{t('detail.noHistory')}</p>
        ) : (
          <ol className="versions">
            {plugin.versions.map((v) => (
              <li key={`${v.version}-${v.create_time}`}>
                <div className="version-head">
                  <strong>{v.version}</strong>
                  <time dateTime={new Date(v.create_time).toISOString()}>
                    {formatDate(v.create_time, locale, none)}
                  </time>
                </div>
                {v.version_content && (
                  <p className="prewrap">
                    <Linkified text={v.version_content} />
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
