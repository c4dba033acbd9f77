/**
 * Field schemas shared by the wire modules (nullable text, interface locale, role); not part of the
 * package's API.
 */
import { Type } from 'typebox';
import { LOCALES } from '../locales';

/** A text or null. */
export const NullableString = Type.Union([Type.String(), Type.Null()]);

/** An interface locale of `LOCALES`. */
// Type.Enum keeps the literal union in the static type (a Union over LOCALES.map(...) is typed `never`).
export const Lang = Type.Enum(LOCALES, { description: 'interface locale' });

/** A role (SPEC §1): 0 general user, 1 super admin, 2 general admin. */
export const RoleSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
  description: '0 general user, 1 super admin, 2 general admin (SPEC §1)',
});
