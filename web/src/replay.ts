// A finished game's replay: step through it, play it, jump to a round, in any seat's view (the game
// is over, so nothing is hidden any more). Each step is drawn by the bot from the stored log.
import { Board, drawBoard, el, list, section } from "./board";

type Outline = {
  game: string; lang: string; texts: { [key: string]: string }; names: string[]; last: number;
  rounds: { round: string; step: number }[];
};
type Frame = { step: number; seat: number | null; caption: string; status: string[]; log: string[]; board: Board };

const PLAY_MS = 900;

export async function startReplay(token: string): Promise<boolean> {
  const headers = { "X-Board-Token": token };
  const response = await fetch("/api/replay", { headers });
  if (!response.ok) return false;
  const outline: Outline = await response.json();
  const words = outline.texts;
  let step = outline.last; // it opens on the end: the final board, every hand shown
  let seat = "";
  let frame: Frame | null = null;
  let asked = 0; // answers to older requests are dropped
  let timer: number | null = null;

  async function go(to: number): Promise<void> {
    step = Math.max(0, Math.min(outline.last, to));
    const mine = ++asked;
    const answer = await fetch(`/api/replay/step?step=${step}&seat=${seat}`, { headers });
    if (!answer.ok || mine !== asked) return;
    frame = await answer.json();
    draw();
  }

  function stop(): void {
    if (timer !== null) { clearInterval(timer); timer = null; }
  }

  function play(): void {
    if (timer !== null) { stop(); draw(); return; }
    if (step >= outline.last) step = 0;
    timer = window.setInterval(() => {
      if (step >= outline.last) { stop(); draw(); return; }
      go(step + 1);
    }, PLAY_MS);
    go(step);
  }

  function button(id: string, text: string, label: string, action: () => void): HTMLButtonElement {
    const b = el("button", { id, "aria-label": label, title: label }, text);
    b.addEventListener("click", action);
    return b;
  }

  function choice(id: string, label: string, options: [string, string][], value: string,
                  change: (v: string) => void): HTMLElement {
    const wrap = el("label", { class: "pick" }, label + " ");
    const select = el("select", { id });
    for (const [v, text] of options) {
      const option = el("option", { value: v }, text);
      if (v === value) option.selected = true;
      select.appendChild(option);
    }
    select.addEventListener("change", () => change(select.value));
    wrap.appendChild(select);
    return wrap;
  }

  function draw(): void {
    const app = document.getElementById("app")!;
    if (!frame) return;
    app.replaceChildren();
    app.dataset.step = String(frame.step);
    app.dataset.seat = frame.seat === null ? "" : String(frame.seat);
    document.documentElement.lang = outline.lang;
    document.title = `${outline.game} · ${words.replay}`;
    const head = el("header");
    head.appendChild(el("h1", {}, `${outline.game} · ${words.replay}`));
    head.appendChild(el("span", { id: "caption", class: "turn" }, frame.caption));
    app.appendChild(head);
    app.appendChild(drawBoard(frame.board, words.board, new Set(), new Set(), () => {}));
    const side = el("aside");
    const controls = el("div", { class: "options replay", id: "controls" });
    controls.appendChild(button("first", "|◀◀", words.first, () => { stop(); go(0); }));
    controls.appendChild(button("previous", "◀", words.previous, () => { stop(); go(step - 1); }));
    controls.appendChild(button("play", timer === null ? `▶ ${words.play}` : `|| ${words.pause}`,
      timer === null ? words.play : words.pause, play));
    controls.appendChild(button("next", "▶", words.next, () => { stop(); go(step + 1); }));
    controls.appendChild(button("last", "▶▶|", words.last, () => { stop(); go(outline.last); }));
    const slider = el("input", { id: "step", type: "range", min: "0", max: String(outline.last),
      value: String(frame.step), "aria-label": words.step });
    slider.addEventListener("change", () => { stop(); go(Number(slider.value)); });
    controls.appendChild(slider);
    const rounds: [string, string][] = outline.rounds.map((r) => [String(r.step), r.round]);
    const current = outline.rounds.filter((r) => r.step <= frame!.step).pop();
    if (rounds.length > 1) {
      controls.appendChild(choice("round", words.round, rounds, current ? String(current.step) : "",
        (v) => { stop(); go(Number(v)); }));
    }
    const seats: [string, string][] = [["", words.public_view], ...outline.names.map((n, i): [string, string] => [String(i), n])];
    controls.appendChild(choice("seat", words.view_of, seats, seat, (v) => { seat = v; go(step); }));
    const steps = section(words.replay, controls);
    steps.classList.add("choices"); // on a phone the controls come right under the map
    side.appendChild(steps);
    side.appendChild(section("", list(frame.status, "status")));
    side.appendChild(section(words.log, list([...frame.log].reverse(), "log"))); // newest first, as on the live page
    app.appendChild(side);
  }

  document.addEventListener("keydown", (e) => {
    const target = e.target as HTMLElement;
    if (target && (target.tagName === "SELECT" || target.tagName === "INPUT")) return;
    if (e.key === "ArrowLeft") { stop(); go(step - 1); }
    if (e.key === "ArrowRight") { stop(); go(step + 1); }
  });
  await go(step);
  return true;
}
