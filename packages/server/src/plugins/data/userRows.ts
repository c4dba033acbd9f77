/**
 * The per-user row conditions shared by the plugin queries: whether the user has a
 * `plugin_install` or `plugin_uninstall` row for the plugin `plugin as p` of the outer query. The
 * editor list (`editor.ts`) and the default installs of a new account (`userActions.ts`) ask the
 * same questions of the same tables.
 */
import type { ExpressionBuilder } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** An expression builder whose query reads `plugin as p`. */
type PluginScope = ExpressionBuilder<DatabaseSchema & { p: DatabaseSchema['plugin'] }, 'p'>;

/** True when user `userId` has a row in `table` for the outer query's plugin `p`. */
export function userHasRow(eb: PluginScope, table: 'plugin_install' | 'plugin_uninstall', userId: number) {
  return eb.exists(
    eb
      .selectFrom(`${table} as r` as 'plugin_install as r')
      .select('r.plugin_id')
      .whereRef('r.plugin_id', '=', 'p.id')
      .where('r.user_id', '=', userId),
  );
}
