"""Board links and the per-person rate limit (no server: pure checks on an injected clock)."""

from __future__ import annotations

from bot.web.limits import RateLimit
from bot.web.links import Links, Pass, derive_secret, token_of
from bot.web.texts import lang_of_header


class Ticks:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_personal_link_names_its_game_seat_and_person() -> None:
    links = Links("s3cret", "https://board.example/", 3600, now=Ticks())
    url = links.personal(7, 1, 42)
    # the token follows "#": browsers never send a fragment, so no proxy or access log records it
    assert url.startswith("https://board.example/board#") and "/" not in token_of(url)
    assert links.read(token_of(url)) == Pass(7, 1, 42)
    assert links.read(links.token(7)) == Pass(7, None, None)
    # a watcher's link bound to a person, and the older form of link still read
    bound = links.read(token_of(links.watcher(7, 42)))
    assert bound == Pass(7, None, 42) and bound.bound and bound.spectator
    assert token_of("https://board.example/board/abc") == "abc"


def test_a_named_link_may_carry_its_persons_language_and_older_links_still_read() -> None:
    links = Links("s3cret", "http://x", 3600, now=Ticks())
    dutch = links.read(token_of(links.watcher(7, 42, "nl")))
    assert dutch == Pass(7, None, 42, lang="nl") and dutch.bound
    assert links.read(links.token(7, 1, 42, "en")) == Pass(7, 1, 42, lang="en")
    # a token of three elements (every link made before) reads as it did, with no language
    old = links._serializer.dumps([7, None, 42])
    assert links.read(str(old)) == Pass(7, None, 42) and links.read(str(old)).lang is None  # type: ignore[union-attr]
    # only a link naming its person carries a language, and only one the page speaks
    signed = links._serializer.dumps
    for data in (
        [7, None, None, "nl"],
        [7, None, 42, "de"],
        [7, None, 42, 1],
        [7, None, 42, None],
        [7, None, 42, "nl", 1],
    ):
        assert links.read(str(signed(data))) is None, data
    for bad in ((7, None, None, "nl"), (7, None, 42, "fr")):
        try:
            links.token(*bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad} was signed")


def test_a_link_that_was_valid_when_read_expires_while_in_use() -> None:
    ticks = Ticks()
    links = Links("s3cret", "http://x", 3600, now=ticks)
    grant = links.read(links.token(7, 1, 42))
    assert grant is not None and not links.expired(grant)
    ticks.now += 3601
    assert links.expired(grant)  # an open page holding it loses it at its next push


def test_only_well_formed_grants_are_read() -> None:
    links = Links("s3cret", "http://x", 3600, now=Ticks())
    signed = links._serializer.dumps  # what the secret's holder could sign, malformed
    for data in ([7, 1, None], [True, None, None], [7, 1], "7", [None, None, 3], [7, "1", 42]):
        assert links.read(str(signed(data))) is None, data


def test_forged_altered_and_foreign_links_are_refused() -> None:
    ticks = Ticks()
    links = Links("s3cret", "http://x", 3600, now=ticks)
    token = links.token(7, 1, 42)
    payload, stamp, signature = token.split(".")
    assert links.read(f"{payload}.{stamp}.{signature[:-2]}AA") is None
    # another game's seat grafted onto a valid signature
    other = links.token(8, 0, 43).split(".")[0]
    assert links.read(f"{other}.{stamp}.{signature}") is None
    assert Links("other", "http://x", 3600, now=ticks).read(token) is None
    assert links.read("") is None and links.read("x" * 400) is None and links.read("not-a-token") is None


def test_a_link_expires_and_stays_refused_whenever_it_comes_back() -> None:
    ticks = Ticks()
    links = Links("s3cret", "http://x", 3600, now=ticks)
    token = links.token(7, 1, 42)
    ticks.now += 3599
    assert links.read(token) is not None
    ticks.now += 2
    assert links.read(token) is None
    ticks.now += 86400
    assert links.read(token) is None


def test_the_derived_secret_is_stable_and_is_not_the_token() -> None:
    assert derive_secret("abc") == derive_secret("abc") != derive_secret("abd")
    assert "abc" not in derive_secret("abc")


def test_each_person_has_a_bucket_that_refills() -> None:
    ticks = Ticks()
    limit = RateLimit(60, now=ticks)
    assert all(limit.allow("user:1") for _ in range(60))
    assert not limit.allow("user:1")
    assert limit.allow("user:2")  # someone else is not slowed down
    ticks.now += 1.0
    assert limit.allow("user:1") and not limit.allow("user:1")


def test_language_follows_the_browser() -> None:
    assert lang_of_header("nl-NL,nl;q=0.9,en;q=0.8") == "nl"
    assert lang_of_header("en-GB,nl;q=0.5") == "en"
    assert lang_of_header("de-DE") == "en" and lang_of_header(None) == "en"
