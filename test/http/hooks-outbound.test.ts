import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { verify } from "@octokit/webhooks-methods";
import { must, startStack, tempDir, type TestStack } from "../helpers/stack.ts";
import { freePort } from "../helpers/process.ts";
import { openTenant, uuid } from "../helpers/hits.ts";
import { retryCeilingMs } from "../../lib/webhooks/schedule.ts";

/** What the receiver saw of one request, with the signature checked by an independent implementation. */
interface Received {
  path: string;
  headers: Record<string, string>;
  body: any;
  signatureValid: boolean;
  answered: number;
}

/**
 * A customer's endpoint: answers each path with the next status of its script (the last one
 * repeats), checks the signature with @octokit/webhooks-methods, and processes a lead once per
 * X-Svc-Delivery however often it is sent.
 */
class Receiver {
  readonly received: Received[] = [];
  /** Requests that arrived, by path (counted before any scripted delay). */
  readonly arrived = new Map<string, number>();
  readonly processed = new Map<string, any>();
  readonly scripts = new Map<string, { status: number; headers?: Record<string, string>; delayMs?: number }[]>();
  readonly secrets = new Map<string, string>();
  private server: ReturnType<typeof Bun.serve> | null = null;

  constructor(public port = 0) {}

  start(): this {
    this.server = Bun.serve({
      port: this.port,
      hostname: "127.0.0.1",
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        this.arrived.set(path, (this.arrived.get(path) ?? 0) + 1);
        const raw = await request.text();
        const headers: Record<string, string> = {};
        request.headers.forEach((value, name) => (headers[name] = value));
        const secret = this.secrets.get(path) ?? "";
        const signatureValid = await verify(secret, `${headers["x-svc-timestamp"]}.${raw}`, headers["x-svc-signature"] ?? "").catch(() => false);
        const script = this.scripts.get(path) ?? [{ status: 200 }];
        const step = script.length > 1 ? script.shift()! : script[0];
        if (step.delayMs) await Bun.sleep(step.delayMs);
        this.received.push({ path, headers, body: JSON.parse(raw), signatureValid, answered: step.status });
        if (step.status < 300 && signatureValid && !this.processed.has(headers["x-svc-delivery"])) this.processed.set(headers["x-svc-delivery"], JSON.parse(raw));
        return new Response(step.status < 300 ? "ok" : `failure ${step.status}`, { status: step.status, headers: step.headers });
      },
    });
    this.port = this.server.port!;
    return this;
  }

  url(path: string) {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }

  stop() {
    this.server?.stop(true);
  }
}

interface HookedSite {
  siteId: string;
  siteKey: string;
  inSecret: string;
  outId: string;
  signingSecret: string;
}

/** The bootstrapped org of a data directory (a stack started again on it bootstraps nothing). */
const orgOf = (stack: TestStack): string => JSON.parse(readFileSync(join(stack.dataDir, "bootstrap.json"), "utf8")).orgId;

/** A site of the stack's org with an inbound webhook (to push leads in) and one outbound endpoint. */
function hookedSite(stack: TestStack, url: string): HookedSite {
  const org = orgOf(stack);
  const site = must(stack.admin("site", "create", "--org", org, "--name", `Site ${uuid().slice(0, 6)}`, "--domain", `${uuid().slice(0, 8)}.test`));
  const inbound = must(stack.admin("integration", "create", "--site", site.id, "--kind", "webhook_in"));
  const outbound = must(stack.admin("integration", "create", "--site", site.id, "--kind", "webhook_out", "--url", url));
  return { siteId: site.id, siteKey: site.siteKey, inSecret: inbound.secret, outId: outbound.id, signingSecret: outbound.signingSecret };
}

