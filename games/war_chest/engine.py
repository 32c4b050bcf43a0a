"""War Chest rules engine (shared/rules/war-chest.md).

Seats: 2 players, seat 0 = Raven (North), seat 1 = Wolf (South); 4 players, seats 0 and 2 = team
Raven, seats 1 and 3 = team Wolf (§6.0). Hexes are written ``"q,r"`` in the axial coordinates of
§3.1 (``"-1,-2"``, ``"0,3"``); ``apply`` also accepts ``"(-1, -2)"``, ``"+0,-3"`` or ``[q, r]``.
Coins are named by the unit names of §5 (``"Archer"``, ``"Light Cavalry"``, ``"Warrior Priest"``;
case, ``_`` and the Dutch names are forgiven) and ``"royal"`` for the Royal Coin.

Actions
-------
Main play (prompt ``turn``, secret: the hand goes by DM) and the Warrior Priest's drawn coin
(prompt ``warrior_priest``, secret) name the coin they spend::

    {"type": "deploy", "coin": "Archer", "to": "-1,-2"}
    {"type": "bolster", "coin": "Archer"}
    {"type": "claim_initiative", "coin": "royal"}
    {"type": "recruit", "coin": "royal", "unit": "Archer"}      # "unit" = the type taken from supply
    {"type": "pass", "coin": "Knight"}
    {"type": "move", "coin": "Knight", "to": "0,1"}
    {"type": "control", "coin": "Knight"}                       # the location the unit stands on
    {"type": "attack", "coin": "Knight", "target": "0,2"}
    {"type": "tactic", "coin": "Archer", "target": "0,2"}       # Crossbowman alike
    {"type": "tactic", "coin": "Cavalry", "to": "0,1"}          # optional "target"; else asked after
    {"type": "tactic", "coin": "Lancer", "to": "0,1"}           # attacks the next hex in that line
    {"type": "tactic", "coin": "Light Cavalry", "to": "0,2"}
    {"type": "tactic", "coin": "Ensign", "unit": "1,0", "to": "1,1"}      # "unit" = the unit moved
    {"type": "tactic", "coin": "Marshall", "unit": "1,0", "target": "1,1"}
    {"type": "tactic", "coin": "Footman"}                       # then one maneuver per Footman
    {"type": "tactic", "coin": "royal", "to": "0,1"}            # the Royal Guard tactic

A bolster or maneuver may name its unit's hex as ``"at"``; ``legal`` lists it only when needed
(two Footman units on the board), ``apply`` accepts it always. Other spellings ``apply`` accepts:
``from`` for ``at`` (for the Ensign and Marshall: for ``unit``), ``to`` for an attack's
``target``, ``claim``/``initiative`` for ``claim_initiative``, ``recruit`` for a recruit's
``unit``; an action without ``at`` is accepted when exactly one legal action fits it.

Follow-up decisions, by prompt kind (§9.4)::

    draft           {"type": "draft", "unit": "Archer"}              # the last pick is automatic
    soak            {"type": "soak", "from": "supply"} | {"type": "soak", "from": "unit"}
                    (asked of the attacked Royal Guard's owner, only while its supply has a coin)
    cavalry         {"type": "attack", "target": hex}                 # only when several targets
    footman         {"type": "move", "at": hex, "to": hex} | {"type": "control", "at": hex}
                    | {"type": "attack", "at": hex, "target": hex}    # each Footman once (D5)
    berserker       {"type": "move"|"control"|"attack", ...} | {"type": "decline"}  # pays a coin first
    mercenary       {"type": "move"|"control"|"attack", ...} | {"type": "decline"}
    swordsman       {"type": "move", "to": hex} | {"type": "decline"}
    warrior_priest  any main-play action with the drawn coin

Optional follow-ups are asked of the unit's owner (D9) and only when they have an option (§9.3);
a coin-less ``{"type": "pass"}`` also declines. No unit of the base game has two attributes that
trigger on one event, so there is never an order of simultaneous triggers to choose.

Events (``to`` = private to those seats)
-----------------------------------------
Chance (§18; each with ``kind``, ``seat``, ``result``, ``scripted`` and ``source`` = script|rng):
``deal`` (seat None for the draft pool), ``flip`` (seat = who takes the marker or picks first,
result = faction), ``draw`` (private to the drawer; ``reason`` round|warrior_priest). Public
companions: ``drew`` {seat, count, reason}, ``refill`` {seat, count}. Play: ``drafted`` {seat,
unit, auto}, ``round_started`` {round, initiative}, ``deployed`` {seat, unit, at}, ``bolstered``
{seat, unit, at, height}, ``initiative_claimed`` {seat}, ``recruited`` {seat, unit}, ``passed``
{seat}, ``tactic`` {seat, unit, at}, ``moved`` {seat, unit, from, dest, via}, ``controlled`` {seat,
unit, at, faction, previous, via}, ``attacked`` {seat, unit, at, target, target_unit, target_seat,
via}, ``soaked`` {seat, unit, at}, ``coin_removed`` {seat, unit, at, height, cause: attack|pikeman},
``unit_removed`` {seat, unit, at}, ``berserker_paid`` {seat, at, height}, ``declined`` {seat,
what}, ``game_won`` {faction, seats}, ``stalemate`` {round}. The events of ``start`` (deals, the
flip, round 1's draws) are kept in the state: ``ENGINE.opening_events(state)``.

Stalemate guard (not a rule of the game): at the start of each round, if no seat holds outside
the board and the box a coin of a type whose unit is on the board or could be deployed now (nor a
Royal Coin whose Royal Guard could free a location or help a stranded Scout), the board can never
change again, so no marker can be placed and the game could not end (§14 has no other way). The
game then ends in a ``stalemate`` event with no winner: ``result`` ranks every seat first with
tiebreak ``"stalemate"``. Random play reaches this often (all coins bolstered onto the board):
in 3,200 random games (2 and 4 players, basic and draft) 78% ended so, the rest by a win, and
none took more than 1,800 actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import fields
from functools import lru_cache
from itertools import compress
from operator import add
from typing import Any

from games.core import (
    Action,
    Event,
    IllegalAction,
    InvalidOptions,
    OptionSpec,
    Presentation,
    Prompt,
    Result,
    event,
)
from games.rng import Chance
from games.war_chest import actions as A
from games.war_chest import data as D
from games.war_chest.data import (
    ARCHER,
    BERSERKER,
    CAVALRY,
    CROSSBOWMAN,
    ENSIGN,
    FOOTMAN,
    HEX_NAMES,
    KNIGHT,
    LANCER,
    LIGHT_CAVALRY,
    MARSHALL,
    MERCENARY,
    PIKEMAN,
    ROYAL,
    ROYAL_GUARD,
    SCOUT,
    SWORDSMAN,
    UNIT_NAMES,
    WARRIOR_PRIEST,
)
from games.war_chest.state import SeatState, Unit, WarChestState, clone_state, dump_state, load_state, zero_counts

__all__ = ("ENGINE", "WarChestEngine", "WarChestState", "Unit", "SeatState", "parse_hex", "parse_coin")

_HAND_SIZE = 3
_KINDS = range(D.NKINDS)
_ATTACKS = D.ATTACKS_NORMALLY
_HEX_BY_NAME = {n: i for i, n in enumerate(HEX_NAMES)}
_KIND_BY_NAME = {n: i for i, n in enumerate(UNIT_NAMES)}  # canonical names only (listed actions)
# per board and hex: the Crossbowman's (destination, middle) pairs in order; hexes 1-2 steps away
_STRAIGHT2 = {p: tuple(tuple(sorted(s)) for s in b.straight2) for p, b in D.BOARDS.items()}
_WITHIN2 = {p: tuple(frozenset(w) for w in b.within2) for p, b in D.BOARDS.items()}
# [players][hex][neighbour]: the neighbour's own neighbours but the hex (a Cavalry's targets after its move)
_BEYOND = {
    p: tuple({n: tuple(x for x in b.neighbours[n] if x != h) for n in b.neighbours[h]} for h in range(len(HEX_NAMES)))
    for p, b in D.BOARDS.items()
}

Extra = dict[str, Any] | None
# the options of one decision: the actions legal lists, and beside each what apply needs
Options = tuple[list[Action], list[Extra]]
# the open decision: (seat, kind, actions, extras); (None, None, [], []) once the game is over
Memo = tuple[int | None, str | None, list[Action], list[Extra]]


@lru_cache(maxsize=1024)
def _turn_prompt(round_: int) -> Prompt:
    """The main-play prompt of a round; shared, since a Prompt is frozen and nobody edits its data."""
    return Prompt("turn", secret=True, data={"round": round_})


def _draw_event(seat: int, kind: int, scripted: bool, reason: str) -> Event:
    """The private ``draw`` event, built by hand: the hottest event (one per coin drawn)."""
    return {
        "type": "draw",
        "kind": "draw",
        "seat": seat,
        "result": UNIT_NAMES[kind],
        "scripted": scripted,
        "source": "script" if scripted else "rng",
        "reason": reason,
        "to": [seat],
    }


def _enemy(st: WarChestState, x: int, team: int, height: int) -> bool:
    """Whether a unit of ``team`` with ``height`` coins may attack the unit on ``x`` (Knight rule)."""
    v = st.at.get(x)
    if v is None:
        return False
    t = st.units[v]
    return (t.owner & 1) != team and (t.kind != KNIGHT or height >= 2)


def _add3(a: int, b: int, c: int) -> int:
    return a + b + c


def _hex_of(u: Unit) -> int:
    return u.hex


def _with_at(action: Action, here: str) -> Action:
    """A coin action naming its unit's hex right after the coin (two units of one kind)."""
    out: Action = {"type": action["type"], "coin": action["coin"], "at": here}
    for key, val in action.items():
        if key not in out:
            out[key] = val
    return out


