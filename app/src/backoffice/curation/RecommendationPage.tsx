import type { CuratedRecommendation, Locale, PluginSummary } from '@plugin-center/api';
import {
  useBackofficeAction,
  useCuratedRecommendation,
  useSilentInstalls,
} from '@plugin-center/react/backoffice';
import { useState } from 'react';
import { PluginAvatar } from '../../components/PluginAvatar';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { Check } from '../../ui/Field';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { useBackofficeTexts } from '../../i18n/backoffice/texts';
import { type PickedPlugin, PluginPicker } from '../PluginPicker';

/** A plugin in the editable list: the summary when the server sent one, else what the picker gave. */
type Item = { plugin_key: string; name: string; icon: string | null };

const toItem = (p: PluginSummary): Item => ({ plugin_key: p.plugin_key, name: p.name, icon: p.icon });

/**
 * `/backstage-index/recommendation` (SPEC §2 "recommendation"; admin only, behind
 * `AdminRoute`). Two sections on one page:
 * - the curated recommendation (`GET /api/cmt/plugin/recommendation/curated`): add approved plugins
 *   by searching, remove, move up/down (buttons, so Tab and Enter/Space work), then Publish
 *   (`POST /api/cmt/plugin/recommendation/publish` with the keys in order; an empty list returns the
 *   square to the automatic sample);
 * - the default installs (`GET /api/cmt/plugin/silent_install/list`): a checkbox per plugin to stop
 *   installing it for new accounts, and a search to add one (`PUT /api/cmt/plugin/silent_install`).
 * Each change toasts; a refusal toasts the server's message.
 */
export function RecommendationPage() {
  const { t } = useBackofficeTexts();
  useDocumentTitle(t('recommendation.title'));
  return (
    <AdminRoute>
      <RecommendationView />
    </AdminRoute>
  );
}

/** Both sections of {@link RecommendationPage} (exported for the tests). */
export function RecommendationView() {
  const { t } = useBackofficeTexts();
  return (
    <section className="backstage bo-page">
      <BackstageHeader title={t('recommendation.title')} />
      <CuratedEditor />
      <SilentInstalls />
    </section>
  );
}

