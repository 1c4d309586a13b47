import type { VoiceClient } from "../../sdk";

/** How reading reports progress: a listing read, and `done` of `total` single reads. */
export interface ReadProgress {
  read<T>(what: string, records: T[]): T[];
  tick(what: string, done: number, total: number): void;
}

/** A write-only input an exported program reads from secret stack config. */
export interface ExportedSecret<R> {
  /** What its config key adds after the resource's name in camel case, e.g. `AuthToken`. */
  readonly key: string;
  /** What such inputs are, in the plural, for the README, e.g. `auth tokens`. */
  readonly noun: string;
  /** What to put there, for the README and the printed `pulumi config set` lines. */
  describe(record: R): string;
  /** Whether the platform holds one for the record; without it, always. */
  held?(record: R): boolean;
}

/** An input that takes an output of another exported resource, e.g. a link's bridge slug. */
export interface ExportedReference<R> {
  /** The kind of the resource it references. */
  readonly kind: string;
  /** The output of that resource the input takes, e.g. `slug`. */
  readonly output: string;
  /** The export id (`ExportMapping.id`) of the record it references. */
  target(record: R): string;
  /** The list input every item of which takes the reference (a set's numbers); without it, the input itself. */
  readonly within?: string;
}

/**
 * Records declared under a parent resource rather than on their own (a bridge's links): one
 * resource per record, gathered by their other references, the varying input listed per group.
 */
export interface ExportGroup {
  /** The reference naming the parent the records are declared under, e.g. `bridgeSlug`. */
  readonly under: string;
  /** The input that varies within a group and names each resource, e.g. `phoneNumber`. */
  readonly by: string;
  /** The key of a record's resource in a YAML program, from its resource name. */
  key(name: string): string;
  /** The TSDoc of the function a TypeScript program declares a group with (named by the kind). */
  readonly doc: string;
}

/** How a record's resource is named: the resource name, and the program variable and config keys built on it. */
export interface ExportNaming<R> {
  /** The resource name before it is made unique among the kind's records (`all` of them given). */
  name(record: R, all: readonly R[]): string;
  /** Whether the name is free text to make a readable name of (a slug or a number is kept as it is). */
  readonly sanitize: boolean;
  /** The word names and variables fall back on when the text gives none, e.g. `trunk`. */
  readonly stem: string;
  /** What the program variable adds after the name in camel case, e.g. `Trunk` (`edgeTrunk`). */
  readonly suffix: string;
}

/** Where the records of a kind come from: read from the platform, or derived from records of other kinds. */
export type ExportSource<R> =
  | { readonly read: (client: VoiceClient, progress: ReadProgress) => Promise<R[]> }
  | {
      /** Derives the records from those read, by kind; notes say what could not be derived. */
      readonly derive: (read: Readonly<Record<string, readonly unknown[]>>) => {
        records: R[];
        notes: string[];
      };
    };

/**
 * The two ways an export declares a bridge's numbers: one set per bridge (the default), or one
 * resource per link (`--per-link`). A type with a form derives records only in that form.
 */
export type ExportForm = "sets" | "per-link";

/**
 * How `export` declares the platform records of a type: how they are read, filtered, named and
 * declared (values, write-only secrets from stack config, references to other exported resources),
 * one resource per record or grouped under a parent resource.
 */
export interface ExportMapping<K extends string = string, R = unknown> {
  /** The kind `export --include`/`--exclude` name it by, e.g. `trunk`. */
  readonly kind: K;
  /** Other words a filter accepts for the kind, besides the kind, its plural and the type name (lower case, or kebab case: `sip-trunk`). */
  readonly aliases: readonly string[];
  /** What the README counts the records as, e.g. `SIP trunk`. */
  readonly counted: string;
  /** The comment above the kind's declarations in a TypeScript program. */
  readonly comment: string;
  readonly source: ExportSource<R>;
  /** The form the records are declared in, when the type is one of two ways to declare the same records. */
  readonly form?: ExportForm;
  /**
   * The reference naming the parent a record follows through the filters (a set's bridge): kept when
   * its parent is exported, dropped when it is not. A group's parent is its `under`.
   */
  readonly follows?: string;
  /** The names a filter's pattern matches, its natural key first. */
  names(record: R): readonly string[];
  /** How a note names a record it leaves out, e.g. `trunk 7 ("Edge")`. */
  label(record: R): string;
  /** How a note names a record after its kind when it is pulled in or others are dropped for it, e.g. `twilio AC1`. */
  title(record: R): string;
  /** How a note writes a record's export id after its kind, e.g. `7` or `"support"`. */
  shownId(id: string): string;
  /** The order of the kind's records in the program; without it, the platform's. */
  order?(a: R, b: R): number;
  /** The free-text fields a program declares, by how notes name them: checked for text no program can hold. */
  text(record: R): Readonly<Record<string, string | null | undefined>>;
  readonly naming: ExportNaming<R>;
  /** When a TypeScript program binds the resource to its variable: always, or when another references it. */
  readonly binding: "always" | "when-referenced";
  /** The id the provider reads the record by (the one `Type.get` and `pulumi import` take). */
  id(record: R): string;
  /** The plain inputs a program declares for the record; secrets and references are declared as such. */
  inputs(record: R): Record<string, unknown>;
  /** The write-only inputs, by input name, read from secret stack config. */
  readonly secrets: Readonly<Record<string, ExportedSecret<R>>>;
  /** The inputs that reference other exported resources, by input name. */
  readonly references: Readonly<Record<string, ExportedReference<R>>>;
  /** Present when the records are declared under a parent resource. */
  readonly group?: ExportGroup;
}
