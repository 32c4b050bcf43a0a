// The board page: loads the reader's view with its link token, draws the board (SVG from the game's
// scene, or the PNG picture), offers the menu as the chat does, and follows changes over a WebSocket.

type Option = { label: string; path: string; leaf: boolean };
type Menu = { chosen: string[]; path: string; options: Option[] };
// A vote on a seat whose time ran out, as the table message offers it: the tally and the choices.
type Vote = { seat: number; name: string; tally: string; choices: { choice: string; label: string }[] };
type State = {
  game: string; version: number; running: boolean; seat: number | null; lang: string;
  texts: { [key: string]: string }; // the page's words: in the first state only, kept after
  players: { name: string; seat: number; waiting: boolean; you: boolean }[];
  status: string[]; log: string[]; prompt: string | null; seq: number | null; menu: Menu | null;
  places: string[]; votes: Vote[];
  board: Board;
  // moves since the reader's last action (a watcher: the latest moves), newest first
  recent?: { seat: number | null; name: string | null; text: string; marked: boolean }[];
};

import { inActivity, startActivity } from "./activity";
import { Board, drawBoard, el, list, section } from "./board";
import { NARROW } from "./regions";
import { startReplay } from "./replay";
import "./handover"; // one page passed between people (a local table's hand-over link)
import { chime, setSound, soundOn, wakeOnFirstTouch } from "./sound";

// The link's token follows "#" (never sent to the server, so no proxy logs it; older links carry it in
// the path). It leaves the address bar at once and is kept for this tab only, so a reload still works.
// Inside Discord it comes from the Activity sign-in instead.
let token = linkToken();
let state: State | null = null;
let menu: Menu | null = null;
// The places clicked so far for one action (a coin, then a hex) and those that narrow it further.
let picked: string[] = [];
let next: string[] = [];
// The answer to the reader's last press; it stays until the game changes again after it (``version``:
// the first version seen after the answer, which holds the press itself). An action that may be
// taken back brings its "↶ Take back" along.
type TakeBack = { seq: number; label: string };
let message: { text: string; error: boolean; version: number | null; takeback?: TakeBack } | null = null;
let socket: WebSocket | null = null;
let retry = 250;
let lost = false; // the link's grant was lost (expired, the seat no longer theirs): no reconnecting
let replaying = false; // the game is over and the page shows its replay: nothing live any more

function linkToken(): string {
  const fromHash = decodeURIComponent(location.hash.replace(/^#/, ""));
  const parts = location.pathname.split("/");
  const fromPath = parts.length > 2 && parts[1] === "board" ? decodeURIComponent(parts[2]) : "";
  const found = fromHash || fromPath;
  if (found) {
    try { sessionStorage.setItem("board-token", found); } catch { /* storage off: the token lives in memory */ }
    if (location.pathname.startsWith("/board")) history.replaceState(null, "", "/board");
    return found;
  }
  try { return sessionStorage.getItem("board-token") || ""; } catch { return ""; }
}

// A game drawn as a PNG: the picture is fetched with the token in a header, never in its address.
function loadPictures(): void {
  document.querySelectorAll<HTMLImageElement>("img[data-src]").forEach(async (img) => {
    const response = await fetch(img.dataset.src!, { headers: { "X-Board-Token": token } });
    if (response.ok) img.src = URL.createObjectURL(await response.blob());
  });
}

function waitingFor(s: State): string[] {
  return s.players.filter((p) => p.waiting).map((p) => p.name);
}

// The tab says whose turn it is, so a reader in another tab sees when to come back.
function tabTitle(s: State): string {
  const waiting = waitingFor(s);
  if (s.menu && s.texts.title_turn) return s.texts.title_turn.replace("{game}", s.game);
  if (waiting.length && s.texts.title_waiting) {
    return s.texts.title_waiting.replace("{names}", waiting.join(", ")).replace("{game}", s.game);
  }
  return s.game;
}

function soundToggle(s: State): HTMLElement {
  const wrap = el("label", { class: "sound" });
  const box = el("input", { type: "checkbox", id: "sound" });
  box.checked = soundOn();
  box.addEventListener("change", () => setSound(box.checked));
  wrap.appendChild(box);
  wrap.appendChild(document.createTextNode(" " + (s.texts.sound || "")));
  return wrap;
}

function draw(): void {
  const app = document.getElementById("app")!;
  const s = state;
  const logScroll = app.querySelector(".log")?.scrollTop ?? 0; // the reader's place in the log survives a redraw
  app.replaceChildren();
  if (!s) return;
  app.dataset.version = String(s.version);
  document.documentElement.lang = s.lang;
  document.title = tabTitle(s);
  const head = el("header");
  head.appendChild(el("h1", {}, s.game));
  const waiting = waitingFor(s);
  if (s.seat === null) head.appendChild(el("span", {}, s.texts.spectator));
  if (s.menu) head.appendChild(el("span", { class: "turn", id: "turn" }, s.texts.your_turn));
  else if (waiting.length) head.appendChild(el("span", { id: "turn" }, s.texts.waiting_for.replace("{names}", waiting.join(", "))));
  if (s.seat !== null && s.running) head.appendChild(soundToggle(s));
  app.appendChild(head);
  app.appendChild(drawBoard(s.board, s.texts.board, new Set(picked.length ? next : s.places), new Set(picked), pick));
  const side = el("aside");
  if (message) {
    const said = el("p", { class: message.error ? "message error" : "message", role: "status" }, message.text);
    const undo = message.takeback;
    if (undo) {
      const button = el("button", { id: "takeback", "data-seq": String(undo.seq) }, undo.label);
      button.addEventListener("click", () => press("/api/takeback", { seq: undo.seq }));
      said.appendChild(document.createTextNode(" "));
      said.appendChild(button);
    }
    side.appendChild(said);
  }
  if (s.recent && s.recent.length && s.texts.recent) {
    const title = s.seat === null ? s.texts.recent_public : s.texts.recent;
    const recent = section(title, list(s.recent.map((move) => move.text), "recent"));
    recent.classList.add("news");
    side.appendChild(recent);
  }
  if (s.seat !== null && s.votes.length) {
    const parts: Node[] = [];
    for (const vote of s.votes) {
      parts.push(el("p", { class: "tally" }, `${vote.name}: ${vote.tally}`));
      const row = el("div", { class: "options votes" });
      for (const c of vote.choices) {
        const button = el("button", { "data-vote": `${vote.seat}:${c.choice}` }, c.label);
        button.addEventListener("click", () => press("/api/vote", { seat: vote.seat, choice: c.choice }));
        row.appendChild(button);
      }
      parts.push(row);
    }
    const votes = section(s.texts.votes, ...parts);
    votes.classList.add("choices");
    side.appendChild(votes);
  }
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
        back.addEventListener("click", undo);
        options.appendChild(back);
      }
      parts.push(options);
      if (s.places.length && s.texts.marked) parts.push(el("p", { class: "hint" }, s.texts.marked));
    } else parts.push(el("p", {}, s.texts.no_choice));
    const choices = section(s.texts.choices, ...parts);
    choices.classList.add("choices");
    side.appendChild(choices);
  }
  const players = el("ul", { class: "players" });
  for (const p of s.players) {
    const item = el("li", { class: p.waiting ? "waiting" : "" }, p.name + (p.you ? ` (${s.texts.you})` : ""));
    players.appendChild(item);
  }
  side.appendChild(section(s.texts.players, players));
  side.appendChild(section("", list(s.status, "status")));
  side.appendChild(section(s.texts.log, list([...s.log].reverse(), "log"))); // newest first, as news
  app.appendChild(side);
  const log = app.querySelector(".log");
  if (log) log.scrollTop = logScroll;
  loadPictures();
}

