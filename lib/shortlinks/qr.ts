import QRCode from "qrcode";
import type { ShortLink } from "./models.ts";

/** What a QR code of the link encodes: the redirect counts `?qr=1` as a scan. */
export const qrTarget = (link: ShortLink): string => `${link.shortUrl}?qr=1`;

const OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

/** The QR code as a file answer: SVG (scales to any print size) or a 512-pixel PNG. */
export async function shortLinkQr(link: ShortLink, format: "svg" | "png"): Promise<Response> {
  const body = format === "svg" ? await QRCode.toString(qrTarget(link), { ...OPTIONS, type: "svg" }) : new Uint8Array(await QRCode.toBuffer(qrTarget(link), { ...OPTIONS, type: "png", width: 512 }));
  return new Response(body, {
    headers: {
      "content-type": format === "svg" ? "image/svg+xml" : "image/png",
      "content-disposition": `attachment; filename="${link.slug}.${format}"`,
      "cache-control": "no-store",
    },
  });
}
