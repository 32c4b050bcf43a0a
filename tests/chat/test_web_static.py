"""The page's files go out compressed to a browser that takes it: the bundle's copies made at build
(gzip and brotli beside each file), the picture's fonts compressed by the web table; anything else
gets the plain file, and a compressed copy is never an address of its own."""

from __future__ import annotations

import gzip
import shutil
import subprocess
from pathlib import Path

import aiohttp
import pytest

from bot.web.server import BUNDLE
from games.fonts import FILES
from tests.chat.web_world import web_world

BROWSER = "gzip, deflate, br, zstd"  # what Chromium sends


async def fetch(http: aiohttp.ClientSession, url: str, accept: str | None) -> tuple[int, dict[str, str], bytes]:
    headers = {"Accept-Encoding": accept or "identity"}
    async with http.get(url, headers=headers) as resp:
        return resp.status, dict(resp.headers), await resp.read()


async def test_bundle_and_fonts_go_out_compressed_to_a_browser_and_plain_otherwise(tmp_path: Path) -> None:
    bundle = tmp_path / "dist"
    bundle.mkdir()
    script = b"console.log('the board');\n" * 400
    (bundle / "index.html").write_bytes(b"<!doctype html><title>Speltafel</title>")
    (bundle / "board.css").write_bytes(b"main { margin: 0 }\n")
    (bundle / "board.js").write_bytes(script)
    (bundle / "board.js.gz").write_bytes(gzip.compress(script))
    async with web_world(tmp_path, "web-static", bundle=bundle) as (_world, web, _ticks):
        base = f"http://127.0.0.1:{web.port}/static"
        async with aiohttp.ClientSession(auto_decompress=False) as http:
            status, headers, body = await fetch(http, f"{base}/board.js", BROWSER)
            assert status == 200 and headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in headers["Vary"]
            assert headers["Content-Type"].startswith("text/javascript") and gzip.decompress(body) == script
            status, headers, body = await fetch(http, f"{base}/board.js", None)
            assert status == 200 and "Content-Encoding" not in headers and body == script
            # no compressed copy: the file itself, whatever the browser takes
            status, headers, body = await fetch(http, f"{base}/board.css", BROWSER)
            assert status == 200 and "Content-Encoding" not in headers and body == b"main { margin: 0 }\n"
            # a compressed copy is no address of its own
            assert (await fetch(http, f"{base}/board.js.gz", BROWSER))[0] == 404
            for weight, path in FILES.items():
                font = Path(path).read_bytes()
                for _ in range(2):  # compressed once, the same bytes again
                    status, headers, body = await fetch(http, f"{base}/fonts/{weight}.ttf", BROWSER)
                    assert (
                        status == 200
                        and headers["Content-Encoding"] == "gzip"
                        and headers["Content-Type"] == "font/ttf"
                    )
                    assert gzip.decompress(body) == font and len(body) < 0.6 * len(font)
                status, headers, body = await fetch(http, f"{base}/fonts/{weight}.ttf", "identity")
                assert status == 200 and "Content-Encoding" not in headers and body == font
            assert (await fetch(http, f"{base}/fonts/italic.ttf", BROWSER))[0] == 404


@pytest.mark.skipif(
    not (BUNDLE / "board.js").is_file(), reason="the board page is not built: cd web && npm ci && npm run build"
)
@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed to read the brotli copies")
def test_the_build_leaves_a_gzip_and_a_brotli_copy_of_every_file_a_page_loads() -> None:
    texts = sorted(p for p in BUNDLE.iterdir() if p.suffix in (".js", ".css", ".html"))
    assert {p.name for p in texts} >= {"index.html", "board.js", "board.css"}
    for path in texts:
        plain = path.read_bytes()
        assert gzip.decompress((BUNDLE / f"{path.name}.gz").read_bytes()) == plain, path.name
        unbrotli = (
            "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(process.argv[1])))"
        )
        brotli = subprocess.run(
            ["node", "-e", unbrotli, str(BUNDLE / f"{path.name}.br")], capture_output=True, check=True
        )
        assert brotli.stdout == plain, path.name
        if len(plain) > 4096:
            assert (BUNDLE / f"{path.name}.br").stat().st_size < 0.4 * len(plain)
