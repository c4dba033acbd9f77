/**
 * A plugin's listing on the square as its publisher sets it: unlisted or listed, and its
 * deprecation notice (the unlist, relist, deprecate and undeprecate calls).
 */
import { type Static, Type } from 'typebox';
import { PUBLISH_LIMITS } from '../constants';
import { PluginDeprecation } from './plugins';

const L = PUBLISH_LIMITS;

/**
 * A plugin's listing state as its publisher sets it: unlisted (left out of the square, search,
 * suggestions and recommendations; its detail and the editor's lists still answer it) and its
 * deprecation notice. Data of the unlist, relist, deprecate and undeprecate calls.
 */
export const ListingState = Type.Object(
  {
    plugin_key: Type.String(),
    unlisted: Type.Boolean(),
    unlisted_time: Type.Union([Type.Integer(), Type.Null()], {
      description: 'ms when unlisted; null while listed',
    }),
    deprecation: Type.Union([PluginDeprecation, Type.Null()], { description: 'null when not deprecated' }),
  },
  { $id: 'ListingState' },
);
export type ListingState = Static<typeof ListingState>;

/**
 * Body of `POST /api/cmt/plugin/deprecate`: the message (the description's text rules: hidden
 * characters removed, at most {@link PUBLISH_LIMITS}.REASON characters, not blank) and,
 * optionally, the key of an approved plugin to use instead (not the plugin itself).
 */
export const DeprecateBody = Type.Object(
  {
    plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
    message: Type.String({ minLength: 1, maxLength: L.REASON }),
    replacement_plugin_key: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 128 }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);
export type DeprecateBody = Static<typeof DeprecateBody>;
