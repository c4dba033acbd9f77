/**
 * The plugin manifest (SPEC §5 "code file: JSON
 * only"): which `manifest.json` shapes a publisher may upload, as JSON Schemas (TypeBox, checked with
 * its compiler), and {@link validateManifest}, whose errors name the JSON path and what was expected.
 *
 * Accepted shapes (the real files of `../shared/data/catalogue/manifests/` are the test set):
 * - `figma` — the Figma plugin manifest (also jsDesign's copy of it): `name`, `id`, `api`, `main`,
 *   optional `ui` (a path, or a map of names to paths), `editorType`, `networkAccess`,
 *   `permissions`, `capabilities`, `documentAccess`, `relaunchButtons`, codegen fields…;
 * - `mastergo` — MasterGo's: `name`, `id` (string or number), `main`, `ui`, `editor_type`;
 * - `penpot` — Penpot's: `name`, `code`, optional `description`, `icon`, `permissions`.
 *
 * Unknown extra fields are kept (platforms add fields over time); every listed field must have its
 * type. Texts are bounded ({@link MANIFEST_LIMITS}) and may not contain NUL; names may not contain
 * invisible or bidirectional control characters. A manifest holds no link shown to visitors
 * (`networkAccess.allowedDomains` are domain patterns for the design tool, not links).
 */
import { hiddenCharactersProblem } from '@plugin-center/contract/text';
import { type Static, type TSchema, Type } from 'typebox';
import { Compile } from 'typebox/compile';

/** Bounds of manifest values. */
export const MANIFEST_LIMITS = {
  /** Largest manifest file, bytes. */
  BYTES: 64 * 1024,
  /** Longest name, characters. */
  NAME: 100,
  /** Longest id, path or other short text, characters. */
  TEXT: 512,
  /** Longest list (domains, permissions, editor types…). */
  LIST: 100,
} as const;

const Text = (max: number = MANIFEST_LIMITS.TEXT) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '^[^\\u0000]*$' });
const List = <T extends TSchema>(item: T) => Type.Array(item, { maxItems: MANIFEST_LIMITS.LIST });
const Name = Text(MANIFEST_LIMITS.NAME);

/** The Figma plugin manifest (https://www.figma.com/plugin-docs/manifest/), also jsDesign's. */
export const FigmaManifest = Type.Object({
  name: Name,
  id: Text(),
  api: Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+$' }),
  main: Text(),
  ui: Type.Optional(Type.Union([Text(), Type.Record(Type.String(), Text())])),
  editorType: Type.Optional(
    List(Type.Union(['figma', 'figjam', 'dev', 'slides', 'jsDesign'].map((v) => Type.Literal(v)))),
  ),
  networkAccess: Type.Optional(
    Type.Object({
      allowedDomains: List(Text()),
      reasoning: Type.Optional(Text(2000)),
      devAllowedDomains: Type.Optional(List(Text())),
    }),
  ),
  permissions: Type.Optional(List(Text())),
  capabilities: Type.Optional(List(Text())),
  documentAccess: Type.Optional(Type.Literal('dynamic-page')),
  relaunchButtons: Type.Optional(
    List(Type.Object({ command: Text(), name: Name, multipleSelection: Type.Optional(Type.Boolean()) })),
  ),
});

/** MasterGo's plugin manifest. */
export const MasterGoManifest = Type.Object({
  name: Name,
  id: Type.Union([Text(), Type.Integer({ minimum: 0 })]),
  main: Text(),
  ui: Type.Optional(Text()),
  editor_type: Type.Optional(List(Text())),
});

/** Penpot's plugin manifest. */
export const PenpotManifest = Type.Object({
  name: Name,
  code: Text(),
  description: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[^\\u0000]*$' })),
  icon: Type.Optional(Text()),
  permissions: Type.Optional(List(Text())),
});

/** The accepted manifest shapes, by the field that tells them apart. */
const SHAPES = {
  figma: Compile(FigmaManifest),
  mastergo: Compile(MasterGoManifest),
  penpot: Compile(PenpotManifest),
} as const;

/** Which platform's manifest a file is. */
export type ManifestKind = keyof typeof SHAPES;

/** One reason a manifest was refused: the JSON path (`/networkAccess/allowedDomains/0`) and what was expected. */
export interface ManifestProblem {
  path: string;
  message: string;
}

/** The outcome of {@link validateManifest}. */
export type ManifestCheck =
  | {
      ok: true;
      kind: ManifestKind;
      manifest:
        | Static<typeof FigmaManifest>
        | Static<typeof MasterGoManifest>
        | Static<typeof PenpotManifest>;
    }
  | { ok: false; kind?: ManifestKind; problems: ManifestProblem[] };

/** The shape a parsed manifest claims to be: Penpot by `code`, MasterGo by `editor_type`, else Figma. */
function kindOf(value: Record<string, unknown>): ManifestKind {
  if ('code' in value && !('main' in value)) return 'penpot';
  if ('editor_type' in value || (typeof value.id === 'number' && !('api' in value))) return 'mastergo';
  return 'figma';
}

/** The names of a manifest (its `name`, its relaunch buttons') with invisible or bidirectional control characters. */
function hiddenNameProblems(manifest: {
  name: string;
  relaunchButtons?: { name: string }[];
}): ManifestProblem[] {
  const names: [string, string][] = [
    ['/name', manifest.name],
    ...(manifest.relaunchButtons ?? []).map((b, i): [string, string] => [
      `/relaunchButtons/${i}/name`,
      b.name,
    ]),
  ];
  return names.flatMap(([path, name]) => {
    const message = hiddenCharactersProblem(name);
    return message ? [{ path, message }] : [];
  });
}

/**
 * Validates an uploaded code file as a plugin manifest.
 *
 * @param bytes - the file as uploaded (at most {@link MANIFEST_LIMITS}.BYTES)
 * @returns `{ ok: true, kind, manifest }`, or `{ ok: false, problems }` — the file is too large, not
 *   UTF-8, not JSON, not an object, its fields fail the schema of its kind (at most 10 problems,
 *   each with the JSON path and what was expected), or a name holds invisible or bidirectional
 *   control characters (the contract's `hiddenCharactersProblem`, as for a plugin's name).
 */
export function validateManifest(bytes: Uint8Array): ManifestCheck {
  if (bytes.byteLength > MANIFEST_LIMITS.BYTES) {
    return { ok: false, problems: [{ path: '', message: `must be at most ${MANIFEST_LIMITS.BYTES} bytes` }] };
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, ''));
  } catch {
    return { ok: false, problems: [{ path: '', message: 'must be a JSON file (UTF-8)' }] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ path: '', message: 'must be a JSON object' }] };
  }
  const kind = kindOf(value as Record<string, unknown>);
  const check = SHAPES[kind];
  if (check.Check(value)) {
    const problems = hiddenNameProblems(value as { name: string; relaunchButtons?: { name: string }[] });
    if (problems.length > 0) return { ok: false, kind, problems };
    return { ok: true, kind, manifest: value as never };
  }
  const problems = (check.Errors(value) as { instancePath?: string; message?: string }[])
    .slice(0, 10)
    .map((e) => ({ path: e.instancePath ?? '', message: e.message ?? 'is invalid' }));
  return { ok: false, kind, problems };
}
