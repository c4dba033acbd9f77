/**
 * The design tools' own names, shown for a plugin's `platforms` (catalogue slugs). Brand names read
 * the same in every language, so they are not in the locale files; an unknown slug shows as it is.
 */
const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  figma: 'Figma',
  figjam: 'FigJam',
  sketch: 'Sketch',
  'adobe-xd': 'Adobe XD',
  penpot: 'Penpot',
  mastergo: 'MasterGo',
  jsdesign: 'JsDesign',
};

/** The display name of a platform slug (`adobe-xd` → `Adobe XD`); the slug itself when unknown. */
export const platformName = (slug: string): string =>
  Object.hasOwn(PLATFORM_NAMES, slug) ? PLATFORM_NAMES[slug]! : slug;