async function pushLead(stack: TestStack, site: HookedSite, lead: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${stack.url}/v1/hooks/webhook_in/${site.siteKey}`, {
    method: "POST",
    body: JSON.stringify({ externalId: uuid(), name: "Ada Lovelace", email: "ada@example.com", phone: "+44 20 7946 0000", company: "Engines", message: "Hello", extra: { plan: "pro" }, ...lead }),
    headers: { "content-type": "application/json", "x-svc-secret": site.inSecret },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as any).id;
}

function query(stack: TestStack, sql: string, ...args: (string | number)[]): any[] {
  const db = openTenant(stack.dataDir, orgOf(stack));
  try {
    return db.query(sql).all(...args);
  } finally {
    db.close();
  }
}
const deliveryOf = (stack: TestStack, leadId: string) => query(stack, "SELECT * FROM deliveries WHERE lead_id = ?", leadId)[0];
const attemptsOf = (stack: TestStack, deliveryId: string) => query(stack, "SELECT * FROM delivery_attempts WHERE delivery_id = ? ORDER BY attempt", deliveryId);
const integrationOf = (stack: TestStack, id: string) => query(stack, "SELECT * FROM integrations WHERE id = ?", id)[0];

let s: TestStack;
const receiver = new Receiver();

beforeAll(async () => {
  receiver.start();
  s = await startStack({ env: { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_TIMEOUT_MS: "300" } });
});

afterAll(async () => {
  await s.close();
  receiver.stop();
});

/** Lets the worker run a pass after moving the clock (no sleeping through real backoff). */
async function later(stack: TestStack, ms: number) {
  stack.clock.advance(ms);
  return stack.deliveries!.kick();
}

describe("delivery", () => {
  test("a signed lead.created body; 500 twice then 200 — three attempts, processed once", async () => {
    const site = hookedSite(s, receiver.url("/flaky"));
    receiver.secrets.set("/flaky", site.signingSecret);
    receiver.scripts.set("/flaky", [{ status: 500 }, { status: 500 }, { status: 200 }]);
    const leadId = await pushLead(s, site);
    await s.deliveries!.kick();
    expect(receiver.at("/flaky")).toHaveLength(1);
    const delivery = deliveryOf(s, leadId);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, last_status: 500, event: "lead.created", integration_id: site.outId });
    expect(delivery.last_error).toBe("HTTP 500: failure 500");

    await later(s, retryCeilingMs(1));
    expect(receiver.at("/flaky")).toHaveLength(2);
    await later(s, retryCeilingMs(2));
    expect(receiver.at("/flaky")).toHaveLength(3);
    await later(s, 86_400_000);
    expect(receiver.at("/flaky")).toHaveLength(3);

    const sent = receiver.at("/flaky");
    expect(sent.map((r) => r.answered)).toEqual([500, 500, 200]);
    expect(sent.every((r) => r.signatureValid)).toBe(true);
    expect(new Set(sent.map((r) => r.headers["x-svc-delivery"]))).toEqual(new Set([delivery.id]));
    expect(receiver.processed.get(delivery.id)).toBeDefined();
    expect([...receiver.processed.values()].filter((b) => b.id === leadId)).toHaveLength(1);
    const first = sent[0];
    expect(first.headers["content-type"]).toBe("application/json");
    expect(first.headers["user-agent"]).toMatch(/^Tidemark-Webhooks\//);
    expect(first.headers["x-svc-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(first.body).toEqual({
      event: "lead.created",
      id: leadId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      site: { id: site.siteId, name: expect.stringMatching(/^Site /), domain: expect.stringMatching(/\.test$/) },
      source: "api",
      sourceName: "Webhook",
      lead: { name: "Ada Lovelace", email: "ada@example.com", phone: "+44 20 7946 0000", company: "Engines", message: "Hello", extra: { plan: "pro" } },
      attribution: { channel: null, source: null, medium: null, campaign: null },
      page: null,
    });
    // Every attempt sent the same bytes; each has its own timestamp.
    expect(new Set(sent.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(sent[1].headers["x-svc-timestamp"]).not.toBe(sent[0].headers["x-svc-timestamp"]);

    const done = deliveryOf(s, leadId);
    expect(done).toMatchObject({ status: "delivered", attempts: 3, last_status: 200, last_error: null, next_attempt_at: null });
    expect(done.delivered_at).toBe(done.last_attempt_at);
    const attempts = attemptsOf(s, delivery.id);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([[1, 500], [2, 500], [3, 200]]);
    // X-Svc-Timestamp is the unix second of each attempt.
    expect(sent.map((r) => Number(r.headers["x-svc-timestamp"]))).toEqual(attempts.map((a) => Math.floor(a.at / 1000)));
    const endpoint = integrationOf(s, site.outId);
    expect(endpoint).toMatchObject({ status: "active", failing_since: null, last_success_at: done.delivered_at });
    expect(endpoint.last_failure_at).toBeLessThan(done.delivered_at);
  });

  test("every active endpoint of the site gets its own delivery of the lead", async () => {
    const site = hookedSite(s, receiver.url("/first"));
    const second = must(s.admin("integration", "create", "--site", site.siteId, "--kind", "webhook_out", "--url", receiver.url("/second")));
    const leadId = await pushLead(s, site);
    await s.deliveries!.kick();
    const rows = query(s, "SELECT integration_id, status FROM deliveries WHERE lead_id = ? ORDER BY integration_id", leadId);
    expect(rows.map((r) => [r.integration_id, r.status]).sort()).toEqual([[site.outId, "delivered"], [second.id, "delivered"]].sort());
  });

  test("a 4xx other than 429 is not retried", async () => {
    const site = hookedSite(s, receiver.url("/gone"));
    receiver.scripts.set("/gone", [{ status: 410 }]);
    const leadId = await pushLead(s, site);
    await s.deliveries!.kick();
    await later(s, 86_400_000);
    expect(receiver.at("/gone")).toHaveLength(1);
    expect(deliveryOf(s, leadId)).toMatchObject({ status: "failed", attempts: 1, last_status: 410, next_attempt_at: null });
    expect(integrationOf(s, site.outId).failing_since).toBeNumber();
  });

  test("429 waits for Retry-After; a timeout is retried", async () => {
    const busy = hookedSite(s, receiver.url("/busy"));
    receiver.scripts.set("/busy", [{ status: 429, headers: { "retry-after": "600" } }, { status: 200 }]);
    const slow = hookedSite(s, receiver.url("/slow"));
    receiver.scripts.set("/slow", [{ status: 200, delayMs: 1000 }, { status: 200 }]);
    const busyLead = await pushLead(s, busy);
    const slowLead = await pushLead(s, slow);
    await s.deliveries!.kick();
    const waiting = deliveryOf(s, busyLead);
    expect(waiting).toMatchObject({ status: "pending", last_status: 429 });
    expect(waiting.next_attempt_at - waiting.last_attempt_at).toBeGreaterThanOrEqual(600_000);
    expect(deliveryOf(s, slowLead)).toMatchObject({ status: "pending", last_status: null, last_error: "no answer within 300 ms" });

    await later(s, 300_000);
    expect(receiver.at("/busy")).toHaveLength(1);
    await later(s, 300_001);
    expect(deliveryOf(s, busyLead).status).toBe("delivered");
    expect(deliveryOf(s, slowLead)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  test("a network error (nothing listening) is retried", async () => {
    const site = hookedSite(s, `http://127.0.0.1:${freePort()}/none`);
    const leadId = await pushLead(s, site);
    await s.deliveries!.kick();
    const delivery = deliveryOf(s, leadId);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, last_status: null });
    expect(delivery.last_error).toContain("ECONNREFUSED");
  });
});

