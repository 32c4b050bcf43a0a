"""What encoding a board picture as PNG costs, for each encoder candidate, beside drawing it.

    python -m benchmarks.png_encoding [--repeat 3] [--seeds 2] [--game KEY]

Pictures: every game at its largest seat count, from random playouts (seeds 1..``--seeds``) at a
tenth, half and nine tenths of the game, each in the public view and in seat 0's, drawn with warm
caches (each picture is drawn once before it is timed). Per picture, the median of ``--repeat``
timings (the candidates take turns within each round); per game, the mean over its pictures.
*scene* is the picture module's ``scene``, *draw* is Pillow drawing it (``games.scene_png.image``);
each candidate then encodes the same drawn image.

For each candidate: ms per picture to encode, bytes against today's writer (Pillow,
``compress_level=1``; mean and largest ratio), and the decoded PNG against the drawn pixels: the
largest channel error and the largest share of pixels that differ at all. *fits* says whether it
keeps the bounds: at most 1.15 times today's bytes in every picture, and lossless or, for a
palette, an error of at most 16/255 in at most 2% of the pixels. Candidates whose library is not a
dependency (imagecodecs, zlib-ng) are measured when installed, otherwise named as left out.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import random
import statistics
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from types import ModuleType
from typing import Any

from isal import isal_zlib
from PIL import Image, ImageChops

from games import registry, scene_png
from games.core import Engine

MAX_RATIO = 1.15
PALETTE_MAX_ERROR, PALETTE_MAX_SHARE = 16, 0.02
STOPS = (0.1, 0.5, 0.9)
LANG = "en"

Encoder = Callable[[Image.Image], bytes]


def playout_views(engine: Engine, players: int, seed: int, max_steps: int = 20_000) -> list[dict[str, Any]]:
    """The public view and seat 0's at each of ``STOPS`` of one seeded random playout (played twice:
    once to count its steps, once to stop at them)."""

    def play(stops: set[int]) -> tuple[int, list[dict[str, Any]]]:
        rnd = random.Random(seed)
        state = engine.start(players, {}, seed)
        views: list[dict[str, Any]] = []
        step = 0
        while step < max_steps and (pending := engine.pending(state)):
            if step in stops:
                views += [engine.view(state, None), engine.view(state, 0)]
            seat = next(iter(pending)) if len(pending) == 1 else rnd.choice(sorted(pending))
            legal = engine.legal(state, seat)
            engine.apply(state, seat, legal[int(rnd.random() * len(legal))])
            step += 1
        return step, views

    steps, _ = play(set())
    return play({int(f * steps) for f in STOPS})[1]


# -- the candidates ------------------------------------------------------------------------------


def pillow(**options: Any) -> Encoder:
    def encode(img: Image.Image) -> bytes:
        out = io.BytesIO()
        img.save(out, format="PNG", **options)
        return out.getvalue()

    return encode


def palette(method: Image.Quantize) -> Encoder:
    """256 colours, no dithering, then Pillow's writer (which filters no palette rows)."""
    write = pillow(compress_level=1)
    return lambda img: write(img.quantize(256, method=method, dither=Image.Dither.NONE))


def unfiltered(deflate: Callable[[int], Any], level: int) -> Encoder:
    """The writer of ``scene_png.encode_png`` (no row filter) with another deflate library or level."""
    return lambda img: scene_png._write(img, deflate(level))


def imagecodecs_png(codecs: ModuleType, filter_: int) -> Encoder:
    import numpy as np  # imagecodecs depends on it

    return lambda img: bytes(codecs.png_encode(np.asarray(img), level=1, filter=filter_))


def _optional(name: str) -> ModuleType | None:
    try:
        return import_module(name)
    except ImportError:
        return None


