import { expect, test } from "bun:test";
import { ApiError } from "../../lib/errors.ts";
import { checkManifest, urlWithoutCredentials } from "../../lib/lifecycle/manifest.ts";

test("an own database's URL is listed without user, password or auth token", () => {
  expect(urlWithoutCredentials("libsql://ann:pw@db.example.test/shop?authToken=SECRET")).toBe("libsql://db.example.test/shop");
  expect(urlWithoutCredentials("https://db.example.test:8443/?authToken=x#frag")).toBe("https://db.example.test:8443/");
  expect(urlWithoutCredentials("file:///srv/own/shop.sqlite")).toBe("file:///srv/own/shop.sqlite");
  expect(urlWithoutCredentials("not a url")).toBe("(not a URL)");
});

test("a manifest's problems are named by their place in manifest.json", () => {
  const good = {
    format: 1,
    createdAt: "2026-11-27T03:15:00.000Z",
    finishedAt: "2026-11-27T03:15:04.000Z",
    tidemarkVersion: "0.1.0",
    dataDir: "/var/lib/tidemark",
    files: [{ name: "control.sqlite", kind: "control", bytes: 4096, sha256: "a".repeat(64), schemaVersion: "0005_org_retention" }],
    ownDatabases: [],
    storesNotCreated: [],
  };
  expect(checkManifest(good)).toEqual(good as never);
  const fails = (value: unknown) => {
    try {
      checkManifest(value);
      return null;
    } catch (e) {
      return (e as ApiError).details.map((d) => d.path);
    }
  };
  expect(fails({ ...good, format: 2 })).toEqual(["manifest.json.format"]);
  expect(fails({ ...good, files: [{ ...good.files[0], name: "../control.sqlite" }] })).toEqual(["manifest.json.files.0.name"]);
  expect(fails({ ...good, files: [{ ...good.files[0], sha256: "xyz" }] })).toEqual(["manifest.json.files.0.sha256"]);
  expect(fails({ ...good, files: [{ ...good.files[0], bytes: -1 }] })).toEqual(["manifest.json.files.0.bytes"]);
});