describe("the worker", () => {
  test("passes over an organization whose own database is unreachable; the others' deliveries go", async () => {
    const broken = must(s.admin("org", "create", "--name", "Unreachable", "--db", `http://127.0.0.1:${freePort()}/db`));
    expect(broken.warning).toContain("own database not reachable");
    const site = hookedSite(s, receiver.url("/beside"));
    const leadId = await pushLead(s, site);
    const stats = await s.deliveries!.kick();
    expect(stats.orgs).toBeGreaterThanOrEqual(2);
    expect(deliveryOf(s, leadId).status).toBe("delivered");
  });

  test("stopping gives an attempt in flight back, unrecorded, to be sent after the restart", async () => {
    const dataDir = tempDir();
    const stack = await startStack({ dataDir, env: { WEBHOOK_ALLOW_PRIVATE: "1" } });
    const site = hookedSite(stack, receiver.url("/hang"));
    receiver.scripts.set("/hang", [{ status: 200, delayMs: 3000 }]);
    const leadId = await pushLead(stack, site);
    while (!receiver.arrived.get("/hang")) await Bun.sleep(5);
    const started = performance.now();
    await stack.close();
    expect(performance.now() - started).toBeLessThan(2000);
    const after = deliveryOf(stack, leadId);
    expect(after).toMatchObject({ status: "pending", attempts: 0, next_attempt_at: after.created_at });
    expect(attemptsOf(stack, after.id)).toHaveLength(0);
  });
});

