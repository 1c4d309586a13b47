import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bridgeName,
  ipSet,
  label,
  normalizeIp,
  phoneNumber,
  platformId,
  port,
  sipUrl,
  slug,
  transport,
} from "../../../provider/runtime/fields";
import { canonicalAddress, canonicalIpOrCidr, isSipUrl } from "../../../sdk";

// The input rules the provider's `check` applies (built on the SDK's), value by value.

const accepts = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe("sipUrl", () => {
  // Every form the spec and docs/spec-decisions.md (T3, T6) allow, and the README's examples.
  const accepted = [
    "sip.example.com",
    "pbx.example.com",
    "sip.acme.example",
    "localhost",
    "x",
    "edge-1.eu-west.example.com",
    "10.0.0.5",
    "2001:db8::1",
    "[2001:db8::1]",
    "[::ffff:10.0.0.1]",
    "sip:pbx.example.com",
    "sips:edge.example.com",
    "SIP:Edge.Example.com",
    "sip:10.0.0.5:5060",
    "sip:[2001:db8::1]",
    "sip:[2001:db8::1]:5061;transport=tls",
    "sip:alice@pbx.example.com",
    "sip:+14155550100@pbx.example.com;user=phone",
    "sips:trunk:pa%20ss@pbx.example.com:5061;transport=tls;lr",
    `${"a".repeat(63)}.example`,
  ];
  const rejected = [
    "",
    "sip:",
    "sips:",
    "-bad-.example",
    "bad-.example",
    "a..b",
    ".example.com",
    "example.com.",
    "@@@",
    "sip:@@@",
    "sip:@pbx.example.com",
    "user@pbx.example.com",
    "pbx.example.com:5060",
    "pbx.example.com;transport=tcp",
    "sip:pbx.example.com:0",
    "sip:pbx.example.com:65536",
    "sip:pbx.example.com:50a",
    "999.1.1.1",
    "10.0.0",
    "[2001:db8::1",
    "[10.0.0.5]",
    "[fe80::1%eth0]",
    "sip:[zz::1]",
    "http://pbx.example.com",
    "sip:pbx example.com",
    "pbx_1.example.com",
    `${"a".repeat(64)}.example`,
    `sip:${"a".repeat(252)}`,
  ];

  it.each(accepted)("accepts %j", (value) => {
    expect(isSipUrl(value)).toBe(true);
    expect(accepts(sipUrl, value)).toBe(true);
  });

  it.each(rejected)("rejects %j", (value) => {
    expect(isSipUrl(value)).toBe(false);
    expect(accepts(sipUrl, value)).toBe(false);
  });

  it("trims surrounding whitespace and keeps the rest as written", () => {
    expect(sipUrl.parse("  sip:Alice@PBX.example.com ")).toBe("sip:Alice@PBX.example.com");
  });

  it("accepts every generated host name, IPv4, [IPv6] and sip: URI", () => {
    const host = fc.oneof(
      fc.domain(),
      fc.ipV4(),
      fc.ipV6().map((a) => `[${a}]`),
    );
    const uri = fc
      .tuple(
        fc.constantFrom("sip:", "sips:", "SIP:"),
        fc.option(fc.stringMatching(/^[a-z0-9+._-]{1,12}$/)),
        host,
        fc.option(fc.integer({ min: 1, max: 65535 })),
      )
      .map(([scheme, user, h, p]) => `${scheme}${user ? `${user}@` : ""}${h}${p ? `:${p}` : ""}`)
      .filter((v) => v.length <= 255);
    fc.assert(fc.property(fc.oneof(host, uri), (value) => isSipUrl(value)));
  });
});

/** An IPv6 address as eight 16-bit groups. */
const groups = fc.array(fc.oneof(fc.constant(0), fc.constant(0xffff), fc.integer({ min: 0, max: 0xffff })), {
  minLength: 8,
  maxLength: 8,
});

/** The longest run of two or more zero groups (the first on a tie), per RFC 5952 §4.2. */
function longestZeroRun(g: readonly number[]): { base: number; len: number } {
  let best = { base: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    if (g[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > best.len) best = { base: i, len: j - i };
    i = j;
  }
  return best.len >= 2 ? best : { base: -1, len: 0 };
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** RFC 5952 text written independently of the code under test; IPv4-mapped (and -compatible) in dotted form. */
function rfc5952(g: readonly number[]): string {
  const run = longestZeroRun(g);
  const hi = g[6] ?? 0;
  const lo = g[7] ?? 0;
  if (run.base === 0 && run.len === 5 && g[5] === 0xffff) return `::ffff:${dotted(hi, lo)}`;
  if (run.base === 0 && run.len === 6) return `::${dotted(hi, lo)}`;
  const hex = g.map((x) => x.toString(16));
  if (run.base < 0) return hex.join(":");
  return `${hex.slice(0, run.base).join(":")}::${hex.slice(run.base + run.len).join(":")}`;
}

/** Another valid spelling of the same address: any zero run compressed, zero-padded groups, mixed case, maybe dotted. */
const spelling = (g: readonly number[]) =>
  fc
    .record({
      pads: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 8 }),
      upper: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
      compress: fc.option(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 8 }))),
      dottedTail: fc.boolean(),
    })
    .map(({ pads, upper, compress, dottedTail }) => {
      const text = g.map((x, i) => {
        const h = x.toString(16);
        const padded = "0".repeat(Math.min(pads[i] ?? 0, 4 - h.length)) + h;
        return upper[i] ? padded.toUpperCase() : padded;
      });
      const tail = dottedTail ? [dotted(g[6] ?? 0, g[7] ?? 0)] : text.slice(6);
      const parts = [...text.slice(0, 6), ...tail];
      const units = dottedTail ? [1, 1, 1, 1, 1, 1, 2] : [1, 1, 1, 1, 1, 1, 1, 1];
      if (compress) {
        const [start, length] = compress;
        // Compress parts [start, end) when every group they cover is zero.
        const end = Math.min(parts.length, start + length);
        let first = units.slice(0, start).reduce((a, b) => a + b, 0);
        let allZero = start < end;
        for (let p = start; p < end; p++) {
          for (let u = 0; u < (units[p] ?? 1); u++) allZero &&= g[first++] === 0;
        }
        if (allZero) return `${parts.slice(0, start).join(":")}::${parts.slice(end).join(":")}`;
      }
      return parts.join(":");
    });

