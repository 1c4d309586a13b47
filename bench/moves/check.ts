// What a move must leave behind before its gap counts: on the platform every declared number is
// linked exactly once, on the bridge the program declares, and nothing else is linked; in the
// stack's state every number is recorded on that same bridge, once. Any difference throws.
import type { Stack } from "@pulumi/pulumi/automation";
import type { AdminClient } from "../../emulator";
import type { Form } from "./estate";

/** Phone number → bridge slug, per the platform's links. */
async function platformLinks(admin: AdminClient): Promise<Map<string, string[]>> {
  const state = await admin.state();
  const slugs = new Map(state.bridges.map((b) => [b.id, b.slug]));
  const numbers = new Map(state.numbers.map((n) => [n.id, n.number]));
  const links = new Map<string, string[]>();
  for (const l of state.links) {
    const number = numbers.get(l.number_id) ?? `#${l.number_id}`;
    links.set(number, [...(links.get(number) ?? []), slugs.get(l.bridge_id) ?? `#${l.bridge_id}`]);
  }
  return links;
}

interface StateResource {
  type: string;
  outputs?: { bridgeSlug?: unknown; phoneNumber?: unknown; numbers?: unknown };
}

/** Phone number → bridge slugs, per the stack's state (`BridgeNumber` links or `BridgeNumbers` sets). */
async function stateLinks(stack: Stack, form: Form): Promise<Map<string, string[]>> {
  const resources = ((await stack.exportStack()).deployment.resources ?? []) as StateResource[];
  const links = new Map<string, string[]>();
  const add = (number: unknown, slug: unknown) => {
    if (typeof number !== "string" || typeof slug !== "string") return;
    links.set(number, [...(links.get(number) ?? []), slug]);
  };
  for (const r of resources) {
    const out = r.outputs ?? {};
    if (form === "links" && r.type.endsWith(":BridgeNumber")) add(out.phoneNumber, out.bridgeSlug);
    if (form === "sets" && r.type.endsWith(":BridgeNumbers") && Array.isArray(out.numbers)) {
      for (const n of out.numbers as { phoneNumber?: unknown }[]) add(n.phoneNumber, out.bridgeSlug);
    }
  }
  return links;
}

function compare(where: string, declared: ReadonlyMap<string, string>, seen: Map<string, string[]>): void {
  const wrong: string[] = [];
  for (const [number, slug] of declared) {
    const on = seen.get(number) ?? [];
    if (on.length !== 1 || on[0] !== slug) wrong.push(`${number} on [${on.join(", ")}], declared ${slug}`);
  }
  for (const [number, on] of seen)
    if (!declared.has(number)) wrong.push(`${number} on [${on.join(", ")}], undeclared`);
  if (wrong.length > 0) {
    throw new Error(
      `${where} differs from the program in ${wrong.length} numbers: ${wrong.slice(0, 5).join("; ")}`,
    );
  }
}

/** Throws unless the platform and the stack's state each hold exactly the `declared` links. */
export async function checkLinks(
  admin: AdminClient,
  stack: Stack,
  form: Form,
  declared: ReadonlyMap<string, string>,
): Promise<void> {
  compare("the platform", declared, await platformLinks(admin));
  compare("the stack's state", declared, await stateLinks(stack, form));
}
