// The board on a narrow screen: map first. A scene that names its regions (``regions``: the map, the
// side tables, the legend) is drawn one region under another, the map first; each region as wide as
// the screen, or wider when its texts would otherwise come out smaller than LEGIBLE_PX CSS pixels,
// and then it scrolls sideways with one finger (no pinch-zoom needed). A scene without regions is
// drawn whole, by the same rule. Where the reader scrolled a region to is kept across redraws.
import { Box } from "./places";

export type Region = { name: string; box: Box };

/** The smallest text on a phone, in CSS pixels. */
export const LEGIBLE_PX = 11;
/** A region narrower than the screen is enlarged at most this much (no giant tables on a phone). */
const MAX_ENLARGE = 1.25;
/** Below this width the page is a phone's (the same breakpoint as board.css). */
export const NARROW = "(max-width: 800px)";

const scrolled = new Map<string, number>(); // a region's key -> how far the reader scrolled it

export function narrow(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(NARROW).matches;
}

/** The regions to draw on a narrow screen: the scene's own, or the whole scene as its map. */
export function regionsOf(scene: { width: number; height: number; regions?: Region[] }): Region[] {
  const declared = (scene.regions || []).filter((r) => r.box[2] > r.box[0] && r.box[3] > r.box[1]);
  return declared.length ? declared : [{ name: "map", box: [0, 0, scene.width, scene.height] }];
}

export function inside(box: Box, x: number, y: number): boolean {
  return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
}

export function overlaps(a: Box, b: Box): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** The frame of one region: sized to the screen and its smallest text, scrolled where the reader left
 * it, or else as little as shows the open places (``focus``: from where to where they lie, in scene
 * pixels), their middle when they do not fit, a map's middle when it has none. */
export function frame(region: Region, index: number, drawing: SVGSVGElement, smallest: number,
                      focus: [number, number] | null): HTMLElement {
  const box = el("div", `region region-${region.name}`);
  box.dataset.region = region.name;
  box.appendChild(drawing);
  const key = `${index}:${region.name}`;
  const width = region.box[2] - region.box[0];
  let placed = false;
  const fit = () => {
    const room = box.clientWidth;
    if (!room) return;
    const legible = (width * (LEGIBLE_PX + 0.1)) / smallest;
    const shown = Math.max(Math.min(room, width * MAX_ENLARGE), legible);
    drawing.style.width = `${shown}px`; // CSSOM, which the page's style policy allows
    box.toggleAttribute("data-wide", shown > room + 1);
    if (placed) return;
    placed = true;
    const kept = scrolled.get(key);
    if (kept !== undefined) box.scrollLeft = kept;
    else if (focus) {
      const [from, to] = focus.map((x) => ((x - region.box[0]) / width) * shown);
      box.scrollLeft = to - from <= room - 24 ? Math.max(0, to + 12 - room) : (from + to) / 2 - room / 2;
    }
    else if (region.name === "map") box.scrollLeft = (shown - room) / 2;
  };
  box.addEventListener("scroll", () => { if (placed) scrolled.set(key, box.scrollLeft); }, { passive: true });
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(fit).observe(box);
  return box;
}

function el(tag: string, cls: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = cls;
  return node;
}
