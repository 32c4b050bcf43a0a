"""Battles & Builders rules engine (battles-and-builders.md).

Actions (§16):
  ``{"type": "commit", "chips": {"builder": n, "infantry": n, "cavalry": n, "archer": n, "king": 0|1}}``
  (a missing kind counts 0), ``{"type": "choose_tile", "tile": id}``,
  ``{"type": "catapult_target", "seat": s}``, ``{"type": "withdraw", "chips": {...1-3 non-king...}}``,
  ``{"type": "fresh_troops", "dice": [indices]}`` (indices into the holder's canonical die order,
  ``[]`` declines). The prompt kind of ``pending`` equals the action type it expects.

Options (§3.4):
  ``start_player`` (int, default 0), ``simultaneous_commit`` (bool, False), ``dummy_can_win`` (bool,
  False), ``script`` (test-only, §9.5: ``{"event_order": [ids], "dummy_draws": [[3 kinds], ...],
  "dice": [values]}``), and data overrides:
  ``event_tiles``: list of ``{"id": str, "terrain": "urban"|"open_field"|"mountain"|"barbarian",
  "value": int}`` replacing §3.1 (the number of tiles is the number of rounds; at most 8 with
  2 players, the fictitious player's pool lasting 8 draws);
  ``colours``: ``{terrain: {army kind: "green"|"yellow"|"red"}}`` merged over §3.2;
  ``faces``: ``{colour: [6 ints >= 1]}`` merged over §3.3 (only a face below 1 is refused; a die
  may have six equal faces, but a tie for highest between players whose dice all have one face
  each can never be broken: ``apply`` then raises ScriptedDieError and leaves the state as it was).
  Also accepted: ``colour_table``/``colors`` for ``colours``, ``die_faces``/``dice_faces`` for
  ``faces``, ``event_tiles`` as ``{id: {"terrain": t, "value": v}}``, and terrains written as in
  the rules file ("open field", "barbarian battle").

Interpretations beyond the rules file: a barbarian tile of custom value -v costs the other lowest
players v chips of -1 each; a die value in ``script.dice`` that is not a face of the colour being
rolled raises ScriptedDieError (both an InvalidOptions and an IllegalAction) and leaves the state as
it was; ``commit`` validation reports
``too_many_chips`` (more than 5 non-king chips), then ``not_in_stock`` (a spent kind, a second king).

Seats: real players 0..n-1; in a 2-player game the fictitious player is seat 2 in events, views
(``"dummy"``) and ``Result.extra["dummy"]``.

Events: event_revealed, committed, commit_confirmed (private), dummy_drew, commits_revealed,
prestige, no_tile, tile_chosen, catapult_given, withdrawn, builders_scored, tie, dice_rolled,
fresh_troops_used, event_won, event_set_aside, barbarian_lost, round_ended, game_over.
"""

from __future__ import annotations

import copy
import itertools
import random
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import compress
from typing import Any

from games.battles_builders import data as D
from games.core import Action, Event, IllegalAction, InvalidOptions, OptionSpec, Presentation, Prompt, Result, event
from games.rng import Chance, Rng

__all__ = ("ENGINE", "BattlesBuilders", "State", "Seat", "Config")

COMMIT = "commit"
CHOOSE_TILE = "choose_tile"
CATAPULT_TARGET = "catapult_target"
WITHDRAW = "withdraw"
FRESH_TROOPS = "fresh_troops"
OVER = "over"
ACTION_TYPES = (COMMIT, CHOOSE_TILE, CATAPULT_TARGET, WITHDRAW, FRESH_TROOPS)

KIND_INDEX = {k: i for i, k in enumerate(D.KINDS)}
KINDS4 = D.KINDS[:4]  # the kinds that can be taken back (no king)
NO_CHIPS = (0, 0, 0, 0, 0)  # read-only stand-in for a commit not made
SOURCE_INDEX = {s: i for i, s in enumerate(D.SOURCES)}
OPTION_KEYS = ("start_player", "simultaneous_commit", "dummy_can_win", "script", "event_tiles", "colours", "faces")
SCRIPT_KEYS = ("event_order", "dummy_draws", "dice")
#: Other spellings of the data overrides (§3: "event tiles, colour table, die faces").
OPTION_ALIASES = {
    "colour_table": "colours",
    "color_table": "colours",
    "colors": "colours",
    "die_faces": "faces",
    "dice_faces": "faces",
}
TERRAIN_ALIASES = {"open": "open_field", "barbarian_battle": "barbarian", "barbarians": "barbarian"}


class ScriptError(Exception):
    """A scripted die value is not a face of the die it was drawn for, or a tie the configured
    dice can never break."""


class ScriptedDieError(InvalidOptions, IllegalAction):
    """What ``apply`` raises for a bad scripted die (§9.5 "is an error"), the state restored.

    It is an options error (the ``script`` option is wrong) and equally a refused action (the state
    is untouched), so callers catching either kind see it.
    """

    def __init__(self, reason: str) -> None:
        IllegalAction.__init__(self, "bad_script", reason)


@dataclass(frozen=True, slots=True)
class Config:
    """Validated options; built once at ``start``/``load``."""

    options: dict[str, Any]  # JSON form without the script, stored in dumps
    start_player: int
    simultaneous: bool
    dummy_can_win: bool
    tiles: dict[str, tuple[str, int]]
    colours: dict[str, dict[str, str]]
    faces: dict[str, tuple[int, ...]]
    # derived once from the tables above, for the round's resolution
    army_colours: dict[str, tuple[str, str, str]]  # terrain -> die colour of infantry, cavalry, archers
    single_faced: frozenset[str]  # colours whose six faces are equal (a tie may never break)


@dataclass(slots=True)
class Seat:
    """One competitor (the fictitious player uses the same record, its pool as ``stock``)."""

    stock: list[int]
    spent: list[int]
    commit: list[int] | None  # this round, after withdrawals; None = not committed yet
    count: int  # chips committed this round (public once made), -1 before
    withdrawn: list[int]
    shown: list[int] | None  # commit as revealed (before withdrawals), kept until the next reveal
    chips: list[int]  # physical prestige chips per denomination (+3, +1, -1)
    virtual: list[int]  # chips received while that denomination's supply was empty (§13)
    events: list[str]  # event tiles held (the barbarian tile included)
    tiles: list[str]  # strategy tiles held (Catapult: by its receiver)
    points: list[int]  # per source, data.SOURCES order

    def score(self) -> int:
        return sum(self.points)


@dataclass(slots=True)
class State:
    players: int
    cfg: Config
    chance: Chance
    seats: list[Seat]  # real seats, then the fictitious player in a 2-player game
    deck: list[str]  # hidden: remaining event tiles, top first
    round: int
    start: int
    order: list[int]  # turn order of this round (fictitious player last)
    event: str | None
    set_aside: list[str]
    display: list[str]
    taken: dict[str, int]  # strategy tile -> holder
    supply: list[int]
    phase: str
    actor: int  # seat asked in the tile/withdraw/catapult/fresh troops steps, -1 if none
    kings: list[int]  # king holders still to choose, in turn order
    claim3: int
    trojan: int
    fresh: int
    dice: list[list[str]]  # colours per competitor, canonical order
    values: list[list[int]]
    throws: list[dict[str, Any]]  # public dice log of the last round that rolled


def _terrain(name: Any) -> Any:
    """A terrain name as the rules file writes it ("open field", "barbarian battle") or as data.py does."""
    if not isinstance(name, str):
        return name
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    return TERRAIN_ALIASES.get(key, key)


