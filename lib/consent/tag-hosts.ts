import type { Category } from "./categories.ts";
import type { DatabaseEntry } from "./cookie-database.ts";

/**
 * Common tag and pixel hosts → what loading them means. The Open Cookie Database lists where
 * cookies are set, not which scripts a page loads: many tag hosts are missing from it (e.g.
 * googletagmanager.com, cdn.segment.com) or sit under a domain whose cookies say little about
 * the script (hotjar.com's rows are mostly another product's). A host matches itself and its
 * subdomains (lib/consent/classify.ts); keys are lower-case.
 */
const TAGS: Record<string, [vendor: string, category: Category, purpose: string]> = {
  "googletagmanager.com": ["Google", "analytics", "Google Tag Manager: loads the site's analytics and advertising tags (gtag.js)."],
  "google-analytics.com": ["Google", "analytics", "Google Analytics: receives page views and events."],
  "analytics.google.com": ["Google", "analytics", "Google Analytics 4: receives page views and events."],
  "doubleclick.net": ["Google", "marketing", "Google Marketing Platform (DoubleClick): ad serving, conversion and audience tracking."],
  "googleadservices.com": ["Google", "marketing", "Google Ads: conversion tracking and remarketing."],
  "googlesyndication.com": ["Google", "marketing", "Google AdSense: serves ads on the page."],
  "googletagservices.com": ["Google", "marketing", "Google Publisher Tag: serves ads on the page."],
  "connect.facebook.net": ["Facebook", "marketing", "Meta Pixel: the script that reports visits and conversions to Facebook and Instagram ads."],
  "facebook.com": ["Facebook", "marketing", "Meta Pixel: receives visits and conversions for Facebook and Instagram ads."],
  "bat.bing.com": ["Microsoft", "marketing", "Microsoft Advertising UET tag: conversion tracking and remarketing."],
  "clarity.ms": ["Microsoft", "analytics", "Microsoft Clarity: session recordings and heatmaps."],
  "hotjar.com": ["Hotjar", "analytics", "Hotjar: session recordings, heatmaps and surveys."],
  "hotjar.io": ["Hotjar", "analytics", "Hotjar: session recordings, heatmaps and surveys."],
  "snap.licdn.com": ["LinkedIn", "marketing", "LinkedIn Insight Tag: conversion tracking and retargeting."],
  "ads.linkedin.com": ["LinkedIn", "marketing", "LinkedIn Insight Tag: receives conversions and retargeting audiences."],
  "analytics.tiktok.com": ["TikTok", "marketing", "TikTok Pixel: conversion tracking and ad audiences."],
  "static.ads-twitter.com": ["X", "marketing", "X (Twitter) Pixel: conversion tracking and ad audiences."],
  "analytics.twitter.com": ["X", "marketing", "X (Twitter) Pixel: receives conversions."],
  "ct.pinterest.com": ["Pinterest", "marketing", "Pinterest Tag: conversion tracking and ad audiences."],
  "s.pinimg.com": ["Pinterest", "marketing", "Pinterest Tag: the script that reports conversions."],
  "sc-static.net": ["Snapchat", "marketing", "Snap Pixel: conversion tracking and ad audiences."],
  "cdn.segment.com": ["Segment", "analytics", "Segment: collects events and forwards them to other tools."],
  "api.segment.io": ["Segment", "analytics", "Segment: receives events."],
  "cdn.mxpnl.com": ["Mixpanel", "analytics", "Mixpanel: product analytics."],
  "api-js.mixpanel.com": ["Mixpanel", "analytics", "Mixpanel: receives events."],
  "cdn.amplitude.com": ["Amplitude", "analytics", "Amplitude: product analytics."],
  "plausible.io": ["Plausible", "analytics", "Plausible Analytics: page views and events, without cookies."],
  "cdn.matomo.cloud": ["Matomo", "analytics", "Matomo Cloud: page views and events."],
  "mc.yandex.ru": ["Yandex", "analytics", "Yandex Metrica: page views, session recordings and heatmaps."],
  "js.hs-scripts.com": ["HubSpot", "marketing", "HubSpot tracking code: visitor tracking for marketing automation."],
  "js.hs-analytics.net": ["HubSpot", "analytics", "HubSpot analytics: page views and visitor identification."],
  "js.hsadspixel.net": ["HubSpot", "marketing", "HubSpot ads pixel: ad conversion tracking."],
  "cdn.cookielaw.org": ["OneTrust", "necessary", "OneTrust: the consent banner itself."],
  "consent.cookiebot.com": ["Cookiebot", "necessary", "Cookiebot: the consent banner itself."],
  "script.crazyegg.com": ["Crazy Egg", "analytics", "Crazy Egg: heatmaps and session recordings."],
  "js.stripe.com": ["Stripe", "necessary", "Stripe.js: card payments and fraud prevention."],
};

export const TAG_HOSTS: ReadonlyMap<string, DatabaseEntry> = new Map(
  Object.entries(TAGS).map(([host, [vendor, category, purpose]]) => [host, { vendor, category, purpose }]),
);