def candidates() -> tuple[dict[str, Encoder], list[str]]:
    """The encoders to measure, today's writer first, and the names of those left out."""
    found: dict[str, Encoder] = {
        "Pillow level 1 (today)": pillow(compress_level=1),
        "Pillow level 1, Z_RLE": pillow(compress_level=1, compress_type=zlib.Z_RLE),
        "Pillow level 1, Z_HUFFMAN_ONLY": pillow(compress_level=1, compress_type=zlib.Z_HUFFMAN_ONLY),
    }
    missing: list[str] = []
    codecs = _optional("imagecodecs")
    if codecs is not None:
        found["imagecodecs libpng level 1, SUB"] = imagecodecs_png(codecs, codecs.PNG.FILTER.SUB)
        found["imagecodecs libpng level 1, NONE"] = imagecodecs_png(codecs, codecs.PNG.FILTER.NONE)
    else:
        missing.append("imagecodecs (pip install imagecodecs)")
    found["no filter, zlib (stdlib) level 1"] = unfiltered(zlib.compressobj, 1)
    zng = _optional("zlib_ng.zlib_ng")
    if zng is not None:
        found["no filter, zlib-ng level 1"] = unfiltered(zng.compressobj, 1)
    else:
        missing.append("zlib-ng (pip install zlib-ng)")
    for level in (0, 2):
        found[f"no filter, ISA-L level {level}"] = unfiltered(isal_zlib.compressobj, level)
    found["encode_png: no filter, ISA-L level 1"] = scene_png.encode_png
    found["palette FASTOCTREE, Pillow level 1"] = palette(Image.Quantize.FASTOCTREE)
    found["palette MEDIANCUT, Pillow level 1"] = palette(Image.Quantize.MEDIANCUT)
    return found, missing


# -- measuring -----------------------------------------------------------------------------------


@dataclass
class Figures:
    ms: list[float] = field(default_factory=list)
    ratio: list[float] = field(default_factory=list)
    max_error: int = 0
    differing: float = 0.0  # largest share of pixels that differ

    def add(self, ms: float, ratio: float, error: int, share: float) -> None:
        self.ms.append(ms)
        self.ratio.append(ratio)
        self.max_error = max(self.max_error, error)
        self.differing = max(self.differing, share)

    def fits(self) -> bool:
        lossless = self.max_error == 0
        close = self.max_error <= PALETTE_MAX_ERROR and self.differing <= PALETTE_MAX_SHARE
        return max(self.ratio) <= MAX_RATIO and (lossless or close)


def pixel_error(png: bytes, drawn: Image.Image) -> tuple[int, float]:
    """The largest channel error of the decoded PNG against the drawn image, and the share of
    pixels with any error."""
    decoded = Image.open(io.BytesIO(png)).convert(drawn.mode)
    bands = ImageChops.difference(decoded, drawn).split()
    worst = bands[0]
    for band in bands[1:]:
        worst = ImageChops.lighter(worst, band)
    histogram = worst.histogram()
    largest = max((v for v, n in enumerate(histogram) if n), default=0)
    return largest, 1 - histogram[0] / (drawn.width * drawn.height)


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return 1000 * (time.perf_counter() - start), out


def measure_game(
    key: str, encoders: dict[str, Encoder], seeds: int, repeat: int
) -> tuple[dict[str, Any], dict[str, Figures]]:
    engine = registry.get(key)
    players = max(getattr(engine, "player_counts", range(engine.min_players, engine.max_players + 1)))
    module = import_module(engine.picture_module)
    names = [f"Player {i + 1}" for i in range(players)]
    scene_ms: list[float] = []
    draw_ms: list[float] = []
    sizes: list[int] = []
    figures = {name: Figures() for name in encoders}
    for seed in range(1, seeds + 1):
        for view in playout_views(engine, players, seed):
            scene_png.image(module.scene(view, LANG, names))  # warms the caches
            scene_times, draw_times = [], []
            times: dict[str, list[float]] = {name: [] for name in encoders}
            outputs: dict[str, bytes] = {}
            for _ in range(repeat):
                ms, scene = timed(lambda view=view: module.scene(view, LANG, names))
                scene_times.append(ms)
                ms, drawn = timed(lambda scene=scene: scene_png.image(scene))
                draw_times.append(ms)
                for name, encode in encoders.items():
                    ms, outputs[name] = timed(lambda encode=encode, drawn=drawn: encode(drawn))
                    times[name].append(ms)
            scene_ms.append(statistics.median(scene_times))
            draw_ms.append(statistics.median(draw_times))
            sizes.append(drawn.width * drawn.height)
            today = len(next(iter(outputs.values())))
            for name, png in outputs.items():
                figures[name].add(statistics.median(times[name]), len(png) / today, *pixel_error(png, drawn))
    about = {
        "players": players,
        "pictures": len(scene_ms),
        "scene": statistics.mean(scene_ms),
        "draw": statistics.mean(draw_ms),
        "pixels": statistics.mean(sizes),
    }
    return about, figures


