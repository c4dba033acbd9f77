import { PluginSort } from '@plugin-center/api';
import { usePluginList } from '@plugin-center/react';
import { PluginCard, SkeletonCards } from '../components/PluginCard';
import { useTranslation } from '../i18n/i18n';
import { Button } from '../ui/Button';

/** Cards in each row. */
export const SQUARE_ROW_SIZE = 4;

/**
 * The square's rows above its list (loaded lazily by `SquarePage`, after the first paint): "Trending
 * this week" (`PluginSort.TRENDING`: installs of the last 7 days, recorded by the server; left out
 * while no plugin was installed in that window) and "New and notable" (`PluginSort.NEWEST`: the plugins
 * approved for the first time most recently). Each asks `GET plugin/list` for its first {@link SQUARE_ROW_SIZE}
 * plugins; "See all" orders the square's list the same way (`onSeeAll`).
 */
export function SquareRows({ search, onSeeAll }: { search: string; onSeeAll: (sort: PluginSort) => void }) {
  return (
    <>
      <SquareRow sort={PluginSort.TRENDING} titleKey="square.trending" search={search} onSeeAll={onSeeAll} />
      <SquareRow sort={PluginSort.NEWEST} titleKey="square.newNotable" search={search} onSeeAll={onSeeAll} />
    </>
  );
}

function SquareRow({
  sort,
  titleKey,
  search,
  onSeeAll,
}: {
  sort: PluginSort;
  titleKey: 'square.trending' | 'square.newNotable';
  search: string;
  onSeeAll: (sort: PluginSort) => void;
}) {
  const { t, locale } = useTranslation();
  const list = usePluginList({ sort, pageSize: SQUARE_ROW_SIZE, lang: locale });
  // A row with nothing to show (or whose answer failed) is left out: the list below has it all.
  if (list.status === 'error' || (list.status === 'success' && list.plugins.length === 0)) return null;
  const id = `square-row-${sort}`;
  return (
    <section className="recommendations square-row" aria-labelledby={id} data-row={sort}>
      <div className="section-head">
        <h2 id={id}>{t(titleKey)}</h2>
        <Button variant="text" onClick={() => onSeeAll(sort)}>
          {t('square.seeAll')}
        </Button>
      </div>
      <ul className="card-grid card-grid-compact" aria-busy={list.status !== 'success'}>
        {list.plugins.length === 0 ? (
          <SkeletonCards count={SQUARE_ROW_SIZE} />
        ) : (
          list.plugins.slice(0, SQUARE_ROW_SIZE).map((plugin) => (
            <li key={plugin.plugin_key}>
              <PluginCard plugin={plugin} search={search} variant="compact" />
            </li>
          ))
        )}
      </ul>
    </section>
  );
}