_COIN_BY_KEY: dict[str, int] = {}
for _i, _n in enumerate(UNIT_NAMES):
    _COIN_BY_KEY[_n.lower()] = _i
    _COIN_BY_KEY[D.NL_NAMES[_i].lower()] = _i
_COIN_BY_KEY.update({"marshal": MARSHALL, "royal coin": ROYAL, "royal_coin": ROYAL, "koningsmunt": ROYAL})

_TYPE_ALIASES = {
    "claim": "claim_initiative",
    "initiative": "claim_initiative",
    "claiminitiative": "claim_initiative",
    "skip": "decline",
    "pick": "draft",
}
# other names players and tests may use for a field, per action type
_FIELD_ALIASES: dict[str, dict[str, str]] = {
    "deploy": {"at": "to", "hex": "to", "location": "to", "on": "to", "dest": "to"},
    "bolster": {"from": "at", "hex": "at", "to": "at", "on": "at", "unit": "at"},
    "move": {"from": "at", "dest": "to", "hex": "to"},
    "control": {"from": "at", "hex": "at", "location": "at", "to": "at", "on": "at"},
    "attack": {"from": "at", "to": "target", "hex": "target", "enemy": "target"},
    "tactic": {"from": "at", "dest": "to", "enemy": "target", "ally": "unit", "friend": "unit"},
    "recruit": {"recruit": "unit", "card": "unit", "kind": "unit"},
    "draft": {"card": "unit", "pick": "unit"},
}
_TYPES = frozenset(
    (
        "deploy",
        "bolster",
        "claim_initiative",
        "recruit",
        "pass",
        "move",
        "control",
        "attack",
        "tactic",
        "draft",
        "soak",
        "decline",
    )
)