// Back, Escape, or a click beside the places: the first click is undone and every open place is marked again.
function undo(): void {
  if (!menu && !picked.length) return;
  menu = null;
  picked = [];
  next = [];
  draw();
}

function yourTurn(s: State | null): boolean {
  return !!s && s.running && s.menu !== null;
}

function show(fresh: State): void {
  if (state && fresh.version < state.version) return; // an older view never replaces a newer one
  if (!fresh.texts) fresh.texts = state ? state.texts : {}; // the socket's updates leave the words out
  if (!state || fresh.version !== state.version) { menu = null; picked = []; }
  if (message && message.version === null) message.version = fresh.version;
  else if (message && fresh.version > message.version!) message = null; // the game moved on since
  if (state && !yourTurn(state) && yourTurn(fresh) && soundOn()) chime();
  state = fresh;
  window.dispatchEvent(new CustomEvent("board:state", { detail: fresh }));
  if (replaying) return;
  draw();
  if (!fresh.running) {
    // The game is over: its page becomes its replay (an abandoned game has none and stays as it is).
    replaying = true;
    startReplay(token).then((ok) => {
      replaying = ok;
      if (ok) socket?.close();
    });
  }
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

async function press(url: string, body: { [k: string]: string | number | string[] }): Promise<void> {
  if (!state) return;
  message = null; // the answer to an earlier press is not the answer to this one
  document.querySelector(".message")?.remove();
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Board-Token": token },
    body: JSON.stringify({ seq: state.seq, ...body }), // a take back names its own action's number
  });
  let answer: any = {};
  try { answer = await response.json(); } catch { answer = { ok: false, error: response.statusText, refresh: true }; }
  if (answer.menu) { menu = answer.menu; picked = answer.picked || []; next = answer.next || []; message = null; draw(); return; }
  message = answer.ok
    ? { text: answer.done, error: false, version: null, takeback: answer.takeback }
    : { text: answer.error, error: true, version: null };
  menu = null;
  picked = [];
  if (answer.refresh || answer.ok) await load();
  else draw();
}

function connect(): void {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // The token rides in the protocol list (a header), so the socket's address carries none.
  socket = new WebSocket(`${scheme}://${location.host}/ws`, ["speltafel.board", token]);
  socket.onopen = () => { retry = 250; document.body.removeAttribute("data-offline"); };
  socket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "state") show(data.state);
    else if (data.type === "refused") { lost = true; refuse(data.text); }
  };
  socket.onclose = (event) => {
    if (replaying || lost || event.code === 4403) return;
    // The bot restarted or the network dropped: try again, less often the longer it lasts.
    if (state) document.body.setAttribute("data-offline", state.texts.reconnecting);
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

function begin(): void {
  load().then(() => { if (state) connect(); });
}

document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !replaying) undo(); });
// A click anywhere but on a place or a control undoes a first click.
document.addEventListener("click", (e) => {
  const target = e.target as Element | null;
  if (replaying || !picked.length || !target || target.closest("[data-place], button, input, select, label, a")) return;
  undo();
});
// A phone turned, a window narrowed past the breakpoint: the board is drawn for the new width.
if (typeof window.matchMedia === "function") window.matchMedia(NARROW).addEventListener("change", () => { if (!replaying) draw(); });
wakeOnFirstTouch();

// Another link opened in this tab changes only the part after "#": start again with its token.
window.addEventListener("hashchange", () => { if (location.hash.length > 1) location.reload(); });

if (inActivity(location.search)) startActivity().then((t) => { token = t; begin(); }, (e) => refuse(e.message || String(e)));
else begin();
