// The board page: loads the reader's view with its link token, draws the board (SVG from the game's
// scene, or the PNG picture), offers the menu as the chat does, and follows changes over a WebSocket.

type Item = { [key: string]: any };
type Option = { label: string; path: string; leaf: boolean };
type Menu = { chosen: string[]; path: string; options: Option[] };
type State = {
  game: string; version: number; running: boolean; seat: number | null; lang: string;
  texts: { [key: string]: string };
  players: { name: string; seat: number; waiting: boolean; you: boolean }[];
  status: string[]; log: string[]; prompt: string | null; seq: number | null; menu: Menu | null;
  places: string[];
  board: { scene?: { width: number; height: number; background: string; items: Item[] };
           font?: { [weight: string]: [number, number] }; picture?: string | null };
};

import { inActivity, startActivity } from "./activity";

const SVG = "http://www.w3.org/2000/svg";
let token = decodeURIComponent(location.pathname.split("/").pop() || ""); // inside Discord: from the Activity sign-in
let state: State | null = null;
let menu: Menu | null = null;
// The places clicked so far for one action (a coin, then a hex) and those that narrow it further.
let picked: string[] = [];
let next: string[] = [];
let message: { text: string; error: boolean } | null = null;
let socket: WebSocket | null = null;
let retry = 250;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: { [k: string]: string } = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function svg(tag: string, attrs: { [k: string]: string | number }): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function paint(item: Item, metrics: { [weight: string]: [number, number] }): SVGElement {
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
        stroke: item.colour, "stroke-width": item.width, "stroke-linejoin": "round", "stroke-linecap": "round" });
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

function drawBoard(s: State): HTMLElement {
  const box = el("div", { class: "board", role: "img", "aria-label": s.texts.board });
  const scene = s.board.scene;
  if (!scene) {
    if (s.board.picture) box.appendChild(el("img", { src: s.board.picture, alt: s.texts.board }));
    return box;
  }
  box.removeAttribute("role");
  const root = svg("svg", { viewBox: `0 0 ${scene.width} ${scene.height}`, "aria-label": s.texts.board }) as SVGSVGElement;
  root.appendChild(svg("rect", { x: 0, y: 0, width: scene.width, height: scene.height, fill: scene.background }));
  const open = new Set(picked.length ? next : s.places);
  const chosen = new Set(picked);
  const focusable = new Set<string>(); // one stop per place for the keyboard, however many shapes draw it
  for (const item of scene.items) {
    let shape = paint(item, s.board.font || { regular: [1, 0] });
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
    if (item.place && chosen.has(item.place)) {
      shape.setAttribute("class", "picked");
      shape.setAttribute("data-picked", item.place);
    }
    if (item.place && open.has(item.place)) {
      const place: string = item.place;
      shape.setAttribute("class", "place");
      shape.setAttribute("data-place", place);
      if (!focusable.has(place)) {
        focusable.add(place);
        shape.setAttribute("tabindex", "0");
        shape.setAttribute("role", "button");
        shape.setAttribute("aria-label", item.title || place);
      }
      shape.addEventListener("click", () => pick(place));
      shape.addEventListener("keydown", (e: Event) => {
        const key = (e as KeyboardEvent).key;
        if (key === "Enter" || key === " ") { e.preventDefault(); pick(place); }
      });
    }
    root.appendChild(shape);
  }
  box.appendChild(root);
  return box;
}

function section(title: string, ...children: Node[]): HTMLElement {
  const part = el("section");
  part.appendChild(el("h2", {}, title));
  children.forEach((c) => part.appendChild(c));
  return part;
}

function list(lines: string[], cls: string): HTMLElement {
  const ul = el("ul", { class: cls });
  lines.forEach((line) => ul.appendChild(el("li", {}, line)));
  return ul;
}

