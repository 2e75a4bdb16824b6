/**
 * The UTM fields a short link sets, in their order. Apart from the models (TypeBox) so the
 * dashboard's bundle takes these names without the schema library, whose compiler tries
 * `new Function` — which the dashboard's Content-Security-Policy refuses.
 */
export const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
