"""Battles & Builders state: the validated options, slotted dataclasses holding one game, and its
plain JSON form (dump, load) and cheap copy (clone).

A chip count is a 5-int list in ``data.KINDS`` order (builder, infantry, cavalry, archer, king);
prestige chips are 3-int lists in ``data.DENOMS`` order; seats are ints, the fictitious player of a
2-player game being seat 2.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from games.battles_builders import data as D
from games.core import InvalidOptions
from games.moves import Noted, copy_moves
from games.rng import Chance

__all__ = (
    "COMMIT",
    "CHOOSE_TILE",
    "CATAPULT_TARGET",
    "WITHDRAW",
    "FRESH_TROOPS",
    "OVER",
    "ACTION_TYPES",
    "Config",
    "Seat",
    "State",
    "build_config",
    "shared_config",
    "new_seat",
    "dump_state",
    "load_state",
    "clone_state",
)

# Phases; each but OVER is also the type of the action it asks for (and the prompt's kind).
COMMIT = "commit"
CHOOSE_TILE = "choose_tile"
CATAPULT_TARGET = "catapult_target"
WITHDRAW = "withdraw"
FRESH_TROOPS = "fresh_troops"
OVER = "over"
ACTION_TYPES = (COMMIT, CHOOSE_TILE, CATAPULT_TARGET, WITHDRAW, FRESH_TROOPS)

KIND_INDEX = {k: i for i, k in enumerate(D.KINDS)}
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
    moves: list[Noted] = field(default_factory=list)  # the latest public moves, oldest first (games/moves.py)
    searching: bool = False  # a search's copy (``determinize``): its moves are never shown, so none are kept


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


def build_config(players: int, options: dict[str, Any]) -> tuple[Config, dict[str, Any]]:
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


def shared_config(players: int, options: dict[str, Any]) -> tuple[Config, dict[str, Any]]:
    """``build_config``, from a cache when the options are a few scalars (the usual start and load)."""
    if not isinstance(options, dict) or not all(
        k in SIMPLE_OPTIONS and type(v) in (int, bool) for k, v in options.items()
    ):
        return build_config(players, options)
    key = (players, tuple((k, type(v), v) for k, v in options.items()))
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg, script = build_config(players, options)
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


def new_seat(stock: tuple[int, ...]) -> Seat:
    return Seat(list(stock), [0] * 5, None, -1, [0] * 5, None, [0, 0, 0], [0, 0, 0], [], [], [0] * len(D.SOURCES))


def seat_row(s: Seat) -> list[Any]:
    """A seat's fields as fresh lists, in ``Seat`` order: its dumped form and, unpacked, its copy."""
    return [
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


def copy_seat(s: Seat) -> Seat:
    return Seat(*seat_row(s))


def copy_throw(t: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in t.items()}


def clone_state(st: State) -> State:
    """An independent copy without a JSON round trip. The config is never changed and a dice
    record is complete before it joins ``throws`` and never changed after, so both are shared."""
    return State(
        players=st.players,
        cfg=st.cfg,
        chance=st.chance.clone(),
        seats=[copy_seat(s) for s in st.seats],
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
        moves=list(st.moves),  # a kept move is never changed, only followed by new ones
        searching=st.searching,
    )


def dump_state(st: State) -> dict[str, Any]:
    """The plain JSON form of a game (its options, not the config built from them)."""
    return {
        "players": st.players,
        "options": copy.deepcopy(st.cfg.options),
        "chance": st.chance.dump(),
        "seats": [seat_row(s) for s in st.seats],
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
        "throws": [copy_throw(t) for t in st.throws],
        "moves": copy_moves(st.moves),
    }


def load_state(data: dict[str, Any]) -> State:
    """The inverse of ``dump_state``; the config is rebuilt (or shared) from the options."""
    players = data["players"]
    cfg, _ = shared_config(players, dict(data["options"]))
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
        throws=[copy_throw(t) for t in data["throws"]],
        moves=copy_moves(data.get("moves") or []),  # older snapshots have none
    )
