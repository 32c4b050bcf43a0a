// The board's places as the reader sees them without hovering: every place with a legal action now is
// marked (a thick dashed outline over a white one, and a hatch: not colour alone), the place picked by
// a first click is outlined solid, and each open place has a tap target of at least TARGET_PX CSS
// pixels, sized to the board as it is drawn. Nothing here knows a game: places are the scene's
// ``place`` ids, the open ones come from the payload (``places``, or ``next`` after a first click).
import { Item, svg } from "./board";

export type Box = [number, number, number, number]; // left, top, right, bottom (scene pixels)
export type Place = { box: Box; title: string | null; items: Item[] };

/** The smallest tap target a place offers, in CSS pixels (a finger's width). */
export const TARGET_PX = 32;
let patterns = 0; // hatch patterns are per drawing: ids stay unique when a page has several

/** The box an item covers; a text's is estimated on the generous side (the page is not sent its
 * measured extent): enough to tell which region of a narrow screen shows it. */
export function boxOf(item: Item): Box | null {
  if (item.kind === "rect" || item.kind === "ellipse") return item.box as Box;
  if (item.kind === "polygon" || item.kind === "line") {
    const xs = item.points.map((p: number[]) => p[0]);
    const ys = item.points.map((p: number[]) => p[1]);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  }
  if (item.kind === "text") {
    const lines: string[] = item.lines;
    const wide = Math.max(...lines.map((l) => l.length), 1) * item.size * 0.62;
    const high = lines.length * item.line_height;
    const left = { l: item.x, m: item.x - wide / 2, r: item.x - wide }[item.anchor[0] as "l" | "m" | "r"];
    const top = item.anchor[1] === "m" ? item.y - high / 2 : item.y;
    return [left, top, left + wide, top + high];
  }
  return null;
}

/** Every place the scene draws, with the box all its shapes cover and its first title. */
export function placesOf(items: Item[]): Map<string, Place> {
  const out = new Map<string, Place>();
  for (const item of items) {
    const box = item.place ? boxOf(item) : null;
    if (!box) continue;
    const known = out.get(item.place);
    if (!known) { out.set(item.place, { box: [...box] as Box, title: item.title || null, items: [item] }); continue; }
    known.box = [Math.min(known.box[0], box[0]), Math.min(known.box[1], box[1]),
      Math.max(known.box[2], box[2]), Math.max(known.box[3], box[3])];
    known.title = known.title || item.title || null;
    known.items.push(item);
  }
  return out;
}

export function centre(box: Box): [number, number] {
  return [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
}

// The outline of one shape, for a mark (same geometry, drawn above the board, never hit).
function outline(item: Item, attrs: { [k: string]: string | number }): SVGElement | null {
  const common = { ...attrs, "vector-effect": "non-scaling-stroke" };
  switch (item.kind) {
    case "rect": {
      const [x0, y0, x1, y1] = item.box;
      return svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: item.radius || 0, ...common });
    }
    case "ellipse": {
      const [x0, y0, x1, y1] = item.box;
      return svg("ellipse", { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, rx: (x1 - x0) / 2, ry: (y1 - y0) / 2, ...common });
    }
    case "polygon":
      return svg("polygon", { points: item.points.map((p: number[]) => p.join(",")).join(" "), ...common });
    case "line":
      return svg("polyline", { points: item.points.map((p: number[]) => p.join(",")).join(" "), ...common, fill: "none" });
  }
  return null;
}

