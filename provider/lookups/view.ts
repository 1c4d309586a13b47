import { z } from "zod";

type Shape = z.ZodRawShape;

/** `domain_handle` → `domainHandle`, as a type. */
export type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

/** An SDK field as a lookup answers it: always present, `null` when the platform leaves it out. */
type Present<T> =
  T extends z.ZodOptional<infer I extends z.ZodType>
    ? I extends z.ZodNullable<z.ZodType>
      ? I
      : z.ZodNullable<I>
    : T;

/**
 * How a view states one field: its description, for a field of the SDK's record (keeping its type), or
 * a described schema of its own, for a field the lookup reshapes or computes (then any name will do).
 */
export type FieldView = string | z.ZodType;

/** The fields a view may state of an SDK record: its own by description, any by schema. */
type Fields<S extends Shape, F> = { readonly [K in keyof F]: K extends keyof S ? FieldView : z.ZodType };

/** The shape of a view: each stated field under its camelCase name. */
export type ViewShape<S extends Shape, F> = {
  -readonly [K in keyof F & string as Camel<K>]-?: F[K] extends z.ZodType
    ? F[K]
    : K extends keyof S
      ? Present<S[K]>
      : never;
};

const camel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The field as a lookup answers it: an optional SDK field is a nullable one (present, maybe `null`). */
function present(field: z.ZodType): z.ZodType {
  if (!(field instanceof z.ZodOptional)) return field;
  const inner = field.unwrap() as z.ZodType;
  return inner instanceof z.ZodNullable ? inner : inner.nullable();
}

/**
 * A lookup's record as a view over the SDK's schema of the platform record: the fields `fields` states,
 * in its order, renamed to camelCase, each described once (the text feeds the package schema and the
 * generated SDKs). A field stated by its description keeps the SDK's type (an optional one made
 * nullable: present, maybe `null`); one stated by a schema (a record of a view, a value the lookup
 * reshapes or computes) is taken as it is. Without `meta` the record is a lookup's answer itself, not
 * a named type.
 */
export function view<S extends Shape, const F extends Fields<S, F>>(
  source: z.ZodObject<S>,
  meta: { readonly id: string; readonly description: string } | undefined,
  fields: F,
): z.ZodObject<ViewShape<S, F>> {
  const shape = Object.fromEntries(
    Object.entries(fields as Record<string, FieldView>).map(([key, given]) => {
      if (typeof given !== "string") return [camel(key), given];
      const field = source.shape[key];
      if (!field) throw new Error(`${key} is not a field of the platform record: state it by a schema`);
      return [camel(key), present(field as z.ZodType).describe(given)];
    }),
  );
  const record = z.object(shape);
  return (meta ? record.meta(meta) : record) as unknown as z.ZodObject<ViewShape<S, F>>;
}

/**
 * A platform record (as the SDK answers it) seen through a view: each field of the view read from its
 * snake_case name, `null` where the platform left it out, records of nested views seen the same way.
 * Fields the lookup reshapes are its own to set over this.
 */
export function seen<V extends z.ZodObject>(schema: V, record: object): z.output<V> {
  const from = record as Record<string, unknown>;
  const entries = Object.entries(schema.shape as Shape).map(([key, field]) => {
    const value: unknown = from[snake(key)] ?? null;
    const inner = field instanceof z.ZodNullable || field instanceof z.ZodOptional ? field.unwrap() : field;
    const element = inner instanceof z.ZodArray ? inner.element : undefined;
    if (element instanceof z.ZodObject && Array.isArray(value)) {
      return [key, value.map((item: object) => seen(element, item))];
    }
    if (inner instanceof z.ZodObject && typeof value === "object" && value !== null) {
      return [key, seen(inner, value)];
    }
    return [key, value];
  });
  // The SDK parsed the record with the schema the view is made from: the shapes agree by construction.
  return Object.fromEntries(entries) as z.output<V>;
}