function draw(): void {
  const app = document.getElementById("app")!;
  const s = state;
  app.replaceChildren();
  if (!s) return;
  app.dataset.version = String(s.version);
  document.documentElement.lang = s.lang;
  document.title = s.game;
  const head = el("header");
  head.appendChild(el("h1", {}, s.game));
  const waiting = s.players.filter((p) => p.waiting).map((p) => p.name);
  if (s.seat === null) head.appendChild(el("span", {}, s.texts.spectator));
  if (s.menu) head.appendChild(el("span", { class: "turn", id: "turn" }, s.texts.your_turn));
  else if (waiting.length) head.appendChild(el("span", { id: "turn" }, s.texts.waiting_for.replace("{names}", waiting.join(", "))));
  app.appendChild(head);
  app.appendChild(drawBoard(s));
  const side = el("aside");
  if (message) side.appendChild(el("p", { class: message.error ? "message error" : "message", role: "status" }, message.text));
  if (s.seat !== null) {
    const parts: Node[] = [];
    if (s.prompt) parts.push(el("p", { id: "prompt" }, s.prompt));
    const step = menu || s.menu;
    if (step) {
      if (step.chosen.length) parts.push(el("p", {}, "› " + step.chosen.join(" › ")));
      const options = el("div", { class: "options", id: "options" });
      for (const option of step.options) {
        const button = el("button", { class: option.leaf ? "leaf" : "", "data-path": option.path }, option.label);
        button.addEventListener("click", () => press("/api/menu", { path: option.path }));
        options.appendChild(button);
      }
      if (step.path || picked.length) {
        const back = el("button", { "data-path": "back" }, "↩ " + s.texts.back);
        back.addEventListener("click", () => { menu = null; picked = []; draw(); });
        options.appendChild(back);
      }
      parts.push(options);
    } else parts.push(el("p", {}, s.texts.no_choice));
    side.appendChild(section(s.texts.choices, ...parts));
  }
  const players = el("ul", { class: "players" });
  for (const p of s.players) {
    const item = el("li", { class: p.waiting ? "waiting" : "" }, p.name + (p.you ? ` (${s.texts.you})` : ""));
    players.appendChild(item);
  }
  side.appendChild(section(s.texts.players, players));
  side.appendChild(section("", list(s.status, "status")));
  side.appendChild(section(s.texts.log, list(s.log, "log")));
  app.appendChild(side);
}

function show(fresh: State): void {
  if (state && fresh.version < state.version) return; // an older view never replaces a newer one
  if (!state || fresh.version !== state.version) { menu = null; picked = []; }
  state = fresh;
  draw();
}

async function load(): Promise<void> {
  const response = await fetch("/api/state", { headers: { "X-Board-Token": token } });
  if (!response.ok) { refuse(await response.text()); return; }
  show(await response.json());
}

function refuse(text: string): void {
  state = null;
  const app = document.getElementById("app")!;
  app.replaceChildren(el("p", { class: "message error", role: "alert", id: "refused" }, text));
}

function pick(place: string): void {
  press("/api/place", { places: [...picked, place] });
}

async function press(url: string, body: { [k: string]: string | string[] }): Promise<void> {
  if (!state) return;
  message = null; // the answer to an earlier press is not the answer to this one
  document.querySelector(".message")?.remove();
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Board-Token": token },
    body: JSON.stringify({ ...body, seq: state.seq }),
  });
  let answer: any = {};
  try { answer = await response.json(); } catch { answer = { ok: false, error: response.statusText, refresh: true }; }
  if (answer.menu) { menu = answer.menu; picked = answer.picked || []; next = answer.next || []; message = null; draw(); return; }
  message = answer.ok ? { text: answer.done, error: false } : { text: answer.error, error: true };
  menu = null;
  picked = [];
  if (answer.refresh || answer.ok) await load();
  else draw();
}

function connect(): void {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws?t=${encodeURIComponent(token)}`);
  socket.onopen = () => { retry = 250; document.body.removeAttribute("data-offline"); };
  socket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "state") show(data.state);
  };
  socket.onclose = () => {
    // The bot restarted or the network dropped: try again, less often the longer it lasts.
    if (state) document.body.setAttribute("data-offline", state.texts.reconnecting);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function begin(): void {
  load().then(() => { if (state) connect(); });
}

if (inActivity(location.search)) startActivity().then((t) => { token = t; begin(); }, (e) => refuse(e.message || String(e)));
else begin();