function hatch(root: SVGElement): string {
  const id = `open-hatch-${++patterns}`;
  const defs = svg("defs", {});
  const pattern = svg("pattern", { id, width: 9, height: 9, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
  pattern.appendChild(svg("rect", { x: 0, y: 0, width: 3, height: 9, class: "hatch" }));
  defs.appendChild(pattern);
  root.appendChild(defs);
  return `url(#${id})`;
}

/** The shape that stands for a place in its mark: its largest closed shape (a hex, a card, a corner's
 * disc), else its line (a road); the other shapes of the place (a number on it) are left readable. */
function baseOf(found: Place): Item | null {
  const size = (item: Item) => { const b = boxOf(item)!; return (b[2] - b[0]) * (b[3] - b[1]); };
  const closed = found.items.filter((it) => it.kind === "rect" || it.kind === "ellipse" || it.kind === "polygon");
  if (closed.length) return closed.reduce((a, b) => (size(b) > size(a) ? b : a));
  return found.items.find((it) => it.kind === "line") || null;
}

/** The marks of the open places (dashed, hatched) and the picked ones (solid), above the board. A
 * place smaller than a finger is marked by a dashed ring the size of its tap target instead
 * (``fitTargets`` tells which, at the scale the board is drawn). */
export function drawMarks(root: SVGElement, places: Map<string, Place>, open: string[], picked: Set<string>): void {
  const layer = svg("g", { class: "marks", "pointer-events": "none", "aria-hidden": "true" });
  const fill = open.length ? hatch(root) : "none";
  for (const place of open) {
    const found = places.get(place);
    const base = found && baseOf(found);
    if (!found || !base) continue;
    const size = Math.max(found.box[2] - found.box[0], found.box[3] - found.box[1]);
    const group = svg("g", { class: "mark", "data-mark": place, "data-size": size });
    const closed = base.kind !== "line";
    const shape = svg("g", { class: "shape" });
    shape.appendChild(outline(base, { class: "mark-under", fill: closed ? fill : "none" })!);
    shape.appendChild(outline(base, { class: "mark-dash", fill: "none" })!);
    group.appendChild(shape);
    const [cx, cy] = centre(found.box);
    for (const cls of ["mark-under ring", "mark-dash ring"]) {
      group.appendChild(svg("circle", { cx, cy, r: 0, class: cls, fill: "none", "vector-effect": "non-scaling-stroke" }));
    }
    layer.appendChild(group);
  }
  for (const place of picked) {
    const found = places.get(place);
    const base = found && baseOf(found);
    if (!found || !base) continue;
    const group = svg("g", { class: "mark picked-mark", "data-picked-mark": place });
    group.appendChild(outline(base, { class: "mark-picked", fill: "none" })!);
    layer.appendChild(group);
  }
  root.appendChild(layer);
}

// A place's own box as a target counts: a line or a dot is given some thickness, so that a corner
// beside a road still counts as the smaller of the two.
const CORE = 6;
function core(box: Box): Box {
  const [cx, cy] = centre(box);
  const w = Math.max(box[2] - box[0], CORE) / 2;
  const h = Math.max(box[3] - box[1], CORE) / 2;
  return [cx - w, cy - h, cx + w, cy + h];
}
const area = (b: Box) => (b[2] - b[0]) * (b[3] - b[1]);

/** One keyboard and pointer target per open place, above everything drawn: its box grown to at least
 * TARGET_PX each way on screen (``fitTargets``), less the boxes of the places no larger than it that
 * the growth would cover, so a tap on a place always reaches that place; smaller places lie above
 * larger ones, so a corner beside a hex stays reachable. */
export function drawTargets(root: SVGElement, places: Map<string, Place>, open: string[],
                            pick: (place: string) => void): void {
  const layer = svg("g", { class: "targets" });
  const found = open.filter((p) => places.has(p))
    .sort((a, b) => area(core(places.get(b)!.box)) - area(core(places.get(a)!.box)));
  for (const place of found) {
    const info = places.get(place)!;
    const label = info.title || place;
    const [x0, y0, x1, y1] = core(info.box);
    const target = svg("g", { class: "target", "data-place": place, role: "button", tabindex: 0, "aria-label": label });
    const title = svg("title", {});
    title.textContent = label;
    target.appendChild(title);
    target.appendChild(svg("path", { class: "hit", d: rect([x0, y0, x1, y1]), fill: "transparent", "fill-rule": "evenodd" }));
    target.appendChild(svg("rect", { class: "focus", x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 3, fill: "none",
      "pointer-events": "none", "vector-effect": "non-scaling-stroke" }));
    target.addEventListener("click", (e) => { e.stopPropagation(); pick(place); });
    target.addEventListener("keydown", (e: Event) => {
      const key = (e as KeyboardEvent).key;
      if (key === "Enter" || key === " ") { e.preventDefault(); pick(place); }
    });
    layer.appendChild(target);
  }
  (root as any).boardPlaces = places; // for fitTargets: every place's box, open or not
  root.appendChild(layer);
}

function rect(b: Box): string {
  return `M${b[0]} ${b[1]}H${b[2]}V${b[3]}H${b[0]}Z`;
}

/** Size the targets and rings of a drawn board to its scale now: at least TARGET_PX across on screen. */
export function fitTargets(root: SVGSVGElement): void {
  const shown = root.getBoundingClientRect().width;
  const drawn = root.viewBox.baseVal.width;
  const places: Map<string, Place> | undefined = (root as any).boardPlaces;
  if (!shown || !drawn || !places) return;
  const least = (TARGET_PX + 1) * (drawn / shown); // a target's least width, in scene pixels
  const cores = [...places.entries()].map(([p, info]) => [p, core(info.box)] as [string, Box]);
  root.querySelectorAll<SVGGElement>(".target").forEach((target) => {
    const own = core(places.get(target.dataset.place!)!.box);
    const [cx, cy] = centre(own);
    const w = Math.max(own[2] - own[0], least) / 2;
    const h = Math.max(own[3] - own[1], least) / 2;
    const grown: Box = [cx - w, cy - h, cx + w, cy + h];
    const holes = cores
      .filter(([p, b]) => p !== target.dataset.place && area(b) <= area(own) && overlap(b, grown))
      .map(([, b]) => rect([Math.max(b[0], grown[0]), Math.max(b[1], grown[1]), Math.min(b[2], grown[2]), Math.min(b[3], grown[3])]));
    target.querySelector(".hit")!.setAttribute("d", [rect(grown), ...holes].join(""));
  });
  root.querySelectorAll<SVGGElement>(".mark[data-size]").forEach((mark) => {
    const small = Number(mark.dataset.size) < least;
    mark.querySelectorAll(".ring").forEach((c) => c.setAttribute("r", String(small ? least / 2 : 0)));
    mark.querySelector(".shape")!.setAttribute("visibility", small ? "hidden" : "visible");
  });
}

function overlap(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** Keep the targets sized while the board's drawn width changes (a window resized, a phone turned). */
export function keepTargetsFitted(root: SVGSVGElement): void {
  if (typeof ResizeObserver === "undefined") return;
  new ResizeObserver(() => fitTargets(root)).observe(root);
}
