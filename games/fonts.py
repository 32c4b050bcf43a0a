"""The typeface every picture is drawn with: Source Sans Pro (SIL OFL), from the
``font-source-sans-pro`` package, which covers the Latin letters, dashes, arrows and signs that the
English and Dutch texts use (Pillow's built-in font draws boxes for some of them)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import font_source_sans_pro
from PIL import ImageFont

#: the font files by weight
FILES: dict[str, str] = {
    "regular": font_source_sans_pro.font_files_ttf["SourceSansPro"],
    "bold": font_source_sans_pro.font_files_ttf["SourceSansProBold"],
}


class RememberingFont(ImageFont.FreeTypeFont):
    """A font that rasterises each distinct text once: a board picture draws mostly the labels,
    names and numbers of the one before, and rasterising them was most of a picture's cost."""

    def getmask2(  # type: ignore[override]
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        if mode == "RGBA" or args:  # a colour bitmap depends on the ink and is changed by its caller
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
        # the ink only colours RGBA bitmaps, so it is no part of the key
        return _mask(
            self,
            text,
            mode,
            direction,
            tuple(features) if features else None,
            language,
            stroke_width,
            anchor,
            start or (0, 0),
            tuple(sorted(kwargs.items())),
        )


@lru_cache(maxsize=4096)  # a few KB each: small next to one picture
def _mask(
    face: RememberingFont,
    text: str | bytes,
    mode: str,
    direction: str | None,
    features: tuple[str, ...] | None,
    language: str | None,
    stroke_width: float,
    anchor: str | None,
    start: tuple[float, float],
    kwargs: tuple[tuple[str, Any], ...],
) -> tuple[Any, tuple[int, int]]:
    """Read only by the callers (drawn onto a picture), so one bitmap serves every picture."""
    return ImageFont.FreeTypeFont.getmask2(
        face,
        text,
        mode,
        direction,
        list(features) if features else None,
        language,
        stroke_width,
        anchor,
        0,
        start,
        **dict(kwargs),
    )


@lru_cache(maxsize=64)
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """The picture font at ``size`` pixels (loaded once per size and weight)."""
    return RememberingFont(FILES[weight], size=size)
