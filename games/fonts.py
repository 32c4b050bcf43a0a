"""The typeface every picture is drawn with: Source Sans Pro (SIL OFL), from the
``font-source-sans-pro`` package, which covers the Latin letters, dashes, arrows and signs that the
English and Dutch texts use (Pillow's built-in font draws boxes for some of them)."""

from __future__ import annotations

from functools import lru_cache

import font_source_sans_pro
from PIL import ImageFont

#: the font files by weight
FILES: dict[str, str] = {
    "regular": font_source_sans_pro.font_files_ttf["SourceSansPro"],
    "bold": font_source_sans_pro.font_files_ttf["SourceSansProBold"],
}


@lru_cache(maxsize=64)
def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """The picture font at ``size`` pixels (loaded once per size and weight)."""
    return ImageFont.truetype(FILES[weight], size=size)