def _opt_bool(options: dict[str, Any], name: str) -> bool:
    value = options.get(name, False)
    if not isinstance(value, bool):
        raise InvalidOptions(f"{name} must be true or false")
    return value


def _config(players: int, options: dict[str, Any]) -> tuple[Config, dict[str, Any]]:
    """Validate options; return the config and the validated script."""
    if not isinstance(options, dict):
        raise InvalidOptions("options must be a mapping")
    named = {}
    for key, value in options.items():
        name = OPTION_ALIASES.get(key, key) if isinstance(key, str) else key
        if name in named:
            raise InvalidOptions(f"option {name} given twice")
        named[name] = value
    options = named
    unknown = sorted(set(options) - set(OPTION_KEYS))
    if unknown:
        raise InvalidOptions(f"unknown option(s): {', '.join(map(str, unknown))}")
    start = options.get("start_player", 0)
    if type(start) is not int or not 0 <= start < players:
        raise InvalidOptions(f"start_player must be a seat from 0 to {players - 1}")
    simultaneous = _opt_bool(options, "simultaneous_commit")
    dummy_can_win = _opt_bool(options, "dummy_can_win")

    tiles = dict(D.EVENT_TILES)
    raw_tiles = options.get("event_tiles")
    if raw_tiles is not None:
        if isinstance(raw_tiles, dict):  # also {id: {"terrain": t, "value": v}}
            raw_tiles = [{"id": k, **v} if isinstance(v, dict) else v for k, v in raw_tiles.items()]
        if not isinstance(raw_tiles, list) or not raw_tiles:
            raise InvalidOptions("event_tiles must be a non-empty list")
        tiles = {}
        for t in raw_tiles:
            if not isinstance(t, dict) or set(t) != {"id", "terrain", "value"}:
                raise InvalidOptions("each event tile needs exactly id, terrain and value")
            tid, terrain, value = t["id"], _terrain(t["terrain"]), t["value"]
            if not isinstance(tid, str) or not tid or tid in tiles:
                raise InvalidOptions(f"bad or duplicate event tile id {tid!r}")
            if terrain not in D.TERRAINS:
                raise InvalidOptions(f"terrain must be one of {', '.join(D.TERRAINS)}")
            if type(value) is not int:
                raise InvalidOptions("event tile values must be whole numbers")
            tiles[tid] = (terrain, value)
    if players == 2 and len(tiles) * D.DUMMY_DRAW > sum(D.DUMMY_POOL):
        raise InvalidOptions("with 2 players there can be at most 8 event tiles")

    colours = {t: dict(row) for t, row in D.COLOUR_TABLE.items()}
    raw_colours = options.get("colours")
    if raw_colours is not None:
        if not isinstance(raw_colours, dict):
            raise InvalidOptions("colours must map terrain to {army: colour}")
        for raw_terrain, row in raw_colours.items():
            terrain = _terrain(raw_terrain)
            if terrain not in colours or not isinstance(row, dict):
                raise InvalidOptions(f"unknown terrain {terrain!r} in colours")
            for army, colour in row.items():
                if army not in D.ARMIES or colour not in D.COLOURS:
                    raise InvalidOptions(f"bad colour entry {army!r}: {colour!r}")
                colours[terrain][army] = colour

    faces = dict(D.FACES)
    raw_faces = options.get("faces")
    if raw_faces is not None:
        if not isinstance(raw_faces, dict):
            raise InvalidOptions("faces must map colour to six values")
        for colour, values in raw_faces.items():
            if colour not in D.COLOURS or not isinstance(values, list) or len(values) != D.FACE_COUNT:
                raise InvalidOptions(f"faces of {colour!r} must be a list of {D.FACE_COUNT} values")
            if any(type(v) is not int or v < 1 for v in values):
                raise InvalidOptions("every face must be a whole number of at least 1")
            faces[colour] = tuple(values)

    script = _check_script(players, options.get("script"), tiles, faces)
    public = copy.deepcopy({k: options[k] for k in OPTION_KEYS if k in options and k != "script"})
    army_colours = {t: tuple(row[a] for a in D.ARMIES) for t, row in colours.items()}
    single_faced = frozenset(c for c, fs in faces.items() if len(set(fs)) == 1)
    cfg = Config(public, start, simultaneous, dummy_can_win, tiles, colours, faces, army_colours, single_faced)  # type: ignore[arg-type]
    return cfg, script


#: Options whose scalar values alone decide a config; configs of those are built once and shared
#: (a config is never changed, and ``dump`` copies its options).
SIMPLE_OPTIONS = frozenset(("start_player", "simultaneous_commit", "dummy_can_win"))
_CONFIGS: dict[tuple[Any, ...], Config] = {}


def _shared_config(players: int, options: dict[str, Any]) -> tuple[Config, dict[str, Any]]:
    """``_config``, from a cache when the options are a few scalars (the usual start and load)."""
    if not isinstance(options, dict) or not all(
        k in SIMPLE_OPTIONS and type(v) in (int, bool) for k, v in options.items()
    ):
        return _config(players, options)
    key = (players, tuple((k, type(v), v) for k, v in options.items()))
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg, script = _config(players, options)
        if len(_CONFIGS) < 1024:
            _CONFIGS[key] = cfg
    return cfg, {}


def _check_script(
    players: int, script: Any, tiles: dict[str, Any], faces: dict[str, tuple[int, ...]]
) -> dict[str, Any]:
    if script is None:
        return {}
    if not isinstance(script, dict) or set(script) - set(SCRIPT_KEYS):
        raise InvalidOptions(f"script must be a mapping with keys among {', '.join(SCRIPT_KEYS)}")
    order = script.get("event_order", [])
    if not isinstance(order, list) or len(set(map(str, order))) != len(order) or any(t not in tiles for t in order):
        raise InvalidOptions("script event_order must list distinct event tile ids")
    draws = script.get("dummy_draws", [])
    if not isinstance(draws, list):
        raise InvalidOptions("script dummy_draws must be a list")
    if draws and players != 2:
        raise InvalidOptions("script dummy_draws needs a 2-player game")
    pool = list(D.DUMMY_POOL)
    for draw in draws:
        if not isinstance(draw, list) or len(draw) != D.DUMMY_DRAW:
            raise InvalidOptions(f"each dummy draw must list {D.DUMMY_DRAW} chip kinds")
        for kind in draw:
            idx = KIND_INDEX.get(kind) if isinstance(kind, str) else None
            if idx is None or idx == D.K or pool[idx] == 0:
                raise InvalidOptions(f"dummy draw {draw} is not in the fictitious player's pool")
            pool[idx] -= 1
    dice = script.get("dice", [])
    all_faces = {v for fs in faces.values() for v in fs}
    if not isinstance(dice, list) or any(type(v) is not int or v not in all_faces for v in dice):
        raise InvalidOptions("script dice must be face values")
    return {"event_order": list(order), "dummy_draws": [list(d) for d in draws], "dice": list(dice)}


def _chips_dict(chips: list[int] | tuple[int, ...], king: bool = True) -> dict[str, int]:
    return dict(zip(D.KINDS if king else KINDS4, chips))


def _new_seat(stock: tuple[int, ...]) -> Seat:
    return Seat(list(stock), [0] * 5, None, -1, [0] * 5, None, [0, 0, 0], [0, 0, 0], [], [], [0] * len(D.SOURCES))


def _all_commits() -> tuple[tuple[int, ...], ...]:
    """Every chip vector of a commit (at most 5 non-king chips, one king) in menu order: king,
    builders, infantry, cavalry, archers."""
    m = D.MAX_COMMIT
    out = []
    for k in range(2):
        for b in range(m + 1):
            for i in range(m - b + 1):
                for c in range(m - b - i + 1):
                    for a in range(m - b - i - c + 1):
                        out.append((b, i, c, a, k))
    return tuple(out)


