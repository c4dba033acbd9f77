import type { Banner } from '@plugin-center/api';
import { httpUrl } from '@plugin-center/contract/text';
import { useBanners } from '@plugin-center/react';
import { useBackofficeAction } from '@plugin-center/react/backoffice';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { FileInput, TextInput } from '../../ui/Field';
import { FormField, fieldControlProps } from '../../ui/FormField';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import { BANNER_LIMIT_VALUES as BANNER_LIMITS } from '../contractValues';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { useBackofficeTexts } from '../../i18n/backoffice/texts';
import '../../ui/backoffice.css';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const MB = 1024 * 1024;

/**
 * Whether `value` (trimmed) is a link by the contract's one link rule (`httpUrl`: an absolute http(s)
 * URL with a host, no credentials, backslash, control or invisible character; SPEC §5: anything else
 * is 'Wrong url, please try again'; the server applies the same rule and answers that message).
 */
export function isHttpUrl(value: string): boolean {
  return httpUrl(value.trim()) !== undefined;
}

/**
 * `/backstage-index/banner-config` (SPEC §2 "banner config"; admin only, behind
 * `AdminRoute`): the square's carousel banners (`GET /api/cmt/plugin-banner/all`) as image previews
 * in order; add one or replace one's image and/or link (`PUT /api/cmt/manager/plugin-banner`,
 * multipart: file `image`, `redirect_url`, `id`); move one up or down (the contract's 0-based
 * `position`); delete one after a confirmation (`DELETE /api/cmt/manager/plugin-banner`). A link
 * that is not an absolute http(s) URL shows exactly 'Wrong url, please try again', checked before
 * sending and from the server's answer; an image that is not PNG/JPEG/GIF/WebP or is larger than
 * `BANNER_LIMITS.IMAGE_BYTES` is refused before sending.
 */
export function BannerConfigPage() {
  const { t } = useBackofficeTexts();
  useDocumentTitle(t('banner.title'));
  return (
    <AdminRoute>
      <BannerConfigView />
    </AdminRoute>
  );
}