describe("IP canonical form", () => {
  it("writes any spelling of an IPv6 address as its RFC 5952 text", () => {
    fc.assert(
      fc.property(
        groups.chain((g) => fc.tuple(fc.constant(g), spelling(g))),
        ([g, text]) => {
          expect(canonicalAddress(text)).toBe(rfc5952(g));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("makes any two spellings of one IPv6 address equal", () => {
    fc.assert(
      fc.property(
        groups.chain((g) => fc.tuple(spelling(g), spelling(g))),
        ([a, b]) => canonicalAddress(a) === canonicalAddress(b),
      ),
      { numRuns: 500 },
    );
  });

  it("keeps IPv4 as written, and refuses what is not an address", () => {
    fc.assert(fc.property(fc.ipV4(), (a) => canonicalAddress(a) === a));
    for (const bad of [
      "1.2.3.04",
      "01.2.3.4",
      "1.2.3",
      "256.1.1.1",
      "fe80::1%eth0",
      "::g",
      "1::2::3",
      " ::1",
      "",
    ]) {
      expect(canonicalAddress(bad)).toBeUndefined();
    }
  });

  it.each([
    ["2001:0DB8:0:0::1", "2001:db8::1"],
    ["2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
    ["1:0:2:3:4:5:6:7", "1:0:2:3:4:5:6:7"],
    ["::FFFF:0A00:0001", "::ffff:10.0.0.1"],
    ["10.0.0.1/32", "10.0.0.1"],
    ["2001:db8::1/128", "2001:db8::1"],
    ["10.0.0.1/24", "10.0.0.1/24"],
    ["10.0.0.0/008", "10.0.0.0/8"],
    ["2001:0db8::/032", "2001:db8::/32"],
    ["0.0.0.0/0", "0.0.0.0/0"],
  ])("%s is written %s", (raw, canonical) => {
    expect(canonicalIpOrCidr(raw)).toBe(canonical);
  });

  it.each(["10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/x", "10.0.0.0/8/8", "10.0.0.0/-1", "host/8"])(
    "refuses %s",
    (raw) => expect(canonicalIpOrCidr(raw)).toBeUndefined(),
  );

  it("stores an IP set once per address, whatever the spelling or order", () => {
    expect(
      ipSet.parse([" 2001:0db8:0:0::1 ", "10.0.0.1", "2001:DB8::1", "2001:db8::1/128", "10.0.0.1/32"]),
    ).toEqual(["10.0.0.1", "2001:db8::1"]);
    expect(accepts(ipSet, ["10.0.0.1", "fe80::1%eth0"])).toBe(false);
    expect(normalizeIp("not-an-ip ")).toBe("not-an-ip");
  });
});

describe("ids, ports, transports, slugs, numbers", () => {
  it.each([
    [7, 7],
    ["7", 7],
    [" 12 ", 12],
    ["007", 7],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ])("id %j is %j", (raw, id) => expect(platformId.parse(raw)).toBe(id));

  it.each([
    0,
    -1,
    1.5,
    "0",
    "0x1",
    "1e3",
    "+7",
    "-7",
    "1 2",
    "1_000",
    "7.0",
    "",
    " ",
    "١٢",
    2 ** 53,
    "9007199254740993",
    Number.NaN,
    true,
    null,
  ])("id %j is refused", (raw) => expect(accepts(platformId, raw)).toBe(false));

  it("reads ports, transports and slugs leniently, and stores the platform's form", () => {
    expect(port.parse(" 5061 ")).toBe("5061");
    expect(port.parse(5060)).toBe("5060");
    for (const bad of [0, 65536, "0x10", "1e3", "+5060", 50.5]) expect(accepts(port, bad)).toBe(false);
    expect(transport.parse(" TLS ")).toBe("tls");
    expect(accepts(transport, "sctp")).toBe(false);
    expect(slug.parse(" main-1 ")).toBe("main-1");
    expect(accepts(slug, "Main")).toBe(false);
    expect(phoneNumber.parse("+1 (415) 555-0100")).toBe("+14155550100");
  });

  it("keeps names and accounts as the platform stores them: trunk names untrimmed, bridge names trimmed", () => {
    expect(label.parse(" padded trunk ")).toBe(" padded trunk ");
    expect(bridgeName.parse(" Support line ")).toBe("Support line");
    for (const blank of ["", "   ", "\t"]) {
      expect(accepts(label, blank)).toBe(false);
      expect(accepts(bridgeName, blank)).toBe(false);
    }
    expect(accepts(label, "x".repeat(256))).toBe(false);
  });
});