describe("an endpoint that keeps failing", () => {
  test("is disabled after 3 days with its pending deliveries parked; enabled again, they are sent", async () => {
    const site = hookedSite(s, receiver.url("/down"));
    receiver.scripts.set("/down", [{ status: 503 }]);
    const parked = await pushLead(s, site);
    await s.deliveries!.kick();
    const since = integrationOf(s, site.outId).failing_since;
    expect(since).toBeNumber();
    await later(s, 86_400_000);
    expect(integrationOf(s, site.outId).status).toBe("active");
    await later(s, 2 * 86_400_000);
    const endpoint = integrationOf(s, site.outId);
    expect(endpoint).toMatchObject({ status: "disabled", failing_since: since });
    expect(endpoint.disabled_reason).toStartWith(`No successful delivery since ${new Date(since).toISOString()} (3 days or more); last error: HTTP 503`);
    expect(deliveryOf(s, parked)).toMatchObject({ status: "pending", attempts: 3, next_attempt_at: null });
    const audit = query(s, "SELECT * FROM audit_log WHERE action = 'integration.disabled' AND target_id = ?", site.outId);
    expect(audit).toHaveLength(1);

    // Leads made meanwhile are not queued for a disabled endpoint; parked deliveries are left alone.
    const unqueued = await pushLead(s, site);
    expect(query(s, "SELECT * FROM deliveries WHERE lead_id = ?", unqueued)).toHaveLength(0);
    await later(s, 86_400_000);
    expect(receiver.at("/down")).toHaveLength(3);

    receiver.scripts.set("/down", [{ status: 200 }]);
    const enabled = s.admin("integration", "enable", "--id", site.outId);
    expect(enabled.json).toEqual({ id: site.outId, status: "active", resumed: 1 });
    await s.deliveries!.kick();
    expect(deliveryOf(s, parked)).toMatchObject({ status: "delivered", attempts: 4 });
    expect(integrationOf(s, site.outId)).toMatchObject({ status: "active", disabled_reason: null, failing_since: null });
    expect(query(s, "SELECT * FROM audit_log WHERE action = 'integration.enabled' AND target_id = ?", site.outId)).toHaveLength(1);
    const missing = s.admin("integration", "enable", "--id", "0123456789abcdef01234567");
    expect(missing.code).toBe(2);
    expect(missing.json.error).toMatchObject({ code: "NOT_FOUND", details: [{ path: "--id", message: "not found" }] });
  });
});

