/**
 * The styles of the dialog every popup and wheel is shown in (services/ingest/tracker/engage/
 * dialog.ts puts them in the dialog's shadow root). Here, not in the page script, because the
 * dashboard's Content-Security-Policy allows this one inline style by its hash (lib/http/
 * security-headers.ts): the dashboard draws the same dialog in its previews.
 */
export const STYLES = `:host{all:initial}
.o{position:fixed;inset:0;background:rgba(0,0,0,.55);z-index:2147483646}
.d{position:fixed;z-index:2147483647;box-sizing:border-box;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:24px;border-radius:10px;box-shadow:0 10px 40px rgba(0,0,0,.35);max-height:100vh;overflow:auto;animation:tm-in .25s ease-out;text-align:left}
.d *{box-sizing:border-box}
.modal{top:50%;left:50%;transform:translate(-50%,-50%);width:min(94vw,480px)}
.fullscreen{inset:0;border-radius:0;display:flex;flex-direction:column;justify-content:center;align-items:center}
.fullscreen>.in{width:min(94vw,560px)}
.slide_in{right:16px;bottom:16px;width:min(94vw,360px)}
.bar{top:0;left:0;right:0;border-radius:0;padding:10px 60px 10px 16px}
.bar>.in{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:center}
.bar .t{font-size:18px;margin:0}.bar p{margin:0}.bar form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}.bar .f{margin:0}.bar .b{width:auto;margin:0}
.t{margin:0 44px 8px 0;font-size:22px;line-height:1.25;color:inherit}
p{margin:0 0 12px}
img{display:block;max-width:100%;height:auto;border-radius:6px;margin:0 0 12px}
.x{position:absolute;top:6px;right:6px;width:44px;height:44px;border:0;background:none;color:inherit;font:28px/1 system-ui,sans-serif;cursor:pointer;border-radius:6px}
.f{margin:0 0 10px}
label{display:block;font-weight:600;margin:0 0 4px}
.ck{display:flex;gap:8px;align-items:flex-start;font-weight:400}
.ck input{width:20px;height:20px;margin:2px 0 0;flex:none}
input,textarea{width:100%;padding:10px;border:1px solid #767676;border-radius:6px;font:inherit;color:#111;background:#fff}
textarea{min-height:80px}
[aria-invalid=true]{border:2px solid #c5221f}
.e{font-weight:600;font-size:14px;margin:4px 0 0}
.e:empty,.st:empty{display:none}
.b{display:inline-block;width:100%;margin:8px 0 0;padding:12px 18px;border:0;border-radius:6px;background:var(--btn);color:var(--btnfg);font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}
.b[disabled]{opacity:.7;cursor:progress}
.st{font-weight:600;margin:8px 0 0}
.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.wh{transition:transform 4s cubic-bezier(.15,.65,.1,1)}
.wheel{display:block;width:min(70vw,260px);height:auto;margin:0 auto 12px}
.code{font:700 20px/1.3 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.05em}
@keyframes tm-in{from{opacity:0}}
@media (prefers-reduced-motion:reduce){.d,.wh{animation:none!important;transition:none!important}}`;
