"""An animated GIF of frames on one shared palette, each stored as the box of what changed.

Frames may differ in size (a replay's last frame carries the final score panel): each stands at the
top left of a canvas as large as the largest, the rest of the canvas in the colour of the frame's
own bottom edge. A frame is compared with the one before only over the area either of them covers,
so the many frames of the usual size never pay for one tall frame; what did not change inside the
changed box is left transparent, which the GIF's compression stores for next to nothing. (Pillow's
own multi-frame writer compares whole canvases.) The pixels are compressed by Pillow's encoder
(``GifImagePlugin.getdata``).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from PIL import GifImagePlugin, Image, ImageChops

#: the application extension that makes a GIF loop forever
LOOP_FOREVER = b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
LEAVE_IN_PLACE = 1  # disposal method: the next frame is drawn over this one
GLOBAL_256 = 0xF7  # a global colour table of 256 entries (8 bits of colour resolution)


@dataclass
class _Written:
    image: Image.Image  # what is stored: the whole first frame, then the boxes that changed
    offset: tuple[int, int]
    duration: int  # ms


def encode(frames: list[Image.Image], durations: list[int]) -> bytes:
    """``frames``: "P" images sharing one palette of at most 255 colours (the next index stands for
    "unchanged"); ``durations`` in milliseconds, one per frame."""
    palette = bytes(frames[0].getpalette() or [])
    unchanged = len(palette) // 3
    if unchanged > 255:
        raise ValueError("the shared palette needs a free index for unchanged pixels (at most 255 colours)")
    width, height = max(f.width for f in frames), max(f.height for f in frames)
    # the first frame covers the whole canvas, so a loop back to it clears whatever came last
    written = [_Written(_padded(frames[0], width, height), (0, 0), durations[0])]
    for before, frame, duration in zip(frames, frames[1:], durations[1:], strict=False):
        box = _changed_box(before, frame, unchanged, (width, height))
        if box is None:  # the same picture again: the one before shows longer
            written[-1].duration += duration
        else:
            written.append(_Written(box[0], box[1], duration))
    out = [b"GIF89a", struct.pack("<HHBBB", width, height, GLOBAL_256, 0, 0), palette.ljust(768, b"\0")]
    out.append(LOOP_FOREVER)
    for i, w in enumerate(written):
        params: dict[str, int] = {"duration": w.duration, "disposal": LEAVE_IN_PLACE}
        if i > 0:  # every frame after the first is a changed box, its unchanged pixels transparent
            params["transparency"] = unchanged
        out += GifImagePlugin.getdata(w.image, w.offset, **params)
    out.append(b";")
    return b"".join(out)


def _changed_box(
    before: Image.Image, frame: Image.Image, unchanged: int, canvas: tuple[int, int]
) -> tuple[Image.Image, tuple[int, int]] | None:
    """What to store of ``frame`` after ``before``: the box of the pixels that differ, the rest of
    it set to ``unchanged`` (None: nothing differs). Only the area either frame covers can differ,
    unless the colours around them do (then the whole canvas)."""
    width, height = max(before.width, frame.width), max(before.height, frame.height)
    if _fill(before) != _fill(frame):
        width, height = canvas
    old, new = _padded(before, width, height), _padded(frame, width, height)
    delta = ImageChops.subtract_modulo(new, old)
    box = delta.getbbox(alpha_only=False)
    if box is None:
        return None
    part = new.crop(box)
    same = delta.crop(box).point([255, *(0,) * 255], "1")  # index 0 in the difference: the same pixel
    part.paste(unchanged, mask=same)
    return part, (box[0], box[1])


def _padded(frame: Image.Image, width: int, height: int) -> Image.Image:
    """The frame on a canvas of ``width`` x ``height``, the rest in its own bottom edge's colour."""
    if frame.size == (width, height):
        return frame
    canvas = Image.new("P", (width, height), _fill(frame))
    canvas.putpalette(frame.getpalette() or [])
    canvas.paste(frame, (0, 0))
    return canvas


def _fill(frame: Image.Image) -> int:
    pixel = frame.getpixel((0, frame.height - 1))
    assert isinstance(pixel, int)
    return pixel
