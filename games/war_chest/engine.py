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
from dataclasses import fields
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
from games.moves import copy_moves, remember
from games.rng import Chance
from games.war_chest import actions as A
from games.war_chest import data as D
from games.war_chest import rules as R
from games.war_chest.actions import parse_coin, parse_hex
from games.war_chest.data import (
    BERSERKER,
    ENSIGN,
    FOOTMAN,
    HEX_NAMES,
    MARSHALL,
    ROYAL,
    SCOUT,
    UNIT_NAMES,
)
from games.war_chest.state import SeatState, Unit, WarChestState, clone_state, dump_state, load_state, zero_counts

__all__ = ("ENGINE", "WarChestEngine", "WarChestState", "Unit", "SeatState", "parse_hex", "parse_coin")

Extra = R.Extra
Options = R.Options
# the open decision: (seat, kind, actions, extras); (None, None, [], []) once the game is over
Memo = tuple[int | None, str | None, list[Action], list[Extra]]


#: the public events that show a move (games/moves.py): what a unit did, a card drafted, a coin
#: spent on a face-down action (never which coin); a declined option changes nothing
MOVE_EVENTS = frozenset(
    {
        "drafted",
        "deployed",
        "bolstered",
        "initiative_claimed",
        "recruited",
        "passed",
        "tactic",
        "moved",
        "controlled",
        "attacked",
        "soaked",
        "coin_removed",
        "unit_removed",
        "berserker_paid",
    }
)

_TURN_PROMPTS: dict[int, Prompt] = {}


def _turn_prompt(round_: int) -> Prompt:
    """The main-play prompt of a round; shared, since a Prompt is frozen and nobody edits its data."""
    prompt = _TURN_PROMPTS.get(round_)
    if prompt is None:
        if len(_TURN_PROMPTS) >= 1024:  # a bound for a long-lived process
            _TURN_PROMPTS.clear()
        prompt = _TURN_PROMPTS[round_] = Prompt("turn", secret=True, data={"round": round_})
    return prompt


# [players][seat]: the seats after it in turn order, ending with itself
_AFTER = {n: tuple(tuple((t + k) % n for k in range(1, n + 1)) for t in range(n)) for n in (2, 4)}


