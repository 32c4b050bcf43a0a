"""Battles & Builders rules engine (battles-and-builders.md): the protocol object of games/core.py.

The state and its JSON form live in ``state``, the rule procedures in ``rules``; this module
validates actions, says whose turn it is and what each seat may see.

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

import random
from functools import lru_cache
from typing import Any

from games.battles_builders import data as D
from games.battles_builders.rules import (
    COMMIT_CHIPS,
    NO_CHIPS,
    ScriptError,
    army_count,
    begin_round,
    chips_dict,
    commit_actions,
    do_catapult,
    do_choose,
    do_commit,
    do_fresh,
    do_withdraw,
    eligible,
    fresh_actions,
    next_to_commit,
    possible_commits,
    targets,
    withdraw_actions,
)
from games.battles_builders.state import (
    ACTION_TYPES,
    CATAPULT_TARGET,
    CHOOSE_TILE,
    COMMIT,
    FRESH_TROOPS,
    KIND_INDEX,
    OVER,
    WITHDRAW,
    Config,
    Seat,
    State,
    clone_state,
    copy_throw,
    dump_state,
    load_state,
    new_seat,
    shared_config,
)
from games.battles_builders.text import tally as tally_of
from games.core import Action, Event, IllegalAction, InvalidOptions, OptionSpec, Presentation, Prompt, Result, event
from games.moves import copy_moves, remember
from games.rng import Chance

__all__ = (
    "ENGINE",
    "BattlesBuilders",
    "State",
    "Seat",
    "Config",
    "ScriptedDieError",
    "COMMIT",
    "CHOOSE_TILE",
    "CATAPULT_TARGET",
    "WITHDRAW",
    "FRESH_TROOPS",
    "OVER",
)


#: the public events that show a move (games/moves.py): a commit made (never which chips, until the
#: reveal), the reveal, a strategy tile taken and what it did, and how the round's battle ended
MOVE_EVENTS = frozenset(
    {
        "committed",
        "commits_revealed",
        "no_tile",
        "tile_chosen",
        "catapult_given",
        "withdrawn",
        "fresh_troops_used",
        "event_won",
        "event_set_aside",
        "barbarian_lost",
    }
)


class ScriptedDieError(InvalidOptions, IllegalAction):
    """What ``apply`` raises for a bad scripted die (§9.5 "is an error"), the state restored.

    It is an options error (the ``script`` option is wrong) and equally a refused action (the state
    is untouched), so callers catching either kind see it.
    """

    def __init__(self, reason: str) -> None:
        IllegalAction.__init__(self, "bad_script", reason)


@lru_cache(maxsize=256)
def _commit_prompt(round_: int, tile: str | None) -> Prompt:
    """The commit prompt of a round, built once and shared like the actions of ``legal`` (a
    frozen prompt nobody changes; making one costs more than the rest of ``pending``)."""
    return Prompt(COMMIT, True, {"round": round_, "event": tile, "max": D.MAX_COMMIT})


class BattlesBuilders(Presentation):
    text_module = "games.battles_builders.text"
    picture_module = "games.battles_builders.picture"

    strategy_module = "games.battles_builders.strategy"
    key = "battles_builders"
    tally = staticmethod(tally_of)  # commits and withdrawals as one pick of chips (games/menus.py)
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
        cfg, script = shared_config(players, dict(options or {}))
        chance = Chance(seed or 0, script)
        deck: list[str] = []
        while (tid := chance.take("event_order")) is not Chance.NONE:
            deck.append(tid)
        rest = [t for t in cfg.tiles if t not in deck]
        chance.rng.shuffle(rest)
        deck += rest
        seats = [new_seat(D.STOCK) for _ in range(players)]
        if players == 2:
            seats.append(new_seat(D.DUMMY_POOL))
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
        begin_round(st, [])
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
                p = next_to_commit(st)
                return {} if p is None else {p: prompt}
            return {p: prompt for p in self._waiting(st)}
        waiting = self._waiting(st)
        out: dict[int, Prompt] = {}
        for p in waiting:
            if st.phase == CHOOSE_TILE:
                out[p] = Prompt(CHOOSE_TILE, False, {"tiles": eligible(st, p)})
            elif st.phase == CATAPULT_TARGET:
                out[p] = Prompt(CATAPULT_TARGET, False, {"targets": targets(st, p)})
            elif st.phase == WITHDRAW:
                c = st.seats[p].commit or [0] * 5
                out[p] = Prompt(WITHDRAW, False, {"max": min(D.MAX_WITHDRAW, c[0] + army_count(c))})
            elif st.phase == FRESH_TROOPS:
                out[p] = Prompt(FRESH_TROOPS, False, {"dice": len(st.dice[p])})
        return out

    def legal(self, state: State, seat: int) -> list[Action]:
        st = state
        if st.phase == COMMIT and not st.cfg.simultaneous:
            if seat != next_to_commit(st):
                return []
        elif seat not in self._waiting(st):
            return []
        if st.phase == COMMIT:
            # built once per stock and shared (see games/core.py: nobody changes an action it was given)
            return list(commit_actions(tuple(st.seats[seat].stock)))
        if st.phase == CHOOSE_TILE:
            return [{"type": CHOOSE_TILE, "tile": t} for t in eligible(st, seat)]
        if st.phase == CATAPULT_TARGET:
            return [{"type": CATAPULT_TARGET, "seat": t} for t in targets(st, seat)]
        if st.phase == WITHDRAW:
            return list(withdraw_actions(tuple(st.seats[seat].commit or NO_CHIPS)))
        if st.phase == FRESH_TROOPS:
            return list(fresh_actions(len(st.dice[seat])))
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
                do_commit(st, seat, arg, events)
            elif kind == CHOOSE_TILE:
                do_choose(st, seat, arg, events)
            elif kind == CATAPULT_TARGET:
                do_catapult(st, seat, arg, events)
            elif kind == WITHDRAW:
                do_withdraw(st, seat, arg, events)
            else:
                do_fresh(st, seat, arg, events)
        except ScriptError as exc:
            if backup is not None:
                restored = self.load(backup)
                for name in State.__slots__:
                    setattr(st, name, getattr(restored, name))
            raise ScriptedDieError(str(exc)) from None
        if not st.searching:
            remember(st.moves, seat, events, MOVE_EVENTS)
        return events

    def _validate(self, st: State, seat: int, action: Action) -> tuple[str, Any]:
        shared = COMMIT_CHIPS.get(id(action))  # one of the commits ``legal`` hands out
        if (
            shared is not None
            and st.phase == COMMIT
            and type(seat) is int
            and not st.cfg.simultaneous
            and seat == next_to_commit(st)
        ):
            return COMMIT, _in_stock(st, seat, list(shared))  # the checks below would all pass
        if not isinstance(action, dict):
            raise IllegalAction("unknown_type", "an action is a mapping with a type")
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in ACTION_TYPES:
            raise IllegalAction("unknown_type", f"unknown action type {kind!r}")
        if st.phase == OVER:
            raise IllegalAction("game_over", "the game is over")
        if type(seat) is not int or (
            seat != next_to_commit(st)
            if st.phase == COMMIT and not st.cfg.simultaneous
            else seat not in self._waiting(st)
        ):
            raise IllegalAction("not_your_turn", f"seat {seat} is not asked to act now")
        if kind != st.phase:
            raise IllegalAction("wrong_action", f"expected {st.phase}, not {kind}", expected=st.phase)
        if kind == COMMIT:
            if shared is not None:
                chips = list(shared)
            else:
                chips = _parse_chips(action.get("chips"), king=True)
                if sum(chips[:4]) > D.MAX_COMMIT:
                    raise IllegalAction(
                        "too_many_chips", "at most 5 chips, 6 only with the king", max=D.MAX_COMMIT + chips[D.K]
                    )
            return kind, _in_stock(st, seat, chips)
        if kind == CHOOSE_TILE:
            tile = action.get("tile")
            if not isinstance(tile, str) or tile not in D.STRATEGY_TILES:
                raise IllegalAction("unknown_tile", f"no strategy tile {tile!r}")
            if tile not in st.display:
                raise IllegalAction("tile_taken", f"{tile} is no longer on display", tile=tile)
            if tile not in eligible(st, seat):
                raise IllegalAction("not_eligible", f"not eligible for {tile}", tile=tile)
            return kind, tile
        if kind == CATAPULT_TARGET:
            target = action.get("seat")
            if type(target) is not int or target not in targets(st, seat):
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
                commit = chips_dict(s.commit) if own and s.commit is not None else None
                # others see the stock as it was before this round's hidden commit
                stock = s.stock if own or s.commit is None else [a + b for a, b in zip(s.stock, s.commit)]
            else:
                committed = s.commit is not None
                count = s.count if committed else None
                commit = chips_dict(s.commit) if committed else None
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
                "withdrawn": chips_dict(s.withdrawn, king=False) if revealed and any(s.withdrawn) else None,
                "last_commit": chips_dict(s.shown) if s.shown is not None else None,
                "stock": chips_dict(list(stock)),
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
            # every event tile of this game (a public list; only the deck's order is hidden), so a
            # tile held or set aside can be named by its terrain and value
            "event_tile_table": {tid: {"terrain": t, "value": v} for tid, (t, v) in st.cfg.tiles.items()},
            "deck_left": len(st.deck),
            "set_aside": list(st.set_aside),
            "display": list(st.display),
            "taken": dict(st.taken),
            "supply": dict(zip(D.DENOM_NAMES, st.supply)),
            "simultaneous_commit": st.cfg.simultaneous,
            "seats": seats[: st.players],
            "dummy": seats[st.players] if st.players < len(seats) else None,
            "dice": [copy_throw(t) for t in st.throws],
            "fresh": fresh,
            "round_tiles": {
                "claim3": st.claim3 if st.claim3 >= 0 else None,
                "trojan_horse": st.trojan if st.trojan >= 0 else None,
                "fresh_troops": st.fresh if st.fresh >= 0 else None,
            },
            "moves": copy_moves(st.moves),
        }
        if st.phase == OVER:
            # who won, as ``result`` ranks them; with ``dummy_can_win`` the fictitious player (its
            # seat number) is among them when it is ranked first
            res = self.result(st)
            dummy = res.extra.get("dummy") if res is not None else None
            out["winners"] = (list(res.winners) if res is not None else []) + (
                [dummy["seat"]] if dummy and dummy["rank"] == 1 else []
            )
            if res is not None:  # the score part by part, for the final picture
                out["result"] = res.to_json()
        if seat is not None and 0 <= seat < st.players:
            s = st.seats[seat]
            out["you"] = {
                "seat": seat,
                "stock": chips_dict(s.stock),
                "commit": chips_dict(s.commit) if s.commit is not None else None,
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
        return clone_state(state)

    def determinize(self, state: State, seat: int | None, rng: random.Random) -> State:
        """A copy in which what ``seat`` cannot see is redrawn from ``rng``: the chips other seats
        committed this round (from their stock before the commit, with the count when it is public),
        the order of the event tiles left, and the generator (the dice and the fictitious player's
        draws to come)."""
        st = self.clone(state)
        st.searching = True  # its moves are never shown
        if st.phase == COMMIT:
            for p in range(st.players):
                s = st.seats[p]
                if p == seat or s.commit is None:
                    continue
                before = tuple(a + b for a, b in zip(s.stock, s.commit))
                options = possible_commits(before, None if st.cfg.simultaneous else s.count)
                pick = list(options[rng.randrange(len(options))])
                s.stock = [a - b for a, b in zip(before, pick)]
                s.commit = pick
                s.count = sum(pick)
        st.deck.sort()
        rng.shuffle(st.deck)
        # future chance: a fresh generator, and no scripted value left to read
        st.chance = Chance(rng.getrandbits(64))
        return st

    def reveals(self, state: State, seat: int, action: Action) -> bool | None:
        """Whether the action shows anyone what they did not know (see games/takeback.py): a die
        rolled that has more than one face value, the fictitious player's draw from a pool of more
        than one kind, the next event tile turned over from several, a scripted outcome read, or
        the round's last commit while another seat's commit could still be more than one thing
        (they are all turned over then). None for an illegal action."""
        after = self.clone(state)
        try:
            events = self.apply(after, seat, action)
        except IllegalAction:
            return None
        if state.chance.script != after.chance.script or (len(after.deck) < len(state.deck) and len(state.deck) > 1):
            return True
        faces = state.cfg.faces
        for ev in events:
            if ev["type"] == "dice_rolled" and any(len(set(faces[c])) > 1 for c in ev["colours"]):
                return True
            if ev["type"] == "dummy_drew" and sum(1 for n in state.seats[state.players].stock if n) > 1:
                return True
        turned = state.phase == COMMIT and (after.phase != COMMIT or after.round != state.round)
        return turned and any(self._open_commit(state, p) for p in range(state.players) if p != seat)

    @staticmethod
    def _open_commit(st: State, p: int) -> bool:
        """Whether seat p has committed chips that others cannot tell from what is public (the
        stock they came from, and their count unless commits are simultaneous), as
        ``determinize`` redraws them."""
        s = st.seats[p]
        if s.commit is None:
            return False
        before = tuple(a + b for a, b in zip(s.stock, s.commit))
        return len(possible_commits(before, None if st.cfg.simultaneous else s.count)) > 1

    def unseen_move(self, state: State, seat: int, observer: int) -> bool:
        """Whether ``observer`` cannot see what ``seat`` does next: another seat's commit, whose
        chips stay hidden until the reveal (only its count is public)."""
        return state.phase == COMMIT and seat != observer

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: dict[str, Any]) -> State:
        return load_state(data)


def _details(s: Seat) -> dict[str, Any]:
    out: dict[str, Any] = dict(zip(D.SOURCES, s.points))
    out["total"] = s.score()
    out["chips"] = dict(zip(D.DENOM_NAMES, s.chips))
    out["virtual_chips"] = dict(zip(D.DENOM_NAMES, s.virtual))
    out["held_event_tiles"] = list(s.events)
    out["held_strategy_tiles"] = list(s.tiles)
    return out


def _in_stock(st: State, seat: int, chips: list[int]) -> list[int]:
    """The commit ``chips`` if the seat's stock holds them; else the first kind it lacks is refused."""
    stock = st.seats[seat].stock
    if chips[0] > stock[0] or chips[1] > stock[1] or chips[2] > stock[2] or chips[3] > stock[3] or chips[4] > stock[4]:
        i = next(i for i in range(5) if chips[i] > stock[i])
        raise IllegalAction("not_in_stock", f"only {stock[i]} {D.KINDS[i]} left", kind=D.KINDS[i], have=stock[i])
    return chips


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


ENGINE = BattlesBuilders()
