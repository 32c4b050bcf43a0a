// Drawing a game's scene as SVG: the same description the bot draws its PNG pictures from.

export type Item = { [key: string]: any };
export type Board = { scene?: { width: number; height: number; background: string; items: Item[];
                                regions?: { name: string; box: [number, number, number, number] }[] };
                      font?: { [weight: string]: [number, number] }; picture?: string | null };

import { Box, Place, boxOf, centre, drawMarks, drawTargets, keepTargetsFitted, placesOf } from "./places";
import { LEGIBLE_PX, frame, inside, narrow, overlaps, regionsOf } from "./regions";

const SVG = "http://www.w3.org/2000/svg";

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: { [k: string]: string } = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function svg(tag: string, attrs: { [k: string]: string | number }): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

export function paint(item: Item, metrics: { [weight: string]: [number, number] }): SVGElement {
  const stroke = (colour: string | null, width: number) =>
    colour ? { stroke: colour, "stroke-width": width } : {};
  switch (item.kind) {
    case "rect": {
      const [x0, y0, x1, y1] = item.box;
      return svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: item.radius || 0,
        fill: item.fill || "none", ...stroke(item.outline, item.width) });
    }
    case "ellipse": {
      const [x0, y0, x1, y1] = item.box;
      return svg("ellipse", { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, rx: (x1 - x0) / 2, ry: (y1 - y0) / 2,
        fill: item.fill || "none", ...stroke(item.outline, item.width) });
    }
    case "polygon":
      return svg("polygon", { points: item.points.map((p: number[]) => p.join(",")).join(" "),
        fill: item.fill || "none", ...stroke(item.outline, item.width) });
    case "line":
      return svg("polyline", { points: item.points.map((p: number[]) => p.join(",")).join(" "), fill: "none",
        stroke: item.colour, "stroke-width": item.width, "stroke-linejoin": "round", "stroke-linecap": "round",
        // the dashed halo of the last move's places: plain dashes, as the PNG draws them
        ...(item.dash ? { "stroke-dasharray": item.dash.join(" "), "stroke-linecap": "butt" } : {}) });
    case "text": {
      // Pillow's anchors: a = the ascender line at y, m = the middle of ascender and descender.
      const [ascent, descent] = metrics[item.weight] || metrics.regular;
      const lines: string[] = item.lines;
      const step: number = item.line_height;
      const top = item.anchor[1] === "m" ? item.y - (step * (lines.length - 1)) / 2 : item.y;
      const shift = item.anchor[1] === "m" ? ((ascent - descent) / 2) * item.size : ascent * item.size;
      const group = svg("text", { "font-family": "Source Sans Pro", "font-size": item.size,
        "font-weight": item.weight === "bold" ? 700 : 400, fill: item.colour,
        "text-anchor": { l: "start", m: "middle", r: "end" }[item.anchor[0] as "l" | "m" | "r"] });
      lines.forEach((line, i) => {
        const span = svg("tspan", { x: item.x, y: top + i * step + shift });
        span.textContent = line;
        group.appendChild(span);
      });
      return group;
    }
  }
  return svg("g", {});
}

// The board of a scene (or its PNG picture): places in ``open`` take clicks and Enter and are marked
// without hovering, ``chosen`` (a first click) are outlined; while a first click is pending, every
// other place is dimmed. On a narrow screen a scene is drawn region by region, the map first.
export function drawBoard(board: Board, label: string, open: Set<string>, chosen: Set<string>,
                          pick: (place: string) => void): HTMLElement {
  const box = el("div", { class: "board", role: "img", "aria-label": label });
  const scene = board.scene;
  if (!scene) {
    if (board.picture) box.appendChild(el("img", { "data-src": board.picture, alt: label }));
    return box;
  }
  box.removeAttribute("role");
  const places = placesOf(scene.items);
  const whole: Box = [0, 0, scene.width, scene.height];
  if (!narrow()) {
    const root = drawScene(board, label, whole, places, open, chosen, pick, () => true);
    box.appendChild(root);
    return box;
  }
  // Map first: each region its own drawing, each place a target in the first region holding its centre.
  box.classList.add("regions");
  const regions = regionsOf(scene);
  const home = (place: string) => {
    const [x, y] = centre(places.get(place)!.box);
    return Math.max(0, regions.findIndex((r) => inside(r.box, x, y)));
  };
  regions.forEach((region, index) => {
    const root = drawScene(board, label, region.box, places, open, chosen, pick, (p) => home(p) === index);
    const sizes = scene.items.filter((it) => it.kind === "text" && overlaps(boxOf(it)!, region.box)).map((it) => it.size);
    const mine = [...open].filter((p) => places.has(p) && home(p) === index).map((p) => places.get(p)!.box);
    const focus: [number, number] | null = mine.length
      ? [Math.min(...mine.map((b) => b[0])), Math.max(...mine.map((b) => b[2]))] : null;
    box.appendChild(frame(region, index, root, sizes.length ? Math.min(...sizes) : LEGIBLE_PX, focus));
  });
  return box;
}

