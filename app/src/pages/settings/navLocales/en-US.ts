import type { BackofficeNavMessages } from '../navTexts';

/** en-US back-office navigation labels (issue 14): the source of the namespace's shape. */
export const enUS = {
  resourceStates: 'Resource positions',
  banners: 'Banners',
  recommendation: 'Recommendations',
  people: 'People',
  spaceSetting: 'Space setting',
  iconfont: 'Icon font',
  pexels: 'Pexels',
};

/** The en-US labels, typed like every other locale's. */
export const texts: BackofficeNavMessages = enUS;