def parse_hex(value: Any) -> int | None:
    """A hex index from ``"q,r"`` (signs, spaces, brackets forgiven) or ``[q, r]``; None if malformed."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value):
        return D.HEX_INDEX.get((value[0], value[1]))
    if not isinstance(value, str):
        return None
    text = value.strip().replace("\u2212", "-").strip("()[] ").replace(" ", "").replace("+", "")
    idx = _HEX_BY_NAME.get(text)
    if idx is not None:
        return idx
    parts = text.split(",")
    if len(parts) != 2:
        return None
    try:
        return D.HEX_INDEX.get((int(parts[0]), int(parts[1])))
    except ValueError:
        return None


def parse_coin(value: Any) -> int | None:
    """A coin kind from a unit name (any case, ``_`` or ``-`` for spaces) or ``royal``."""
    if not isinstance(value, str):
        return None
    return _COIN_BY_KEY.get(value.strip().lower().replace("_", " ").replace("-", " "))


class _ScriptError(Exception):
    """A scripted chance value that is not allowed at that point (§18)."""


# -- script and options --------------------------------------------------------------------------------


def _validate_script(script: Any, players: int) -> dict[str, Any]:
    if not isinstance(script, dict):
        raise InvalidOptions("script must be an object")
    out: dict[str, Any] = {}
    for key, val in script.items():
        if key == "flips":
            flips = [v.strip().lower() if isinstance(v, str) else v for v in val] if isinstance(val, list) else None
            if flips is None or any(v not in D.FACTIONS for v in flips):
                raise InvalidOptions("script.flips must be a list of 'raven' / 'wolf'")
            out["flips"] = flips
        elif key == "cards":
            if not isinstance(val, list):
                raise InvalidOptions("script.cards must be a list of unit names")
            kinds = [parse_coin(v) for v in val]
            if any(k is None or k == ROYAL for k in kinds):
                raise InvalidOptions(f"script.cards has an unknown unit name: {val}")
            if len(set(kinds)) != len(kinds):
                raise InvalidOptions("script.cards names a card twice")
            out["cards"] = [UNIT_NAMES[k] for k in kinds]  # type: ignore[index]
        elif key == "draws":
            if not isinstance(val, dict):
                raise InvalidOptions("script.draws must map seats to coin lists")
            draws: dict[str, list[str]] = {}
            for seat, coins in val.items():
                try:
                    s = int(seat)
                except (TypeError, ValueError):
                    raise InvalidOptions(f"script.draws: bad seat {seat!r}") from None
                if not 0 <= s < players:
                    raise InvalidOptions(f"script.draws: no seat {s}")
                if not isinstance(coins, list) or any(parse_coin(c) is None for c in coins):
                    raise InvalidOptions(f"script.draws[{seat}] has an unknown coin name")
                draws[str(s)] = [UNIT_NAMES[parse_coin(c)] for c in coins]  # type: ignore[index]
            out["draws"] = draws
        else:
            raise InvalidOptions(f"unknown script key {key!r}")
    return out


def _script_live(script: dict[str, Any]) -> bool:
    """Whether any scripted value is left (then apply keeps a backup: a bad one must not half-apply)."""
    for val in script.values():
        if isinstance(val, dict):
            if any(val.values()):
                return True
        elif val:
            return True
    return False


def _chance_event(kind: str, seat: int | None, result: str, scripted: bool, **more: Any) -> Event:
    return event(
        kind,
        kind=kind,
        seat=seat,
        result=result,
        scripted=scripted,
        source="script" if scripted else "rng",
        **more,
    )


# -- the engine --------------------------------------------------------------------------------------------


class WarChestEngine(Presentation):
    text_module = "games.war_chest.text"
    picture_module = "games.war_chest.picture"

    strategy_module = "games.war_chest.strategy"
    key = "war_chest"
    names = {"en": "War Chest", "nl": "War Chest"}
    min_players = 2
    max_players = 4
    player_counts = (2, 4)
    option_specs = (
        OptionSpec(
            "setup",
            "choice",
            "basic",
            ("basic", "draft"),
            {
                "en": "basic: units dealt at random; draft: players pick their units in turn",
                "nl": "basic: eenheden willekeurig gedeeld; draft: spelers kiezen om beurten hun eenheden",
            },
        ),
        OptionSpec(
            "royal_guard",
            "choice",
            "original",
            ("original", "revised"),
            {
                "en": "original: Royal Guard tactic moves one step; revised: up to 2 steps onto your location",
                "nl": "original: tactiek Koninklijke Garde zet één stap; revised: tot 2 stappen naar je eigen bolwerk",
            },
        ),
    )

    # -- start -------------------------------------------------------------------------------------------

    def start(self, players: int, options: dict[str, Any] | None = None, seed: int | None = None) -> WarChestState:
        opts = dict(options or {})
        if players not in (2, 4):
            raise InvalidOptions("War Chest is played by 2 or 4 players")
        unknown = set(opts) - {"setup", "royal_guard", "seed", "script", "players"}
        if unknown:
            raise InvalidOptions(f"unknown option(s): {', '.join(sorted(unknown))}")
        if "players" in opts and opts["players"] != players:
            raise InvalidOptions("option players disagrees with the seat count")
        setup = opts.get("setup") or "basic"
        setup = setup.strip().lower() if isinstance(setup, str) else setup
        if setup not in ("basic", "draft"):
            raise InvalidOptions("setup must be basic or draft")
        guard = opts.get("royal_guard") or "original"
        guard = guard.strip().lower() if isinstance(guard, str) else guard
        if guard not in ("original", "revised"):
            raise InvalidOptions("royal_guard must be original or revised")
        if opts.get("seed") is not None:
            if not isinstance(opts["seed"], int) or isinstance(opts["seed"], bool):
                raise InvalidOptions("seed must be an integer")
            seed = opts["seed"]
        script = _validate_script(opts["script"], players) if opts.get("script") is not None else {}
        board = D.BOARDS[players]
        chance = Chance(seed or 0, script)
        st = WarChestState(
            players=players,
            setup=setup,
            royal_guard=guard,
            phase="play",
            round=0,
            turn=0,
            turn_done=False,
            initiative=0,
            claimed=False,
            seats=[
                SeatState([], zero_counts(), zero_counts(), zero_counts(), zero_counts(), zero_counts(), zero_counts())
                for _ in range(players)
            ],
            units={},
            at={},
            control={},
            reserve=[board.markers - len(board.starts[0]), board.markers - len(board.starts[1])],
            stack=[],
            draft_pool=[],
            draft_order=[],
            draft_pick=0,
            winner=None,
            next_uid=1,
            chance=chance,
            opening=[],
        )
        for team in (0, 1):
            for h in board.starts[team]:
                st.control[h] = team
        ev = st.opening
        # §18: card shuffle first (scripted top, RNG order for the rest), then the flip
        deck = []
        for name in script.get("cards", []):
            deck.append((D.UNIT_NAMES.index(name), True))
        rest = [k for k in range(16) if all(k != d for d, _ in deck)]
        chance.rng.shuffle(rest)
        deck += [(k, False) for k in rest]
        chance.script.pop("cards", None)
        per = 4 if players == 2 else 3
        if setup == "basic":
            for s in range(players):
                for kind, scripted in deck[s * per : (s + 1) * per]:
                    st.seats[s].cards.append(kind)
                    ev.append(_chance_event("deal", s, UNIT_NAMES[kind], scripted))
        else:
            for kind, scripted in deck[: per * players]:
                st.draft_pool.append(kind)
                ev.append(_chance_event("deal", None, UNIT_NAMES[kind], scripted))
        flip = chance.take("flips")
        scripted = flip is not Chance.NONE
        team = D.FACTIONS.index(flip) if scripted else chance.rng.below(2)
        # D10: the lower-numbered seat of the shown faction is seat 0 or 1
        first = team
        ev.append(_chance_event("flip", first, D.FACTIONS[team], scripted))
        try:
            if setup == "basic":
                st.initiative = first
                self._fill_bags(st)
                self._new_round(st, ev)
            else:
                st.phase = "draft"
                n = players
                if n == 2:
                    st.draft_order = [first, 1 - first, 1 - first, first, first, 1 - first, 1 - first, first]
                else:
                    p = [(first + k) % 4 for k in range(4)]
                    st.draft_order = [p[i] for i in (0, 1, 2, 3, 3, 2, 1, 0, 1, 2, 3, 0)]
        except _ScriptError as exc:
            raise InvalidOptions(str(exc)) from None
        return st

    def opening_events(self, st: WarChestState) -> list[Event]:
        """The chance events of ``start``: deals, the flip and round 1's draws."""
        return list(st.opening)

    def _fill_bags(self, st: WarChestState) -> None:
        for sd in st.seats:
            for k in sd.cards:
                sd.bag[k] = D.BAG_PER_TYPE
                sd.supply[k] = D.COINS[k] - D.BAG_PER_TYPE
            sd.bag[ROYAL] = 1

    # -- chance ----------------------------------------------------------------------------------------

    def _draw(self, st: WarChestState, seat: int, ev: list[Event], reason: str) -> int | None:
        """One coin from the seat's bag, refilling from the discard if needed (§9.1)."""
        sd = st.seats[seat]
        bag = sd.bag
        total = sum(bag) or self._refill(sd, seat, ev)
        if total == 0:
            return None
        chance = st.chance
        scripted = chance.peek("draws", str(seat)) if chance.script else Chance.NONE
        if scripted is not Chance.NONE:
            kind = parse_coin(scripted)
            if kind is None or bag[kind] == 0:
                raise _ScriptError(f"script draw {scripted!r} for seat {seat}: that coin is not in the bag")
            chance.take("draws", str(seat))
            from_script = True
        else:
            r = chance.rng.below(total)
            kind = 0
            for count in bag:  # the r-th coin of the bag in kind order
                if r < count:
                    break
                r -= count
                kind += 1
            from_script = False
        bag[kind] -= 1
        ev.append(_draw_event(seat, kind, from_script, reason))
        return kind

    @staticmethod
    def _refill(sd: SeatState, seat: int, ev: list[Event]) -> int:
        """An empty bag takes the whole discard (§9.1); the new bag size (0: nothing to draw)."""
        total = sum(sd.up) + sum(sd.down)
        if total:
            sd.bag[:] = map(add, sd.up, sd.down)  # the bag is empty: it becomes the discard
            sd.up = zero_counts()
            sd.down = zero_counts()
            ev.append({"type": "refill", "seat": seat, "count": total})
        return total

    def _draw_hand(self, st: WarChestState, seat: int, ev: list[Event]) -> int:
        """A round's draw of one seat, up to three coins (§9.2.4); how many it got.

        Coin by coin through ``_draw`` while a script may decide; else one pass over the bag."""
        sd = st.seats[seat]
        hand = sd.hand
        count = 0
        if st.chance.script:
            while count < _HAND_SIZE:
                kind = self._draw(st, seat, ev, "round")
                if kind is None:
                    break
                hand[kind] += 1
                count += 1
            return count
        rng = st.chance.rng
        bag = sd.bag
        total = sum(bag)
        while count < _HAND_SIZE:
            if total == 0:
                total = self._refill(sd, seat, ev)
                if total == 0:
                    break
            r = rng.below(total)
            for kind in compress(_KINDS, bag):  # the r-th coin of the bag in kind order
                n = bag[kind]
                if r < n:
                    break
                r -= n
            bag[kind] -= 1
            total -= 1
            hand[kind] += 1
            count += 1
            ev.append(
                {
                    "type": "draw",
                    "kind": "draw",
                    "seat": seat,
                    "result": UNIT_NAMES[kind],
                    "scripted": False,
                    "source": "rng",
                    "reason": "round",
                    "to": [seat],
                }
            )
        return count

    def _dead(self, st: WarChestState) -> bool:
        """Whether the board is frozen for good (the engine's stalemate guard, checked each round).

        The board changes only by a coin that deploys, bolsters or maneuvers (granted maneuvers and
        attribute chains also start from such a coin); whether a coin kind can do that depends only
        on the board. So if no seat has, outside the board and the box, a coin of a kind whose unit
        is on the board or can be deployed now (nor the Royal Coin with its Royal Guard on the
        board), no marker can ever be placed again and the game could never end.
        """
        seats = st.seats
        for u in st.units.values():  # the common case, checked first: a coin can bolster its unit
            sd = seats[u.owner]
            k = u.kind
            if sd.bag[k] or sd.hand[k] or sd.up[k] or sd.down[k] or sd.supply[k]:
                return False
        board = D.BOARDS[st.players]
        on_board: set[tuple[int, int]] = {(u.owner, u.kind) for u in st.units.values()}
        stranded = [False, False]  # a team has a coin whose unit is off the board
        scout = False
        for seat, sd in enumerate(st.seats):
            team = seat & 1
            free_loc = any(h not in st.at and st.control.get(h) == team for h in board.locations)
            for k in range(ROYAL):
                if not (sd.bag[k] or sd.hand[k] or sd.up[k] or sd.down[k] or sd.supply[k]):
                    continue
                if (seat, k) in on_board or free_loc:
                    return False
                stranded[team] = True
                if k == SCOUT:
                    scout = True
                    if any(
                        (u.owner & 1) == team and any(n not in st.at for n in board.neighbours[u.hex])
                        for u in st.units.values()
                    ):
                        return False
        # The Royal Coin only moves the Royal Guard: that matters only if it frees a location its
        # team could deploy on, or opens hexes for a stranded Scout.
        for u in st.units.values():
            if u.kind == ROYAL_GUARD:
                owner_of_loc = st.control.get(u.hex)
                # a Royal Guard that cannot move now never will on a frozen board
                if not scout and (owner_of_loc is None or not stranded[owner_of_loc]):
                    continue
                guard = self._guard_of(st, u.owner)  # the one its Royal Coin moves
                if guard is not None and self._royal_dests(st, guard):
                    return False
        return True

    def _new_round(self, st: WarChestState, ev: list[Event]) -> None:
        if self._dead(st):
            st.phase = "over"
            st.stack.clear()
            ev.append(event("stalemate", round=st.round))
            return
        st.round += 1
        st.claimed = False
        ev.append({"type": "round_started", "round": st.round, "initiative": st.initiative})
        n = st.players
        for k in range(n):
            s = (st.initiative + k) % n
            count = self._draw_hand(st, s, ev)  # hands are empty when a round starts (§9.2.4)
            ev.append({"type": "drew", "seat": s, "count": count, "reason": "round"})
        st.turn = st.initiative
        st.turn_done = False

    # -- whose decision ----------------------------------------------------------------------------------

    def _decider(self, st: WarChestState) -> tuple[int, str] | None:
        if st.phase == "over":
            return None
        if st.phase == "draft":
            return st.draft_order[st.draft_pick], "draft"
        if st.stack:
            top = st.stack[-1]
            return top["seat"], top["k"]
        return st.turn, "turn"

    def pending(self, st: WarChestState) -> dict[int, Prompt]:
        if st.phase == "play" and not st.stack:
            return {st.turn: _turn_prompt(st.round)}
        who = self._decider(st)
        if who is None:
            return {}
        seat, kind = who
        data: dict[str, Any] = {"round": st.round}
        secret = False
        if kind == "turn":
            secret = True
        elif kind == "draft":
            data["pool"] = [UNIT_NAMES[k] for k in st.draft_pool]
        else:
            top = st.stack[-1]
            data.update(self._frame_public(st, top))
            if kind == "warrior_priest":
                secret = True
                data["coin"] = UNIT_NAMES[top["coin"]]
        return {seat: Prompt(kind, secret=secret, data=data)}

    def _frame_public(self, st: WarChestState, top: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        k = top["k"]
        if k == "soak":
            a, d = st.units.get(top["a"]), st.units[top["d"]]
            out["target"] = HEX_NAMES[d.hex]
            if a is not None:
                out["attacker"] = HEX_NAMES[a.hex]
                out["attacker_unit"] = UNIT_NAMES[a.kind]
        elif k == "footman":
            out["footmen"] = [HEX_NAMES[st.units[u].hex] for u in top["left"] if u in st.units]
        elif k in ("cavalry", "berserker", "mercenary", "swordsman") and top["uid"] in st.units:
            u = st.units[top["uid"]]
            out["unit"] = UNIT_NAMES[u.kind]
            out["at"] = HEX_NAMES[u.hex]
        return out

    # -- move generation -----------------------------------------------------------------------------------
    # Options are two parallel lists: the actions legal hands out (shared dicts from actions.py)
    # and, per action, what apply needs beside it (the acting unit's hex, a Cavalry's targets).

    def legal(self, st: WarChestState, seat: int) -> list[Action]:
        memo = st.memo or self._options(st)
        if memo[0] != seat:
            return []
        return list(memo[2])

    def _options(self, st: WarChestState) -> Memo:
        """Who decides now, what kind of decision, and its options; kept until the state changes."""
        memo = st.memo
        if memo is None and st.phase == "play" and not st.stack:  # a main-play turn, the common case
            acts, extras = self._compute_options(st)
            memo = st.memo = (st.turn, "turn", acts, extras)
        elif memo is None:
            who = self._decider(st)
            if who is None:
                memo = (None, None, [], [])
            else:
                acts, extras = self._compute_options(st)
                memo = (who[0], who[1], acts, extras)
            st.memo = memo
        return memo

    def _compute_options(self, st: WarChestState) -> Options:
        if st.phase == "draft":
            kinds = sorted(set(st.draft_pool))
            return [A.DRAFT[k] for k in kinds], [None] * len(kinds)
        if st.stack:
            return self._frame_options(st, st.stack[-1])
        acts: list[Action] = []
        extras: list[Extra] = []
        seat = st.turn
        hand = st.seats[seat].hand
        mine = self._units_by_kind(st, seat)
        for kind in compress(_KINDS, hand):  # the kinds in hand, without a Python-level test per kind
            self._coin_actions(st, seat, kind, mine, acts, extras)
        return acts, extras

    @staticmethod
    def _units_by_kind(st: WarChestState, seat: int) -> dict[int, list[Unit]]:
        """That seat's units per kind, in the order of ``st.units`` (a Footman may have two).

        Kept on the state while no unit came or went: every deploy takes a new uid and every
        removal shrinks ``units``, so (next uid, unit count) tells when to rebuild. Units move
        in place, so callers sort a pair by hex themselves."""
        index = st.index
        if index is None or index[0] != st.next_uid or index[1] != len(st.units):
            per_seat: list[dict[int, list[Unit]]] = [{} for _ in range(st.players)]
            for u in st.units.values():
                mine = per_seat[u.owner]
                same = mine.get(u.kind)
                if same is None:
                    mine[u.kind] = [u]
                else:
                    same.append(u)
            index = st.index = (st.next_uid, len(st.units), per_seat)
        return index[2][seat]

    def _frame_options(self, st: WarChestState, top: dict[str, Any]) -> Options:
        k = top["k"]
        acts: list[Action] = []
        extras: list[Extra] = []
        if k == "soak":
            return list(A.SOAK), [None, None]
        if k == "warrior_priest":
            seat, coin = top["seat"], top["coin"]
            self._coin_actions(st, seat, coin, self._units_by_kind(st, seat), acts, extras)
            return acts, extras
        if k == "footman":
            for uid in top["left"]:
                u = st.units.get(uid)
                if u is not None:
                    self._free_maneuvers(st, u, u.height, acts, extras, with_at=True)
            return acts, extras
        u = st.units.get(top["uid"])
        if u is None:
            return acts, extras
        extra = A.AT_COIN[u.kind][u.hex]
        if k == "cavalry":
            for t in self._attack_targets(st, u, u.height):
                acts.append(A.FREE_ATTACK[t])
                extras.append(extra)
            return acts, extras
        if k == "swordsman":
            at = st.at
            for n in D.BOARDS[st.players].neighbours[u.hex]:
                if n not in at:
                    acts.append(A.FREE_MOVE[n])
                    extras.append(extra)
        elif k == "berserker":
            if u.height >= 2:  # the last coin is never paid (§5.2)
                self._free_maneuvers(st, u, u.height - 1, acts, extras, with_at=False)
        elif k == "mercenary":
            self._free_maneuvers(st, u, u.height, acts, extras, with_at=False)
        if acts:
            acts.append(A.DECLINE)
            extras.append(None)
        return acts, extras

    @staticmethod
    def _board(st: WarChestState) -> D.Board:
        return D.BOARDS[st.players]

    def _attack_targets(self, st: WarChestState, u: Unit, height: int) -> list[int]:
        """Adjacent enemy units that unit may attack with the given height (Knight rule)."""
        team = u.owner & 1
        out = []
        units, at = st.units, st.at
        for n in D.BOARDS[st.players].neighbours[u.hex]:
            v = at.get(n)
            if v is not None:
                t = units[v]
                if (t.owner & 1) != team and (t.kind != KNIGHT or height >= 2):
                    out.append(n)
        return out

    def _free_maneuvers(
        self, st: WarChestState, u: Unit, height: int, acts: list[Action], extras: list[Extra], *, with_at: bool
    ) -> None:
        """Move, control and attack of one unit without a coin (Footman, Berserker, Mercenary)."""
        h = u.hex
        extra = A.AT_COIN[u.kind][h]
        at = st.at
        moves = A.FREE_MOVE_AT[h] if with_at else A.FREE_MOVE
        for n in D.BOARDS[st.players].neighbours[h]:
            if n not in at:
                acts.append(moves[n])
                extras.append(extra)
        if self._can_control(st, u):
            acts.append(A.FREE_CONTROL_AT[h] if with_at else A.FREE_CONTROL)
            extras.append(extra)
        if _ATTACKS[u.kind]:
            attacks = A.FREE_ATTACK_AT[h] if with_at else A.FREE_ATTACK
            for t in self._attack_targets(st, u, height):
                acts.append(attacks[t])
                extras.append(extra)

    def _can_control(self, st: WarChestState, u: Unit) -> bool:
        h = u.hex
        return h in D.BOARDS[st.players].location_set and st.control.get(h) != (u.owner & 1)

    def _coin_actions(
        self,
        st: WarChestState,
        seat: int,
        kind: int,
        mine: dict[int, list[Unit]],
        acts: list[Action],
        extras: list[Extra],
    ) -> None:
        """Every action of ``seat`` spending one coin of ``kind`` (§10); ``mine`` = its units by kind."""
        team = seat & 1
        if kind != ROYAL:
            own = mine.get(kind, ())
            mine_n = len(own)
            if mine_n < (2 if kind == FOOTMAN else 1):
                deploy = A.DEPLOY[kind]
                for h in self._deploy_spots(st, team, kind == SCOUT):
                    acts.append(deploy[h])
                    extras.append(None)
            if mine_n == 1:
                u = own[0]
                acts.append(A.BOLSTER[kind])
                extras.append(A.AT[u.hex])
                self._coin_maneuvers(st, u, acts, extras)
            elif mine_n == 2:
                self._two_units(st, sorted(own, key=_hex_of), acts, extras)
            elif own:  # never in play; kept as the rules read for hand-made positions
                own = sorted(own, key=_hex_of)
                for u in own:
                    acts.append(A.BOLSTER[kind])
                    extras.append(A.AT[u.hex])
                for u in own:
                    self._coin_maneuvers(st, u, acts, extras)
            # one Footman tactic per coin, whichever unit: it maneuvers every Footman (§5.6)
            if kind == FOOTMAN and own and self._footman_can(st, seat):
                acts.append(A.FOOTMAN_TACTIC)
                extras.append(None)
        else:
            guards = mine.get(ROYAL_GUARD)
            guard = guards[0] if guards and len(guards) == 1 else self._guard_of(st, seat) if guards else None
            if guard is not None:
                self._royal_tactic(st, guard, acts, extras)
        if not st.claimed and (st.initiative & 1) != team:
            acts.append(A.CLAIM[kind])
            extras.append(None)
        sd = st.seats[seat]
        supply = sd.supply
        recruit = A.RECRUIT[kind]
        for t in sd.cards:
            if supply[t]:
                acts.append(recruit[t])
                extras.append(None)
        acts.append(A.PASS[kind])
        extras.append(None)

    @staticmethod
    def _deploy_spots(st: WarChestState, team: int, scout: bool) -> list[int]:
        """Empty hexes a unit of that team may deploy to, in hex order (Scout: also next to allies)."""
        board = D.BOARDS[st.players]
        at, control = st.at, st.control
        spots = [h for h in board.locations if h not in at and control.get(h) == team]
        if scout:
            extra = set(spots)
            for u in st.units.values():
                if (u.owner & 1) == team:
                    extra.update(n for n in board.neighbours[u.hex] if n not in at)
            spots = sorted(extra)
        return spots

    def _two_units(self, st: WarChestState, own: Sequence[Unit], acts: list[Action], extras: list[Extra]) -> None:
        """Bolster and maneuvers when two units share the coin's kind: each action names its unit."""
        for u in own:
            acts.append({**A.BOLSTER[u.kind], "at": HEX_NAMES[u.hex]})
            extras.append(A.AT[u.hex])
        for u in own:
            mine: list[Action] = []
            self._coin_maneuvers(st, u, mine, extras)
            acts.extend(_with_at(a, HEX_NAMES[u.hex]) for a in mine)

    def _coin_maneuvers(self, st: WarChestState, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
        """Move, control, attack and tactic of one unit paid with a coin of its kind, in that order."""
        board = D.BOARDS[st.players]
        at, units = st.at, st.units
        h, kind, height = u.hex, u.kind, u.height
        team = u.owner & 1
        extra = A.AT[h]
        move = A.MOVE[kind]
        occupied = []
        for n in board.neighbours[h]:
            if n in at:
                occupied.append(n)
            else:
                acts.append(move[n])
                extras.append(extra)
        if h in board.location_set and st.control.get(h) != team:
            acts.append(A.CONTROL[kind])
            extras.append(extra)
        if _ATTACKS[kind]:
            attack = A.ATTACK[kind]
            for n in occupied:
                t = units[at[n]]
                if (t.owner & 1) != team and (t.kind != KNIGHT or height >= 2):
                    acts.append(attack[n])
                    extras.append(extra)
        tactic = _TACTICS.get(kind)
        if tactic is not None:
            tactic(self, st, board, u, acts, extras)

    # Tactics of the units that have one (§5), each listing its own actions after the maneuvers.

    def _archer(self, st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
        h = u.hex
        extra = A.AT[h]
        tactic = A.TACTIC_TARGET[ARCHER]
        for x in board.ring2[h]:
            if _enemy(st, x, u.owner & 1, u.height):
                acts.append(tactic[x])
                extras.append(extra)

    def _crossbowman(self, st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
        h = u.hex
        extra = A.AT[h]
        tactic = A.TACTIC_TARGET[CROSSBOWMAN]
        at = st.at
        for x, mid in _STRAIGHT2[st.players][h]:
            if mid not in at and _enemy(st, x, u.owner & 1, u.height):
                acts.append(tactic[x])
                extras.append(extra)

    def _cavalry(self, st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
        h = u.hex
        here = HEX_NAMES[h]
        team, height = u.owner & 1, u.height
        tactic = A.TACTIC_TO[CAVALRY]
        at, units = st.at, st.units
        beyond = _BEYOND[st.players][h]
        for n in board.neighbours[h]:
            if n in at:
                continue
            targets = []  # D4: the move must be followed by a legal attack
            for x in beyond[n]:
                v = at.get(x)
                if v is not None:
                    t = units[v]
                    if (t.owner & 1) != team and (t.kind != KNIGHT or height >= 2):
                        targets.append(HEX_NAMES[x])
            if targets:
                acts.append(tactic[n])
                extras.append({"at": here, "targets": tuple(targets)})

    def _lancer(self, st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
        h = u.hex
        here = HEX_NAMES[h]
        team, height = u.owner & 1, u.height
        tactic = A.TACTIC_TO[LANCER]
        at = st.at
        for ray in board.rays[h]:
            # one or two empty hexes in a straight line, then an enemy to attack
            if len(ray) <= 1 or ray[0] in at:
                continue
            if _enemy(st, ray[1], team, height):
                acts.append(tactic[ray[0]])
                extras.append({"at": here, "target": HEX_NAMES[ray[1]]})
            if len(ray) <= 2 or ray[1] in at:
                continue
            if _enemy(st, ray[2], team, height):
                acts.append(tactic[ray[1]])
                extras.append({"at": here, "target": HEX_NAMES[ray[2]]})

    def _light_cavalry(
        self, st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]
    ) -> None:
        h = u.hex
        extra = A.AT[h]
        tactic = A.TACTIC_TO[LIGHT_CAVALRY]
        at = st.at
        via = board.via[h]
        for x in board.ring2[h]:
            if x in at:
                continue
            for m in via[x]:  # a free hex between
                if m not in at:
                    acts.append(tactic[x])
                    extras.append(extra)
                    break

    def _ensign(self, st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
        h = u.hex
        extra = A.AT[h]
        team = u.owner & 1
        at, units = st.at, st.units
        near = _WITHIN2[st.players][h]
        for x in board.within2[h]:
            v = at.get(x)
            if v is None or (units[v].owner & 1) != team:
                continue
            tactic = A.TACTIC_UNIT_TO[x]
            for n in board.neighbours[x]:
                if n not in at and n in near:
                    acts.append(tactic[n])
                    extras.append(extra)

    def _marshall(self, st: WarChestState, board: D.Board, u: Unit, acts: list[Action], extras: list[Extra]) -> None:
        h = u.hex
        extra = A.AT[h]
        team = u.owner & 1
        at, units = st.at, st.units
        for x in board.within2[h]:
            v = at.get(x)
            if v is None:
                continue
            ally = units[v]
            if (ally.owner & 1) != team or not _ATTACKS[ally.kind]:
                continue
            tactic = A.TACTIC_UNIT_TARGET[x]
            for t in self._attack_targets(st, ally, ally.height):
                acts.append(tactic[t])
                extras.append(extra)

    def _footman_can(self, st: WarChestState, seat: int) -> bool:
        """Whether some Footman of that seat has a free maneuver (move, control or attack)."""
        at = st.at
        board = D.BOARDS[st.players]
        for u in st.units.values():
            if u.owner == seat and u.kind == FOOTMAN:
                if any(n not in at for n in board.neighbours[u.hex]) or self._can_control(st, u):
                    return True
                if self._attack_targets(st, u, u.height):
                    return True
        return False

    @staticmethod
    def _guard_of(st: WarChestState, seat: int) -> Unit | None:
        return next((u for u in st.units.values() if u.owner == seat and u.kind == ROYAL_GUARD), None)

    def _royal_dests(self, st: WarChestState, guard: Unit) -> list[int]:
        """Where the Royal Coin's tactic may move that Royal Guard."""
        board = D.BOARDS[st.players]
        at = st.at
        h = guard.hex
        if st.royal_guard == "original":
            return [n for n in board.neighbours[h] if n not in at]
        team = guard.owner & 1
        ok = {x for x in board.locations if x not in at and st.control.get(x) == team}
        dests = [n for n in board.neighbours[h] if n in ok]
        dests += [x for x in board.ring2[h] if x in ok and any(m not in at for m in board.via[h][x])]
        dests.sort()
        return dests

    def _royal_tactic(self, st: WarChestState, guard: Unit, acts: list[Action], extras: list[Extra]) -> None:
        extra = A.AT[guard.hex]
        tactic = A.TACTIC_TO[ROYAL]
        for n in self._royal_dests(st, guard):
            acts.append(tactic[n])
            extras.append(extra)

    # -- apply -------------------------------------------------------------------------------------------

    def apply(self, st: WarChestState, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("unknown_type", "an action needs a string 'type'")
        who, kind, acts, extras = st.memo or self._options(st)
        if who is None or kind is None:
            raise IllegalAction("game_over", "the game is over")
        try:
            i = acts.index(action)  # a listed action: shared, so mostly found by identity
            found: tuple[Action, Extra] | None = (acts[i], extras[i])
            norm = action
        except ValueError:
            found = None
            norm = self._normalise(action)
        if seat != who:
            raise IllegalAction("not_your_turn", f"seat {who} is to decide ({kind})", seat=who)
        try:
            act, extra = found if found is not None else self._match((acts, extras), norm)
        except IllegalAction as exc:
            if exc.code != "illegal_action":
                raise
            raise self._why_not(st, (who, kind), norm) from None
        st.memo = None
        backup = self.dump(st) if st.chance.script and _script_live(st.chance.script) else None
        ev: list[Event] = []
        try:
            self._execute(st, seat, kind, act, extra or {}, norm, ev)
            self._settle(st, ev)
        except _ScriptError as exc:
            if backup is not None:
                fresh = self.load(backup)
                for f in fields(WarChestState):
                    setattr(st, f.name, getattr(fresh, f.name))
            raise IllegalAction("bad_script", str(exc)) from None
        return ev

    def _why_not(self, st: WarChestState, who: tuple[int, str], norm: dict[str, Any]) -> IllegalAction:
        """The rule an unlisted action breaks (§10), for a refusal that says why."""
        seat, kind = who
        plain = f"{norm} is not legal now"
        if kind != "turn":
            return IllegalAction("follow_up", f"{plain}: the {kind} decision comes first", step=kind)
        typ = norm["type"]
        coin = parse_coin(norm.get("coin")) if "coin" in norm else None
        sd = st.seats[seat]
        if coin is not None and st.stack == [] and sd.hand[coin] == 0:
            return IllegalAction("coin_not_in_hand", plain, coin=UNIT_NAMES[coin])
        team = seat & 1
        board = D.BOARDS[st.players]
        mine = [u for u in st.units.values() if u.owner == seat and u.kind == coin]
        to = parse_hex(norm.get("to")) if "to" in norm else None
        target = parse_hex(norm.get("target", norm.get("to"))) if typ == "attack" else None
        if typ == "deploy":
            if coin == ROYAL:
                return IllegalAction("royal_coin", plain)
            if mine and (coin != FOOTMAN or len(mine) >= 2):
                return IllegalAction("already_on_board", plain)
            if to is not None and to in st.at:
                return IllegalAction("hex_occupied", plain)
            if coin != SCOUT and (to not in board.location_set or st.control.get(to) != team):
                return IllegalAction("not_your_location", plain)
        elif typ in ("bolster", "move", "control", "attack", "tactic") and coin not in (None, ROYAL) and not mine:
            return IllegalAction("not_on_board", plain)
        elif typ == "move" and to is not None:
            if to in st.at:
                return IllegalAction("hex_occupied", plain)
            if all(to not in board.neighbours[u.hex] for u in mine):
                return IllegalAction("not_adjacent", plain)
        elif typ == "control":
            if all(u.hex not in board.location_set for u in mine):
                return IllegalAction("not_a_location", plain)
            if all(st.control.get(u.hex) == team for u in mine):
                return IllegalAction("already_controlled", plain)
        elif typ == "attack":
            if coin is not None and coin < ROYAL and not _ATTACKS[coin]:
                return IllegalAction("no_normal_attack", plain)
            enemy = st.at.get(target) if target is not None else None
            if enemy is None or st.units[enemy].owner & 1 == team:
                return IllegalAction("no_enemy", plain)
            if all(target not in board.neighbours[u.hex] for u in mine):
                return IllegalAction("not_adjacent", plain)
        elif typ == "tactic" and coin is not None and coin < ROYAL and not D.HAS_TACTIC[coin]:
            return IllegalAction("no_tactic", plain)
        elif typ == "recruit":
            unit = parse_coin(norm.get("unit"))
            if unit is not None and unit not in sd.cards:
                return IllegalAction("not_your_unit", plain)
            if unit is not None and sd.supply[unit] == 0:
                return IllegalAction("supply_empty", plain)
        elif typ == "claim_initiative":
            return IllegalAction("initiative_taken", plain)
        return IllegalAction("illegal_action", plain)

    def _normalise(self, action: Action) -> dict[str, Any]:
        typ = action["type"].strip().lower().replace("-", "_").replace(" ", "_")
        typ = _TYPE_ALIASES.get(typ, typ)
        if typ not in _TYPES:
            raise IllegalAction("unknown_type", f"no action type {action['type']!r}")
        out: dict[str, Any] = {"type": typ}
        if typ == "soak":
            action = self._soak_aliases(action)
        aliases = _FIELD_ALIASES.get(typ, {})
        ally = typ == "tactic" and parse_coin(action.get("coin")) in (ENSIGN, MARSHALL)
        for key, val in action.items():
            if key == "type":
                continue
            if ally and key in ("from", "ally", "friend"):
                key = "unit"  # the Ensign moves / the Marshall commands that unit
            key = aliases.get(key, key)
            if key in out:
                raise IllegalAction("bad_field", f"field {key!r} given twice")
            if key == "coin":
                k = parse_coin(val)
                if k is None:
                    raise IllegalAction("unknown_coin", f"no coin {val!r}")
                out["coin"] = UNIT_NAMES[k]
            elif key == "unit" and typ in ("recruit", "draft"):
                k = parse_coin(val)
                if k is None or k == ROYAL:
                    raise IllegalAction("unknown_unit", f"no unit {val!r}")
                out["unit"] = UNIT_NAMES[k]
            elif key in ("to", "at", "target", "unit"):
                h = parse_hex(val)
                if h is None:
                    raise IllegalAction("bad_hex", f"{key}: no hex {val!r}")
                out[key] = HEX_NAMES[h]
            elif key == "from" and typ == "soak":
                if val not in ("supply", "unit"):
                    raise IllegalAction("bad_field", "soak from must be 'supply' or 'unit'")
                out["from"] = val
            else:
                raise IllegalAction("bad_field", f"unexpected field {key!r} for {typ}")
        return out

    @staticmethod
    def _soak_aliases(action: Action) -> Action:
        """``{"from": "supply"|"unit"}``; also ``source``/``choice``, ``stack``/``board``, ``supply: bool``."""
        out: Action = {"type": action["type"]}
        for key, val in action.items():
            if key == "type":
                continue
            if key in ("source", "choice", "use", "from"):
                if not isinstance(val, str):
                    raise IllegalAction("bad_field", "soak from must be 'supply' or 'unit'")
                val = {"stack": "unit", "board": "unit", "royal_guard": "unit"}.get(val, val)
                out["from"] = val
            elif key == "supply" and isinstance(val, bool):
                out["from"] = "supply" if val else "unit"
            else:
                out[key] = val
        return out

    def _match(self, options: Options, norm: dict[str, Any]) -> tuple[Action, Extra]:
        pairs = list(zip(*options))
        for act, extra in pairs:
            if act == norm:
                return act, extra
        if norm["type"] in ("pass", "decline") and "coin" not in norm:
            # declining an optional follow-up may also be said as a coin-less pass
            decline = [(a, x) for a, x in pairs if a["type"] == "decline"]
            if decline:
                return decline[0]
        found = []
        for act, extra in pairs:
            if act["type"] != norm["type"]:
                continue
            ok = True
            for k, v in norm.items():
                if k in act:
                    ok = act[k] == v
                elif extra and k in extra:
                    ok = v in extra[k] if isinstance(extra[k], tuple) else extra[k] == v
                elif k == "to" and "target" in act:
                    ok = act["target"] == v
                elif extra and k == "target" and "targets" in extra:
                    ok = v in extra["targets"]
                else:
                    ok = False
                if not ok:
                    break
            # only the acting unit's hex may be left out, when it is unambiguous
            if ok and all(k in norm or k == "at" or (k == "target" and "to" in norm) for k in act):
                found.append((act, extra))
        if len(found) == 1:
            return found[0]
        if not found:
            raise IllegalAction("illegal_action", f"{norm} is not legal now")
        raise IllegalAction("ambiguous", f"{norm} matches {len(found)} actions; add 'at'")

    # -- execution -------------------------------------------------------------------------------------

    def _execute(
        self,
        st: WarChestState,
        seat: int,
        kind: str,
        act: Action,
        extra: dict[str, Any],
        norm: dict[str, Any],
        ev: list[Event],
    ) -> None:
        if kind == "turn":
            coin = _KIND_BY_NAME[act["coin"]]
            st.seats[seat].hand[coin] -= 1
            st.turn_done = True
            self._play(st, seat, coin, act, extra, norm, ev)
            return
        typ = act["type"]
        if kind == "draft":
            self._draft(st, seat, _KIND_BY_NAME[act["unit"]], ev)
            return
        top = st.stack.pop()
        if kind == "warrior_priest":
            self._play(st, seat, top["coin"], act, extra, norm, ev)
        elif kind == "soak":
            self._damage(st, top["a"], top["d"], act["from"] == "supply", top["reflex"], ev)
        elif kind == "cavalry":
            self._attack(st, top["uid"], st.at[_HEX_BY_NAME[act["target"]]], ev, "cavalry")
        elif kind == "footman":
            uid = st.at[_HEX_BY_NAME[extra["at"]]]
            left = [u for u in top["left"] if u != uid and u in st.units]
            if left:
                st.stack.append({**top, "left": left})
            self._maneuver(st, uid, act, ev, "footman")
        elif typ == "decline":
            ev.append(event("declined", seat=seat, what=kind))
        elif kind == "swordsman":
            self._move(st, top["uid"], _HEX_BY_NAME[act["to"]], ev, "swordsman")
        elif kind == "berserker":
            u = st.units[top["uid"]]
            u.height -= 1
            st.seats[u.owner].up[BERSERKER] += 1
            ev.append(event("berserker_paid", seat=u.owner, at=HEX_NAMES[u.hex], height=u.height))
            self._maneuver(st, u.uid, act, ev, "berserker")
        elif kind == "mercenary":
            self._maneuver(st, top["uid"], act, ev, "mercenary")

    def _draft(self, st: WarChestState, seat: int, kind: int, ev: list[Event]) -> None:
        st.draft_pool.remove(kind)
        st.seats[seat].cards.append(kind)
        ev.append(event("drafted", seat=seat, unit=UNIT_NAMES[kind], auto=False))
        st.draft_pick += 1
        if st.draft_pick == len(st.draft_order) - 1:
            last = st.draft_order[-1]
            k = st.draft_pool.pop()
            st.seats[last].cards.append(k)
            ev.append(event("drafted", seat=last, unit=UNIT_NAMES[k], auto=True))
            st.draft_pick += 1
            # §6.2 / D11: the second picker takes the initiative marker
            st.initiative = st.draft_order[1]
            st.phase = "play"
            self._fill_bags(st)
            self._new_round(st, ev)

    def _play(
        self,
        st: WarChestState,
        seat: int,
        coin: int,
        act: Action,
        extra: dict[str, Any],
        norm: dict[str, Any],
        ev: list[Event],
    ) -> None:
        """Spend ``coin`` (from hand or the Warrior Priest's draw) on one action of §10."""
        typ = act["type"]
        sd = st.seats[seat]
        name = UNIT_NAMES[coin]
        if typ == "deploy":
            h = _HEX_BY_NAME[act["to"]]
            uid = st.next_uid
            st.next_uid += 1
            st.units[uid] = Unit(uid, seat, coin, 1, h)
            st.at[h] = uid
            ev.append({"type": "deployed", "seat": seat, "unit": name, "at": act["to"]})
            return
        if typ == "bolster":
            u = st.units[st.at[_HEX_BY_NAME[extra["at"]]]]
            u.height += 1
            ev.append({"type": "bolstered", "seat": seat, "unit": name, "at": extra["at"], "height": u.height})
            return
        if typ in ("claim_initiative", "recruit", "pass"):
            sd.down[coin] += 1
            if typ == "claim_initiative":
                st.initiative = seat
                st.claimed = True
                ev.append({"type": "initiative_claimed", "seat": seat})
            elif typ == "recruit":
                t = _KIND_BY_NAME[act["unit"]]
                sd.supply[t] -= 1
                sd.up[t] += 1
                ev.append({"type": "recruited", "seat": seat, "unit": act["unit"]})
                if t == MERCENARY:
                    merc = next((u for u in st.units.values() if u.owner == seat and u.kind == MERCENARY), None)
                    if merc is not None:
                        st.stack.append({"k": "mercenary", "seat": seat, "uid": merc.uid})
            else:
                ev.append({"type": "passed", "seat": seat})
            return
        # maneuvers: the coin goes face-up
        sd.up[coin] += 1
        if typ != "tactic":
            self._maneuver(st, st.at[_HEX_BY_NAME[extra["at"]]], act, ev, "coin")
            return
        if coin == ROYAL:
            guard = st.at[_HEX_BY_NAME[extra["at"]]]
            ev.append(event("tactic", seat=seat, unit="Royal Guard", at=extra["at"]))
            self._move(st, guard, _HEX_BY_NAME[act["to"]], ev, "royal_guard")
            return
        tactic: Event = {"type": "tactic", "seat": seat, "unit": name}
        if "at" in extra:
            tactic["at"] = extra["at"]
        ev.append(tactic)
        if coin == FOOTMAN:
            left = sorted(u.uid for u in st.units.values() if u.owner == seat and u.kind == FOOTMAN)
            st.stack.append({"k": "footman", "seat": seat, "left": left})
            return
        uid = st.at[_HEX_BY_NAME[extra["at"]]]
        if coin in (ARCHER, CROSSBOWMAN):
            self._attack(st, uid, st.at[_HEX_BY_NAME[act["target"]]], ev, name)
        elif coin == LIGHT_CAVALRY:
            self._move(st, uid, _HEX_BY_NAME[act["to"]], ev, name)
        elif coin == LANCER:
            self._move(st, uid, _HEX_BY_NAME[act["to"]], ev, name)
            self._attack(st, uid, st.at[_HEX_BY_NAME[extra["target"]]], ev, name)
        elif coin == CAVALRY:
            self._move(st, uid, _HEX_BY_NAME[act["to"]], ev, name)
            target = norm.get("target")
            targets = extra["targets"]
            if target is None and len(targets) == 1:
                target = targets[0]
            if target is None:
                st.stack.append({"k": "cavalry", "seat": seat, "uid": uid})
            else:
                self._attack(st, uid, st.at[_HEX_BY_NAME[target]], ev, name)
        elif coin == ENSIGN:
            ally = st.at[_HEX_BY_NAME[act["unit"]]]
            self._move(st, ally, _HEX_BY_NAME[act["to"]], ev, name)
            self._after(st, ally, "move", ev)
        elif coin == MARSHALL:
            ally = st.at[_HEX_BY_NAME[act["unit"]]]
            self._attack(st, ally, st.at[_HEX_BY_NAME[act["target"]]], ev, name)

    def _maneuver(self, st: WarChestState, uid: int, act: Action, ev: list[Event], via: str) -> None:
        typ = act["type"]
        if typ == "move":
            self._move(st, uid, _HEX_BY_NAME[act["to"]], ev, via)
            self._after(st, uid, "move", ev)
        elif typ == "control":
            self._control(st, uid, ev, via)
        else:
            self._attack(st, uid, st.at[_HEX_BY_NAME[act["target"]]], ev, via)

    def _move(self, st: WarChestState, uid: int, to: int, ev: list[Event], via: str) -> None:
        u = st.units[uid]
        del st.at[u.hex]
        frm = u.hex
        u.hex = to
        st.at[to] = uid
        ev.append(
            {
                "type": "moved",
                "seat": u.owner,
                "unit": UNIT_NAMES[u.kind],
                "from": HEX_NAMES[frm],
                "dest": HEX_NAMES[to],
                "via": via,
            }
        )

    def _control(self, st: WarChestState, uid: int, ev: list[Event], via: str) -> None:
        u = st.units[uid]
        team = u.owner & 1
        prev = st.control.get(u.hex)
        if prev is not None:
            st.reserve[prev] += 1
        st.control[u.hex] = team
        st.reserve[team] -= 1
        ev.append(
            event(
                "controlled",
                seat=u.owner,
                unit=UNIT_NAMES[u.kind],
                at=HEX_NAMES[u.hex],
                faction=D.FACTIONS[team],
                previous=None if prev is None else D.FACTIONS[prev],
                via=via,
            )
        )
        if st.reserve[team] == 0:  # §14 / R21: the last marker wins at once, before any trigger
            st.phase = "over"
            st.winner = team
            st.stack.clear()
            ev.append(
                event(
                    "game_won",
                    faction=D.FACTIONS[team],
                    seats=[s for s in range(st.players) if s & 1 == team],
                )
            )
            return
        self._after(st, uid, "control", ev)

    def _attack(self, st: WarChestState, a_uid: int, d_uid: int, ev: list[Event], via: str) -> None:
        a, d = st.units[a_uid], st.units[d_uid]
        reflex = d.kind == PIKEMAN and D.distance(a.hex, d.hex) == 1
        ev.append(
            event(
                "attacked",
                seat=a.owner,
                unit=UNIT_NAMES[a.kind],
                at=HEX_NAMES[a.hex],
                target=HEX_NAMES[d.hex],
                target_unit=UNIT_NAMES[d.kind],
                target_seat=d.owner,
                via=via,
            )
        )
        if d.kind == ROYAL_GUARD and st.seats[d.owner].supply[ROYAL_GUARD] > 0:
            st.stack.append({"k": "soak", "seat": d.owner, "a": a_uid, "d": d_uid, "reflex": reflex})
            return
        self._damage(st, a_uid, d_uid, False, reflex, ev)

    def _damage(self, st: WarChestState, a_uid: int, d_uid: int, soak: bool, reflex: bool, ev: list[Event]) -> None:
        """Steps 2-4 of §11 (simultaneous), then the attacker's after-attack triggers."""
        d = st.units[d_uid]
        if soak:
            sd = st.seats[d.owner]
            sd.supply[ROYAL_GUARD] -= 1
            sd.gone[ROYAL_GUARD] += 1
            ev.append(event("soaked", seat=d.owner, unit=UNIT_NAMES[d.kind], at=HEX_NAMES[d.hex]))
        else:
            self._remove_coin(st, d, ev, "attack")
        if reflex and a_uid in st.units:
            self._remove_coin(st, st.units[a_uid], ev, "pikeman")
        if a_uid in st.units:
            self._after(st, a_uid, "attack", ev)

    def _remove_coin(self, st: WarChestState, u: Unit, ev: list[Event], cause: str) -> None:
        u.height -= 1
        st.seats[u.owner].gone[u.kind] += 1
        ev.append(
            event(
                "coin_removed", seat=u.owner, unit=UNIT_NAMES[u.kind], at=HEX_NAMES[u.hex], height=u.height, cause=cause
            )
        )
        if u.height == 0:
            del st.units[u.uid]
            del st.at[u.hex]
            ev.append(event("unit_removed", seat=u.owner, unit=UNIT_NAMES[u.kind], at=HEX_NAMES[u.hex]))

    def _after(self, st: WarChestState, uid: int, what: str, ev: list[Event]) -> None:
        """Attributes triggered by a maneuver of that unit (§12); none once it has left the board."""
        if st.phase == "over":
            return
        u = st.units.get(uid)
        if u is None:
            return
        if u.kind == BERSERKER:
            st.stack.append({"k": "berserker", "seat": u.owner, "uid": uid})
        elif u.kind == SWORDSMAN and what == "attack":
            st.stack.append({"k": "swordsman", "seat": u.owner, "uid": uid})
        elif u.kind == WARRIOR_PRIEST and what in ("attack", "control"):
            coin = self._draw(st, u.owner, ev, "warrior_priest")
            ev.append(event("drew", seat=u.owner, count=0 if coin is None else 1, reason="warrior_priest"))
            if coin is not None:
                st.stack.append({"k": "warrior_priest", "seat": u.owner, "coin": coin})

    def _settle(self, st: WarChestState, ev: list[Event]) -> None:
        """Drop follow-ups with no option, end turns and rounds, until someone has a decision."""
        while st.phase == "play":
            stack = st.stack
            if stack:
                top = stack[-1]
                acts, extras = self._frame_options(st, top)
                if acts:
                    st.memo = (top["seat"], top["k"], acts, extras)  # legal and apply reuse it
                    return
                stack.pop()
                continue
            seats = st.seats
            if not st.turn_done and any(seats[st.turn].hand):  # counts are never negative
                return
            n = st.players
            nxt = None
            for k in range(1, n + 1):
                s = (st.turn + k) % n
                if any(seats[s].hand):
                    nxt = s
                    break
            if nxt is None:
                self._new_round(st, ev)
            else:
                st.turn = nxt
                st.turn_done = False
                return  # that seat holds a coin: its turn is the open decision

    # -- views and results ---------------------------------------------------------------------------------

    def view(self, st: WarChestState, seat: int | None) -> dict[str, Any]:
        board = D.BOARDS[st.players]

        def named(counts: list[int]) -> dict[str, int]:
            return {UNIT_NAMES[k]: c for k, c in enumerate(counts) if c}

        who = self._decider(st)
        pend: list[dict[str, Any]] = []
        if who is not None:
            entry: dict[str, Any] = {"seat": who[0], "kind": who[1]}
            if st.stack:
                entry.update(self._frame_public(st, st.stack[-1]))
            pend.append(entry)
        v: dict[str, Any] = {
            "game": "war_chest",
            "players": st.players,
            "setup": st.setup,
            "royal_guard": st.royal_guard,
            "phase": st.phase,
            "round": st.round,
            "turn": st.turn,
            "initiative": st.initiative,
            "initiative_claimed": st.claimed,
            "factions": [D.FACTIONS[s & 1] for s in range(st.players)],
            "hexes": [HEX_NAMES[h] for h in board.hexes],
            "locations": {
                HEX_NAMES[h]: (None if h not in st.control else D.FACTIONS[st.control[h]]) for h in board.locations
            },
            "units": [
                {"hex": HEX_NAMES[u.hex], "unit": UNIT_NAMES[u.kind], "owner": u.owner, "height": u.height}
                for u in sorted(st.units.values(), key=lambda u: u.hex)
            ],
            "reserve": {D.FACTIONS[t]: st.reserve[t] for t in (0, 1)},
            "markers": board.markers,
            "seats": [
                {
                    "seat": s,
                    "faction": D.FACTIONS[s & 1],
                    "cards": [UNIT_NAMES[k] for k in sd.cards],
                    "supply": {UNIT_NAMES[k]: sd.supply[k] for k in sd.cards},
                    "discard_up": named(sd.up),
                    "discard_down": sum(sd.down),
                    "hand": sum(sd.hand),
                    "bag": sum(sd.bag),
                    "eliminated": named(sd.gone),
                }
                for s, sd in enumerate(st.seats)
            ],
            "pending": pend,
            "winner": None if st.winner is None else D.FACTIONS[st.winner],
            "winners": [] if st.winner is None else [s for s in range(st.players) if s & 1 == st.winner],
        }
        if st.phase == "draft":
            v["draft"] = {
                "pool": [UNIT_NAMES[k] for k in st.draft_pool],
                "order": list(st.draft_order),
                "pick": st.draft_pick,
            }
        if seat is not None and 0 <= seat < st.players:
            sd = st.seats[seat]
            v["me"] = seat
            v["my_hand"] = named(sd.hand)
            v["my_discard_down"] = named(sd.down)
            if st.stack and st.stack[-1]["k"] == "warrior_priest" and st.stack[-1]["seat"] == seat:
                v["my_drawn"] = UNIT_NAMES[st.stack[-1]["coin"]]
        return v

    def result(self, st: WarChestState) -> Result | None:
        if st.phase != "over":
            return None
        held = [0, 0]
        for team in st.control.values():
            held[team] += 1
        scores = {s: held[s & 1] for s in range(st.players)}
        if st.winner is None:  # stalemate guard: nobody can ever win, so nobody does
            details = {s: {"locations": held[s & 1], "faction": D.FACTIONS[s & 1]} for s in range(st.players)}
            everyone = list(range(st.players))
            return Result(scores, {s: 1 for s in everyone}, everyone, "stalemate", details, {"stalemate": True})
        ranks = {s: 1 if s & 1 == st.winner else 2 for s in range(st.players)}
        winners = [s for s in range(st.players) if s & 1 == st.winner]
        details = {s: {"locations": held[s & 1], "faction": D.FACTIONS[s & 1]} for s in range(st.players)}
        return Result(scores=scores, ranks=ranks, winners=winners, tiebreak=None, details=details)

    # -- persistence -----------------------------------------------------------------------------------

    def dump(self, st: WarChestState) -> dict[str, Any]:
        return dump_state(st)

    def load(self, data: dict[str, Any]) -> WarChestState:
        return load_state(data)

    # -- search hooks (games/ai) -----------------------------------------------------------------------
    @staticmethod
    def team_of(seat: int, players: int) -> int:
        """Seats 0 and 2 are Raven, 1 and 3 Wolf (§6.0); with two players each seat is its own side."""
        return seat & 1

    def clone(self, st: WarChestState) -> WarChestState:
        return clone_state(st)

    def determinize(self, st: WarChestState, seat: int | None, rng: random.Random) -> WarChestState:
        """A copy in which what ``seat`` cannot see is redrawn from ``rng``.

        Of every other seat, the coins not in view (bag, hand, face-down discard and a coin a
        Warrior Priest has drawn) are known per kind: a seat's coins of a kind are fixed, and the
        board, supply, face-up discard and eliminated coins are public. Those coins are dealt
        anew into the hand, the face-down discard and the bag, keeping their public sizes. The
        seat's own bag holds what it knows (counts, drawn at random anyway); the generator is
        replaced, so draws to come are unknown.
        """
        out = clone_state(st)
        priest = out.stack[-1] if out.stack and out.stack[-1]["k"] == "warrior_priest" else None
        for s, sd in enumerate(out.seats):
            if s == seat:
                continue
            held = priest is not None and priest["seat"] == s
            pool: list[int] = []
            for k, count in enumerate(map(_add3, sd.bag, sd.hand, sd.down)):
                if count:
                    pool += [k] * count
            if held:
                pool.append(priest["coin"])
            rng.shuffle(pool)
            sizes = (sum(sd.hand), sum(sd.down))
            sd.hand, sd.down, sd.bag = zero_counts(), zero_counts(), zero_counts()
            for k in pool[: sizes[0]]:
                sd.hand[k] += 1
            for k in pool[sizes[0] : sizes[0] + sizes[1]]:
                sd.down[k] += 1
            rest = pool[sizes[0] + sizes[1] :]
            if held:
                priest["coin"] = rest.pop()
            for k in rest:
                sd.bag[k] += 1
        # the opening told each seat its first draw: keep only what this seat was told
        if seat is None:
            out.opening = [ev for ev in out.opening if ev.get("to") is None]
        else:
            out.opening = [ev for ev in out.opening if (to := ev.get("to")) is None or seat in to]  # visible()
        # future chance: a fresh generator, and no scripted value left to read
        out.chance = Chance(rng.getrandbits(64))
        return out

    def forget(self, st: WarChestState) -> None:
        """Drop cached options and the units-by-kind index after changing a state by hand (test
        set-ups); the engine's own changes keep both right."""
        st.memo = None
        st.index = None


# the units whose coin has a tactic listed with its maneuvers (the Footman's and the Royal Guard's
# are listed apart: one per coin, and with the Royal Coin)
_TACTICS = {
    ARCHER: WarChestEngine._archer,
    CROSSBOWMAN: WarChestEngine._crossbowman,
    CAVALRY: WarChestEngine._cavalry,
    LANCER: WarChestEngine._lancer,
    LIGHT_CAVALRY: WarChestEngine._light_cavalry,
    ENSIGN: WarChestEngine._ensign,
    MARSHALL: WarChestEngine._marshall,
}

ENGINE = WarChestEngine()
