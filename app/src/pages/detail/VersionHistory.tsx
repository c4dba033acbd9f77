import type { PluginDetail } from '@plugin-center/api';
import { formatDate } from '../../format';
import { useTranslation } from '../../i18n/i18n';
import { DetailHeading } from './DetailHeading';
import { Linkified } from './Linkified';

/**
 * The 'History versions' section of the dialog (SPEC §2): each earlier version with its date (a
 * `<time>`), a 'Signed' mark when the version carries the marketplace's signature (its key id in
 * the title; docs/signatures.md) and its content, or 'No history versions yet' when there are none.
 */
export function VersionHistory({ versions }: { versions: PluginDetail['versions'] }) {
  const { t, locale } = useTranslation();
  return (
    <section className="detail-section">
      <DetailHeading>{t('detail.history')}</DetailHeading>
      {versions.length === 0 ? (
        <p className="state-hint">{t('detail.noHistory')}</p>
      ) : (
        <ol className="versions">
          {versions.map((v) => (
            <li key={`${v.version}-${v.create_time}`}>
              <div className="version-head">
                <strong>{v.version}</strong>
                <time dateTime={new Date(v.create_time).toISOString()}>
                  {formatDate(v.create_time, locale, t('detail.none'))}
                </time>
                {v.signature && (
                  <span className="version-signed" title={t('detail.signedTitle', { kid: v.signature.kid })}>
                    {t('detail.signed')}
                  </span>
                )}
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
  );
}
