import { useId, useState } from 'react';
import type { UiKitMessages } from '../i18n/uiKit/messages';
import { useUiKitTexts } from '../i18n/uiKit/texts';
import { notify } from '../toast/toastStore';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import * as kit from '../ui/constants';
import { Dialog } from '../ui/Dialog';
import { Dropdown, DropdownContent, DropdownItem, DropdownSeparator, DropdownTrigger } from '../ui/Dropdown';
import { Icon } from '../ui/Icon';
import { Input } from '../ui/Input';
import { NumberInput } from '../ui/NumberInput';
import { PasswordInput } from '../ui/PasswordInput';
import { SearchInput } from '../ui/SearchInput';
import { Slider } from '../ui/Slider';
import { Tooltip, TooltipProvider } from '../ui/Tooltip';
import { useDocumentTitle } from '../useDocumentTitle';
import './uiKit.css';

const SIZE_KEYS = {
  default: 'sizeDefault',
  large: 'sizeLarge',
  small: 'sizeSmall',
} as const satisfies Record<kit.ButtonSize, keyof UiKitMessages>;
const VARIANT_KEYS = {
  default: 'variantDefault',
  primary: 'variantPrimary',
  secondary: 'variantSecondary',
  text: 'variantText',
  error: 'variantError',
} as const satisfies Record<kit.ButtonVariant, keyof UiKitMessages>;
const TYPE_KEYS = {
  success: 'typeSuccess',
  error: 'typeError',
  warning: 'typeWarning',
  info: 'typeInfo',
  loading: 'typeLoading',
} as const satisfies Record<kit.ToastType, keyof UiKitMessages>;

/** The constants of `ui/constants.ts` shown in the table, by name. */
const CONSTANTS: [string, unknown][] = [
  ['DIALOG_WIDTH_PX', kit.DIALOG_WIDTH_PX],
  ['DIALOG_THROTTLE_MS', kit.DIALOG_THROTTLE_MS],
  ['MESSAGE_TYPES', kit.MESSAGE_TYPES],
  ['ICON_NAMES', kit.ICON_NAMES],
  ['TOAST_DURATION_MS', kit.TOAST_DURATION_MS],
  ['TOAST_STACK_GAP_PX', kit.TOAST_STACK_GAP_PX],
  ['TOAST_POSITIONS', kit.TOAST_POSITIONS],
  ['TOOLTIP_DELAY_MS', kit.TOOLTIP_DELAY_MS],
  ['TOOLTIP_SKIP_DELAY_MS', kit.TOOLTIP_SKIP_DELAY_MS],
  ['TOOLTIP_MAX_WIDTH_PX', kit.TOOLTIP_MAX_WIDTH_PX],
  ['TOOLTIP_Z_INDEX', kit.TOOLTIP_Z_INDEX],
  ['TOOLTIP_DURATION_MS', kit.TOOLTIP_DURATION_MS],
  ['TOOLTIP_OFFSET_PX', kit.TOOLTIP_OFFSET_PX],
  ['TOOLTIP_PLACEMENT', kit.TOOLTIP_PLACEMENT],
  ['BADGE_MAX', kit.BADGE_MAX],
  ['NUMBER_INPUT_DEFAULTS', kit.NUMBER_INPUT_DEFAULTS],
  ['NUMBER_INPUT_REPEAT_MS', kit.NUMBER_INPUT_REPEAT_MS],
  ['SLIDER_DEFAULTS', kit.SLIDER_DEFAULTS],
  ['SLIDER_THUMB_SIZE_PX', kit.SLIDER_THUMB_SIZE_PX],
  ['DROPDOWN_VIEWPORT_MARGIN_PX', kit.DROPDOWN_VIEWPORT_MARGIN_PX],
  ['BUTTON_SIZES', kit.BUTTON_SIZES],
  ['BUTTON_VARIANTS', kit.BUTTON_VARIANTS],
];