describe("the integrations list", () => {
  test("shows each integration's state, the inbound URL, the outbound target and its last 10 deliveries — never a secret", async () => {
    const site = hookedSite(s, `${receiver.url("/listed")}?token=abc`);
    const leads: string[] = [];
    for (let i = 0; i < 12; i++) leads.push(await pushLead(s, site));
    await s.deliveries!.kick();
    const org = orgOf(s);
    const res = await s.api(`/api/v1/orgs/${org}/sites/${site.siteId}/integrations`, s.bootstrap!.key);
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of [site.inSecret, site.signingSecret, "token=abc"]) expect(text).not.toContain(secret);
    const { items } = JSON.parse(text);
    // Then each ad platform's state (docs/campaigns.md "Ad spend"): none imported here.
    expect(items.map((i: any) => i.kind)).toEqual(["webhook_in", "webhook_out", ...Array(6).fill("ads")]);
    const [inbound, outbound] = items;
    expect(inbound).toMatchObject({ status: "active", webhookUrl: expect.stringMatching(new RegExp(`/v1/hooks/webhook_in/${site.siteKey}$`)) });
    expect(inbound.lastReceivedAt).toBe(inbound.lastSyncAt);
    expect(inbound.lastReceivedAt).not.toBeNull();
    expect(outbound).toMatchObject({ id: site.outId, status: "active", targetUrl: receiver.url("/listed"), failingSince: null, disabledReason: null, lastFailureAt: null });
    expect(outbound.lastSyncAt).toBe(outbound.lastSuccessAt);
    expect(outbound.deliveries).toHaveLength(10);
    expect(outbound.deliveries.map((d: any) => d.leadId)).toEqual(leads.slice(2).reverse());
    expect(outbound.deliveries[0]).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 200, lastError: null, nextAttemptAt: null });
    expect(outbound.deliveries[0].deliveredAt).toMatch(/Z$/);

    const viewer = must(s.admin("user", "create", "--org", org, "--name", "V", "--email", `v-${uuid().slice(0, 6)}@example.com`));
    const allowed = must(s.admin("key", "create", "--org", org, "--user", viewer.id, "--perms", "integrations.read"));
    expect((await s.api(`/api/v1/orgs/${org}/sites/${site.siteId}/integrations`, allowed.key)).status).toBe(200);
    const other = must(s.admin("key", "create", "--org", org, "--user", viewer.id, "--perms", "sites.read"));
    const refused = await s.api(`/api/v1/orgs/${org}/sites/${site.siteId}/integrations`, other.key);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).error.details[0].message).toBe("integrations.read");
  });
});

describe("the SSRF guard", () => {
  test("without WEBHOOK_ALLOW_PRIVATE a private or loopback target is refused, never contacted, not retried", async () => {
    const strict = await startStack();
    try {
      const literal = hookedSite(strict, receiver.url("/private"));
      const named = hookedSite(strict, `http://localhost:${receiver.port}/private`);
      const a = await pushLead(strict, literal);
      const b = await pushLead(strict, named);
      await strict.deliveries!.kick();
      await later(strict, 86_400_000);
      expect(receiver.at("/private")).toHaveLength(0);
      expect(deliveryOf(strict, a)).toMatchObject({ status: "refused", attempts: 1, last_status: null });
      expect(deliveryOf(strict, a).last_error).toBe("127.0.0.1 is a loopback address: refused (WEBHOOK_ALLOW_PRIVATE=1 allows private targets)");
      expect(deliveryOf(strict, b).last_error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address: refused/);
      expect(integrationOf(strict, literal.outId).last_failure_at).toBeNumber();
    } finally {
      await strict.close();
    }
  });
});

describe("restarts", () => {
  test("a receiver that is down while the service restarts gets the lead after the restart", async () => {
    const dataDir = tempDir();
    const port = freePort();
    const back = new Receiver(port);
    const first = await startStack({ dataDir, env: { WEBHOOK_ALLOW_PRIVATE: "1" } });
    const site = hookedSite(first, back.url("/back"));
    const leadId = await pushLead(first, site);
    await first.deliveries!.kick();
    expect(deliveryOf(first, leadId)).toMatchObject({ status: "pending", attempts: 1, last_status: null });
    await first.close();

    back.secrets.set("/back", site.signingSecret);
    back.start();
    const second = await startStack({ dataDir, env: { WEBHOOK_ALLOW_PRIVATE: "1" } });
    try {
      await later(second, retryCeilingMs(1));
      expect(back.at("/back")).toHaveLength(1);
      expect(back.at("/back")[0].signatureValid).toBe(true);
      expect(back.at("/back")[0].body.id).toBe(leadId);
      expect(deliveryOf(second, leadId)).toMatchObject({ status: "delivered", attempts: 2 });
    } finally {
      await second.close();
      back.stop();
    }
  });
});
