import type { MirrorPullResult, MirrorStatus } from '@plugin-center/api';
import { useBackofficeAction, useMirrorStatus } from '@plugin-center/react/backoffice';
import { formatDateTime } from '../../format';
import { useMirroringTexts } from '../../i18n/mirroring/texts';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { FactList } from '../../ui/FactList';
import { ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import '../../ui/backoffice.css';
import './mirroring.css';

/**
 * `/backstage-index/mirroring` (admin only, behind `AdminRoute`; docs/mirroring.md): the page title
 * and the {@link MirroringView}.
 */
export function MirroringPage() {
  const { t } = useMirroringTexts();
  useDocumentTitle(t('title'));
  return (
    <AdminRoute>
      <MirroringView />
    </AdminRoute>
  );
}

/**
 * The deployment's mirroring from `GET /api/cmt/manager/mirror`: the upstream (or a note that it is
 * not a mirror), the allowlist, the automatic pulls, how many plugins are mirrored, the last pull
 * (when, from where, added / updated / withdrawn / failed, why it stopped, each failure with its
 * reason), and a "Pull now" button (`POST /api/cmt/manager/mirror/pull`, disabled while a pull
 * runs) whose answer replaces the status; a toast says it finished, that another process of the
 * deployment is pulling (the answer's `running`), or that it could not run.
 */
export function MirroringView() {
  const { t } = useMirroringTexts();
  const status = useMirrorStatus();
  const pull = useBackofficeAction('mirrorPull');
  const pulled = pull.status === 'success' ? pull.data : undefined;
  const data: MirrorStatus | undefined = pulled ?? status.data;
  const busy = pull.status === 'running' || data?.running === true;

  const pullNow = async () => {
    const result = await pull.run(undefined as never);
    if (result.status === 'success') {
      // Another process of the deployment was pulling: this one did not, the page says it runs.
      notify(result.data.running ? t('running') : t('pulled'), 'success');
      status.reload();
    } else notify(result.message || t('pullFailed'), 'error');
  };

  return (
    <section className="backstage bo-page mirroring">
      <BackstageHeader title={t('title')} />
      <p className="state-hint">{t('intro')}</p>
      {status.status === 'error' && !data ? (
        <ErrorState message={t('loadError')} onRetry={status.reload} />
      ) : !data ? (
        <LoadingState label={t('loading')} />
      ) : data.upstream === null ? (
        <p className="state-hint" data-testid="not-mirror">
          {t('notMirror')}
        </p>
      ) : (
        <>
          <FactList
            className="bo-panel mirror-settings"
            data-testid="mirror-settings"
            facts={[
              [t('upstream'), <code key="u">{data.upstream}</code>],
              [t('allowlist'), <Allowlist key="a" allow={data.allow} />],
              [
                t('interval'),
                data.interval_minutes > 0
                  ? t('intervalEvery', { count: data.interval_minutes })
                  : t('intervalOff'),
              ],
              [t('mirrored'), <strong key="m">{data.mirrored}</strong>],
            ]}
          />
          <h2>{t('lastPull')}</h2>
          {data.running && <p role="status">{t('running')}</p>}
          {data.last_pull ? <LastPull pull={data.last_pull} /> : <p className="state-hint">{t('never')}</p>}
          <div className="publish-actions">
            <div className="publish-buttons">
              <Button variant="primary" disabled={busy} onClick={() => void pullNow()}>
                {pull.status === 'running' ? t('pulling') : t('pullNow')}
              </Button>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

/** The allowlist in words: each non-empty list, or "every approved plugin". */
function Allowlist({ allow }: { allow: MirrorStatus['allow'] }) {
  const { t } = useMirroringTexts();
  const parts = [
    allow.keys.length > 0 && t('allowKeys', { list: allow.keys.join(', ') }),
    allow.tags.length > 0 && t('allowTags', { list: allow.tags.join(', ') }),
    allow.publishers.length > 0 && t('allowPublishers', { list: allow.publishers.join(', ') }),
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return <>{t('allowAll')}</>;
  return (
    <ul>
      {parts.map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ul>
  );
}

/** The last pull or bundle import: when, from where, its counts, why it stopped, its failures. */
function LastPull({ pull }: { pull: MirrorPullResult }) {
  const { t, locale } = useMirroringTexts();
  const time = formatDateTime(pull.start_time, locale);
  return (
    <div className="bo-panel mirror-last-pull" data-testid="last-pull">
      <p>{t(pull.source === 'bundle' ? 'sourceBundle' : 'sourcePull', { upstream: pull.upstream, time })}</p>
      <p>{t('counts', pull)}</p>
      <p className="state-hint">{t('quiet', pull)}</p>
      {pull.error && (
        <p className="field-error" role="alert">
          {t('stopped', { error: pull.error })}
        </p>
      )}
      {pull.failures.length > 0 && (
        <>
          <h3>{t('failures')}</h3>
          <ul className="bo-list">
            {pull.failures.map((failure) => (
              <li key={`${failure.plugin_key} ${failure.version}`} className="bo-row">
                <code>
                  {failure.plugin_key} {failure.version}
                </code>{' '}
                {failure.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
