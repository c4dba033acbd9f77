import { useId } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useRotation } from '../useRotation';
import { HEADER_CAROUSEL_INTERVAL_MS, type HeaderLink, HOT_PICKS } from './links';

/**
 * The resource menu's hot-picks carousel (SPEC §2, §9): `picks` (default {@link HOT_PICKS}, 4
 * community-file links; the header passes them on the host origin, or a custom menu file's),
 * one shown at a time, advancing every {@link HEADER_CAROUSEL_INTERVAL_MS} (2000 ms) while it is
 * shown (the menu is hovered or open: it is mounted only then). A manual selection (a dot, previous
 * or next) stops the rotation for good; hovering or focusing a link pauses it. Starts stopped with
 * `prefers-reduced-motion: reduce`. WAI-ARIA APG carousel: a region with
 * `aria-roledescription="carousel"`, the slide a group labelled "n of 4", `aria-live="polite"` only
 * while not rotating; the dots are buttons with `aria-pressed`.
 */
export function HotPicks({ picks = HOT_PICKS }: { picks?: readonly HeaderLink[] }) {
  const { t } = useTranslation();
  const id = useId();
  const count = picks.length;
  const { index, go, rotating, setPlaying, setHovered, setFocused } = useRotation(
    count,
    HEADER_CAROUSEL_INTERVAL_MS,
  );

  const select = (next: number) => {
    setPlaying(false);
    go(next);
  };
  const pick = picks[index];
  if (!pick) return null;

  return (
    <section
      className="hot-picks"
      aria-roledescription={t('header.carousel')}
      aria-label={t('header.hotPicks')}
      data-state={rotating ? 'rotating' : 'paused'}
    >
      <p className="hot-picks-title" aria-hidden="true">
        {t('header.hotPicks')}
      </p>
      <div id={`${id}-slides`} className="hot-picks-slides" aria-live={rotating ? 'off' : 'polite'}>
        {/* A slide is a group with aria-roledescription "slide" (WAI-ARIA APG carousel), not a fieldset. */}
        {/* biome-ignore lint/a11y/useSemanticElements: see above */}
        <div
          role="group"
          aria-roledescription={t('header.slide')}
          aria-label={t('header.slideOf', { n: index + 1, count })}
        >
          <a
            className="hot-pick"
            href={pick.href}
            onPointerEnter={() => setHovered(true)}
            onPointerLeave={() => setHovered(false)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
          >
            {pick.label ?? t(`header.${pick.key}`)}
          </a>
        </div>
      </div>
      <div className="hot-picks-controls">
        <button
          type="button"
          className="hot-picks-step"
          aria-controls={`${id}-slides`}
          aria-label={t('header.previousHotPick')}
          onClick={() => select(index - 1)}
        >
          <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="none" stroke="currentColor" strokeWidth="2.5" d="m15 6-6 6 6 6" />
          </svg>
        </button>
        {picks.map((p, i) => (
          <button
            key={p.key}
            type="button"
            className="hot-picks-dot"
            aria-controls={`${id}-slides`}
            aria-pressed={i === index}
            aria-label={t('header.showHotPick', { n: i + 1 })}
            onClick={() => select(i)}
          />
        ))}
        <button
          type="button"
          className="hot-picks-step"
          aria-controls={`${id}-slides`}
          aria-label={t('header.nextHotPick')}
          onClick={() => select(index + 1)}
        >
          <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="none" stroke="currentColor" strokeWidth="2.5" d="m9 6 6 6-6 6" />
          </svg>
        </button>
      </div>
    </section>
  );
}
