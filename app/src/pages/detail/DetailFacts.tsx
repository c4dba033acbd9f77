import type { PluginDetail } from '@plugin-center/api';
import { formatDate } from '../../format';
import { useTranslation } from '../../i18n/i18n';
import { type Fact, FactList } from '../../ui/FactList';
import { DetailHeading } from './DetailHeading';

/** An http(s) URL as a link without its scheme and trailing slash; anything else as text, or the 'none' text (—). */
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

/**
 * The 'Details' section of the dialog (SPEC §3 fields): current version, create and update time
 * (dates in the current locale), copyright holder (its name, else the developer when the holder is
 * the author), license, technical support link, homepage, repository and source, and for a plugin
 * mirrored from another Plugin Center the upstream it comes from (docs/mirroring.md); the 'none'
 * text (—) for what is missing.
 * With `preview` (a submission not yet live, see `DetailPreview`) the dates are left out: the
 * approval sets them.
 */
export function DetailFacts({ plugin, preview = false }: { plugin: PluginDetail; preview?: boolean }) {
  const { t, locale } = useTranslation();
  const none = t('detail.none');
  const holder =
    plugin.copyright_holder.name ||
    (plugin.copyright_holder.type === 'author' ? plugin.developer : null) ||
    none;
  const dates: Fact[] = [
    [t('detail.createTime'), formatDate(plugin.create_time, locale, none)],
    [t('detail.updateTime'), formatDate(plugin.update_time, locale, none)],
  ];
  const fields: Fact[] = [
    [t('detail.currentVersion'), plugin.current_version || none],
    ...(preview ? [] : dates),
    [t('detail.copyrightHolder'), holder],
    [t('detail.license'), plugin.license || none],
    [t('detail.technicalSupport'), <ExternalLink key="s" href={plugin.technical_support_link} />],
    [t('detail.homepage'), <ExternalLink key="h" href={plugin.homepage} />],
    [t('detail.repository'), <ExternalLink key="r" href={plugin.repository} />],
    [t('detail.source'), <SourceLink key="src" source={plugin.source} />],
    ...(plugin.mirror
      ? ([[t('detail.mirroredFrom'), <ExternalLink key="m" href={plugin.mirror.from} />]] as Fact[])
      : []),
  ];
  return (
    <section className="detail-section">
      <DetailHeading>{t('detail.details')}</DetailHeading>
      <FactList facts={fields} />
    </section>
  );
}
