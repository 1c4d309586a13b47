// A lookup's record is a view over the SDK's schema: renamed, described, present-or-null, nested views seen alike.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { seen, view } from "../../../provider/lookups/view";

const PlatformItem = z.looseObject({ item_id: z.number().int(), label: z.string().nullish() });
const Platform = z.looseObject({
  record_id: z.number().int(),
  display_name: z.string(),
  note: z.string().nullish(),
  items: z.array(PlatformItem),
  parent: PlatformItem.nullish(),
  secret_field: z.string(),
});

const Item = view(PlatformItem, { id: "Item", description: "An item." }, { item_id: "Id.", label: "Label." });
const Record = view(
  Platform,
  { id: "Record", description: "A record." },
  {
    record_id: "The id.",
    display_name: "The name.",
    note: "A note.",
    items: z.array(Item).describe("The items."),
    parent: Item.nullable().describe("The parent."),
    computed: z.boolean().describe("Computed by the lookup."),
  },
);

describe("a lookup's view over an SDK schema", () => {
  it("keeps the stated fields in order, camelCase, described, optional ones nullable and required", () => {
    const json = z.toJSONSchema(Record) as {
      $defs: Record<string, { properties: Record<string, { description?: string }>; required: string[] }>;
    };
    const record = json.$defs.Record;
    expect(Object.keys(record?.properties ?? {})).toEqual([
      "recordId",
      "displayName",
      "note",
      "items",
      "parent",
      "computed",
    ]);
    expect(record?.properties.displayName?.description).toBe("The name.");
    expect(Record.shape.note.safeParse(null).success).toBe(true);
    expect(Record.shape.note.safeParse(undefined).success).toBe(false);
    expect(Record.shape.recordId.safeParse(null).success).toBe(false);
  });

  it("sees a platform record through it: renamed, null where absent, nested records seen alike, the rest left out", () => {
    const raw = Platform.parse({
      record_id: 7,
      display_name: "Seven",
      items: [{ item_id: 1, label: "one", extra: true }, { item_id: 2 }],
      parent: { item_id: 9, label: null },
      secret_field: "not in the view",
    });
    expect(seen(Record, raw)).toEqual({
      recordId: 7,
      displayName: "Seven",
      note: null,
      items: [
        { itemId: 1, label: "one" },
        { itemId: 2, label: null },
      ],
      parent: { itemId: 9, label: null },
      computed: null,
    });
    expect(seen(Record, { ...raw, parent: null }).parent).toBeNull();
  });

  it("types the record as the lookup answers it", () => {
    const record: z.infer<typeof Record> = seen(Record, { record_id: 1, display_name: "x", items: [] });
    // @ts-expect-error: a field stated by description keeps the SDK's type (a number here).
    const wrong: z.infer<typeof Record>["recordId"] = "1";
    expect([record.note, wrong]).toEqual([null, "1"]);
    // @ts-expect-error: a field the platform record has not must be stated by a schema, not a description.
    expect(() => view(PlatformItem, undefined, { nowhere: "Described only." })).toThrow(
      "nowhere is not a field of the platform record",
    );
  });
});
