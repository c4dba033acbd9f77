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
 * - `penpot` — Penpot's: `name`, `code`, optional `description`, `icon`, `permissions`;
 * - `sketch` — a Sketch plugin's (`Contents/Sketch/manifest.json` of a `.sketchplugin`):
 *   `name`, `identifier`, with `commands` or `compatibleVersion`
 *   (https://developer.sketch.com/plugins/plugin-manifest);
 * - `xd` — an Adobe XD plugin's: `id`, `name`, `host` naming the app `XD` (an object, or a list of
 *   hosts in the UXP manifest), optional `version`, `uiEntryPoints`, `icons`.
 *
 * {@link manifestPlatforms} says which of the contract's `PLUGIN_PLATFORMS` a valid manifest is for.
 *
 * Unknown extra fields are kept (platforms add fields over time); every listed field must have its
 * type. Texts are bounded ({@link MANIFEST_LIMITS}) and may not contain NUL; names may not contain
 * invisible or bidirectional control characters. A manifest holds no link shown to visitors
 * (`networkAccess.allowedDomains` are domain patterns for the design tool, not links).
 */
import type { PluginPlatform } from '@plugin-center/contract';
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

const Version = Type.Union([Text(), Type.Number()]);

/** A Sketch plugin's manifest (https://developer.sketch.com/plugins/plugin-manifest). */
export const SketchManifest = Type.Object({
  name: Name,
  identifier: Text(),
  version: Type.Optional(Version),
  description: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[^\\u0000]*$' })),
  author: Type.Optional(Text()),
  authorEmail: Type.Optional(Text()),
  homepage: Type.Optional(Text()),
  appcast: Type.Optional(Text()),
  icon: Type.Optional(Text()),
  compatibleVersion: Type.Optional(Version),
  maxCompatibleVersion: Type.Optional(Version),
  bundleVersion: Type.Optional(Version),
  commands: Type.Optional(
    List(
      Type.Object({
        identifier: Text(),
        name: Type.Optional(Name),
        script: Type.Optional(Text()),
        handler: Type.Optional(Text()),
        shortcut: Type.Optional(Type.String({ maxLength: MANIFEST_LIMITS.TEXT, pattern: '^[^\\u0000]*$' })),
      }),
    ),
  ),
  menu: Type.Optional(
    Type.Object({ title: Type.Optional(Text()), items: Type.Optional(List(Type.Unknown())) }),
  ),
});

/** One host of an Adobe XD manifest: the app and its versions. */
const XdHost = Type.Object({
  app: Text(),
  minVersion: Type.Optional(Text()),
  maxVersion: Type.Optional(Text()),
});

/** An Adobe XD plugin's manifest (`host.app` "XD"; the UXP manifest lists its hosts). */
export const XdManifest = Type.Object({
  id: Text(),
  name: Name,
  version: Type.Optional(Text()),
  manifestVersion: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  host: Type.Union([XdHost, List(XdHost)]),
  uiEntryPoints: Type.Optional(
    List(
      Type.Object({
        type: Type.Optional(Text()),
        label: Type.Optional(Type.Union([Text(), Type.Record(Type.String(), Text())])),
        commandId: Type.Optional(Text()),
        panelId: Type.Optional(Text()),
      }),
    ),
  ),
  icons: Type.Optional(List(Type.Object({ path: Text() }))),
});

/** The accepted manifest shapes, by the field that tells them apart. */
const SHAPES = {
  figma: Compile(FigmaManifest),
  mastergo: Compile(MasterGoManifest),
  penpot: Compile(PenpotManifest),
  sketch: Compile(SketchManifest),
  xd: Compile(XdManifest),
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
        | Static<typeof PenpotManifest>
        | Static<typeof SketchManifest>
        | Static<typeof XdManifest>;
    }
  | { ok: false; kind?: ManifestKind; problems: ManifestProblem[] };

/**
 * The shape a parsed manifest claims to be: Penpot by `code`, Adobe XD by `host`, Sketch by
 * `identifier` with `commands` or `compatibleVersion`, MasterGo by `editor_type`, else Figma.
 */
function kindOf(value: Record<string, unknown>): ManifestKind {
  if ('code' in value && !('main' in value)) return 'penpot';
  if ('host' in value && !('api' in value)) return 'xd';
  if ('identifier' in value && ('commands' in value || 'compatibleVersion' in value)) return 'sketch';
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
    if (kind === 'xd' && !xdHosts(value as Static<typeof XdManifest>).includes('XD'))
      problems.push({ path: '/host', message: 'must name the app XD' });
    if (problems.length > 0) return { ok: false, kind, problems };
    return { ok: true, kind, manifest: value as never };
  }
  const problems = (check.Errors(value) as { instancePath?: string; message?: string }[])
    .slice(0, 10)
    .map((e) => ({ path: e.instancePath ?? '', message: e.message ?? 'is invalid' }));
  return { ok: false, kind, problems };
}

/** The apps of an Adobe XD manifest's `host` (one object, or a list in the UXP manifest). */
function xdHosts(manifest: Static<typeof XdManifest>): string[] {
  return (Array.isArray(manifest.host) ? manifest.host : [manifest.host]).map((host) => host.app);
}

/** The Figma editors whose plugins are Figma's (FigJam, Dev Mode and Slides run Figma plugins). */
const FIGMA_EDITORS: ReadonlySet<string> = new Set(['figma', 'figjam', 'dev', 'slides']);

/**
 * The design tools a valid manifest is for, as codes of the contract's `PLUGIN_PLATFORMS`: a Figma
 * manifest is `figma` when its `editorType` names a Figma editor (figma, figjam, dev, slides) or is
 * absent (Figma's default), and none when it names jsDesign only (a tool the square does not
 * filter by); MasterGo's, Penpot's and Sketch's are theirs; Adobe XD's is `adobe-xd`.
 */
export function manifestPlatforms(check: Extract<ManifestCheck, { ok: true }>): PluginPlatform[] {
  switch (check.kind) {
    case 'figma': {
      const editors = (check.manifest as Static<typeof FigmaManifest>).editorType;
      return editors === undefined || editors.some((editor) => FIGMA_EDITORS.has(editor)) ? ['figma'] : [];
    }
    case 'xd':
      return ['adobe-xd'];
    default:
      return [check.kind];
  }
}
