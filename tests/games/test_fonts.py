"""The picture font rasterises each distinct text once and draws exactly what FreeType draws."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw, ImageFont

from games import fonts
from games.fonts import FILES, font


def _drawn(face: ImageFont.FreeTypeFont) -> Image.Image:
    img = Image.new("RGB", (420, 120), (240, 236, 226))
    d = ImageDraw.Draw(img)
    d.text((10, 10), "Zoë → 12 taler", fill=(20, 20, 20), font=face)
    d.text((10.5, 40.25), "Zoë → 12 taler", fill=(200, 30, 30), font=face)  # fractional start, another ink
    d.text((400, 90), "Ronde 3/15", fill=(30, 30, 200), font=face, anchor="rm")
    d.text((10, 90), "Ronde 3/15", fill=(30, 30, 200), font=face, stroke_width=1, stroke_fill=(255, 255, 255))
    return img


def test_the_same_pixels_as_freetype_and_each_text_rasterised_once() -> None:
    fonts._mask.cache_clear()
    plain = ImageFont.truetype(FILES["regular"], size=23)
    remembering = fonts.RememberingFont(FILES["regular"], size=23)
    first = _drawn(remembering)
    assert ImageChops.difference(first, _drawn(plain)).getbbox() is None
    rasterised = fonts._mask.cache_info().misses
    again = _drawn(remembering)
    assert fonts._mask.cache_info().misses == rasterised  # the second picture rasterised nothing
    assert ImageChops.difference(again, first).getbbox() is None
    assert isinstance(font(23), fonts.RememberingFont)
