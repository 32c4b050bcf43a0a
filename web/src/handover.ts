// Hand-over: one page for the people at one device. A hand-over link carries every person's seat token
// ("/board#<token>,<token>,…"); the page shows one seat at a time, and when that seat has nothing to do
// while another of these seats is asked, it covers everything with "Pass the device to <name>" until
// that person presses the button. Then it opens their seat's link, so the previous seat's view is gone,
// not merely hidden. The page tells this module every state it shows (the "board:state" event); the
// module knows nothing of any game.

import { el } from "./board";

type Seat = { token: string; seat: number | null; name: string };
type Shown = {
  seat: number | null; running: boolean; texts: { [key: string]: string };
  players: { name: string; seat: number; waiting: boolean; answer?: boolean; you: boolean }[];
};

const KEY = "board-hand-over";
const SEPARATOR = ",";

function stored(): Seat[] {
  try {
    const seats = JSON.parse(sessionStorage.getItem(KEY) || "[]");
    return Array.isArray(seats) ? seats : [];
  } catch { return []; }
}

function keep(seats: Seat[]): void {
  try { sessionStorage.setItem(KEY, JSON.stringify(seats)); } catch { /* storage off: each seat stays on its own */ }
}

// A hand-over link keeps its seats for this tab and leaves only the first token in the address, before
// the page reads it.
function takeLink(): void {
  const hash = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (!hash.includes(SEPARATOR)) return;
  const tokens = hash.split(SEPARATOR).filter((token) => token);
  keep(tokens.map((token) => ({ token, seat: null, name: "" })));
  history.replaceState(null, "", `${location.pathname}#${tokens[0]}`);
}

// Which seat and person each token opens, asked of the server once per tab.
let learning: Promise<Seat[]> | null = null;

function learn(): Promise<Seat[]> {
  if (learning) return learning;
  const asking = (async () => {
    const seats = stored();
    for (const seat of seats) {
      if (seat.seat !== null) continue;
      const response = await fetch("/api/state", { headers: { "X-Board-Token": seat.token } });
      if (!response.ok) continue;
      const state: Shown = await response.json();
      seat.seat = state.seat;
      seat.name = state.players.find((p) => p.you)?.name || "";
    }
    keep(seats);
    if (seats.some((seat) => seat.seat === null)) learning = null; // ask again with the next state
    return seats;
  })();
  learning = asking;
  return asking;
}

// The person to pass the device to (the next one after this seat, in seat order), as people at a
// table pass the turn on: first whoever an open offer asks to answer, unless this seat is asked to
// (the one who offered waits for the answers), then whoever the game waits for, unless that is this
// seat. An AI's turn keeps the page as it is.
function nextSeat(seats: Seat[], state: Shown): Seat | null {
  const here = state.seat;
  if (!state.running || here === null || !seats.some((seat) => seat.seat === here)) return null;
  const answer = new Set(state.players.filter((p) => p.answer).map((p) => p.seat));
  const waiting = new Set(state.players.filter((p) => p.waiting).map((p) => p.seat));
  for (const asked of [answer, waiting]) {
    if (asked.has(here)) return null;
    const mine = seats.filter((seat) => seat.seat !== null && asked.has(seat.seat));
    if (mine.length) return mine.find((seat) => seat.seat! > here) || mine[0];
  }
  return null;
}

function cover(next: Seat, texts: { [key: string]: string }): void {
  document.body.dataset.handOver = String(next.seat);
  let box = document.getElementById("hand-over");
  if (!box) {
    box = el("section", { id: "hand-over", role: "dialog", "aria-modal": "true" });
    document.body.appendChild(box);
  }
  const words = (key: string, fallback: string) => (texts[key] || fallback).replace("{name}", next.name);
  const ready = el("button", { id: "hand-over-ready" }, words("hand_over_ready", "I am {name}"));
  ready.addEventListener("click", () => { location.hash = next.token; }); // the page opens that link anew
  box.replaceChildren(el("h1", {}, words("hand_over", "Pass the device to {name}")), ready);
  ready.focus();
}

function uncover(): void {
  delete document.body.dataset.handOver;
  document.getElementById("hand-over")?.remove();
}

let latest: Shown | null = null;

async function consider(state: Shown): Promise<void> {
  latest = state;
  const seats = stored();
  if (!seats.length) return;
  const known = await learn();
  if (state !== latest) return; // a newer state came meanwhile
  const next = nextSeat(known, state);
  if (next) cover(next, state.texts);
  else uncover();
}

takeLink();
window.addEventListener("board:state", (event) => { consider((event as CustomEvent<Shown>).detail); });
