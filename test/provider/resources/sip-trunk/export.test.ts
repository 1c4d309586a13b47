import { describe, expect, it } from "vitest";
import { trunkFields } from "../../../../provider/resources/sip-trunk/export";

const trunk = (allowed_ips: string) => ({
  id: 7,
  name: "edge",
  sip_url: "sip.example.com",
  transport: "udp",
  port: "5060",
  auth_username: null,
  allowed_ips,
  active: true,
});

describe("a SIP trunk's export mapping", () => {
  it("declares the allowed IPs as the set the trunk's state records: canonical, de-duplicated, sorted", () => {
    expect(trunkFields(trunk("2001:DB8:0::1, 203.0.113.9,198.51.100.0/24,203.0.113.9")).allowedIps).toEqual([
      "198.51.100.0/24",
      "2001:db8::1",
      "203.0.113.9",
    ]);
  });

  it("declares no allowed IPs when the platform holds none", () => {
    expect(trunkFields(trunk("")).allowedIps).toBeUndefined();
  });
});
