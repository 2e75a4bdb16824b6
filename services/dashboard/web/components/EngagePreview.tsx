import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { Select } from "./Select.tsx";

/**
 * A popup or wheel as visitors see it, drawn by the page chunk's own renderer into a sandboxed
 * frame: its layouts are `position: fixed` and sized by the viewport (`vw`), so the frame is
 * the visitor's window — at phone or desktop width — and nothing leaks onto the dashboard. The
 * frame runs no script of its own (`sandbox` without `allow-scripts`); the renderer builds the
 * DOM from the parent, text as `textContent` only.
 */

const WIDTHS = { desktop: "Desktop (1024 px)", phone: "Phone (390 px)" } as const;
type Width = keyof typeof WIDTHS;
const PX: Record<Width, number> = { desktop: 1024, phone: 390 };
const HEIGHT = 600;

const FRAME_DOC = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title></head><body></body></html>';

/**
 * The frame's page look, set through the CSSOM: the frame inherits the dashboard's
 * Content-Security-Policy, which allows no inline style but the dialog's own (by its hash).
 */
function styleFrame(frame: HTMLIFrameElement | null): void {
  const doc = frame?.contentDocument;
  if (!doc) return;
  for (const element of [doc.documentElement, doc.body]) Object.assign(element.style, { margin: "0", height: "100%", background: "#eef0f3" });
}

/** What the renderer hands back: removes what it drew. */
export interface Drawn {
  remove(): void;
}

export function EngagePreview({ title, draw, drawKey, children }: {
  /** Names the frame for assistive technology. */
  title: string;
  /** Draws into the frame's body; `onClose` is the visitor's close. */
  draw: (body: HTMLElement, onClose: () => void) => Drawn;
  /** A change redraws (the variant shown). */
  drawKey: string;
  /** More pickers beside the width (the variant). */
  children?: ComponentChildren;
}) {
  const [width, setWidth] = useState<Width>("desktop");
  const [closed, setClosed] = useState(false);
  const [ready, setReady] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number>(PX.desktop);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The room for the frame box: the wrapper's width less the box's two 1 px borders.
    const observer = new ResizeObserver(() => setRoom(element.clientWidth - 2));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = Math.min(1, room / PX[width]);
  useEffect(() => {
    const body = frame.current?.contentDocument?.body;
    if (!ready || closed || !body) return;
    const drawn = draw(body, () => setClosed(true));
    return () => drawn.remove();
  }, [ready, closed, drawKey]);
  return (
    <section aria-labelledby="preview-title" class="engage-preview">
      <h2 id="preview-title">Preview</h2>
      <p>As visitors see it, drawn by the same code as on the site (a submitted form only shows its success text here).</p>
      <div class="controls">
        {children}
        <Select label="Width" value={width} labels={WIDTHS} onChange={setWidth} />
        {closed && (
          <button type="button" onClick={() => setClosed(false)}>
            Show it again
          </button>
        )}
      </div>
      <div ref={box}>
        <div class="preview-box" style={{ width: `${Math.floor(PX[width] * scale)}px`, height: `${Math.ceil(HEIGHT * scale)}px` }}>
          <iframe
            ref={frame}
            title={title}
            sandbox="allow-same-origin"
            srcdoc={FRAME_DOC}
            style={{ width: `${PX[width]}px`, height: `${HEIGHT}px`, transform: scale < 1 ? `scale(${scale})` : undefined }}
            onLoad={() => {
              styleFrame(frame.current);
              setReady(true);
            }}
          />
        </div>
      </div>
    </section>
  );
}