/**
 * `/plugins/ui-kit`: the developer page of the UI kit (SPEC §9): every component of
 * `app/src/ui/` in its states, in the current interface language, and the kit's constants. Not linked
 * from the site header; lazily loaded (its own chunk with Radix Tooltip, Slider and Dropdown Menu),
 * so the square's first load does not carry it.
 */
export function UiKitPage() {
  const { t } = useUiKitTexts();
  useDocumentTitle(t('title'));
  const ids = useId();
  const [atBottom, setAtBottom] = useState(false);
  const [quantity, setQuantity] = useState(3);
  const [volume, setVolume] = useState(40);
  const [chosen, setChosen] = useState('');
  const [email, setEmail] = useState('not-an-email');
  const [confirming, setConfirming] = useState(false);

  return (
    <TooltipProvider>
      <article className="ui-kit-page">
        <h1>{t('title')}</h1>
        <p className="ui-kit-intro">{t('intro')}</p>

        <section aria-labelledby={`${ids}-buttons`}>
          <h2 id={`${ids}-buttons`}>{t('buttons')}</h2>
          <h3>{t('sizes')}</h3>
          <div className="ui-kit-row">
            {kit.BUTTON_SIZES.map((size) => (
              <Button key={size} size={size} variant="primary">
                {t(SIZE_KEYS[size])}
              </Button>
            ))}
          </div>
          <h3>{t('variants')}</h3>
          <div className="ui-kit-row">
            {kit.BUTTON_VARIANTS.map((variant) => (
              <Button key={variant} variant={variant}>
                {t(VARIANT_KEYS[variant])}
              </Button>
            ))}
          </div>
          <h3>{t('states')}</h3>
          <div className="ui-kit-row">
            <Button disabled>{t('disabled')}</Button>
            <Button variant="primary" loading>
              {t('loading')}
            </Button>
          </div>
        </section>

        <section aria-labelledby={`${ids}-dialog`}>
          <h2 id={`${ids}-dialog`}>{t('dialog')}</h2>
          <div className="ui-kit-row">
            <Dialog
              trigger={<Button>{t('openDialog')}</Button>}
              title={t('dialogTitle')}
              description={t('dialogBody')}
            />
            <Dialog
              trigger={<Button>{t('openStrictDialog')}</Button>}
              title={t('dialogTitle')}
              description={t('strictDialogBody')}
              closeOnBackdrop={false}
            />
            <Dialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={<Button variant="error">{t('confirmDialog')}</Button>}
              role="alertdialog"
              title={t('confirmTitle')}
              description={t('confirmBody')}
              confirmVariant="error"
              confirmLabel={t('remove')}
              onConfirm={() => new Promise((resolve) => setTimeout(resolve, 600))}
            />
          </div>
        </section>

        <section aria-labelledby={`${ids}-toast`}>
          <h2 id={`${ids}-toast`}>{t('toast')}</h2>
          <label className="ui-kit-check">
            <input type="checkbox" checked={atBottom} onChange={(e) => setAtBottom(e.target.checked)} />
            {t('toastAtBottom')}
          </label>
          <div className="ui-kit-row">
            {kit.TOAST_TYPES.map((type) => (
              <Button
                key={type}
                onClick={() =>
                  notify(t('toastText', { type: t(TYPE_KEYS[type]) }), type, atBottom ? 'bottom' : 'top')
                }
              >
                <Icon name={type} />
                {t(TYPE_KEYS[type])}
              </Button>
            ))}
          </div>
          <h3>{t('icons')}</h3>
          <ul className="ui-kit-icons">
            {kit.ICON_NAMES.map((name) => (
              <li key={name}>
                <Icon name={name} size={24} />
                <code>{name}</code>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby={`${ids}-tooltip`}>
          <h2 id={`${ids}-tooltip`}>{t('tooltip')}</h2>
          <div className="ui-kit-row">
            <Tooltip content={t('tooltipText')}>
              <Button>{t('tooltipTrigger')}</Button>
            </Tooltip>
            <Tooltip
              content={
                <>
                  <strong>{t('tooltipRichTrigger')}</strong>
                  <br />
                  {t('tooltipRich')}
                </>
              }
            >
              <Button variant="secondary">{t('tooltipRichTrigger')}</Button>
            </Tooltip>
          </div>
        </section>

        <section aria-labelledby={`${ids}-badge`}>
          <h2 id={`${ids}-badge`}>{t('badge')}</h2>
          <div className="ui-kit-row">
            {[5, 99, 100].map((count) => (
              <Badge key={count} count={count} label={t('unread', { count })}>
                <Button>{t('messages')}</Button>
              </Badge>
            ))}
            <Badge count={0} showZero />
            <Badge count={1234} />
          </div>
        </section>

        <section aria-labelledby={`${ids}-number`}>
          <h2 id={`${ids}-number`}>{t('numberInput')}</h2>
          <div className="ui-kit-field">
            <label htmlFor={`${ids}-quantity`}>{t('quantity')}</label>
            <NumberInput
              id={`${ids}-quantity`}
              value={quantity}
              onValueChange={setQuantity}
              aria-describedby={`${ids}-quantity-hint`}
            />
            <p id={`${ids}-quantity-hint`} className="ui-kit-hint">
              {t('quantityHint')}
            </p>
            <NumberInput aria-label={t('disabled')} defaultValue={4} disabled />
          </div>
        </section>

        <section aria-labelledby={`${ids}-slider`}>
          <h2 id={`${ids}-slider`}>{t('slider')}</h2>
          <div className="ui-kit-field">
            <span>
              {t('volume')}: {volume}
            </span>
            <Slider label={t('volume')} value={volume} onValueChange={setVolume} />
            <Slider label={t('disabled')} defaultValue={70} disabled />
          </div>
        </section>

        <section aria-labelledby={`${ids}-dropdown`}>
          <h2 id={`${ids}-dropdown`}>{t('dropdown')}</h2>
          <div className="ui-kit-row">
            <Dropdown>
              <DropdownTrigger asChild>
                <Button>{t('moreActions')}</Button>
              </DropdownTrigger>
              <DropdownContent>
                <DropdownItem onSelect={() => setChosen(t('edit'))}>{t('edit')}</DropdownItem>
                <DropdownItem onSelect={() => setChosen(t('duplicate'))}>{t('duplicate')}</DropdownItem>
                <DropdownSeparator />
                <DropdownItem disabled>{t('remove')}</DropdownItem>
              </DropdownContent>
            </Dropdown>
            <output aria-live="polite">{chosen && t('chosen', { item: chosen })}</output>
          </div>
        </section>

        <section aria-labelledby={`${ids}-inputs`}>
          <h2 id={`${ids}-inputs`}>{t('inputs')}</h2>
          <div className="ui-kit-grid">
            <Input label={t('username')} hint={t('usernameHint')} maxLength={20} defaultValue="plugin" />
            <Input
              label={t('email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={/^[^@\s]+@[^@\s]+$/.test(email) ? undefined : t('emailError')}
            />
            <PasswordInput label={t('password')} defaultValue="secret" autoComplete="off" />
            <SearchInput aria-label={t('search')} />
            <Input label={t('disabled')} disabled defaultValue={t('disabled')} />
          </div>
        </section>

        <section aria-labelledby={`${ids}-constants`}>
          <h2 id={`${ids}-constants`}>{t('constants')}</h2>
          <table className="ui-kit-table">
            <thead>
              <tr>
                <th scope="col">{t('constantName')}</th>
                <th scope="col">{t('constantValue')}</th>
              </tr>
            </thead>
            <tbody>
              {CONSTANTS.map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">
                    <code>{name}</code>
                  </th>
                  <td>
                    <code>{JSON.stringify(value)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </article>
    </TooltipProvider>
  );
}
