// An opt-in soft chime when it becomes the reader's turn: off until they switch it on, remembered in
// this browser (localStorage), made with the Web Audio API (no sound file to fetch).
const KEY = "board-sound";
let audio: AudioContext | null = null;

export function soundOn(): boolean {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
}

export function setSound(on: boolean): void {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* storage off: on for this page only */ }
  if (on) { wake(); chime(); } // switching it on is the gesture browsers want before any sound
}

// Browsers keep audio silent until the person has touched the page; a remembered choice waits for that.
function wake(): void {
  const Context = window.AudioContext || (window as any).webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  if (audio.state === "suspended") audio.resume().catch(() => { /* still not allowed: stays quiet */ });
}

export function wakeOnFirstTouch(): void {
  const once = () => { if (soundOn()) wake(); };
  window.addEventListener("pointerdown", once, { once: true });
  window.addEventListener("keydown", once, { once: true });
}

/** Two soft rising tones, a quarter of a second each. */
export function chime(): void {
  wake();
  if (!audio) return;
  const start = audio.currentTime + 0.01;
  [523.25, 783.99].forEach((pitch, i) => {
    const tone = audio!.createOscillator();
    const level = audio!.createGain();
    const at = start + i * 0.16;
    tone.type = "sine";
    tone.frequency.value = pitch;
    level.gain.setValueAtTime(0.0001, at);
    level.gain.exponentialRampToValueAtTime(0.08, at + 0.03);
    level.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    tone.connect(level).connect(audio!.destination);
    tone.start(at);
    tone.stop(at + 0.4);
  });
}
