/** en-US back-office navigation labels: the source of the namespace's shape. */
export const texts = {
  resourceStates: 'Resource positions',
  banners: 'Banners',
  recommendation: 'Recommendations',
  people: 'People',
  spaceSetting: 'Space setting',
  iconfont: 'Icon font',
  pexels: 'Pexels',
  ratingReports: 'Reported reviews',
  loginMethods: 'Sign-in methods',
  mirroring: 'Mirroring',
  webhooks: 'Webhooks',
};