ALL_COMMITS = _all_commits()


def _fit_masks() -> list[list[int]]:
    """Per chip kind and count n, one byte per vector of ALL_COMMITS, 1 where that kind's count is
    at most n, packed into an int: one ``&`` per kind then selects what a stock allows at C speed
    (a stock's commits are worked out for every new stock a game reaches)."""
    return [
        [int.from_bytes(bytes(v[kind] <= n for v in ALL_COMMITS), "little") for n in range(D.MAX_COMMIT + 1)]
        for kind in range(5)
    ]


_FIT_MASKS = _fit_masks()


def _fitting(stock: tuple[int, ...]) -> bytes:
    """One byte per vector of ALL_COMMITS: 1 where this stock has the chips for it."""
    mask = -1
    for kind, n in enumerate(stock):
        if n < 0:
            return bytes(len(ALL_COMMITS))
        mask &= _FIT_MASKS[kind][min(n, D.MAX_COMMIT)]
    return mask.to_bytes(len(ALL_COMMITS), "little")


@cache
def _commit_options(stock: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every legal commit from this stock, in menu order (a filter keeps that order)."""
    return tuple(compress(ALL_COMMITS, _fitting(stock)))


def _commit_action(chips: tuple[int, ...]) -> Action:
    b, i, c, a, k = chips
    return {"type": COMMIT, "chips": {"builder": b, "infantry": i, "cavalry": c, "archer": a, "king": k}}


#: One shared action dict per chip vector.
_COMMIT_ACTIONS: dict[tuple[int, ...], Action] = {v: _commit_action(v) for v in ALL_COMMITS}
_ALL_COMMIT_ACTIONS = tuple(_COMMIT_ACTIONS.values())
#: The chip vector of each shared commit action, by identity: ``apply`` skips parsing those.
_COMMIT_CHIPS: dict[int, tuple[int, ...]] = {id(a): v for v, a in _COMMIT_ACTIONS.items()}


@cache
def _commit_actions(stock: tuple[int, ...]) -> tuple[Action, ...]:
    """The shared commit actions of this stock (a few thousand stocks at most, each a tuple of refs);
    stocks with the same options (6 builders or 12) share one tuple."""
    capped = tuple(min(n, D.MAX_COMMIT) for n in stock)
    if capped != stock:
        return _commit_actions(capped)
    return tuple(compress(_ALL_COMMIT_ACTIONS, _fitting(stock)))


@lru_cache(maxsize=1024)
def _withdraw_options(commit: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    m = D.MAX_WITHDRAW
    out = []
    for b in range(min(commit[D.B], m) + 1):
        for i in range(min(commit[D.I], m - b) + 1):
            for c in range(min(commit[D.C], m - b - i) + 1):
                for a in range(min(commit[D.A], m - b - i - c) + 1):
                    if b + i + c + a:
                        out.append((b, i, c, a))
    return tuple(out)


@lru_cache(maxsize=1024)
def _withdraw_actions(commit: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple({"type": WITHDRAW, "chips": dict(zip(KINDS4, w))} for w in _withdraw_options(commit))


@cache
def _fresh_actions(n: int) -> tuple[Action, ...]:
    """Every set of the holder's ``n`` dice to re-roll (none first), in the menu's order."""
    return tuple(
        {"type": FRESH_TROOPS, "dice": [i for i in range(n) if pick[i]]}
        for pick in itertools.product((False, True), repeat=n)
    )


_MASK64 = (1 << 64) - 1


def _below(rng: Rng, n: int) -> int:
    """``rng.below(n)`` in one frame (splitmix64 and its rejection step as games/rng.py has them;
    a test keeps the two equal): dice and the fictitious player's draws call it most."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    state = rng.state
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
        if z < limit:
            rng.state = state
            return z % n


@lru_cache(maxsize=256)
def _commit_prompt(round_: int, tile: str | None) -> Prompt:
    """The commit prompt of a round, built once and shared like the actions of ``legal`` (a
    frozen prompt nobody changes; making one costs more than the rest of ``pending``)."""
    return Prompt(COMMIT, True, {"round": round_, "event": tile, "max": D.MAX_COMMIT})


def _shuffle(rng: Rng, items: list[Any]) -> None:
    """``rng.shuffle(items)`` (Fisher-Yates as games/rng.py has it) drawing through ``_below``."""
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def _armies(chips: list[int] | tuple[int, ...]) -> int:
    return chips[D.I] + chips[D.C] + chips[D.A]


class BattlesBuilders(Presentation):
    text_module = "games.battles_builders.text"
    picture_module = "games.battles_builders.picture"

    strategy_module = "games.battles_builders.strategy"
    key = "battles_builders"
    names = {"en": "Battles & Builders", "nl": "Battles & Builders"}
    min_players = 2
    max_players = 4
    option_specs = (
        OptionSpec(
            "start_player",
            "int",
            0,
            help={
                "en": "Seat number (0 = first) of the start player in round 1.",
                "nl": "Stoelnummer (0 = eerste) van de startspeler in ronde 1.",
            },
        ),
        OptionSpec(
            "simultaneous_commit",
            "bool",
            False,
            help={
                "en": "Everyone commits at the same time without seeing counts (not the rulebook way).",
                "nl": "Iedereen zet tegelijk in zonder aantallen te zien (niet volgens het spelregelboek).",
            },
        ),
        OptionSpec(
            "dummy_can_win",
            "bool",
            False,
            help={
                "en": "With 2 players the fictitious player is ranked and can win.",
                "nl": "Met 2 spelers telt de fictieve speler mee in de rangschikking en kan winnen.",
            },
        ),
    )

    # -- set-up ------------------------------------------------------------------------------
    def start(self, players: int, options: dict[str, Any] | None = None, seed: int | None = None) -> State:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise InvalidOptions(f"Battles & Builders needs {self.min_players} to {self.max_players} players")
        cfg, script = _shared_config(players, dict(options or {}))
        chance = Chance(seed or 0, script)
        deck: list[str] = []
        while (tid := chance.take("event_order")) is not Chance.NONE:
            deck.append(tid)
        rest = [t for t in cfg.tiles if t not in deck]
        _shuffle(chance.rng, rest)
        deck += rest
        seats = [_new_seat(D.STOCK) for _ in range(players)]
        if players == 2:
            seats.append(_new_seat(D.DUMMY_POOL))
        n = len(seats)
        st = State(
            players=players,
            cfg=cfg,
            chance=chance,
            seats=seats,
            deck=deck,
            round=1,
            start=cfg.start_player,
            order=[],
            event=None,
            set_aside=[],
            display=list(D.STRATEGY_TILES),
            taken={},
            supply=list(D.SUPPLY),
            phase=COMMIT,
            actor=-1,
            kings=[],
            claim3=-1,
            trojan=-1,
            fresh=-1,
            dice=[[] for _ in range(n)],
            values=[[] for _ in range(n)],
            throws=[],
        )
        _begin_round(st, [])
        return st

    def opening_events(self, state: State) -> list[Event]:
        """What ``start`` drew: round 1's event tile, turned over before anyone commits (§5 step 1)."""
        st = state
        if st.round != 1 or st.event is None:
            return []
        terrain, value = st.cfg.tiles[st.event]
        return [event("event_revealed", round=1, tile=st.event, terrain=terrain, value=value, start_player=st.start)]

    # -- whose turn ----------------------------------------------------------------------------
    def _waiting(self, st: State) -> list[int]:
        phase = st.phase
        if phase == COMMIT:
            seats = st.seats
            n = st.players
            if st.cfg.simultaneous:
                return [p for p in range(n) if seats[p].commit is None]
            for p in st.order:
                if p < n and seats[p].commit is None:
                    return [p]
            return []
        if phase == OVER:
            return []
        return [st.actor]

    def pending(self, state: State) -> dict[int, Prompt]:
        st = state
        if st.phase == COMMIT:
            prompt = _commit_prompt(st.round, st.event)
            if not st.cfg.simultaneous:
                p = _next_to_commit(st)
                return {} if p is None else {p: prompt}
            return {p: prompt for p in self._waiting(st)}
        waiting = self._waiting(st)
        out: dict[int, Prompt] = {}
        for p in waiting:
            if st.phase == CHOOSE_TILE:
                out[p] = Prompt(CHOOSE_TILE, False, {"tiles": _eligible(st, p)})
            elif st.phase == CATAPULT_TARGET:
                out[p] = Prompt(CATAPULT_TARGET, False, {"targets": _targets(st, p)})
            elif st.phase == WITHDRAW:
                c = st.seats[p].commit or [0] * 5
                out[p] = Prompt(WITHDRAW, False, {"max": min(D.MAX_WITHDRAW, c[0] + _armies(c))})
            elif st.phase == FRESH_TROOPS:
                out[p] = Prompt(FRESH_TROOPS, False, {"dice": len(st.dice[p])})
        return out

    def legal(self, state: State, seat: int) -> list[Action]:
        st = state
        if st.phase == COMMIT and not st.cfg.simultaneous:
            if seat != _next_to_commit(st):
                return []
        elif seat not in self._waiting(st):
            return []
        if st.phase == COMMIT:
            # built once per stock and shared (see games/core.py: nobody changes an action it was given)
            return list(_commit_actions(tuple(st.seats[seat].stock)))
        if st.phase == CHOOSE_TILE:
            return [{"type": CHOOSE_TILE, "tile": t} for t in _eligible(st, seat)]
        if st.phase == CATAPULT_TARGET:
            return [{"type": CATAPULT_TARGET, "seat": t} for t in _targets(st, seat)]
        if st.phase == WITHDRAW:
            return list(_withdraw_actions(tuple(st.seats[seat].commit or NO_CHIPS)))
        if st.phase == FRESH_TROOPS:
            return list(_fresh_actions(len(st.dice[seat])))
        return []

    # -- acting ----------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        st = state
        kind, arg = self._validate(st, seat, action)
        # a refused scripted die or a tie of one-faced dice restores the state from this copy
        backup = self.dump(st) if st.chance.script.get("dice") or st.cfg.single_faced else None
        events: list[Event] = []
        try:
            if kind == COMMIT:
                _do_commit(st, seat, arg, events)
            elif kind == CHOOSE_TILE:
                _do_choose(st, seat, arg, events)
            elif kind == CATAPULT_TARGET:
                _do_catapult(st, seat, arg, events)
            elif kind == WITHDRAW:
                _do_withdraw(st, seat, arg, events)
            else:
                _do_fresh(st, seat, arg, events)
        except ScriptError as exc:
            if backup is not None:
                restored = self.load(backup)
                for name in State.__slots__:
                    setattr(st, name, getattr(restored, name))
            raise ScriptedDieError(str(exc)) from None
        return events

    def _validate(self, st: State, seat: int, action: Action) -> tuple[str, Any]:
        if not isinstance(action, dict):
            raise IllegalAction("unknown_type", "an action is a mapping with a type")
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in ACTION_TYPES:
            raise IllegalAction("unknown_type", f"unknown action type {kind!r}")
        if st.phase == OVER:
            raise IllegalAction("game_over", "the game is over")
        if type(seat) is not int or (
            seat != _next_to_commit(st)
            if st.phase == COMMIT and not st.cfg.simultaneous
            else seat not in self._waiting(st)
        ):
            raise IllegalAction("not_your_turn", f"seat {seat} is not asked to act now")
        if kind != st.phase:
            raise IllegalAction("wrong_action", f"expected {st.phase}, not {kind}", expected=st.phase)
        if kind == COMMIT:
            shared = _COMMIT_CHIPS.get(id(action))  # one of the actions ``legal`` hands out
            if shared is not None:
                chips = list(shared)
            else:
                chips = _parse_chips(action.get("chips"), king=True)
                if sum(chips[:4]) > D.MAX_COMMIT:
                    raise IllegalAction(
                        "too_many_chips", "at most 5 chips, 6 only with the king", max=D.MAX_COMMIT + chips[D.K]
                    )
            stock = st.seats[seat].stock
            if (
                chips[0] > stock[0]
                or chips[1] > stock[1]
                or chips[2] > stock[2]
                or chips[3] > stock[3]
                or chips[4] > stock[4]
            ):
                i = next(i for i in range(5) if chips[i] > stock[i])
                raise IllegalAction(
                    "not_in_stock", f"only {stock[i]} {D.KINDS[i]} left", kind=D.KINDS[i], have=stock[i]
                )
            return kind, chips
        if kind == CHOOSE_TILE:
            tile = action.get("tile")
            if not isinstance(tile, str) or tile not in D.STRATEGY_TILES:
                raise IllegalAction("unknown_tile", f"no strategy tile {tile!r}")
            if tile not in st.display:
                raise IllegalAction("tile_taken", f"{tile} is no longer on display", tile=tile)
            if tile not in _eligible(st, seat):
                raise IllegalAction("not_eligible", f"not eligible for {tile}", tile=tile)
            return kind, tile
        if kind == CATAPULT_TARGET:
            target = action.get("seat")
            if type(target) is not int or target not in _targets(st, seat):
                raise IllegalAction("bad_target", "the catapult goes to another real player", target=target)
            return kind, target
        if kind == WITHDRAW:
            chips = _parse_chips(action.get("chips"), king=False)
            total = sum(chips)
            if total < 1:
                raise IllegalAction("too_few_chips", "take back at least 1 chip")
            if total > D.MAX_WITHDRAW:
                raise IllegalAction("too_many_chips", "take back at most 3 chips", max=D.MAX_WITHDRAW)
            commit = st.seats[seat].commit or [0] * 5
            for i in range(4):
                if chips[i] > commit[i]:
                    raise IllegalAction(
                        "not_committed", f"only {commit[i]} {D.KINDS[i]} committed", kind=D.KINDS[i], have=commit[i]
                    )
            return kind, chips
        picks = action.get("dice")
        n = len(st.dice[seat])
        if (
            not isinstance(picks, list)
            or any(type(i) is not int or not 0 <= i < n for i in picks)
            or len(set(picks)) != len(picks)
        ):
            raise IllegalAction("bad_dice", f"choose distinct die indices from 0 to {n - 1}", dice=n)
        return kind, sorted(picks)

    # -- reading -------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        st = state
        revealed = st.phase != COMMIT
        seats = []
        for p, s in enumerate(st.seats):
            own = seat == p
            if st.phase == COMMIT:
                committed = s.commit is not None
                count = s.count if committed and (not st.cfg.simultaneous or own) else None
                commit = _chips_dict(s.commit) if own and s.commit is not None else None
                # others see the stock as it was before this round's hidden commit
                stock = s.stock if own or s.commit is None else [a + b for a, b in zip(s.stock, s.commit)]
            else:
                committed = s.commit is not None
                count = s.count if committed else None
                commit = _chips_dict(s.commit) if committed else None
                stock = s.stock
            entry: dict[str, Any] = {
                "seat": p,
                "dummy": p >= st.players,
                "score": s.score(),
                "points": dict(zip(D.SOURCES, s.points)),
                "chips": dict(zip(D.DENOM_NAMES, s.chips)),
                "virtual": dict(zip(D.DENOM_NAMES, s.virtual)),
                "event_tiles": list(s.events),
                "strategy_tiles": list(s.tiles),
                "committed": committed,
                "commit_count": count,
                "commit": commit,
                "withdrawn": _chips_dict(s.withdrawn, king=False) if revealed and any(s.withdrawn) else None,
                "last_commit": _chips_dict(s.shown) if s.shown is not None else None,
                "stock": _chips_dict(list(stock)),
                "stock_total": sum(stock),
            }
            seats.append(entry)
        tile = st.event
        ev = None
        if tile is not None:
            terrain, value = st.cfg.tiles[tile]
            ev = {"id": tile, "terrain": terrain, "value": value, "colours": dict(st.cfg.colours[terrain])}
        fresh = None
        if st.phase == FRESH_TROOPS:
            fresh = {
                "seat": st.actor,
                "dice": [
                    {"index": i, "colour": c, "value": v}
                    for i, (c, v) in enumerate(zip(st.dice[st.actor], st.values[st.actor]))
                ],
            }
        out: dict[str, Any] = {
            "game": self.key,
            "players": st.players,
            "viewer": seat,
            "round": min(st.round, len(st.cfg.tiles)),
            "rounds": len(st.cfg.tiles),
            "phase": st.phase,
            "over": st.phase == OVER,
            "start_player": st.start,
            "turn_order": list(st.order),
            "waiting": self._waiting(st),
            "actor": st.actor if st.actor >= 0 else None,
            "event": ev,
            "deck_left": len(st.deck),
            "set_aside": list(st.set_aside),
            "display": list(st.display),
            "taken": dict(st.taken),
            "supply": dict(zip(D.DENOM_NAMES, st.supply)),
            "simultaneous_commit": st.cfg.simultaneous,
            "seats": seats[: st.players],
            "dummy": seats[st.players] if st.players < len(seats) else None,
            "dice": [_copy_throw(t) for t in st.throws],
            "fresh": fresh,
            "round_tiles": {
                "claim3": st.claim3 if st.claim3 >= 0 else None,
                "trojan_horse": st.trojan if st.trojan >= 0 else None,
                "fresh_troops": st.fresh if st.fresh >= 0 else None,
            },
        }
        if seat is not None and 0 <= seat < st.players:
            s = st.seats[seat]
            out["you"] = {
                "seat": seat,
                "stock": _chips_dict(s.stock),
                "commit": _chips_dict(s.commit) if s.commit is not None else None,
            }
        return out

    def result(self, state: State) -> Result | None:
        st = state
        if st.phase != OVER:
            return None
        ranked = list(range(st.players))
        dummy = st.players if len(st.seats) > st.players else -1
        if dummy >= 0 and st.cfg.dummy_can_win:
            ranked.append(dummy)
        scores = {p: st.seats[p].score() for p in ranked}
        ranks = {p: 1 + sum(1 for q in ranked if scores[q] > scores[p]) for p in ranked}
        details = {p: _details(st.seats[p]) for p in range(st.players)}
        extra: dict[str, Any] = {}
        if dummy >= 0:
            d = st.seats[dummy]
            extra["dummy"] = {
                "seat": dummy,
                "score": d.score(),
                "rank": ranks.get(dummy),
                "ranked": dummy in ranks,
                "details": _details(d),
            }
        real_scores = {p: scores[p] for p in range(st.players)}
        real_ranks = {p: ranks[p] for p in range(st.players)}
        winners = [p for p in range(st.players) if real_ranks[p] == 1]
        return Result(real_scores, real_ranks, winners, None, details, extra)

    # -- persistence ---------------------------------------------------------------------------
    # -- search hooks (games/ai) -----------------------------------------------------------------
    def clone(self, state: State) -> State:
        """An independent copy without a JSON round trip. The config is never changed and a dice
        record is complete before it joins ``throws`` and never changed after, so both are shared."""
        st = state
        return State(
            players=st.players,
            cfg=st.cfg,
            chance=_copy_chance(st.chance),
            seats=[_copy_seat(s) for s in st.seats],
            deck=list(st.deck),
            round=st.round,
            start=st.start,
            order=list(st.order),
            event=st.event,
            set_aside=list(st.set_aside),
            display=list(st.display),
            taken=dict(st.taken),
            supply=list(st.supply),
            phase=st.phase,
            actor=st.actor,
            kings=list(st.kings),
            claim3=st.claim3,
            trojan=st.trojan,
            fresh=st.fresh,
            dice=[list(d) for d in st.dice],
            values=[list(v) for v in st.values],
            throws=list(st.throws),
        )

    def determinize(self, state: State, seat: int | None, rng: random.Random) -> State:
        """A copy in which what ``seat`` cannot see is redrawn from ``rng``: the chips other seats
        committed this round (from their stock before the commit, with the count when it is public),
        the order of the event tiles left, and the generator (the dice and the fictitious player's
        draws to come)."""
        st = self.clone(state)
        if st.phase == COMMIT:
            for p in range(st.players):
                s = st.seats[p]
                if p == seat or s.commit is None:
                    continue
                before = tuple(a + b for a, b in zip(s.stock, s.commit))
                options = _commit_options(before)
                if not st.cfg.simultaneous:  # the count was announced
                    options = tuple(o for o in options if sum(o) == s.count)
                pick = list(options[rng.randrange(len(options))])
                s.stock = [a - b for a, b in zip(before, pick)]
                s.commit = pick
                s.count = sum(pick)
        st.deck.sort()
        rng.shuffle(st.deck)
        # future chance: a fresh generator, and no scripted value left to read
        st.chance = Chance(rng.getrandbits(64))
        return st

    def dump(self, state: State) -> dict[str, Any]:
        st = state
        return {
            "players": st.players,
            "options": copy.deepcopy(st.cfg.options),
            "chance": st.chance.dump(),
            "seats": [
                [
                    list(s.stock),
                    list(s.spent),
                    list(s.commit) if s.commit is not None else None,
                    s.count,
                    list(s.withdrawn),
                    list(s.shown) if s.shown is not None else None,
                    list(s.chips),
                    list(s.virtual),
                    list(s.events),
                    list(s.tiles),
                    list(s.points),
                ]
                for s in st.seats
            ],
            "deck": list(st.deck),
            "round": st.round,
            "start": st.start,
            "order": list(st.order),
            "event": st.event,
            "set_aside": list(st.set_aside),
            "display": list(st.display),
            "taken": dict(st.taken),
            "supply": list(st.supply),
            "phase": st.phase,
            "actor": st.actor,
            "kings": list(st.kings),
            "claim3": st.claim3,
            "trojan": st.trojan,
            "fresh": st.fresh,
            "dice": [list(d) for d in st.dice],
            "values": [list(v) for v in st.values],
            "throws": [_copy_throw(t) for t in st.throws],
        }

    def load(self, data: dict[str, Any]) -> State:
        players = data["players"]
        cfg, _ = _shared_config(players, dict(data["options"]))
        seats = []
        for raw in data["seats"]:
            stock, spent, commit, count, withdrawn, shown, chips, virtual, evs, tiles, points = raw
            seats.append(
                Seat(
                    list(stock),
                    list(spent),
                    list(commit) if commit is not None else None,
                    count,
                    list(withdrawn),
                    list(shown) if shown is not None else None,
                    list(chips),
                    list(virtual),
                    list(evs),
                    list(tiles),
                    list(points),
                )
            )
        return State(
            players=players,
            cfg=cfg,
            chance=Chance.load(data["chance"]),
            seats=seats,
            deck=list(data["deck"]),
            round=data["round"],
            start=data["start"],
            order=list(data["order"]),
            event=data["event"],
            set_aside=list(data["set_aside"]),
            display=list(data["display"]),
            taken=dict(data["taken"]),
            supply=list(data["supply"]),
            phase=data["phase"],
            actor=data["actor"],
            kings=list(data["kings"]),
            claim3=data["claim3"],
            trojan=data["trojan"],
            fresh=data["fresh"],
            dice=[list(d) for d in data["dice"]],
            values=[list(v) for v in data["values"]],
            throws=[_copy_throw(t) for t in data["throws"]],
        )


def _copy_seat(s: Seat) -> Seat:
    return Seat(
        list(s.stock),
        list(s.spent),
        list(s.commit) if s.commit is not None else None,
        s.count,
        list(s.withdrawn),
        list(s.shown) if s.shown is not None else None,
        list(s.chips),
        list(s.virtual),
        list(s.events),
        list(s.tiles),
        list(s.points),
    )


def _copy_chance(chance: Chance) -> Chance:
    """``chance.clone()`` without its dump and load (the script is usually empty)."""
    out = Chance.__new__(Chance)
    out.rng = Rng(chance.rng.state)
    out.script = copy.deepcopy(chance.script) if chance.script else {}
    return out


def _copy_throw(t: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in t.items()}


def _details(s: Seat) -> dict[str, Any]:
    out: dict[str, Any] = dict(zip(D.SOURCES, s.points))
    out["total"] = s.score()
    out["chips"] = dict(zip(D.DENOM_NAMES, s.chips))
    out["virtual_chips"] = dict(zip(D.DENOM_NAMES, s.virtual))
    out["held_event_tiles"] = list(s.events)
    out["held_strategy_tiles"] = list(s.tiles)
    return out


def _parse_chips(raw: Any, *, king: bool) -> list[int]:
    if not isinstance(raw, dict):
        raise IllegalAction("bad_chips", "chips must map chip kinds to counts")
    out = [0] * 5
    for name, n in raw.items():
        idx = KIND_INDEX.get(name) if isinstance(name, str) else None
        if idx is None:
            raise IllegalAction("bad_chips", f"unknown chip kind {name!r}")
        if type(n) is not int or n < 0:
            raise IllegalAction("bad_chips", f"count of {name} must be a whole number >= 0")
        if idx == D.K and not king and n:
            raise IllegalAction("bad_chips", "the king cannot be taken back")
        out[idx] = n
    return out if king else out[:4]


# -- round flow ------------------------------------------------------------------------------------
# Events are built as literal dicts (the same keys in the same order as games.core.event gives);
# these functions run for every action of every playout, so they avoid helper calls in loops.
B, I, C, A, K = D.B, D.I, D.C, D.A, D.K  # noqa: E741 - chip kind indices


def _chips5(c: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {"builder": c[0], "infantry": c[1], "cavalry": c[2], "archer": c[3], "king": c[4]}


def _chips4(c: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {"builder": c[0], "infantry": c[1], "cavalry": c[2], "archer": c[3]}


def _next_to_commit(st: State) -> int | None:
    """The seat asked to commit now in turn order (None once all have), as ``_waiting`` has it."""
    seats = st.seats
    n = st.players
    for p in st.order:
        if p < n and seats[p].commit is None:
            return p
    return None


def _turn_order(st: State) -> list[int]:
    return list(_turn_orders(st.players, st.start, len(st.seats) > st.players))


@cache
def _turn_orders(n: int, start: int, dummy: bool) -> tuple[int, ...]:
    order = [(start + i) % n for i in range(n)]
    if dummy:
        order.append(n)  # the fictitious player is always last
    return tuple(order)


def _begin_round(st: State, ev: list[Event]) -> None:
    st.event = tile = st.deck.pop(0)
    st.order = _turn_order(st)
    for s in st.seats:
        s.commit = None
        s.count = -1
    st.phase = COMMIT
    st.actor = -1
    terrain, value = st.cfg.tiles[tile]
    ev.append(
        {
            "type": "event_revealed",
            "round": st.round,
            "tile": tile,
            "terrain": terrain,
            "value": value,
            "start_player": st.start,
        }
    )


def _do_commit(st: State, seat: int, chips: list[int], ev: list[Event]) -> None:
    seats = st.seats
    s = seats[seat]
    stock = s.stock
    s.stock = [stock[0] - chips[0], stock[1] - chips[1], stock[2] - chips[2], stock[3] - chips[3], stock[4] - chips[4]]
    s.commit = chips
    s.count = count = sum(chips)
    ev.append({"type": "committed", "seat": seat, "count": None if st.cfg.simultaneous else count})
    ev.append(
        {
            "type": "commit_confirmed",
            "seat": seat,
            "chips": {
                "builder": chips[0],
                "infantry": chips[1],
                "cavalry": chips[2],
                "archer": chips[3],
                "king": chips[4],
            },
            "to": [seat],
        }
    )
    for p in range(st.players):
        if seats[p].commit is None:
            return
    _reveal(st, ev)
    _kings(st, ev)


def _draw_dummy(st: State) -> list[int]:
    s = st.seats[st.players]
    chance = st.chance
    chips = [0] * 5
    if chance.script.get("dummy_draws"):
        scripted = chance.take("dummy_draws")
        if scripted is not Chance.NONE:
            for kind in scripted:
                chips[KIND_INDEX[kind]] += 1
            return chips
    pool = s.stock[:]  # its king count is 0: a chip of a kind drawn in proportion to the pool
    rng = chance.rng
    for _ in range(D.DUMMY_DRAW):
        r = _below(rng, pool[0] + pool[1] + pool[2] + pool[3] + pool[4])
        i = 0
        while r >= pool[i]:
            r -= pool[i]
            i += 1
        if i < K:
            pool[i] -= 1
            chips[i] += 1
    return chips


def _reveal(st: State, ev: list[Event]) -> None:
    seats = st.seats
    n = st.players
    if len(seats) > n:
        d = seats[n]
        chips = _draw_dummy(st)
        stock = d.stock
        d.stock = [
            stock[0] - chips[0],
            stock[1] - chips[1],
            stock[2] - chips[2],
            stock[3] - chips[3],
            stock[4] - chips[4],
        ]
        d.commit = chips
        d.count = sum(chips)
        ev.append({"type": "dummy_drew", "seat": n, "chips": _chips4(chips)})
    for s in seats:
        s.shown = c[:] if (c := s.commit) is not None else None
        s.withdrawn = [0, 0, 0, 0, 0]
    st.phase = CHOOSE_TILE  # commits are public from here on; _kings names who acts, if anyone
    order = st.order
    commits = []
    for p in order:
        c = seats[p].commit or NO_CHIPS
        commits.append(
            {"seat": p, "chips": {"builder": c[0], "infantry": c[1], "cavalry": c[2], "archer": c[3], "king": c[4]}}
        )
    ev.append({"type": "commits_revealed", "round": st.round, "commits": commits})
    kings = []
    for p in order:
        if p < n:
            s = seats[p]
            if s.count == 0:
                _give(st, ev, p, D.MINUS1, 1, "zero_commit")
            if (s.commit or NO_CHIPS)[K]:
                kings.append(p)
    st.kings = kings


def _give(st: State, ev: list[Event], p: int, denom: int, n: int, source: str) -> None:
    """Hand ``n`` prestige chips of one denomination; virtual once the supply is out (§13)."""
    s = st.seats[p]
    supply = st.supply
    virtual = 0
    for _ in range(n):
        if supply[denom] > 0:
            supply[denom] -= 1
            s.chips[denom] += 1
        else:
            s.virtual[denom] += 1
            virtual += 1
    value = D.DENOMS[denom]
    s.points[SOURCE_INDEX[source]] += value * n
    ev.append({"type": "prestige", "seat": p, "value": value, "count": n, "virtual": virtual, "reason": source})


def _eligible(st: State, p: int) -> list[str]:
    seats = st.seats
    c = seats[p].commit or NO_CHIPS
    builders = c[B]
    armies = c[I] + c[C] + c[A]
    most = 0
    for q in st.order:
        if (other := seats[q].commit) is not None and other[B] > most:
            most = other[B]
    ok = {
        D.CLAIM3: builders >= 1,
        D.EXTRA_POINT: builders >= 1 and builders >= most,  # a tie for most counts
        D.WITHDRAW: builders + armies >= 1,
    }
    with_armies = armies >= 1  # every other tile
    out = []
    for t in st.display:
        if ok.get(t, with_armies):
            out.append(t)
    return out


def _targets(st: State, p: int) -> list[int]:
    return [q for q in range(st.players) if q != p]


def _kings(st: State, ev: list[Event]) -> None:
    """Let the next king holder choose; once none is left, resolve builders and armies."""
    kings = st.kings
    while kings:
        p = kings[0]
        if _eligible(st, p):
            st.phase = CHOOSE_TILE
            st.actor = p
            return
        ev.append({"type": "no_tile", "seat": p})
        kings.pop(0)
    st.actor = -1
    _score_builders(st, ev)
    _battle(st, ev)


def _do_choose(st: State, seat: int, tile: str, ev: list[Event]) -> None:
    s = st.seats[seat]
    st.display.remove(tile)
    ev.append({"type": "tile_chosen", "seat": seat, "tile": tile})
    if tile == D.CATAPULT:
        st.phase = CATAPULT_TARGET
        return
    if tile == D.WITHDRAW:
        st.taken[tile] = seat
        s.tiles.append(tile)
        st.phase = WITHDRAW
        return
    st.taken[tile] = seat
    s.tiles.append(tile)
    if tile == D.CLAIM3:
        st.claim3 = seat
    elif tile == D.EXTRA_POINT:
        s.points[SOURCE_INDEX["extra_point"]] += D.TILE_VALUES[D.EXTRA_POINT]
    elif tile == D.TROJAN_HORSE:
        st.trojan = seat
    elif tile == D.FRESH_TROOPS:
        st.fresh = seat
    st.kings.pop(0)
    _kings(st, ev)


def _do_catapult(st: State, seat: int, target: int, ev: list[Event]) -> None:
    t = st.seats[target]
    st.taken[D.CATAPULT] = target
    t.tiles.append(D.CATAPULT)
    t.points[SOURCE_INDEX["catapult"]] += D.TILE_VALUES[D.CATAPULT]
    ev.append({"type": "catapult_given", "seat": seat, "target": target})
    st.kings.pop(0)
    _kings(st, ev)


def _do_withdraw(st: State, seat: int, chips: list[int], ev: list[Event]) -> None:
    s = st.seats[seat]
    assert s.commit is not None
    for i in range(4):
        s.commit[i] -= chips[i]
        s.stock[i] += chips[i]
        s.withdrawn[i] += chips[i]
    ev.append({"type": "withdrawn", "seat": seat, "chips": _chips4(chips)})
    st.kings.pop(0)
    _kings(st, ev)


def _score_builders(st: State, ev: list[Event]) -> None:
    seats = st.seats
    builders = []
    most = 0
    top: list[int] = []  # the seats with the most builders, if anyone brought one
    for p in st.order:
        n = c[B] if (c := seats[p].commit) is not None else 0
        builders.append({"seat": p, "builders": n})
        if n > most:
            most = n
            top = [p]
        elif n == most and n:
            top.append(p)
    claim3 = st.claim3
    ev.append(
        {
            "type": "builders_scored",
            "builders": builders,
            "most": most,
            "winners": top,
            "claim3": claim3 if claim3 >= 0 else None,
        }
    )
    if len(top) == 1:
        _give(st, ev, top[0], D.PLUS3, 1, "builders")
    elif claim3 in top:
        _give(st, ev, claim3, D.PLUS3, 1, "builders")
    else:
        for p in top:
            _give(st, ev, p, D.PLUS1, 1, "builders")


@cache
def _army_dice(colours: tuple[str, str, str], infantry: int, cavalry: int, archers: int) -> tuple[str, ...]:
    """The dice of these armies, whose colours are ``colours``, in canonical colour order (§9.1)."""
    dice: list[str] = []
    for colour, n in zip(colours, (infantry, cavalry, archers)):
        dice.extend([colour] * n)
    dice.sort(key=D.COLOUR_RANK.__getitem__)
    return tuple(dice)


def _battle(st: State, ev: list[Event]) -> None:
    assert st.event is not None
    cfg = st.cfg
    terrain, _ = cfg.tiles[st.event]
    colours = cfg.army_colours[terrain]
    seats = st.seats
    order = st.order
    all_dice = st.dice
    all_values = st.values
    trojan = st.trojan
    rollers = []  # the competitors with dice, in turn order
    for p in order:
        c = seats[p].commit or NO_CHIPS
        dice = list(_army_dice(colours, c[I], c[C], c[A]))
        if trojan == p:
            dice.append(D.TROJAN_COLOUR)  # the Trojan die is last in canonical order (§9.1)
        all_dice[p] = dice
        all_values[p] = [0] * len(dice)
        if dice:
            rollers.append(p)
    if terrain == D.BARBARIAN:
        if len(rollers) < len(order):
            # a player without dice totals 0 and every die shows >= 1, so nobody rolls
            _barbarians(st, ev, rolled=False)
            return
    elif not rollers:
        st.set_aside.append(st.event)
        ev.append({"type": "event_set_aside", "tile": st.event})
        _end_round(st, ev)
        return
    elif len(rollers) == 1:
        _win_event(st, ev, rollers[0], rolled=False)
        return
    st.throws = []
    _throw(st, ev, "initial", 0, [(p, list(range(len(all_dice[p])))) for p in rollers])
    if st.fresh >= 0 and st.fresh in rollers:
        st.phase = FRESH_TROOPS
        st.actor = st.fresh
        return
    _settle(st, ev)


def _do_fresh(st: State, seat: int, picks: list[int], ev: list[Event]) -> None:
    ev.append({"type": "fresh_troops_used", "seat": seat, "dice": list(picks)})
    if picks:
        _throw(st, ev, "fresh_troops", 0, [(seat, picks)])
    st.actor = -1
    _settle(st, ev)


def _settle(st: State, ev: list[Event]) -> None:
    cfg = st.cfg
    terrain, _ = cfg.tiles[st.event or ""]
    if terrain == D.BARBARIAN:
        _barbarians(st, ev, rolled=True)
        return
    all_dice = st.dice
    values = st.values
    contenders = [p for p in st.order if all_dice[p]]
    reroll = 0
    while True:
        totals = [sum(values[p]) for p in contenders]
        best = max(totals)
        if totals.count(best) == 1:
            contenders = [contenders[totals.index(best)]]
            break
        contenders = [p for p, t in zip(contenders, totals) if t == best]
        if all(c in cfg.single_faced for p in contenders for c in all_dice[p]):
            raise ScriptError("the tied players' dice each have a single face: the tie can never be broken")
        reroll += 1
        ev.append({"type": "tie", "seats": list(contenders), "total": best, "reroll": reroll})
        _throw(st, ev, "reroll", reroll, [(p, list(range(len(all_dice[p])))) for p in contenders])
    _win_event(st, ev, contenders[0], rolled=True)


def _win_event(st: State, ev: list[Event], p: int, *, rolled: bool) -> None:
    tile = st.event or ""
    _, value = st.cfg.tiles[tile]
    s = st.seats[p]
    s.events.append(tile)
    s.points[SOURCE_INDEX["event_tiles"]] += value
    totals = []
    if rolled:
        all_dice = st.dice
        values = st.values
        for q in st.order:
            if all_dice[q]:
                totals.append({"seat": q, "total": sum(values[q])})
    ev.append({"type": "event_won", "seat": p, "tile": tile, "value": value, "rolled": rolled, "totals": totals})
    _end_round(st, ev)


def _barbarians(st: State, ev: list[Event], *, rolled: bool) -> None:
    tile = st.event or ""
    _, value = st.cfg.tiles[tile]
    order = st.order
    if rolled:
        totals: list[int | None] = [sum(st.values[p]) for p in order]
    else:
        # nobody rolled; only the players without dice have a total (0)
        totals = [None if st.dice[p] else 0 for p in order]
    low = min(t for t in totals if t is not None)
    losers = [p for p, t in zip(order, totals) if t == low]
    first = losers[0]  # the first in turn order takes the tile, the others pay in chips
    s = st.seats[first]
    s.events.append(tile)
    s.points[SOURCE_INDEX["barbarian"]] += value
    ev.append(
        {
            "type": "barbarian_lost",
            "seat": first,
            "tile": tile,
            "value": value,
            "losers": losers,
            "total": low,
            "rolled": rolled,
            "totals": [{"seat": p, "total": t} for p, t in zip(order, totals)],
        }
    )
    for p in losers[1:]:
        _give(st, ev, p, D.MINUS1, max(0, -value), "barbarian")
    _end_round(st, ev)


def _chunks(dice: list[str], idx: list[int]) -> list[tuple[list[int], bool]]:
    """A player's dice to roll (``idx`` ascending, more than 5) split into chunks of at most 5 per
    colour (§9.4), each with whether it must open a new batch (all of a split player's dice never
    fit the current one)."""
    per_colour: dict[str, list[int]] = {}
    for i in idx:
        per_colour.setdefault(dice[i], []).append(i)
    groups = max((len(v) + D.DICE_PER_COLOUR - 1) // D.DICE_PER_COLOUR for v in per_colour.values())
    out = []
    for g in range(groups):
        lo, hi = g * D.DICE_PER_COLOUR, (g + 1) * D.DICE_PER_COLOUR
        out.append((sorted(i for v in per_colour.values() for i in v[lo:hi]), g == 0 and groups > 1))
    return out


def _throw(st: State, ev: list[Event], kind: str, number: int, entries: list[tuple[int, list[int]]]) -> None:
    """Roll the given dice of each player in batches of at most 5 per colour (§9.4).

    Dice are rolled chunk by chunk in the order given (each seat once, its dice ascending); a
    batch is a run of chunks whose dice of each colour fit 5 together, so batch numbers are
    labels worked out alongside, and a seat's total is known once its own chunks are rolled."""
    all_dice = st.dice
    all_values = st.values
    faces_of = st.cfg.faces
    chance = st.chance
    scripted = chance.script.get("dice")
    if not isinstance(scripted, list):
        scripted = None
    rnd = st.round
    throws = st.throws
    cap = D.DICE_PER_COLOUR
    batch = 0
    green = yellow = red = 0  # dice of each colour in the current batch
    for p, idx in entries:
        dice = all_dice[p]
        values_p = all_values[p]
        rolled = []
        for chunk, fresh_batch in ((idx, False),) if len(idx) <= cap else _chunks(dice, idx):
            whole = len(chunk) == len(dice)
            colours = dice[:] if whole else [dice[i] for i in chunk]
            g, y = colours.count(D.GREEN), colours.count(D.YELLOW)
            r = len(colours) - g - y  # the rest are red
            if not batch or fresh_batch or green + g > cap or yellow + y > cap or red + r > cap:
                batch += 1
                green, yellow, red = g, y, r
            else:
                green, yellow, red = green + g, yellow + y, red + r
            if scripted:
                values = _roll_scripted(chance.rng, scripted, faces_of, colours)
            else:
                values = _roll(chance.rng, faces_of, colours)
            if whole:
                values_p[:] = values
            else:
                for i, v in zip(chunk, values):
                    values_p[i] = v
            rolled.append((chunk, colours, values, batch))
        total = sum(values_p)
        for chunk, colours, values, b in rolled:
            throws.append(
                {
                    "throw": kind,
                    "number": number,
                    "batch": b,
                    "seat": p,
                    "dice": chunk,
                    "colours": colours,
                    "values": values,
                    "total": total,
                    "round": rnd,
                }
            )
            ev.append(
                {
                    "type": "dice_rolled",
                    "throw": kind,
                    "number": number,
                    "batch": b,
                    "seat": p,
                    "dice": chunk[:],
                    "colours": colours[:],
                    "values": values[:],
                    "total": total,
                    "round": rnd,
                }
            )


_LIMIT6 = (1 << 64) - ((1 << 64) % 6)


def _roll(rng: Rng, faces_of: dict[str, tuple[int, ...]], colours: list[str]) -> list[int]:
    """One die of each colour, in order: ``faces[rng.below(len(faces))]`` each, in one frame
    (splitmix64 and its rejection step as games/rng.py has them, like ``_below``)."""
    state = rng.state
    out = []
    for c in colours:
        faces = faces_of[c]
        n = len(faces)
        limit = _LIMIT6 if n == 6 else (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                break
        out.append(faces[z % n])
    rng.state = state
    return out


def _roll_scripted(
    rng: Rng, scripted: list[int], faces_of: dict[str, tuple[int, ...]], colours: list[str]
) -> list[int]:
    """Like ``_roll``, the scripted values first (§9.5); one that is no face of its die is an error."""
    out = []
    for c in colours:
        faces = faces_of[c]
        if scripted:
            v = scripted.pop(0)
            if v not in faces:
                raise ScriptError(f"scripted die value {v} is not a face of the {c} die")
        else:
            v = faces[_below(rng, len(faces))]
        out.append(v)
    return out


def _end_round(st: State, ev: list[Event]) -> None:
    seats = st.seats
    for s in seats:
        if (c := s.commit) is not None:
            spent = s.spent
            s.spent = [spent[0] + c[0], spent[1] + c[1], spent[2] + c[2], spent[3] + c[3], spent[4] + c[4]]
            s.commit = None
    st.kings = []
    st.actor = -1
    st.claim3 = st.trojan = st.fresh = -1
    scores = []
    for p in st.order:
        scores.append({"seat": p, "score": sum(seats[p].points)})
    ev.append({"type": "round_ended", "round": st.round, "scores": scores})
    if not st.deck:
        st.phase = OVER
        st.event = None
        st.round += 1
        n = st.players
        ranked = list(range(n)) + ([n] if st.cfg.dummy_can_win and len(seats) > n else [])
        best = max(seats[p].score() for p in ranked)
        ev.append(
            {
                "type": "game_over",
                "scores": [{"seat": p, "score": s.score()} for p, s in enumerate(seats)],
                "winners": [p for p in range(n) if seats[p].score() == best],
            }
        )
        return
    st.round += 1
    st.start = (st.start + 1) % st.players
    _begin_round(st, ev)


ENGINE = BattlesBuilders()