HEADER = (
    f"{'candidate':<40}{'encode':>9}{'x time':>8}{'picture':>10}{'x bytes':>9}{'(max)':>7}{'max err':>9}"
    f"{'differ':>9}  fits"
)


def _row(name: str, f: Figures, today_ms: float, scene_and_draw_ms: float) -> str:
    """One candidate: encode ms, against today's, the whole picture (scene, draw, encode), bytes
    against today's (mean, max), largest channel error, largest share of pixels differing."""
    ms = statistics.mean(f.ms)
    return (
        f"{name:<40}{ms:>6.2f} ms{ms / today_ms:>8.2f}{scene_and_draw_ms + ms:>7.1f} ms"
        f"{statistics.mean(f.ratio):>9.2f}{max(f.ratio):>7.2f}{f.max_error:>9}{f.differing:>9.2%}"
        f"  {'yes' if f.fits() else 'no'}"
    )


def _version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "not installed"


def _cpu() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            return next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor() or "unknown CPU"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="timings per picture and candidate (median)")
    parser.add_argument("--seeds", type=int, default=2, help="random playouts per game")
    parser.add_argument("--game", action="append", help="only these engine keys")
    args = parser.parse_args()
    encoders, missing = candidates()
    print(
        f"PNG encoding, {time.strftime('%Y-%m-%d %H:%M %Z')}, {os.cpu_count()} cores ({_cpu()}), "
        f"load average {os.getloadavg()[0]:.2f}, Python {platform.python_version()}, Pillow {_version('Pillow')}, "
        f"isal {_version('isal')}, imagecodecs {_version('imagecodecs')}, zlib-ng {_version('zlib-ng')}"
    )
    if missing:
        print("left out, not installed: " + ", ".join(missing))
    totals = {name: Figures() for name in encoders}
    before: list[float] = []  # scene and draw of each picture
    measured = 0
    for key in registry.ENGINES:
        if args.game and key not in args.game:
            continue
        about, figures = measure_game(key, encoders, args.seeds, args.repeat)
        base = statistics.mean(next(iter(figures.values())).ms)
        before += [about["scene"] + about["draw"]] * about["pictures"]
        measured += 1
        print(
            f"\n{key}, {about['players']} players, {about['pictures']} pictures of {about['pixels'] / 1e6:.2f} Mpixel:"
            f" scene {about['scene']:.1f} ms, draw {about['draw']:.1f} ms"
        )
        print(f"  {HEADER}")
        for name, f in figures.items():
            print(f"  {_row(name, f, base, about['scene'] + about['draw'])}")
            for ms_, ratio in zip(f.ms, f.ratio):
                totals[name].add(ms_, ratio, f.max_error, f.differing)
    if measured > 1:
        base = statistics.mean(next(iter(totals.values())).ms)
        print(f"\nall games, mean per picture (scene and draw {statistics.mean(before):.1f} ms):")
        print(f"  {HEADER}")
        for name, f in totals.items():
            print(f"  {_row(name, f, base, statistics.mean(before))}")


if __name__ == "__main__":
    main()
