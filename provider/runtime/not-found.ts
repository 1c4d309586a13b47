import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { Connection } from "../connection/connection";
import type { Naming } from "./descriptor";

/**
 * Whether a read looks a resource up by id (`pulumi import`, a `get`) rather than refreshing one:
 * the engine then sends no recorded state (the dynamic-provider host adds only `__provider`). A
 * refresh that finds nothing drops the resource; a lookup that finds nothing is an error.
 */
export function isLookup(props: Record<string, unknown> | undefined): boolean {
  return Object.keys(props ?? {}).every((key) => key === "__provider");
}

/**
 * The error of a lookup that found nothing, naming the type, the id and the organization. The
 * platform answers 404 for another organization's resource, so the other organizations the token can
 * use are asked too (`readIn` reads the id in one), from the one list this organization's guard
 * read: found there, the error says where it is.
 */
export async function notFound(
  naming: Naming,
  id: string,
  connection: Connection,
  readIn: (connection: Connection) => Promise<dynamic.ReadResult>,
): Promise<Error> {
  const { noun, id: what } = naming;
  const { current, usable } = await connection.context.organizations();
  for (const other of usable.filter((handle) => handle !== current)) {
    const context = connection.context.inOrganization(other);
    // A failure to look elsewhere must not hide the answer that matters: not in this organization.
    const found = await context
      .ready()
      .then((client) => readIn({ context, client }))
      .catch(() => undefined);
    if (found?.id)
      return new Error(
        `${noun} "${id}" is not in organization "${current}": it is in organization "${other}"; ` +
          `import or get it through a provider whose orgHandle is "${other}"`,
      );
  }
  return new Error(
    `no ${noun} "${id}" in organization "${current}" (the id of a ${noun} is ${what}); ` +
      "nothing to import or get",
  );
}