def _add3(a: int, b: int, c: int) -> int:
    return a + b + c


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
                "en": "original: the Royal Guard tactic moves one step; revised: up to 2 steps onto a location of "
                "its own side",
                "nl": "original: de tactiek van de Koninklijke Garde zet één stap; revised: tot 2 stappen naar een "
                "bolwerk van de eigen kant",
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
            moves=[],
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
                R.fill_bags(st)
                R.new_round(st, ev)
            else:
                st.phase = "draft"
                n = players
                if n == 2:
                    st.draft_order = [first, 1 - first, 1 - first, first, first, 1 - first, 1 - first, first]
                else:
                    p = [(first + k) % 4 for k in range(4)]
                    st.draft_order = [p[i] for i in (0, 1, 2, 3, 3, 2, 1, 0, 1, 2, 3, 0)]
        except R.ScriptError as exc:
            raise InvalidOptions(str(exc)) from None
        return st

    def opening_events(self, st: WarChestState) -> list[Event]:
        """The chance events of ``start``: deals, the flip and round 1's draws."""
        return list(st.opening)

    # -- chance ----------------------------------------------------------------------------------------

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
            prompt = _TURN_PROMPTS.get(st.round)  # _turn_prompt without the call once it is made
            return {st.turn: _turn_prompt(st.round) if prompt is None else prompt}
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

    # -- options ---------------------------------------------------------------------------------------------
    # Options are two parallel lists (rules.py builds them): the actions legal hands out (shared
    # dicts from actions.py) and, per action, what apply needs beside it (the acting unit's hex, a
    # Cavalry's targets).

    def legal(self, st: WarChestState, seat: int) -> list[Action]:
        memo = st.memo
        if memo is None:
            if st.phase == "play" and not st.stack:  # a main-play turn, the common case
                acts, extras = R.turn_options(st)
                memo = st.memo = (st.turn, "turn", acts, extras)
            else:
                memo = self._options(st)
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
            return R.frame_options(st, st.stack[-1])
        return R.turn_options(st)

    # -- apply -------------------------------------------------------------------------------------------

    def apply(self, st: WarChestState, seat: int, action: Action) -> list[Event]:
        # the common case is played here, not in a helper: a call more per action costs 1-2% of a playout
        ev: list[Event] | None = None
        memo = st.memo
        if memo is not None and memo[0] == seat and memo[1] == "turn" and not st.chance.script:
            # the common case: a listed main-play action (found by identity) and nothing scripted
            # that could fail half-way, so no backup and no normalising
            acts = memo[2]
            try:
                i = acts.index(action)
            except ValueError:
                pass
            else:
                st.memo = None
                act = acts[i]
                coin = R.KIND_BY_NAME[act["coin"]]
                st.seats[seat].hand[coin] -= 1
                st.turn_done = True
                ev = []
                R.play(st, seat, coin, act, memo[3][i] or {}, act, ev)
                if st.stack or st.phase != "play":
                    self._settle(st, ev)
                else:
                    seats = st.seats
                    for s in _AFTER[st.players][seat]:  # _settle's turn end, inlined for the common case
                        if any(seats[s].hand):
                            st.turn = s
                            st.turn_done = False
                            break
                    else:
                        R.new_round(st, ev)
                        self._settle(st, ev)
        if ev is None:
            ev = self._apply(st, seat, action)
        if not st.searching:
            remember(st.moves, seat, ev, MOVE_EVENTS)
        return ev

    def _apply(self, st: WarChestState, seat: int, action: Action) -> list[Event]:
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
        except R.ScriptError as exc:
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
            if coin is not None and coin < ROYAL and not D.ATTACKS_NORMALLY[coin]:
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
            coin = R.KIND_BY_NAME[act["coin"]]
            st.seats[seat].hand[coin] -= 1
            st.turn_done = True
            R.play(st, seat, coin, act, extra, norm, ev)
            return
        typ = act["type"]
        if kind == "draft":
            R.draft(st, seat, R.KIND_BY_NAME[act["unit"]], ev)
            return
        top = st.stack.pop()
        if kind == "warrior_priest":
            R.play(st, seat, top["coin"], act, extra, norm, ev)
        elif kind == "soak":
            R.damage(st, top["a"], top["d"], act["from"] == "supply", top["reflex"], ev)
        elif kind == "cavalry":
            R.attack(st, top["uid"], st.at[R.HEX_BY_NAME[act["target"]]], ev, "cavalry")
        elif kind == "footman":
            uid = st.at[R.HEX_BY_NAME[extra["at"]]]
            left = [u for u in top["left"] if u != uid and u in st.units]
            if left:
                st.stack.append({**top, "left": left})
            R.maneuver(st, uid, act, ev, "footman")
        elif typ == "decline":
            ev.append(event("declined", seat=seat, what=kind))
        elif kind == "swordsman":
            R.move(st, top["uid"], R.HEX_BY_NAME[act["to"]], ev, "swordsman")
        elif kind == "berserker":
            u = st.units[top["uid"]]
            u.height -= 1
            st.seats[u.owner].up[BERSERKER] += 1
            ev.append(event("berserker_paid", seat=u.owner, at=HEX_NAMES[u.hex], height=u.height))
            R.maneuver(st, u.uid, act, ev, "berserker")
        elif kind == "mercenary":
            R.maneuver(st, top["uid"], act, ev, "mercenary")

    def _settle(self, st: WarChestState, ev: list[Event]) -> None:
        """Drop follow-ups with no option, end turns and rounds, until someone has a decision."""
        while st.phase == "play":
            stack = st.stack
            if stack:
                top = stack[-1]
                acts, extras = R.frame_options(st, top)
                if acts:
                    st.memo = (top["seat"], top["k"], acts, extras)  # legal and apply reuse it
                    return
                stack.pop()
                continue
            seats = st.seats
            turn = st.turn
            if not st.turn_done and any(seats[turn].hand):  # counts are never negative
                return
            for s in _AFTER[st.players][turn]:
                if any(seats[s].hand):
                    st.turn = s
                    st.turn_done = False
                    return  # that seat holds a coin: its turn is the open decision
            R.new_round(st, ev)

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
            "moves": copy_moves(st.moves),
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
            # what is left of the seat's coins is in its bag (it knows which, not their order)
            v["my_bag"] = named(sd.bag)
            if st.stack and st.stack[-1]["k"] == "warrior_priest" and st.stack[-1]["seat"] == seat:
                v["my_drawn"] = UNIT_NAMES[st.stack[-1]["coin"]]
        if st.phase == "over":  # the score and how it ended, for the final picture
            v["result"] = self.result(st).to_json()  # type: ignore[union-attr]
        return v

    def result(self, st: WarChestState) -> Result | None:
        if st.phase != "over":
            return None
        held = [0, 0]
        for team in st.control.values():
            held[team] += 1
        markers = D.BOARDS[st.players].markers
        scores = {s: held[s & 1] for s in range(st.players)}
        details = {s: {"locations": held[s & 1], "faction": D.FACTIONS[s & 1]} for s in range(st.players)}
        # how it ended (§14): a side placed its last control marker, or no unit could act any more
        extra: dict[str, Any] = {"markers": markers, "ending": "last_marker" if st.winner is not None else "stalemate"}
        if st.winner is None:  # stalemate guard: nobody can ever win, so nobody does
            everyone = list(range(st.players))
            return Result(
                scores, {s: 1 for s in everyone}, everyone, "stalemate", details, {**extra, "stalemate": True}
            )
        ranks = {s: 1 if s & 1 == st.winner else 2 for s in range(st.players)}
        winners = [s for s in range(st.players) if s & 1 == st.winner]
        return Result(scores=scores, ranks=ranks, winners=winners, tiebreak=None, details=details, extra=extra)

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

    def reveals(self, st: WarChestState, seat: int, action: Action) -> bool | None:
        """Whether the action shows anyone what they did not know (see games/takeback.py): a coin
        drawn from a bag that still held more than one kind (the next round's hands, a Warrior
        Priest's draw), which the drawing seat sees. None for an illegal action."""
        after = self.clone(st)
        try:
            events = self.apply(after, seat, action)
        except IllegalAction:
            return None
        if st.chance.script != after.chance.script:
            return True
        for s, sd in enumerate(st.seats):
            draws = [e for e in events if e.get("seat") == s and e["type"] in ("draw", "refill")]
            if any(R.open_draw(segment) for segment in R.draw_pools(sd.bag, after.seats[s].bag, draws)):
                return True
        return False

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
        out.searching = True
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


ENGINE = WarChestEngine()
