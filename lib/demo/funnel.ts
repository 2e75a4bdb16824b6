import type { FunnelDef } from "../analytics/funnels/definition.ts";

/**
 * A funnel that the demo traffic (lib/demo/traffic.ts) walks through: the shop, a product
 * added to the cart, the checkout, a purchase. Saved on a demo-seeded site by the screenshots
 * and the dashboard's browser tests (`admin funnel create --file`).
 */
export const DEMO_FUNNEL: FunnelDef = {
  name: "Shop to purchase",
  mode: "closed",
  scope: "session",
  steps: [
    { kind: "page", label: "Shop", match: "starts_with", value: "/shop" },
    { kind: "event", label: "Added to cart", eventType: "event", name: "add_to_cart" },
    // Unlabelled: a step without a label is shown as what it matches ("/checkout").
    { kind: "page", label: "", match: "equals", value: "/checkout" },
    { kind: "event", label: "Purchased", eventType: "conversion", name: "purchase" },
  ],
};
