import { expect, test } from "bun:test";
import { addressProblem, resolveTarget, type Resolver } from "../../lib/webhooks/address-guard.ts";

test("public unicast addresses may be webhook targets", () => {
  for (const address of ["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"]) {
    expect(addressProblem(address)).toBeNull();
  }
});

test("private, loopback, link-local, unique-local, CGNAT, multicast, unspecified and mapped private addresses may not", () => {
  const refused: [string, string][] = [
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::127.0.0.1", "loopback"],
    ["::7f00:1", "IPv4-compatible"],
    ["192.0.2.10", "reserved"],
  ];
  for (const [address, range] of refused) expect(addressProblem(address)).toBe(`${/^[uI]/.test(range) ? "an" : "a"} ${range} address`);
  // NAT64 and 6to4 embed IPv4 addresses: not public unicast either.
  expect(addressProblem("64:ff9b::a00:1")).not.toBeNull();
  expect(addressProblem("2002:a00:1::1")).not.toBeNull();
  // The neighbours of the private ranges are public.
  for (const address of ["172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "11.0.0.1", "192.169.0.1"]) expect(addressProblem(address)).toBeNull();
  expect(addressProblem("not-an-ip")).toBe("is not an IP address");
});

const fixed =
  (answers: Record<string, string[]>): Resolver =>
  async (host) =>
    (answers[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

test("a host is refused when any of its addresses is; literal IPs are judged as they are", async () => {
  const resolver = fixed({ "hooks.example.com": ["93.184.216.34"], "mixed.example.com": ["93.184.216.34", "10.0.0.7"], localhost: ["127.0.0.1", "::1"] });
  expect(await resolveTarget(new URL("https://hooks.example.com/x"), false, resolver)).toEqual({ ok: true, addresses: [{ address: "93.184.216.34", family: 4 }] });
  const mixed = await resolveTarget(new URL("https://mixed.example.com/x"), false, resolver);
  expect(mixed).toEqual({ ok: false, reason: "mixed.example.com resolves to 10.0.0.7, a private address: refused (WEBHOOK_ALLOW_PRIVATE=1 allows private targets)" });
  expect((await resolveTarget(new URL("http://localhost:8080/"), false, resolver)).ok).toBe(false);
  expect(await resolveTarget(new URL("http://[::1]:9/"), false, resolver)).toMatchObject({ ok: false, reason: expect.stringContaining("::1 is a loopback address") });
  // The URL parser reads odd IPv4 spellings as the address they are.
  expect((await resolveTarget(new URL("http://0x7f.1/"), false, resolver)).ok).toBe(false);
  expect((await resolveTarget(new URL("http://[::ffff:7f00:1]/"), false, resolver)).ok).toBe(false);
  // Allowed by the operator: the addresses are given to connect to.
  expect(await resolveTarget(new URL("http://localhost:8080/"), true, resolver)).toEqual({
    ok: true,
    addresses: [{ address: "127.0.0.1", family: 4 }, { address: "::1", family: 6 }],
  });
  await expect(resolveTarget(new URL("https://nowhere.example/"), false, resolver)).rejects.toThrow("has no address");
});
