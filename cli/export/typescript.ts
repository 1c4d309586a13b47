import { REGISTRY } from "../../provider/resources/registry";
import type { ResourceDescriptor } from "../../provider/runtime/descriptor";
import { quoted as str } from "../../provider/runtime/quoted";
import { type Declared, type DeclaredField, isStringList } from "./declared";
import { parentKind } from "./kinds";
import type { Plan, PlannedGroup, PlannedResource } from "./plan";

/** An object literal over `entries` (values already rendered), one property a line. */
function object(entries: [string, string][], indent: string): string {
  return `{\n${entries.map(([k, v]) => `${indent}  ${k}: ${v},`).join("\n")}\n${indent}}`;
}

/** A field of a listed object as TypeScript. */
const field = (f: DeclaredField): string => (typeof f === "string" ? str(f) : `${f.ref}.${f.output}`);

/**
 * A declared value as TypeScript: a literal, the secret stack config it is read from, another
 * resource's output, or a list of objects (a property of a declaration's arguments).
 */
function value(v: Declared): string {
  if (typeof v === "string") return str(v);
  if (isStringList(v)) return `[${v.map(str).join(", ")}]`;
  if ("secret" in v) return `config.requireSecret(${str(v.secret)})`;
  if ("ref" in v) return `${v.ref}.${v.output}`;
  if (v.items.length === 0) return "[]";
  const mapped = mappedList(v.items);
  if (mapped !== undefined) return mapped;
  const items = v.items.map((fields) => `    { ${fields.map(([k, f]) => `${k}: ${field(f)}`).join(", ")} },`);
  return `[\n${items.join("\n")}\n  ]`;
}

/**
 * A list of objects that differ in one string field only (a set's numbers, all of one configuration)
 * as the list of those strings, one a line, mapped to the objects. TypeScript checks thousands of
 * strings against `string` and one object literal, where thousands of object literals against the
 * input's type would cost the program's type-check hundreds of megabytes.
 */
function mappedList(items: readonly (readonly [string, DeclaredField])[][]): string | undefined {
  const [first] = items;
  if (first === undefined) return undefined;
  const shape = first.map(([k]) => k).join(",");
  const varying = first.findIndex(
    ([, f], i) => typeof f === "string" && items.some((fields) => fields[i]?.[1] !== f),
  );
  const at = varying === -1 ? 0 : varying;
  const [key, sample] = first[at] ?? [];
  if (key === undefined || typeof sample !== "string") return undefined;
  const alike = items.every(
    (fields) =>
      fields.map(([k]) => k).join(",") === shape &&
      typeof fields[at]?.[1] === "string" &&
      fields.every(([, f], i) => i === at || same(f, first[i]?.[1])),
  );
  // The parameter must not hide a resource the entry refers to.
  if (!alike || first.some(([, f]) => typeof f !== "string" && f.ref === key)) return undefined;
  const entry = first.map(([k, f], i) => (i === at ? k : `${k}: ${field(f)}`)).join(", ");
  const listed = items.map((fields) => `    ${field(fields[at]?.[1] ?? "")},`);
  return `[\n${listed.join("\n")}\n  ].map((${key}) => ({ ${entry} }))`;
}

/** Whether two fields are the same literal or the same reference. */
const same = (a: DeclaredField | undefined, b: DeclaredField | undefined): boolean =>
  typeof a === "string" || typeof b === "string"
    ? a === b
    : a !== undefined && b !== undefined && a.ref === b.ref && a.output === b.output;

/** `new voice.<Type>(name, { … })` for a planned resource, taking over with `adopt: true`. */
function declaration(r: PlannedResource): string {
  const props = r.properties.map(([k, v]): [string, string] => [k, value(v)]);
  return `new voice.${r.descriptor.type}(${str(r.name)}, ${object([...props, ["adopt", "true"]], "")});`;
}

/**
 * The function a program declares a grouped type's records with (named by its kind): one resource
 * per value of the varying input, named by it, with the group's references as parameters.
 */
function helper(d: ResourceDescriptor): string {
  const { kind, group, references } = d.exported;
  if (!group) return "";
  const many = `${group.by}s`;
  const params = Object.values(references).map(
    (r) => `${r.kind}: voice.${REGISTRY.find((t) => t.exported.kind === r.kind)?.type}`,
  );
  const props = Object.keys(d.inputs.shape).flatMap((input) => {
    const reference = references[input];
    if (reference) return [`      ${input}: ${reference.kind}.${reference.output},`];
    return input === group.by ? [`      ${input},`] : [];
  });
  return [
    `/** ${group.doc} */`,
    `function ${kind}(${[...params, `${many}: string[]`].join(", ")}): void {`,
    `  for (const ${group.by} of ${many}) {`,
    `    new voice.${d.type}(${group.by}, {`,
    ...props,
    "      adopt: true,",
    "    });",
    "  }",
    "}",
  ].join("\n");
}

/** The call of a grouped type's function for one group: its references, then each varying value. */
function call(g: PlannedGroup): string {
  const { kind, group } = g.descriptor.exported;
  const values = g.members.map((m) => m.properties.find(([k]) => k === group?.by)?.[1] ?? m.name);
  return `${kind}(${g.references.map((r) => `${r.variable}, `).join("")}[\n${values.map((v) => `  ${value(v)},`).join("\n")}\n]);`;
}

/**
 * The program (`index.ts`) for the dynamic resources: every resource says `adopt: true`, so the
 * first `pulumi up` takes over what the platform holds when it equals the declaration, writing
 * nothing; grouped records are declared under their parent through a function and reference the
 * outputs of what they name.
 */
export function renderTypeScript(p: Plan, orgHandle: string): string {
  const parts: string[] = [
    `// The telephony of organization ${str(orgHandle)}, exported by \`pulumi-voice-platform export\`.`,
    "// `adopt: true` takes each resource over on the first `pulumi up` when the platform holds exactly",
    "// what is declared here, writing nothing; keep it, or remove it once the stack holds them.",
    'import * as pulumi from "@pulumi/pulumi";',
    'import * as voice from "pulumi-voice-platform";',
    "",
    "const config = new pulumi.Config();",
  ];
  for (const d of REGISTRY) {
    const { kind, group, comment } = d.exported;
    if (group) continue;
    for (const child of REGISTRY)
      if (parentKind(child) === kind && (p.counts[child.exported.kind] ?? 0) > 0)
        parts.push("", helper(child));
    const resources = p.resources.filter((r) => r.descriptor === d);
    if (resources.length > 0) parts.push("", `// ${comment}`);
    for (const r of resources) {
      parts.push(r.bound ? `const ${r.variable} = ${declaration(r)}` : declaration(r));
      for (const g of r.groups) parts.push(call(g));
    }
  }
  return `${parts.join("\n")}\n`;
}