// One drawing of the scene, cropped to ``crop`` (the whole scene, or a region on a narrow screen);
// ``owns`` says which places take their keyboard and pointer target in this drawing.
function drawScene(board: Board, label: string, crop: Box, places: Map<string, Place>, open: Set<string>,
                   chosen: Set<string>, pick: (place: string) => void, owns: (place: string) => boolean): SVGSVGElement {
  const scene = board.scene!;
  const [left, top, right, bottom] = crop;
  const root = svg("svg", { viewBox: `${left} ${top} ${right - left} ${bottom - top}`, "aria-label": label }) as SVGSVGElement;
  root.appendChild(svg("rect", { x: 0, y: 0, width: scene.width, height: scene.height, fill: scene.background }));
  const narrowing = chosen.size > 0; // a first click is pending: the places that do not tell apart are dimmed
  const cropped = left > 0 || top > 0 || right < scene.width || bottom < scene.height;
  for (const item of scene.items) {
    const bounds = boxOf(item);
    if (cropped && bounds && !overlaps(bounds, crop)) continue;
    let shape = paint(item, board.font || { regular: [1, 0] });
    if (item.kind === "line" && item.place && open.has(item.place)) {
      // A thin path is hard to hit: an invisible band along it takes the pointer.
      const group = svg("g", {});
      group.appendChild(shape);
      const pts: number[][] = item.points;
      for (let i = 1; i < pts.length; i++) {
        const [[x0, y0], [x1, y1]] = [pts[i - 1], pts[i]];
        const len = Math.hypot(x1 - x0, y1 - y0) || 1;
        const [nx, ny] = [((y0 - y1) / len) * 9, ((x1 - x0) / len) * 9]; // 9 px either side
        const corners = [[x0 + nx, y0 + ny], [x1 + nx, y1 + ny], [x1 - nx, y1 - ny], [x0 - nx, y0 - ny]];
        group.appendChild(svg("polygon", { points: corners.map((c) => c.join(",")).join(" "), fill: "transparent" }));
      }
      shape = group;
    }
    if (item.title) {
      const title = svg("title", {});
      title.textContent = item.title;
      shape.appendChild(title);
    }
    // A mark that says nothing on hover lets the pointer through to the place under it.
    if (!item.place && !item.title) shape.setAttribute("pointer-events", "none");
    if (item.mark) shape.setAttribute("data-mark", item.mark); // a place the last move changed
    if (item.place && chosen.has(item.place)) {

      shape.setAttribute("class", "picked");
      shape.setAttribute("data-picked", item.place);
    }
    if (item.place && open.has(item.place)) {
      const place: string = item.place;
      shape.setAttribute("class", "place");
      shape.setAttribute("data-place", place);
      shape.addEventListener("click", (e) => { e.stopPropagation(); pick(place); });
    } else if (item.place && narrowing && !chosen.has(item.place)) {
      shape.setAttribute("class", "dim");
      shape.setAttribute("data-dim", item.place);
    }
    root.appendChild(shape);
  }
  const mine = [...open].filter(owns);
  drawMarks(root, places, mine, new Set([...chosen].filter(owns)));
  drawTargets(root, places, mine, pick);
  keepTargetsFitted(root);
  return root;
}


export function section(title: string, ...children: Node[]): HTMLElement {
  const part = el("section");
  part.appendChild(el("h2", {}, title));
  children.forEach((c) => part.appendChild(c));
  return part;
}

export function list(lines: string[], cls: string): HTMLElement {
  const ul = el("ul", { class: cls });
  lines.forEach((line) => ul.appendChild(el("li", {}, line)));
  return ul;
}