function CuratedEditor() {
  const { t, locale } = useBackofficeTexts();
  const curated = useCuratedRecommendation({ lang: locale as Locale });
  // the last published answer replaces the loaded one; `edited` holds unpublished changes
  const [published, setPublished] = useState<CuratedRecommendation | null>(null);
  const [edited, setEdited] = useState<Item[] | null>(null);
  const publishing = useBackofficeAction('publishRecommendation');
  const busy = publishing.status === 'running';
  const base = published ?? curated.data;
  const items = edited ?? base?.plugin_list.map(toItem) ?? null;
  const dirty = edited !== null;
  const isCurated = base?.is_curated ?? false;

  const change = (next: Item[]) => setEdited(next);
  const add = (p: PickedPlugin) => {
    if (!items) return;
    if (items.some((i) => i.plugin_key === p.plugin_key)) {
      notify(t('recommendation.already', { name: p.name }), 'info');
      return;
    }
    change([...items, { plugin_key: p.plugin_key, name: p.name, icon: null }]);
  };
  const move = (index: number, by: -1 | 1) => {
    if (!items) return;
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item as Item);
    change(next);
    // keep the keyboard on the moved plugin: the same button, or the other one once at an edge
    requestAnimationFrame(() => {
      const same = document.getElementById(`rec-${item?.plugin_key}-${by < 0 ? 'up' : 'down'}`);
      const other = document.getElementById(`rec-${item?.plugin_key}-${by < 0 ? 'down' : 'up'}`);
      ((same as HTMLButtonElement | null)?.disabled ? other : same)?.focus();
    });
  };

  const publish = async () => {
    if (!items) return;
    const res = await publishing.run({ plugin_keys: items.map((i) => i.plugin_key) });
    if (res.status === 'success') {
      notify(t('recommendation.published'), 'success');
      setPublished(res.data);
      setEdited(null);
    } else notify(res.message || t('common.actionFailed'), 'error');
  };

  return (
    <section className="bo-section" aria-labelledby="rec-title">
      <h2 id="rec-title">{t('recommendation.title')}</h2>
      <p className="state-hint">{t('recommendation.intro')}</p>
      {curated.status === 'error' ? (
        <ErrorState message={t('common.loadError')} onRetry={curated.reload} />
      ) : !items ? (
        <LoadingState label={t('common.loading')} />
      ) : (
        <>
          <p className="bo-muted" data-testid="rec-state">
            {dirty
              ? t('recommendation.unsaved')
              : t(isCurated ? 'recommendation.curated' : 'recommendation.automatic')}
          </p>
          <PluginPicker onPick={add} disabled={busy} />
          {items.length === 0 ? (
            <EmptyState title={t('recommendation.empty')} />
          ) : (
            <ol className="bo-list" aria-label={t('recommendation.title')}>
              {items.map((item, i) => (
                <li key={item.plugin_key} className="bo-row" data-testid="rec-row">
                  <PluginAvatar name={item.name} icon={item.icon} size={32} />
                  <div className="bo-row-main">
                    <p className="bo-row-title">
                      {i + 1}. {item.name}
                    </p>
                    <p className="bo-muted">{item.plugin_key}</p>
                  </div>
                  <div className="bo-row-actions">
                    <Button
                      id={`rec-${item.plugin_key}-up`}
                      disabled={busy || i === 0}
                      aria-label={t('recommendation.moveUp', { name: item.name })}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </Button>
                    <Button
                      id={`rec-${item.plugin_key}-down`}
                      disabled={busy || i === items.length - 1}
                      aria-label={t('recommendation.moveDown', { name: item.name })}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      className="button-danger"
                      disabled={busy}
                      aria-label={t('recommendation.remove', { name: item.name })}
                      onClick={() => change(items.filter((x) => x.plugin_key !== item.plugin_key))}
                    >
                      ✕
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <div>
            <Button variant="primary" disabled={busy} onClick={() => void publish()}>
              {t('recommendation.publish')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function SilentInstalls() {
  const { t, locale } = useBackofficeTexts();
  const list = useSilentInstalls({ lang: locale as Locale });
  const silent = useBackofficeAction('setSilentInstall');
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const set = async (plugin_key: string, name: string, on: boolean) => {
    setBusyKey(plugin_key);
    const res = await silent.run({ plugin_key, is_default_install: on });
    setBusyKey(null);
    if (res.status === 'success') {
      notify(t(on ? 'recommendation.silentOn' : 'recommendation.silentOff', { name }), 'success');
      list.reload();
    } else notify(res.message || t('common.actionFailed'), 'error');
  };

  const plugins = list.data?.plugin_list ?? [];
  return (
    <section className="bo-section" aria-labelledby="silent-title">
      <h2 id="silent-title">{t('recommendation.silentTitle')}</h2>
      <p className="state-hint">{t('recommendation.silentIntro')}</p>
      <PluginPicker
        label={t('recommendation.silentAdd')}
        disabled={busyKey !== null}
        onPick={(p) => void set(p.plugin_key, p.name, true)}
      />
      {list.status === 'error' ? (
        <ErrorState message={t('common.loadError')} onRetry={list.reload} />
      ) : !list.data ? (
        <LoadingState label={t('common.loading')} />
      ) : plugins.length === 0 ? (
        <EmptyState title={t('recommendation.silentEmpty')} />
      ) : (
        <ul className="bo-list" aria-label={t('recommendation.silentTitle')}>
          {plugins.map((p) => (
            <li key={p.plugin_key} className="bo-row" data-testid="silent-row">
              <Check
                checked
                disabled={busyKey === p.plugin_key}
                aria-label={t('recommendation.silentToggle', { name: p.name })}
                onChange={() => void set(p.plugin_key, p.name, false)}
              >
                <PluginAvatar name={p.name} icon={p.icon} size={24} />
                {p.name}
              </Check>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