/** The banners and their forms of {@link BannerConfigPage} (exported for the tests). */
export function BannerConfigView() {
  const { t } = useBackofficeTexts();
  const banners = useBanners();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);
  const save = useBackofficeAction('saveBanner');
  const removal = useBackofficeAction('deleteBanner');
  const busy = save.status === 'running' || removal.status === 'running';
  const list = banners.data ?? [];

  const move = async (banner: Banner, to: number) => {
    const form = new FormData();
    form.set('id', String(banner.id));
    form.set('position', String(to));
    const res = await save.run(form);
    if (res.status === 'success') {
      notify(t('banner.moved'), 'success');
      banners.reload();
    } else notify(res.message || t('common.actionFailed'), 'error');
  };

  const remove = async (banner: Banner) => {
    const res = await removal.run({ id: banner.id });
    setDeleting(null);
    if (res.status === 'success') {
      notify(t('banner.deleted'), 'success');
      banners.reload();
    } else notify(res.message || t('common.actionFailed'), 'error');
  };

  const full = list.length >= BANNER_LIMITS.COUNT;
  return (
    <section className="backstage bo-page">
      <BackstageHeader title={t('banner.title')} />
      <p className="state-hint">{t('banner.intro', { count: BANNER_LIMITS.COUNT })}</p>
      {editing === 'new' ? (
        <BannerForm
          onDone={(saved) => {
            setEditing(null);
            if (saved) banners.reload();
          }}
        />
      ) : (
        <div>
          <Button
            variant="primary"
            disabled={full || banners.status !== 'success'}
            onClick={() => setEditing('new')}
          >
            {t('banner.add')}
          </Button>
          {full && <p className="bo-hint">{t('banner.full', { count: BANNER_LIMITS.COUNT })}</p>}
        </div>
      )}
      {banners.status === 'error' ? (
        <ErrorState message={t('common.loadError')} onRetry={banners.reload} />
      ) : !banners.data ? (
        <LoadingState label={t('common.loading')} />
      ) : list.length === 0 ? (
        <EmptyState title={t('banner.empty')} hint={t('banner.emptyHint')} />
      ) : (
        <ol className="bo-list" aria-label={t('banner.title')}>
          {list.map((banner, i) => {
            const n = i + 1;
            return (
              <li key={banner.id} className="bo-row" data-testid="banner-row">
                <img className="bo-banner-image" src={banner.image} alt={t('banner.number', { n })} />
                <div className="bo-row-main">
                  <p className="bo-row-title">{t('banner.number', { n })}</p>
                  <a
                    className="bo-muted"
                    href={banner.redirect_url}
                    target="_blank"
                    rel="noreferrer noopener"
                  >
                    {banner.redirect_url}
                  </a>
                  {editing !== 'new' && editing?.id === banner.id && (
                    <BannerForm
                      banner={banner}
                      n={n}
                      onDone={(saved) => {
                        setEditing(null);
                        if (saved) banners.reload();
                      }}
                    />
                  )}
                </div>
                <div className="bo-row-actions">
                  <Button
                    disabled={busy || i === 0}
                    aria-label={t('banner.moveUp', { n })}
                    onClick={() => void move(banner, i - 1)}
                  >
                    ↑
                  </Button>
                  <Button
                    disabled={busy || i === list.length - 1}
                    aria-label={t('banner.moveDown', { n })}
                    onClick={() => void move(banner, i + 1)}
                  >
                    ↓
                  </Button>
                  <Button onClick={() => setEditing(banner)}>{t('banner.replace')}</Button>
                  <Button className="button-danger" onClick={() => setDeleting(banner)}>
                    {t('banner.delete')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('banner.deleteTitle')}
          body={t('banner.deleteBody', { n: list.findIndex((b) => b.id === deleting.id) + 1 })}
          confirm={t('banner.delete')}
          cancel={t('common.cancel')}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </section>
  );
}

/**
 * Add (no `banner`) or replace (`banner`) a banner: image file (required to add; empty keeps the
 * current one) and link (required). `onDone(true)` after a save, `onDone(false)` on Cancel.
 */
function BannerForm(props: { banner?: Banner; n?: number; onDone(saved: boolean): void }) {
  const { t } = useBackofficeTexts();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState(props.banner?.redirect_url ?? '');
  const save = useBackofficeAction('saveBanner');
  const busy = save.status === 'running';
  const [errors, setErrors] = useState<{ image?: string; url?: string; form?: string }>({});
  const mb = BANNER_LIMITS.IMAGE_BYTES / MB;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!props.banner && !file) next.image = t('common.required');
    else if (file && !IMAGE_TYPES.includes(file.type)) next.image = t('banner.imageType');
    else if (file && file.size > BANNER_LIMITS.IMAGE_BYTES) next.image = t('banner.imageTooLarge', { mb });
    if (!url.trim()) next.url = t('common.required');
    else if (!isHttpUrl(url)) next.url = t('spec.wrongUrl');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const form = new FormData();
    if (props.banner) form.set('id', String(props.banner.id));
    form.set('redirect_url', url.trim());
    if (file) form.set('image', file);
    const res = await save.run(form);
    if (res.status === 'success') {
      notify(t('spec.saveOk'), 'success');
      props.onDone(true);
      return;
    }
    const message = res.message || t('spec.saveFailed');
    if (res.field === 'redirect_url') setErrors({ url: message });
    else if (res.field === 'image') setErrors({ image: message });
    else setErrors({ form: message });
  };

  const imageHint = (
    <>
      {t('banner.imageHint', { mb })} {props.banner && t('banner.keepImage')}
    </>
  );
  return (
    <form className="publish-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset disabled={busy}>
        <legend>{props.banner ? t('banner.replaceTitle', { n: props.n }) : t('banner.addTitle')}</legend>
        <FormField
          id={`${id}-image`}
          label={t('banner.image')}
          required={!props.banner}
          hint={imageHint}
          error={errors.image}
        >
          <FileInput
            {...fieldControlProps(`${id}-image`, { hint: imageHint, error: errors.image })}
            accept={IMAGE_TYPES.join(',')}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </FormField>
        <FormField
          id={`${id}-url`}
          label={t('banner.url')}
          required
          hint={t('banner.urlHint')}
          error={errors.url}
        >
          <TextInput
            {...fieldControlProps(`${id}-url`, { hint: t('banner.urlHint'), error: errors.url })}
            type="url"
            value={url}
            maxLength={BANNER_LIMITS.URL}
            onChange={(e) => setUrl(e.target.value)}
          />
        </FormField>
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="bo-inline">
          <Button variant="primary" type="submit">
            {t('common.save')}
          </Button>
          <Button onClick={() => props.onDone(false)}>{t('common.cancel')}</Button>
        </div>
      </fieldset>
    </form>
  );
}
