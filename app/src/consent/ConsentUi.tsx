/**
 * The cookie-consent notice and its settings dialog (SPEC §1 "reject all, settings, accept
 * all; strictly necessary always active, marketing optional"). Lazily loaded by the site footer
 * (`React.lazy`): only while the notice shows or the settings are open; the square's first load holds
 * just the store (`./consentStore`).
 *
 * @packageDocumentation
 */
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';
import { Button } from '../ui/Button';
import { Dialog, DialogClose, PAGE_DIALOG_CLASSES } from '../ui/Dialog';
import { Check } from '../ui/Field';
import {
  CONSENT_NOTICE_ROOT_ID,
  type ConsentStore,
  consentStore,
  marketingAllowed,
  useConsent,
} from './consentStore';
import './consent.css';

/** Moves focus to the page's main content (`#main`, focusable by script). */
const focusMain = () => document.getElementById('main')?.focus();

/**
 * The element the notice renders into: the app's (`CONSENT_NOTICE_ROOT_ID`, right after the skip
 * link), so the notice is the first thing keyboard and screen-reader users reach after the skip
 * link, before the page, while it still shows at the bottom of the screen; without it (the notice
 * alone, in tests) the first child of `<body>`, created once.
 */
function noticeRoot(): HTMLElement {
  const existing = document.getElementById(CONSENT_NOTICE_ROOT_ID);
  if (existing) return existing;
  const root = document.createElement('div');
  root.id = CONSENT_NOTICE_ROOT_ID;
  document.body.prepend(root);
  return root;
}

/**
 * What the footer mounts: the notice while the site asks for consent and none was given (in a portal
 * right after the skip link, see {@link noticeRoot}), and the settings dialog while it is open.
 */
export function ConsentUi({ store = consentStore }: { store?: ConsentStore }) {
  const s = useConsent(store);
  return (
    <>
      {s.required && !s.choice && createPortal(<ConsentNotice store={store} />, noticeRoot())}
      {s.settingsOpen && <ConsentSettings store={store} marketing={marketingAllowed(s)} />}
    </>
  );
}

/**
 * The notice: a non-modal region (a `<section>` named by its heading; no focus trap, the page stays
 * usable) fixed to the bottom of the viewport, a bottom sheet on phones. Buttons 全部拒绝 / Reject all,
 * 设置 / Settings (opens {@link ConsentSettings}), 全部接受 / Accept all, in that order, reject and
 * accept alike in weight; a link to the protocol page. A spacer of its height keeps the end of the
 * page reachable above it.
 */
export function ConsentNotice({ store = consentStore }: { store?: ConsentStore }) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  /** Records the choice; focus inside the notice (about to go) moves to the main content. */
  const decide = (marketing: boolean) => {
    const focused = ref.current?.contains(document.activeElement);
    store.choose(marketing);
    if (focused) focusMain();
  };
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--consent-notice-height', `${el.offsetHeight}px`),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-notice-height');
    };
  }, []);
  return (
    <section
      ref={ref}
      className="consent-notice"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
    >
      <div className="consent-notice-text">
        <h2 id={`${id}-title`} className="consent-notice-title">
          {t('consent.title')}
        </h2>
        <p id={`${id}-body`}>
          {t('consent.body')} <Link to="/protocol">{t('consent.policy')}</Link>
        </p>
      </div>
      <div className="consent-notice-actions">
        <Button onClick={() => decide(false)}>{t('consent.rejectAll')}</Button>
        <Button variant="text" aria-haspopup="dialog" onClick={() => store.setSettingsOpen(true)}>
          {t('consent.settings')}
        </Button>
        <Button onClick={() => decide(true)}>{t('consent.acceptAll')}</Button>
      </div>
    </section>
  );
}

/**
 * The cookie settings: the kit's dialog in the app's look (WAI-ARIA dialog pattern: focus trapped
 * and restored, Escape and the overlay close it) with the two categories as switches
 * (`role="switch"` checkboxes):
 * strictly necessary (checked and disabled: always active) and marketing (starting at `marketing`);
 * Save records the choice, Cancel keeps the current one.
 */
export function ConsentSettings({
  store = consentStore,
  marketing,
}: {
  store?: ConsentStore;
  marketing: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [on, setOn] = useState(marketing);
  /** What had focus when the dialog opened (the footer's button, the notice's Settings). */
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  /**
   * Focus back to the opener, or to the main content when the opener is gone (the notice's Settings
   * button, once a choice is saved). Also on unmount: the footer may unmount the dialog at once.
   */
  const restore = () => (opener?.isConnected ? opener.focus() : focusMain());
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only
  useEffect(() => restore, []);
  return (
    <Dialog
      open
      onCancel={() => store.setSettingsOpen(false)}
      title={t('consent.settingsTitle')}
      description={t('consent.settingsIntro')}
      classNames={PAGE_DIALOG_CLASSES}
      className="consent-dialog"
      footer={false}
      closeButton={false}
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        restore();
      }}
    >
      <ul className="consent-categories">
        <li>
          <Check
            labelClassName="consent-switch"
            role="switch"
            checked
            aria-checked
            disabled
            aria-describedby={`${id}-necessary`}
          >
            <span>{t('consent.necessary')}</span>
            <span className="consent-always">{t('consent.alwaysActive')}</span>
          </Check>
          <p id={`${id}-necessary`}>{t('consent.necessaryDesc')}</p>
        </li>
        <li>
          <Check
            labelClassName="consent-switch"
            role="switch"
            checked={on}
            aria-checked={on}
            onChange={(e) => setOn(e.currentTarget.checked)}
            aria-describedby={`${id}-marketing`}
          >
            <span>{t('consent.marketing')}</span>
          </Check>
          <p id={`${id}-marketing`}>{t('consent.marketingDesc')}</p>
        </li>
      </ul>
      <div className="dialog-buttons">
        <DialogClose>
          <Button>{t('consent.cancel')}</Button>
        </DialogClose>
        <Button variant="primary" onClick={() => store.choose(on)}>
          {t('consent.save')}
        </Button>
      </div>
    </Dialog>
  );
}
