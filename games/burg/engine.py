"""Im Schutze der Burg (De Koningsburcht) — the rules engine.

Specification: ``shared/rules/im-schutze-der-burg.md``; its vocabulary is used throughout (card
ids, resources, trade fields, building, tile and helper-space ids, winter card ids, option keys).

Flow of a round (§5): round taler → [winter card if ``beforeSelection``] → secret selection
(all seats at once) → [winter card, default ``afterSelection``] → reveal → equip the worker cards
(W1's owner chooses two pieces) → resolve in the order messenger, trader (placements, then one
income step), bricklayer, stonemason, worker, master builder → end of round.

Actions (``type`` plus fields; every one a JSON dict):

``{"type": "select", "card": "trader"}``
    3–4 players: the secret card of this round. ``{"type": "select", "cards": [a, b]}`` with
    2 players (two different cards; either form is accepted when it gives the right count). A
    seat that already chose may send ``select`` again to change its choice until the last seat
    has chosen (R-24); ``legal`` lists choices only for seats that still owe one.
``{"type": "equip", "card": "worker_1", "resources": ["sand", "clay"]}``
    W1's owner chooses its pieces (§5.5, R-5); ``card`` may be omitted, and ``resources`` may
    also be given as counts (``{"sand": 2}``).
``{"type": "place_trader", "field": "cart_wood"}``
    A Trader places a helper from the personal supply; naming an occupied field displaces its
    helper (§6.2). A field may also be named by its resource (``"wood"``, ``"silver"``).
    ``{"type": "pass"}`` places nothing.
``{"type": "watchtower", "resource": "clay"}``
    The Bricklayer takes all pieces of one type from the watchtower (§6.3).
``{"type": "buy", "owner": 1, "card": "worker_2", "resource": "wood"}``
    The Stonemason buys one piece from another player's revealed worker card (§6.4); ``owner``
    may be left out when only one other player revealed that card.
``{"type": "build", "building": "house_1", "payment": {"sand": 2, "wood": 1, "clay": 1}}``
    Erect a building (§9). ``building`` is a tile id (``house_3``) or its group (``house``:
    the lowest-numbered unbuilt tile). ``payment`` counts the pieces paid, silver included;
    with silver, ``"silver_as": {"stone": 1}`` declares what each silver piece counts as (may be
    omitted: the engine then picks a declaration that makes the payment exact). ``legal`` lists
    the lowest unbuilt tile of each group with every exact payment of it, the default payment
    (least valuable pieces) first; ``apply`` accepts any exact payment. The seat's view names the
    default payment per building (``default_payments``), which menus offer first.
``{"type": "place_helper", "space": "palace_a", "from": "supply"}``
    A castle helper (§10) after building in the same action; ``from`` is ``"supply"`` or one of
    the player's own trade fields (default: the supply). Naming a building (``"market"``) picks
    its first free space. ``"space": "winter_guest"`` puts a guest on the revealed guest card
    (§15).
``{"type": "done"}``
    Ends the current step (purchases, building, castle helpers). ``pass`` and ``done`` are
    accepted for each other.

Steps of one action (§10 item 7, R-30) and their prompts (``Prompt.kind``): ``select`` (secret,
every seat that still owes a choice), ``equip``, ``trader`` (skipped as a pass when no legal
placement exists: no helper in the personal supply or every candidate field protected, §6.2
rule 7, R-14), ``watchtower`` (mandatory; skipped
when the watchtower is empty), ``buy`` (skipped when no other player revealed a worker card;
ends by itself once every such card was bought from), ``build`` (ends by itself after
``maxBuildingsPerAction`` buildings or when no tile is left), ``helpers`` (only after building in
this action, Bricklayer and Stonemason; ends by itself after ``maxCastleHelpersPerAction``). A
``build`` sent during ``buy`` ends the purchases, and a ``place_helper`` sent during ``build``
(after at least one building) ends the building, so ``legal`` lists those too. A step with
nothing left to do but ``done`` still waits for it (a player with no legal build declares done).

Readings of the specification where it leaves room:

- ``stonemasonPaymentTo`` defaults to ``"bank"`` as §3 and §6.4 say (R-26 and §12 name the
  worker's owner; the configuration table and the card text win).
- Only the cards chosen this round are secret; the hand is listed only in its owner's view.
- Silver declared as a type counts as that type for value and for the three-types rule (R-12);
  every paid silver piece goes to the forge, other pieces to the general supply.
- A winter guest is one of the (at most 2) castle placements of a Bricklayer or Stonemason,
  comes from the personal supply or an own trade field like any castle helper, and costs the
  guest card's fee (to the bank).
- ``Result.tiebreak``: ``"taler"`` or ``"resources"`` when that criterion decided the winner
  among equal VP, ``"shared"`` for a shared victory; when the winner is alone on VP, the deepest
  criterion any other group of equal VP needed (None when no VP are equal).

Events (``games.core.event``; all public except ``selection``):
``round_started`` {round, start_player, field}; ``round_taler`` {seat, amount};
``card_selected`` {seat}; ``selection`` {seat, cards} (to the seat); ``winter_revealed``
{card, field, round}; ``wood_lost`` {seat, count}; ``helpers_returned`` {seat, field};
``taler_received`` {seat, amount, source}; ``taler_paid`` {seat, amount, paid_to, reason};
``watchtower_stocked`` {resources}; ``cards_revealed`` {cards: [[...] per seat]};
``worker_equipped`` {seat, card, resources}; ``messenger`` {seat, amount};
``trader_placed`` {seat, field, displaced}; ``trader_passed`` {seat}; ``trade_income``
{seat, field, resource, count}; ``tax_paid`` {seat, resources}; ``watchtower_taken``
{seat, resource, count}; ``resource_bought`` {seat, owner, card, resource, price, paid_to};
``worker_collected`` {seat, card, resources}; ``building_built`` {seat, building, group, card,
payment, silver_as, vp, taler}; ``helper_placed`` {seat, space, building, from, fee};
``guest_placed`` {seat, fee, from}; ``step_done`` {seat, card, step}; ``master_builder``
{seat, buildings, vp}; ``cards_returned`` {seat}; ``round_ended`` {round}; ``game_ended``
{reason: last_round | all_built}; ``final_score`` {seat, source (a helper space id, ``palace``,
``market`` or ``guests``), vp, and measure / converted / guests}; ``game_result`` {scores,
winners, tiebreak}. ``taler_received.source`` is the winter card; the Messenger has its own
``messenger`` event.
Resources in events are dicts ``{resource: count}``. ``opening_events(state)`` returns what
``start`` did (``round_started`` and ``round_taler`` of round 1, and a winter card revealed before
the first selection) while round 1's selection is open, else ``[]``.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any

from games.core import Action, Event, IllegalAction, OptionSpec, Presentation, Prompt, Result, visible
from games.moves import copy_moves, remember
from games.rng import Chance
from games.takeback import drew_on_chance

from .data import (
    BUILD_TYPES,
    CARDS,
    FIELD_RESOURCE,
    FIELDS,
    MARKET_RATE_BOTH,
    MARKET_RATE_ONE,
    MARKET_SPACES,
    PALACE_LIMIT_PER_HELPER,
    PALACE_ORDER,
    PALACE_SPACES,
    RESOLUTION_ORDER,
    RESOURCES,
    SCORING_STEPS,
    SPACE_SCORING,
    WORKERS,
)
from .rules import (
    declare_silver,
    payment_caps,
    payment_pieces,
    payment_valid,
    payments,
    validated_game,
    worker_choices,
)
from .state import Player, State, clone_state, dump_state, load_state

__all__ = ("ENGINE", "BurgEngine")

#: the public events that show a move (games/moves.py): a card chosen (never which, until the
#: reveal), the reveal, pieces taken or bought, a helper placed, a building erected
MOVE_EVENTS = frozenset(
    {
        "card_selected",
        "cards_revealed",
        "worker_equipped",
        "messenger",
        "trader_placed",
        "trader_passed",
        "watchtower_taken",
        "resource_bought",
        "building_built",
        "helper_placed",
        "guest_placed",
        "master_builder",
    }
)

#: How many exact payments ``legal`` offers per building (``apply`` accepts every exact one).
GUEST = "winter_guest"
_RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
_FIELD_INDEX = {f: i for i, f in enumerate(FIELDS)}
_CARD_INDEX = {c: i for i, c in enumerate(CARDS)}
#: A trade field may also be named by its resource (``sand`` is the sand cart, ``silver`` the rider).
_FIELD_ALIAS = {RESOURCES[FIELD_RESOURCE[f]]: FIELDS[f] for f in range(5)}
_SLOT = {c: ("worker" if c in WORKERS else c) for c in CARDS}
_SLOT_RANK = {c: RESOLUTION_ORDER.index(slot) for c, slot in _SLOT.items()}
_TRADER_RANK = _SLOT_RANK["trader"]
_WORKER_SET = frozenset(WORKERS)
_DONE = ("done", "pass")
_DONE_STEPS = frozenset(("trader", "buy", "build", "helpers"))  # the steps ``done`` ends
_BUILD_STEPS = ("buy", "build")  # the steps a building may be erected in
_HELPER_CARDS = ("bricklayer", "stonemason")  # the cards that may place castle helpers after building
_FIRST = itemgetter(0)


def _res_dict(v: list[int] | tuple[int, ...]) -> dict[str, int]:
    # unrolled: called for nearly every event, a comprehension costs twice as much
    out = {}
    if v[0]:
        out["sand"] = v[0]
    if v[1]:
        out["wood"] = v[1]
    if v[2]:
        out["clay"] = v[2]
    if v[3]:
        out["stone"] = v[3]
    if v[4]:
        out["silver"] = v[4]
    return out


assert RESOURCES == ("sand", "wood", "clay", "stone", "silver")  # _res_dict spells them out


#: Actions that never change, shared by every ``legal`` list.
_PASS: Action = {"type": "pass"}
_DONE_ACTION: Action = {"type": "done"}
_TRADER_ACTIONS: tuple[Action, ...] = tuple({"type": "place_trader", "field": f} for f in FIELDS)
_TOWER_ACTIONS: tuple[Action, ...] = tuple({"type": "watchtower", "resource": r} for r in RESOURCES)


@lru_cache(maxsize=4096)
def _select_actions(hand: tuple[str, ...], count: int, full: bool, single: bool) -> tuple[Action, ...]:
    """Every choice of ``count`` cards from the hand (the Master builder not while it is full),
    as ``card`` actions when one card is chosen per round, else ``cards``."""
    cards = [c for c in hand if not (full and c == "master_builder")]
    if single:
        actions = tuple({"type": "select", "card": c[0]} for c in combinations(cards, count))
    else:
        actions = tuple({"type": "select", "cards": list(c)} for c in combinations(cards, count))
    if len(_SELECT_OF) >= 20_000:  # bounded: a long-running bot keeps it
        _SELECT_OF.clear()
    for act in actions:
        chosen = act["cards"] if "cards" in act else [act["card"]]
        _SELECT_OF[id(act)] = (act, tuple(sorted(chosen, key=_CARD_INDEX.__getitem__)))
    return actions


#: id of a select action made here -> (the action, its cards in card order): ``apply`` takes an
#: action ``legal`` handed out without validating its fields again (kept alive here, so its id
#: names nothing else while the entry lives).
_SELECT_OF: dict[int, tuple[Action, tuple[str, ...]]] = {}


_PROMPTS: dict[tuple[Any, ...], Prompt] = {}
_SELECT_PROMPTS: dict[tuple[int, int], Prompt] = {}  # (round, count) -> the select prompt
_STEP_PROMPTS: dict[tuple[Any, ...], Prompt] = {}  # (step, card, round, left or None) -> its prompt


def _prompt(kind: str, secret: bool, **data: Any) -> Prompt:
    """A prompt made once and shared: prompts are frozen and nobody changes their data (a few
    thousand kinds at most: kind, card, step, round and count or what is left)."""
    key = (kind, secret, *data.items())
    prompt = _PROMPTS.get(key)
    if prompt is None:
        if len(_PROMPTS) >= 10_000:
            _PROMPTS.clear()
            _SELECT_PROMPTS.clear()
            _STEP_PROMPTS.clear()
        prompt = _PROMPTS[key] = Prompt(kind, secret, data)
    return prompt


def _name(a: Action, key: str) -> str | None:
    """A field that must be a name; anything else (lists, numbers) counts as missing."""
    v = a.get(key)
    return v if isinstance(v, str) else None


def _illegal(code: str, reason: str, **params: Any) -> IllegalAction:
    return IllegalAction(code, reason, **params)


#: Entries a memo of the rules keeps before it starts afresh (a long-running bot keeps them).
_MEMO_LIMIT = 20_000


def _unbuilt(rules: Any, built: dict[str, Any]) -> tuple[str, ...]:
    """The lowest unbuilt tile of every group, in table order (remembered per built set)."""
    key = tuple(built)
    memo = rules.unbuilt_memo
    found = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        lowest = []
        for ids in rules.groups.values():
            for tid in ids:
                if tid not in built:
                    lowest.append(tid)
                    break
        found = memo[key] = tuple(lowest)
    return found


def _worker_choices(rules: Any, card: str, supply: list[int]) -> tuple[tuple[int, ...], ...]:
    """``worker_choices``, remembered per card and supply (asked several times per worker card)."""
    key = (card, *supply)
    memo = rules.choice_memo
    found = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        found = memo[key] = worker_choices(rules, card, supply)
    return found


def _groups_in_reach(rules: Any, have: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """The tile groups (their tile ids, in table order) with a tile the holdings may be worth,
    counting each silver piece at the best value; the others have no build actions (most groups
    for most holdings; prebuilt tiles are built from the start on). Too few types, silver
    counting as any, reach nothing (``payment_pieces`` refuses them too)."""
    if (have[0] > 0) + (have[1] > 0) + (have[2] > 0) + (have[3] > 0) + have[4] < min(4, rules.min_types):
        return ()
    values = rules.values
    reach = have[0] * values[0] + have[1] * values[1] + have[2] * values[2] + have[3] * values[3]
    reach += have[4] * max(values)
    memo = rules.reach_memo
    found = memo.get(reach)
    if found is None:
        tile_by_id = rules.tile_by_id
        found = memo[reach] = tuple(
            ids
            for ids in rules.groups.values()
            if any(tile_by_id[t].cost <= reach and not tile_by_id[t].prebuilt for t in ids)
        )
    return found


def _build_actions(rules: Any, tid: str, have: tuple[int, ...]) -> tuple[Action, ...]:
    """The build actions of one tile within reach of these holdings, shared: nobody changes an
    action it was given (games/core.py, ``legal``). Holdings are capped first (as
    ``cap_holdings``), so the cache below serves many holdings; the caller remembers the answer
    per holdings."""
    cost = rules.tile_by_id[tid].cost
    values = rules.values
    min_types = rules.min_types
    caps = payment_caps(cost, values, min_types)
    capped = (
        have[0] if have[0] < caps[0] else caps[0],
        have[1] if have[1] < caps[1] else caps[1],
        have[2] if have[2] < caps[2] else caps[2],
        have[3] if have[3] < caps[3] else caps[3],
        have[4] if have[4] < caps[4] else caps[4],
    )
    return _capped_build_actions(tid, cost, values, min_types, capped)


@lru_cache(maxsize=65_536)  # bounded: a long-running bot keeps it
def _capped_build_actions(
    tid: str, cost: int, values: tuple[int, ...], min_types: int, have: tuple[int, ...]
) -> tuple[Action, ...]:
    made = _BUILD_ACTION
    out = []
    for pieces, decl in payment_pieces(have, cost, values, min_types):
        act = made.get((tid, pieces, decl))
        out.append(_build_action(tid, pieces, decl) if act is None else act)
    return tuple(out)


_BUILD_ACTION: dict[tuple[Any, ...], Action] = {}
#: id of a build action made here -> (the action, its pieces, its declaration): ``apply`` knows
#: an action ``legal`` handed out without reading its dicts again (the action is kept alive
#: here, so its id names nothing else while the entry lives).
_BUILD_ACTION_OF: dict[int, tuple[Action, tuple[int, ...], tuple[int, ...]]] = {}


def _build_action(tid: str, pieces: tuple[int, ...], decl: tuple[int, ...]) -> Action:
    """One build action, made once per tile and payment (holdings differ far more often)."""
    key = (tid, pieces, decl)
    act = _BUILD_ACTION.get(key)
    if act is None:
        if len(_BUILD_ACTION) >= 100_000:  # bounded: a long-running bot keeps it
            _BUILD_ACTION.clear()
            _BUILD_ACTION_OF.clear()
        act = {"type": "build", "building": tid, "payment": _res_dict(pieces)}
        if pieces[4]:
            act["silver_as"] = {BUILD_TYPES[i]: k for i, k in enumerate(decl) if k}
        _BUILD_ACTION[key] = act
        _BUILD_ACTION_OF[id(act)] = (act, pieces, decl)
    return act


@lru_cache(maxsize=4096)
def _shared_action(kind: str, *fields: Any) -> Action:
    """One action made once and handed to every ``legal`` list that offers it (nobody changes an
    action it was given, games/core.py): ``fields`` alternate names and values."""
    act: Action = {"type": kind}
    for i in range(0, len(fields), 2):
        act[fields[i]] = fields[i + 1]
    return act


@lru_cache(maxsize=1024)
def _equip_actions(card: str, options: tuple[tuple[int, ...], ...]) -> tuple[Action, ...]:
    """The equip actions of a worker card for its piece choices (shared as ``_shared_action``)."""
    return tuple({"type": "equip", "card": card, "resources": [RESOURCES[r] for r in combo]} for combo in options)


@lru_cache(maxsize=4096)
def _payment_event(pieces: tuple[int, ...], decl: tuple[int, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """The payment and silver declaration of a ``building_built`` event (templates: copy them)."""
    return _res_dict(pieces), {k: n for k, n in zip(BUILD_TYPES, decl) if n}


class BurgEngine(Presentation):
    """Stateless engine; a game lives in its ``State``."""

    text_module = "games.burg.text"
    picture_module = "games.burg.picture"

    strategy_module = "games.burg.strategy"
    key = "burg"
    names = {"en": "Im Schutze der Burg", "nl": "De Koningsburcht"}
    min_players = 2
    max_players = 4
    option_specs = (
        OptionSpec(
            "winterEnabled",
            "bool",
            False,
            help={
                "en": "Winter variant: winter cards are revealed on marked rounds.",
                "nl": "Wintervariant: op gemarkeerde rondes wordt een winterkaart onthuld.",
            },
        ),
        OptionSpec(
            "winterRevealTiming",
            "choice",
            "afterSelection",
            choices=("afterSelection", "beforeSelection"),
            help={
                "en": "When the winter card is revealed: after or before the secret card choice.",
                "nl": "Wanneer de winterkaart wordt onthuld: na of voor de geheime kaartkeuze.",
            },
        ),
        OptionSpec(
            "stonemasonPaymentTo",
            "choice",
            "bank",
            choices=("bank", "workerOwner"),
            help={
                "en": "Who receives the taler a Stonemason pays: the bank or the worker's owner.",
                "nl": "Wie de taler van de Steenhouwer krijgt: de bank of de eigenaar van de arbeider.",
            },
        ),
        OptionSpec(
            "allowDisplacingOwnTraderHelper",
            "bool",
            False,
            help={
                "en": "A Trader may displace their own helper from a trade field.",
                "nl": "Een Handelaar mag zijn eigen werker van een grondstofveld verdringen.",
            },
        ),
    )

    # -- start -----------------------------------------------------------------------------
    def start(self, players: int, options: dict[str, Any] | None = None, seed: int | None = None) -> State:
        cfg, script, rules = validated_game(options, players, shared=True)
        n = players
        chance = Chance(seed or 0, script)
        s = State(n=n, config=cfg, chance=chance, rules=rules)
        s.track = rules.rounds * rules.track_per_round
        s.bank = rules.coins_total - s.track - n * rules.start_taler
        s.tower = list(rules.tower_start)
        s.supply = [rules.totals[i] - rules.tower_start[i] - n * rules.start_res[i] for i in range(5)]
        s.removed_res = [0] * 5
        s.players = [
            Player(rules.start_taler, list(rules.start_res), 0, rules.helpers, list(CARDS), []) for _ in range(n)
        ]
        s.field_owner = [-1] * 5
        s.field_round = [0] * 5
        s.built = {t.id: [-1, 0, None] for t in rules.tiles if t.prebuilt}
        s.spaces = {}
        s.winter_seen = []
        s.guests = []
        s.winter_deck = self._winter_deck(chance, rules) if rules.winter else []
        s.selections = [None] * n
        s.revealed = [[] for _ in range(n)]
        s.workers = []
        s.queue = []
        s.round_builds = []
        s.round_helpers = [[] for _ in range(n)]
        opening: list[Event] = []
        self._start_round(s, opening)
        s.opening = opening
        return s

    def opening_events(self, s: State) -> list[Event]:
        """What ``start`` did: round 1 began and its start player took the round taler (§5.1),
        plus a winter card if one is revealed before the first selection (§5.3)."""
        if s.round != 1 or s.phase != "select":
            return []
        return json.loads(json.dumps(s.opening or []))

    @staticmethod
    def _winter_deck(chance: Chance, rules: Any) -> list[str]:
        # §4 step 8: scripted cards on top in the given order, the rest shuffled by the RNG.
        deck: list[str] = []
        while True:
            card = chance.take("winter_order")
            if card is Chance.NONE:
                break
            deck.append(card)
        rest = [c for c in rules.winter_cards if c not in deck]
        chance.rng.shuffle(rest)
        return deck + rest

    # -- protocol: who acts ------------------------------------------------------------------
    def pending(self, s: State) -> dict[int, Prompt]:
        phase = s.phase
        if phase == "act":
            t = s.task
            step = t["step"]
            if step == "build":
                left = s.rules.max_builds - t["builds"]
            elif step == "helpers":
                left = s.rules.max_helpers - t["helpers"]
            else:
                left = None
            key = (step, t["card"], s.round, left)
            prompt = _STEP_PROMPTS.get(key)
            if prompt is None:
                if left is None:
                    prompt = _prompt(step, False, card=key[1], step=step, round=key[2])
                else:
                    prompt = _prompt(step, False, card=key[1], step=step, round=key[2], left=left)
                _STEP_PROMPTS[key] = prompt
            return {t["seat"]: prompt}
        if phase == "select":
            out = {}
            per_round = s.rules.cards_per_round
            players = s.players
            usual = None  # the prompt of a seat holding more cards than it chooses (nearly all)
            for seat, mine in enumerate(s.selections):
                if mine is None:
                    held = len(players[seat].hand)
                    if per_round < held:
                        if usual is None:
                            usual = self._select_prompt(s.round, per_round)
                        out[seat] = usual
                    else:
                        out[seat] = self._select_prompt(s.round, held)
            return out
        if phase == "over":
            return {}
        if phase == "equip":
            seat, card, _ = s.workers[s.equip_at]
            return {seat: _prompt("equip", False, card=card, count=len(self._equip_options(s)[0]))}
        return {}  # pragma: no cover - every phase is listed above

    @staticmethod
    def _select_prompt(round_: int, count: int) -> Prompt:
        key = (round_, count)
        prompt = _SELECT_PROMPTS.get(key)
        if prompt is None:
            prompt = _SELECT_PROMPTS[key] = _prompt("select", True, round=round_, count=count)
        return prompt

    def invitations(self, s: State) -> dict[int, Prompt]:
        """R-24: a seat that has selected may change its choice until the last seat has selected
        (optional, so it keeps nobody waiting; only that seat learns what it chose)."""
        if s.phase != "select":
            return {}
        return {
            seat: Prompt(
                "change_choice",
                secret=True,
                data={"optional": True, "round": s.round, "cards": list(mine)},
            )
            for seat, mine in enumerate(s.selections)
            if mine is not None and self.legal(s, seat)  # a hand with one possible choice has none
        }

    def _select_count(self, s: State, seat: int) -> int:
        return min(s.rules.cards_per_round, len(s.players[seat].hand))

    # -- protocol: legal ---------------------------------------------------------------------
    def legal(self, s: State, seat: int) -> list[Action]:
        phase = s.phase
        if phase == "act":
            t = s.task
            # the acting seat is a valid one: no other seat (nor a non-number) gets past this
            if t is None or t["seat"] != seat or not isinstance(seat, int):
                return []
            return self._legal_step(s, seat, t)
        if phase == "over" or not isinstance(seat, int) or not 0 <= seat < s.n:
            return []
        if phase == "select":
            p = s.players[seat]
            hand = p.hand
            per_round = s.rules.cards_per_round
            count = per_round if per_round < len(hand) else len(hand)
            options = list(_select_actions(tuple(hand), count, not p.played, per_round == 1))
            mine = s.selections[seat]
            if mine is not None:  # a pick may change until the last seat has picked
                options = [a for a in options if sorted(a.get("cards") or [a["card"]], key=_CARD_INDEX.get) != mine]
            return options
        if phase == "equip":
            if s.workers[s.equip_at][0] != seat:
                return []
            _, card, _ = s.workers[s.equip_at]
            return list(_equip_actions(card, self._equip_options(s)))
        return []  # pragma: no cover - every phase is listed above

    def _legal_step(self, s: State, seat: int, t: dict[str, Any]) -> list[Action]:
        """``legal`` for the seat whose card is resolving."""
        step = t["step"]
        # A later step's action also ends the current optional step (§10 item 7), so it is listed.
        if step == "build":
            out = self._legal_build(s, seat)
            if t["builds"] > 0 and t["card"] in _HELPER_CARDS and s.rules.max_helpers > 0:  # _helpers_follow
                out += self._legal_helpers(s, seat)
            out.append(_DONE_ACTION)
            return out
        if step == "trader":
            out = [_TRADER_ACTIONS[f] for f in self._trader_fields(s, seat)]
            out.append(_PASS)
            return out
        if step == "watchtower":
            tower = s.tower
            return [_TOWER_ACTIONS[r] for r in range(5) if tower[r] > 0]
        if step == "buy":
            out = self._legal_buy(s, seat)
            out += self._legal_build(s, seat)
            out.append(_DONE_ACTION)
            return out
        if step == "helpers":
            out = self._legal_helpers(s, seat)
            out.append(_DONE_ACTION)
            return out
        return []  # pragma: no cover - every step is listed above

    def _allowed_selections(self, s: State, seat: int) -> list[tuple[str, ...]]:
        p = s.players[seat]
        count = self._select_count(s, seat)
        full = not p.played
        cards = [c for c in p.hand if not (full and c == "master_builder")]
        return list(combinations(cards, count))

    def _legal_select(self, s: State, seat: int) -> list[Action]:
        p = s.players[seat]
        per_round = s.rules.cards_per_round
        return list(_select_actions(tuple(p.hand), min(per_round, len(p.hand)), not p.played, per_round == 1))

    def _equip_options(self, s: State) -> tuple[tuple[int, ...], ...]:
        _, card, _ = s.workers[s.equip_at]
        return _worker_choices(s.rules, card, s.supply)

    def _trader_fields(self, s: State, seat: int) -> list[int]:
        """Fields the Trader may place on now (§6.2 rules 1-7)."""
        if s.players[seat].helpers <= 0:
            return []
        owner = s.field_owner
        free_carts = [f for f in range(4) if owner[f] < 0]
        if free_carts:
            return free_carts
        out = []
        for f in range(5):
            o = owner[f]
            if o < 0:
                out.append(f)  # the rider, the only field that can be free here
            elif s.field_round[f] != s.round and (o != seat or s.rules.own_displace):
                out.append(f)
        return out

    def _eligible_workers(self, s: State, seat: int) -> list[list[Any]]:
        return [w for w in s.workers if w[0] != seat]

    def _legal_buy(self, s: State, seat: int) -> list[Action]:
        t = s.task
        price = s.rules.stone_price
        if s.players[seat].taler < price:
            return []
        out = []
        for owner, card, res in self._eligible_workers(s, seat):
            if f"{owner}:{card}" in t["bought"] or sum(res) < 2:
                continue
            for r in range(5):
                if res[r]:
                    out.append(_shared_action("buy", "owner", owner, "card", card, "resource", RESOURCES[r]))
        return out

    def _unbuilt_groups(self, s: State) -> list[str]:
        """The lowest unbuilt tile of every group, in table order."""
        return list(_unbuilt(s.rules, s.built))

    def _legal_build(self, s: State, seat: int) -> list[Action]:
        rules = s.rules
        have = tuple(s.players[seat].res)
        memo = rules.build_memo
        found = memo.get(have)
        if found is None:
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            found = memo[have] = (_groups_in_reach(rules, have), {})
        groups, per_tile = found
        out: list[Action] = []
        if not groups:
            return out
        built = s.built
        for ids in groups:  # in table order, each by its lowest unbuilt tile (as ``_unbuilt``)
            for tid in ids:
                if tid not in built:
                    break
            else:
                continue
            actions = per_tile.get(tid)
            if actions is None:
                actions = per_tile[tid] = _build_actions(rules, tid, have)
            if actions:
                out += actions
        return out

    def _helper_sources(self, s: State, seat: int) -> list[str]:
        out = ["supply"] if s.players[seat].helpers > 0 else []
        for f, owner in enumerate(s.field_owner):
            if owner == seat:
                out.append(FIELDS[f])
        return out

    def _legal_helpers(self, s: State, seat: int) -> list[Action]:
        rules = s.rules
        sources = self._helper_sources(s, seat)
        if not sources:
            return []
        taler = s.players[seat].taler
        done_here = s.round_helpers[seat]
        out: list[Action] = []
        for sid in rules.spaces:
            bid = rules.space_building[sid]
            if bid not in s.built or sid in s.spaces or bid in done_here or rules.space_fee[sid] > taler:
                continue
            out.extend([_shared_action("place_helper", "space", sid, "from", src) for src in sources])
        if self._guest_open(s, seat) and rules.winter_cards[GUEST]["fee"] <= taler and not s.task.get("guest"):
            out.extend([_shared_action("place_helper", "space", GUEST, "from", src) for src in sources])
        return out

    def _guest_open(self, s: State, seat: int) -> bool:
        return GUEST in s.winter_seen and seat not in s.guests and GUEST not in s.round_helpers[seat]

    # -- protocol: apply ---------------------------------------------------------------------
    def apply(self, s: State, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, dict):
            raise _illegal("bad_action", "an action is a JSON object")
        kind = action.get("type")
        try:
            handler = _HANDLER_FUNCS.get(kind)  # only names are keys: anything else finds nothing
        except TypeError:  # not hashable (a list ...)
            handler = None
        if handler is None:
            raise _illegal("unknown_type", f"unknown action type {kind!r}")
        if s.phase == "over":
            raise _illegal("game_over", "the game is over")
        if (type(seat) is not int or not 0 <= seat < s.n) and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.n
        ):
            raise _illegal("bad_seat", f"no seat {seat!r}")
        events: list[Event] = []
        handler(self, s, seat, action, events)
        s.seq += 1
        if not s.searching:
            remember(s.moves, seat, events, MOVE_EVENTS)
        return events

    def _expect(self, s: State, seat: int, *steps: str) -> dict[str, Any]:
        """The current task if it is this seat's and in one of ``steps``; else refuse."""
        if s.phase != "act" or s.task is None:
            raise _illegal("wrong_phase", f"no card is resolving now (phase {s.phase})")
        t = s.task
        if t["seat"] != seat:
            raise _illegal("not_your_turn", f"seat {t['seat']} is acting")
        if t["step"] not in steps:
            raise _illegal("wrong_step", f"the {t['card']} is at step {t['step']}", step=t["step"])
        return t

    # select ------------------------------------------------------------------------------------
    def _do_select(self, s: State, seat: int, a: Action, ev: list[Event]) -> None:
        if s.phase != "select":
            raise _illegal("wrong_phase", "cards are chosen at the start of a round")
        known = _SELECT_OF.get(id(a))
        cards = None
        if known is not None and known[0] is a:
            # an action ``legal`` made: only whether the hand still allows it is left to check
            chosen = known[1]
            p = s.players[seat]
            hand = p.hand
            per_round = s.rules.cards_per_round
            if len(chosen) == (per_round if per_round < len(hand) else len(hand)) and (
                p.played or "master_builder" not in chosen
            ):
                cards = list(chosen)
                for c in chosen:
                    if c not in hand:
                        cards = None
                        break
        if cards is None:
            cards = self._checked_selection(s, seat, a)
        selections = s.selections
        if cards == selections[seat]:
            raise _illegal("unchanged", "that is already your choice")
        if selections[seat] is None:
            ev.append({"type": "card_selected", "seat": seat})
        selections[seat] = cards
        ev.append({"type": "selection", "seat": seat, "cards": list(cards), "to": [seat]})
        if None not in selections:
            if s.rules.winter and s.rules.winter_timing == "afterSelection":
                self._winter(s, ev)
            self._reveal(s, ev)
            self._advance(s, ev)

    def _checked_selection(self, s: State, seat: int, a: Action) -> list[str]:
        raw = a.get("cards", a.get("card"))
        if isinstance(raw, str):
            raw = [raw]
        elif not isinstance(raw, list) or any(not isinstance(c, str) for c in raw):
            raise _illegal("bad_cards", "name the card(s) to choose")
        p = s.players[seat]
        hand = p.hand
        count = min(s.rules.cards_per_round, len(hand))
        for c in raw:
            if c not in _CARD_INDEX:
                raise _illegal("unknown_card", f"no card {c!r}", card=c)
        if len(raw) != count:
            raise _illegal("card_count", f"choose exactly {count} card(s)", count=count)
        if count > 1 and len(set(raw)) != count:
            raise _illegal("same_card", "the cards must be different")
        for c in raw:
            if c not in hand:
                raise _illegal("not_in_hand", f"{c} is in the played area", card=c)
        if "master_builder" in raw and not p.played:
            raise _illegal("master_builder_first", "the Master builder cannot be chosen with all 8 cards in hand")
        return sorted(raw, key=_CARD_INDEX.__getitem__) if count > 1 else list(raw)

    # equip -------------------------------------------------------------------------------------
    def _do_equip(self, s: State, seat: int, a: Action, ev: list[Event]) -> None:
        if s.phase != "equip":
            raise _illegal("wrong_phase", "no worker card waits for its pieces")
        owner, card, res = s.workers[s.equip_at]
        if owner != seat:
            raise _illegal("not_your_turn", f"seat {owner} equips a worker")
        if "card" in a and a["card"] != card:
            raise _illegal("wrong_card", f"{card} is being equipped", card=card)
        raw = a.get("resources")
        if isinstance(raw, dict):  # alias: {"sand": 2} for ["sand", "sand"]
            if any(isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= 10 for k in raw.values()):
                raise _illegal("bad_resources", "piece counts are small whole numbers")
            raw = [r for r, k in raw.items() for _ in range(k)]
        if not isinstance(raw, list):
            raise _illegal("bad_resources", "name the pieces as a list of resources")
        picked = []
        for r in raw:
            if not isinstance(r, str) or r not in _RES_INDEX:
                raise _illegal("bad_resources", "name the pieces as a list of resources")
            picked.append(_RES_INDEX[r])
        picked.sort()
        combo = tuple(picked)
        options = self._equip_options(s)
        if combo not in options:
            raise _illegal(
                "bad_choice", "not a legal choice of pieces for this worker", count=len(options[0]) if options else 0
            )
        for r in combo:
            s.supply[r] -= 1
            res[r] += 1
        ev.append({"type": "worker_equipped", "seat": seat, "card": card, "resources": _res_dict(res)})
        s.equip_at += 1
        self._equip(s, ev)
        self._advance(s, ev)

    # trader ------------------------------------------------------------------------------------
    def _do_place_trader(self, s: State, seat: int, a: Action, ev: list[Event]) -> None:
        self._expect(s, seat, "trader")
        fid = _name(a, "field")
        fid = _FIELD_ALIAS.get(fid, fid)  # type: ignore[arg-type]
        if fid not in _FIELD_INDEX:
            raise _illegal("unknown_field", f"no trade field {fid!r}")
        f = _FIELD_INDEX[fid]
        if s.players[seat].helpers <= 0:
            raise _illegal("no_helper", "no helper in the personal supply")
        if f not in self._trader_fields(s, seat):
            raise _illegal("field_closed", f"{fid} cannot take a helper now", field=fid)
        displaced = s.field_owner[f]
        if displaced >= 0:
            s.players[displaced].helpers += 1
        s.players[seat].helpers -= 1
        s.field_owner[f] = seat
        s.field_round[f] = s.round
        ev.append(
            {"type": "trader_placed", "seat": seat, "field": fid, "displaced": displaced if displaced >= 0 else None}
        )
        self._finish_task(s, ev)
        self._advance(s, ev)

    # bricklayer --------------------------------------------------------------------------------
    def _do_watchtower(self, s: State, seat: int, a: Action, ev: list[Event]) -> None:
        t = self._expect(s, seat, "watchtower")
        r = _RES_INDEX.get(_name(a, "resource") or "")
        if r is None:
            raise _illegal("unknown_resource", f"no resource {a.get('resource')!r}")
        if s.tower[r] <= 0:
            raise _illegal("empty_type", f"the watchtower holds no {RESOURCES[r]}")
        count = s.tower[r]
        s.tower[r] = 0
        s.players[seat].res[r] += count
        ev.append({"type": "watchtower_taken", "seat": seat, "resource": RESOURCES[r], "count": count})
        self._enter_build(s, t, ev)
        self._advance(s, ev)

    # stonemason --------------------------------------------------------------------------------
    def _do_buy(self, s: State, seat: int, a: Action, ev: list[Event]) -> None:
        owner, card, rname = a.get("owner"), _name(a, "card"), _name(a, "resource")
        t = s.task
        if s.phase == "act" and t and t["seat"] == seat and t["card"] == "stonemason" and t["step"] != "buy":
            # buying ended (every worker card bought from, or building began): say which rule
            if any(b.endswith(f":{card}") and (owner is None or b == f"{owner}:{card}") for b in t["bought"]):
                raise _illegal("already_bought", "one piece per worker card")
            raise _illegal("buying_over", "the Stonemason buys before building")
        t = self._expect(s, seat, "buy")
        r = _RES_INDEX.get(rname or "")
        if r is None:
            raise _illegal("unknown_resource", f"no resource {rname!r}")
        if owner is not None and (isinstance(owner, bool) or not isinstance(owner, int)):
            raise _illegal("no_worker", "owner is a seat number")
        if owner is None:
            # the owner may be left out when only one other player revealed that worker card
            matches = [w for w in self._eligible_workers(s, seat) if w[1] == card]
            if len(matches) == 1:
                owner = matches[0][0]
        entry = next((w for w in s.workers if w[0] == owner and w[1] == card), None)
        if entry is None:
            raise _illegal("no_worker", f"no worker card {card!r} of seat {owner!r} was revealed")
        if owner == seat:
            raise _illegal("own_worker", "a Stonemason never buys from its own worker card")
        if f"{owner}:{card}" in t["bought"]:
            raise _illegal("already_bought", "one piece per worker card")
        res = entry[2]
        if res[r] <= 0:
            raise _illegal("not_on_card", f"no {rname} on that card")
        if sum(res) < 2:
            raise _illegal("last_piece", "the last piece on a worker card cannot be bought")
        price = s.rules.stone_price
        if s.players[seat].taler < price:
            raise _illegal("no_money", f"the price is {price} taler", price=price)
        res[r] -= 1
        s.players[seat].res[r] += 1
        s.players[seat].taler -= price
        to = s.rules.stone_pay_to
        if to == "workerOwner":
            s.players[owner].taler += price
        else:
            s.bank += price
        t["bought"].append(f"{owner}:{card}")
        ev.append(
            {
                "type": "resource_bought",
                "seat": seat,
                "owner": owner,
                "card": card,
                "resource": rname,
                "price": price,
                "paid_to": owner if to == "workerOwner" else "bank",
            }
        )
        if len(t["bought"]) >= len(self._eligible_workers(s, seat)):
            self._enter_build(s, t, ev)
        self._advance(s, ev)

    # build -------------------------------------------------------------------------------------
    def _check_build(self, s: State, seat: int, a: Action) -> tuple[Any, tuple[int, ...], tuple[int, ...]]:
        rules = s.rules
        known = _BUILD_ACTION_OF.get(id(a))
        if known is not None and known[0] is a:
            # an action ``legal`` made: only what the state decides is left to check (anything
            # refused goes the long way below, which names the reason)
            _act, pieces, decl = known
            bid = a["building"]
            tile = rules.tile_by_id.get(bid)
            have = s.players[seat].res
            if (
                tile is not None
                and rules.groups.get(bid, (bid,)) == (bid,)
                and bid not in s.built
                and pieces[0] <= have[0]
                and pieces[1] <= have[1]
                and pieces[2] <= have[2]
                and pieces[3] <= have[3]
                and pieces[4] <= have[4]
                and payment_valid(pieces, decl, tile.cost, rules.values, rules.min_types)
            ):
                return tile, pieces, decl
        bid = a.get("building")
        if not isinstance(bid, str):
            raise _illegal("unknown_building", "name the building")
        if bid in rules.groups and rules.groups[bid] != (bid,):
            free = [tid for tid in rules.groups[bid] if tid not in s.built]
            if not free:
                raise _illegal("already_built", f"every {bid} is built", building=bid)
            bid = free[0]
        tile = rules.tile_by_id.get(bid)
        if tile is None:
            raise _illegal("unknown_building", f"no building {bid!r}")
        if bid in s.built:
            raise _illegal("already_built", f"{bid} is already built", building=bid)
        pay = a.get("payment")
        if not isinstance(pay, dict) or any(k not in _RES_INDEX for k in pay):
            raise _illegal("bad_payment", "payment maps resources to counts")
        pieces = [0] * 5
        for k, v in pay.items():
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise _illegal("bad_payment", "payment counts are whole numbers")
            pieces[_RES_INDEX[k]] = v
        have = s.players[seat].res
        if any(pieces[i] > have[i] for i in range(5)):
            raise _illegal("missing_resources", "the player does not hold these pieces")
        pt = tuple(pieces)
        decl_raw = a.get("silver_as")
        if decl_raw is None:
            decl = declare_silver(pt, tile.cost, rules.values, rules.min_types)
            if decl is None:
                raise _illegal(
                    "bad_payment", f"not an exact payment of {tile.cost} with {rules.min_types} types", cost=tile.cost
                )
        else:
            if not isinstance(decl_raw, dict) or any(k not in ("sand", "wood", "clay", "stone") for k in decl_raw):
                raise _illegal("bad_silver", "silver counts as sand, wood, clay or stone")
            if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in decl_raw.values()):
                raise _illegal("bad_silver", "silver declarations are whole numbers")
            decl = tuple(decl_raw.get(k, 0) for k in ("sand", "wood", "clay", "stone"))
            if sum(decl) != pt[4]:
                raise _illegal("bad_silver", "declare every silver piece exactly once")
        if not payment_valid(pt, decl, tile.cost, rules.values, rules.min_types):
            raise _illegal(
                "bad_payment", f"not an exact payment of {tile.cost} with {rules.min_types} types", cost=tile.cost
            )
        return tile, pt, decl

    def _do_build(self, s: State, seat: int, a: Action, ev: list[Event]) -> None:
        t = s.task
        if s.phase != "act" or t is None or t["seat"] != seat or t["step"] not in _BUILD_STEPS:
            t = self._expect(s, seat, "buy", "build")  # refuses, naming why
        tile, pieces, decl = self._check_build(s, seat, a)
        t["step"] = "build"  # building ends the purchases
        rules = s.rules
        p = s.players[seat]
        res = p.res
        supply = s.supply
        p0, p1, p2, p3, p4 = pieces
        res[0] -= p0
        res[1] -= p1
        res[2] -= p2
        res[3] -= p3
        res[4] -= p4
        supply[0] += p0
        supply[1] += p1
        supply[2] += p2
        supply[3] += p3
        s.forge += p4
        card = t["card"]
        s.built[tile.id] = [seat, s.round, card]
        s.round_builds.append([seat, tile.id, card])
        vp = taler = 0
        if card == "bricklayer":
            taler = min(p0 + p1 + p2 + p3 + p4, s.bank)
            s.bank -= taler
            p.taler += taler
        elif card == "stonemason":
            vp = tile.vp
        else:
            vp = tile.vp // 2
        p.vp += vp
        t["builds"] += 1
        payment, silver_as = _payment_event(pieces, decl)
        ev.append(
            {
                "type": "building_built",
                "seat": seat,
                "building": tile.id,
                "group": tile.group,
                "card": card,
                "payment": dict(payment),
                "silver_as": dict(silver_as),
                "vp": vp,
                "taler": taler,
            }
        )
        if t["builds"] >= rules.max_builds or len(s.built) - rules.prebuilt >= rules.to_build:
            self._leave_build(s, t, ev)
            if s.task is None:
                self._advance(s, ev)

    @staticmethod
    def _prebuilt(s: State) -> int:
        return s.rules.prebuilt

    # castle helpers ----------------------------------------------------------------------------
    def _do_place_helper(self, s: State, seat: int, a: Action, ev: list[Event]) -> None:
        t = s.task
        placed = len(s.round_helpers[seat])
        placing = s.phase == "act" and t is not None and t["seat"] == seat and t["step"] in ("build", "helpers")
        if not placing and placed and placed % s.rules.max_helpers == 0:
            # the seat's last action ended with its second helper: that is the rule to name
            raise _illegal("helper_limit", f"at most {s.rules.max_helpers} castle helpers per action")
        t = self._expect(s, seat, "build", "helpers")
        if t["step"] == "build" and not self._helpers_follow(s, t):
            raise _illegal("wrong_step", "castle helpers need a building erected in this action", step="build")
        rules = s.rules
        sid = _name(a, "space")
        src = a.get("from")
        p = s.players[seat]
        if src is None:
            sources = self._helper_sources(s, seat)
            src = sources[0] if sources else "supply"
        if src == "supply":
            if p.helpers <= 0:
                raise _illegal("no_helper", "no helper in the personal supply")
        elif isinstance(src, str) and src in _FIELD_INDEX:
            if s.field_owner[_FIELD_INDEX[src]] != seat:
                raise _illegal("not_your_field", f"no own helper at {src}", field=src)
        else:
            raise _illegal("bad_source", "a castle helper comes from 'supply' or an own trade field")
        if sid == GUEST:
            if GUEST not in s.winter_seen:
                raise _illegal("no_guest_card", "the guest chamber has not been revealed")
            if seat in s.guests:
                raise _illegal("guest_taken", "one guest per player")
            if t.get("guest") or GUEST in s.round_helpers[seat]:
                raise _illegal("same_building", "one own helper per building per round")
            fee = rules.winter_cards[GUEST]["fee"]
            bid = GUEST
        else:
            if sid not in rules.space_fee and sid in rules.groups:
                # a building named instead of a space: its first free space
                tile = rules.tile_by_id[rules.groups[sid][0]]
                sid = next((x for x in tile.spaces if x not in s.spaces), tile.spaces[0] if tile.spaces else sid)
            if sid not in rules.space_fee:
                raise _illegal("unknown_space", f"no helper space {sid!r}")
            bid = rules.space_building[sid]
            if bid not in s.built:
                raise _illegal("not_built", f"{bid} is not built", building=bid)
            if sid in s.spaces:
                raise _illegal("space_taken", f"{sid} is occupied", space=sid)
            if bid in s.round_helpers[seat]:
                raise _illegal("same_building", "one own helper per building per round", building=bid)
            fee = rules.space_fee[sid]
        if p.taler < fee:
            raise _illegal("no_money", f"the fee is {fee} taler", fee=fee)
        # all checks passed
        t["step"] = "helpers"  # the first castle helper ends the building (§10 item 7)
        if src == "supply":
            p.helpers -= 1
        else:
            s.field_owner[_FIELD_INDEX[src]] = -1
        p.taler -= fee
        s.bank += fee
        s.round_helpers[seat].append(bid)
        if sid == GUEST:
            s.guests.append(seat)
            t["guest"] = True
            ev.append({"type": "guest_placed", "seat": seat, "fee": fee, "from": src})
        else:
            s.spaces[sid] = seat
            ev.append({"type": "helper_placed", "seat": seat, "space": sid, "building": bid, "fee": fee, "from": src})
        t["helpers"] += 1
        if t["helpers"] >= rules.max_helpers:
            self._finish_task(s, ev)
        self._advance(s, ev)

    # done / pass -------------------------------------------------------------------------------
    def _do_done(self, s: State, seat: int, a: Action, ev: list[Event]) -> None:
        t = s.task
        if s.phase != "act" or t is None or t["seat"] != seat or t["step"] not in _DONE_STEPS:
            t = self._expect(s, seat, "trader", "buy", "build", "helpers")  # refuses, naming why
        step = t["step"]
        if step == "trader":
            ev.append({"type": "trader_passed", "seat": seat})
            s.task = None  # _finish_task
        else:
            ev.append({"type": "step_done", "seat": seat, "card": t["card"], "step": step})
            if step == "build":
                # _leave_build
                if t["builds"] > 0 and t["card"] in _HELPER_CARDS and s.rules.max_helpers > 0:
                    t["step"] = "helpers"
                else:
                    s.task = None
            elif step == "buy":
                self._enter_build(s, t, ev)
            else:
                s.task = None  # _finish_task
        if s.task is None:
            self._advance(s, ev)

    # -- flow --------------------------------------------------------------------------------
    def _start_round(self, s: State, ev: list[Event]) -> None:
        rules = s.rules
        s.round += 1
        s.start = (s.round - 1) % s.n
        field = rules.rounds - s.round + 1
        ev.append({"type": "round_started", "round": s.round, "start_player": s.start, "field": field})
        take = min(rules.track_per_round, s.track)
        s.track -= take
        s.players[s.start].taler += take
        ev.append({"type": "round_taler", "seat": s.start, "amount": take})
        n = s.n
        s.selections = [None] * n
        s.revealed = [[] for _ in range(n)]
        s.workers = []
        s.queue = []
        s.task = None
        s.round_builds = []
        s.round_helpers = [[] for _ in range(n)]
        s.phase = "select"
        if rules.winter and rules.winter_timing == "beforeSelection":
            self._winter(s, ev)

    def _winter(self, s: State, ev: list[Event]) -> None:
        """§5.3/§15: reveal and resolve the top winter card on a marked round field."""
        rules = s.rules
        field = rules.rounds - s.round + 1
        if field not in rules.winter_fields or not s.winter_deck:
            return
        card = s.winter_deck.pop(0)
        s.winter_seen.append(card)
        ev.append({"type": "winter_revealed", "card": card, "field": field, "round": s.round})
        params = rules.winter_cards[card]
        if card == "winter_frost":
            for seat in s.order():
                p = s.players[seat]
                lose = min(params["wood"], p.res[1])
                if lose:
                    p.res[1] -= lose
                    s.supply[1] += lose
                    ev.append({"type": "wood_lost", "seat": seat, "count": lose})
        elif card == "winter_snow":
            for f in range(5):
                o = s.field_owner[f]
                if o >= 0:
                    s.players[o].helpers += 1
                    s.field_owner[f] = -1
                    ev.append({"type": "helpers_returned", "seat": o, "field": FIELDS[f]})
        elif card == "winter_market":
            for seat in s.order():
                amount = min(params["taler"], s.bank)
                s.bank -= amount
                s.players[seat].taler += amount
                ev.append({"type": "taler_received", "seat": seat, "amount": amount, "source": card})
        elif card == "winter_stores":
            moved = [0] * 5
            for r in ("sand", "wood", "clay"):
                i = _RES_INDEX[r]
                k = min(params[r], s.supply[i])
                s.supply[i] -= k
                s.tower[i] += k
                moved[i] = k
            ev.append({"type": "watchtower_stocked", "resources": _res_dict(moved)})
        elif card == "winter_heating":
            for seat in s.order():
                p = s.players[seat]
                amount = min(params["taler"], p.taler)
                p.taler -= amount
                s.bank += amount
                ev.append({"type": "taler_paid", "seat": seat, "amount": amount, "paid_to": "bank", "reason": card})

    def _reveal(self, s: State, ev: list[Event]) -> None:
        selections = s.selections
        revealed = [list(cards) for cards in selections]
        s.revealed = revealed
        by_index = _CARD_INDEX.__getitem__
        for p, cards in zip(s.players, selections):
            hand = p.hand
            if len(cards) == 1 and cards[0] in hand:  # one card a round (3-4 players)
                hand = hand.copy()
                hand.remove(cards[0])
                p.hand = hand
            else:
                p.hand = [c for c in hand if c not in cards]
            p.played = sorted(p.played + cards, key=by_index)
        ev.append({"type": "cards_revealed", "cards": [list(x) for x in revealed]})
        # worker cards in player order; resolution queue (§5.6): by card slot, then player
        # order, workers in card order
        workers = []
        entries = []  # (slot rank, [card, seat]) in player order; the sort below keeps that order
        n = s.n
        start = s.start
        traders = False
        for i in range(n):
            seat = (start + i) % n
            for c in revealed[seat]:
                rank = _SLOT_RANK[c]
                entries.append((rank, [c, seat]))
                if c in _WORKER_SET:
                    workers.append([seat, c, [0] * 5])
                elif rank == _TRADER_RANK:
                    traders = True
        s.workers = workers
        if traders:
            entries.append((_TRADER_RANK, ["trade_income", -1]))  # closes the trader slot
        entries.sort(key=_FIRST)
        s.queue = [entry for _rank, entry in entries]
        s.equip_at = 0
        s.phase = "equip"
        self._equip(s, ev)

    def _equip(self, s: State, ev: list[Event]) -> None:
        """Lay pieces on the worker cards in order; stop at a card whose owner must choose.

        Called once per card index: after the owner's choice the index has moved on, so the
        fixed pieces of a card are laid exactly once."""
        rules = s.rules
        while s.equip_at < len(s.workers):
            seat, card, res = s.workers[s.equip_at]
            fixed, choose, _frm = rules.workers[card]
            for r, k in fixed:
                got = min(k, s.supply[r])  # a missing piece is simply not laid
                s.supply[r] -= got
                res[r] += got
            if choose and _worker_choices(rules, card, s.supply):
                return  # the owner chooses (phase stays "equip")
            ev.append({"type": "worker_equipped", "seat": seat, "card": card, "resources": _res_dict(res)})
            s.equip_at += 1
        s.equip_at = -1
        s.phase = "act"

    def _finish_task(self, s: State, ev: list[Event]) -> None:
        s.task = None

    def _enter_build(self, s: State, t: dict[str, Any], ev: list[Event]) -> None:
        t["step"] = "build"
        if len(s.built) - self._prebuilt(s) >= s.rules.to_build:
            self._leave_build(s, t, ev)  # nothing left to build

    @staticmethod
    def _helpers_follow(s: State, t: dict[str, Any]) -> bool:
        """Whether this action may place castle helpers once building ends (§6.3, §6.4, R-8)."""
        return t["builds"] > 0 and t["card"] in _HELPER_CARDS and s.rules.max_helpers > 0

    def _leave_build(self, s: State, t: dict[str, Any], ev: list[Event]) -> None:
        if self._helpers_follow(s, t):
            t["step"] = "helpers"
        else:
            s.task = None

    def _advance(self, s: State, ev: list[Event]) -> None:
        """Run every automatic step until a seat must decide or the game is over."""
        if s.phase != "act":
            return
        while s.task is None:
            queue = s.queue
            if not queue:
                self._end_round(s, ev)
                if s.phase != "act":
                    return
                continue
            card, seat = queue.pop(0)
            if card in _WORKER_SET:
                self._collect(s, card, seat, ev)
            elif card == "messenger":
                amount = min(s.rules.messenger, s.bank)
                s.bank -= amount
                s.players[seat].taler += amount
                ev.append({"type": "messenger", "seat": seat, "amount": amount})
            elif card == "trader":
                if self._trader_fields(s, seat):
                    s.task = {"card": card, "seat": seat, "step": "trader"}
                else:
                    ev.append({"type": "trader_passed", "seat": seat})
            elif card == "trade_income":
                self._trade_income(s, ev)
            elif card == "bricklayer":
                t = {"card": card, "seat": seat, "step": "watchtower", "builds": 0, "helpers": 0}
                s.task = t
                if not any(s.tower):
                    self._enter_build(s, t, ev)  # empty watchtower, step skipped
            elif card == "stonemason":
                t = {"card": card, "seat": seat, "step": "buy", "builds": 0, "helpers": 0, "bought": []}
                s.task = t
                if not self._eligible_workers(s, seat):
                    self._enter_build(s, t, ev)
            elif card == "master_builder":
                count = sum(1 for b in s.round_builds if b[0] != seat)
                vp = count * s.rules.mb_vp
                p = s.players[seat]
                p.vp += vp
                ev.append({"type": "master_builder", "seat": seat, "buildings": count, "vp": vp})
                p.hand = [c for c in CARDS if c in p.hand or c in p.played]
                p.played = []
                ev.append({"type": "cards_returned", "seat": seat})

    def _collect(self, s: State, card: str, seat: int, ev: list[Event]) -> None:
        """A worker card resolves: its owner takes its pieces and may build."""
        for entry in s.workers:
            if entry[0] == seat and entry[1] == card:
                break
        got = entry[2]
        res = s.players[seat].res
        res[0] += got[0]
        res[1] += got[1]
        res[2] += got[2]
        res[3] += got[3]
        res[4] += got[4]
        ev.append({"type": "worker_collected", "seat": seat, "card": card, "resources": _res_dict(got)})
        entry[2] = [0] * 5
        t = {"card": card, "seat": seat, "step": "build", "builds": 0, "helpers": 0}
        s.task = t
        if len(s.built) - s.rules.prebuilt >= s.rules.to_build:
            self._leave_build(s, t, ev)  # nothing left to build (_enter_build)

    def _trade_income(self, s: State, ev: list[Event]) -> None:
        """§6.2 income step: every occupied field yields, then each receiver pays one of each type."""
        owner = s.field_owner
        supply = s.supply
        players = s.players
        yields = s.rules.field_yield
        taxed: dict[int, list[int]] = {}  # seat -> 1 per type received
        for f in range(5):
            o = owner[f]
            if o < 0:
                continue
            r = FIELD_RESOURCE[f]
            k = yields[f] if yields[f] < supply[r] else supply[r]
            supply[r] -= k
            players[o].res[r] += k
            if k > 0:
                tax = taxed.get(o)
                if tax is None:
                    tax = taxed[o] = [0] * 5
                tax[r] = 1
            ev.append({"type": "trade_income", "seat": o, "field": FIELDS[f], "resource": RESOURCES[r], "count": k})
        if not taxed:
            return
        tower = s.tower
        n = s.n
        for i in range(n):
            seat = (s.start + i) % n
            tax = taxed.get(seat)
            if tax is not None:
                res = players[seat].res
                for r in range(5):
                    if tax[r]:
                        res[r] -= 1
                        tower[r] += 1
                ev.append({"type": "tax_paid", "seat": seat, "resources": _res_dict(tax)})

    def _end_round(self, s: State, ev: list[Event]) -> None:
        ev.append({"type": "round_ended", "round": s.round})
        all_built = len(s.built) - self._prebuilt(s) >= s.rules.to_build
        if all_built or s.round >= s.rules.rounds:
            s.end_reason = "all_built" if all_built else "last_round"
            ev.append({"type": "game_ended", "reason": s.end_reason})
            self._final_scoring(s, ev)
            s.phase = "over"
            return
        self._start_round(s, ev)

    # -- final scoring -----------------------------------------------------------------------
    def _final_scoring(self, s: State, ev: list[Event]) -> None:
        rules = s.rules
        order = s.order()
        details = [_during_game(s, seat, s.players[seat].vp) for seat in range(s.n)]
        built = s.built
        free_spaces = 0
        for sid in rules.spaces:
            if rules.space_building[sid] in built and sid not in s.spaces:
                free_spaces += 1
        towers = houses = 0
        for tid in built:
            kind = rules.tile_by_id[tid].kind
            if kind == "tower":
                towers += 1
            elif kind == "house":
                houses += 1
        measures = {
            "forge_silver": s.forge,
            "free_spaces": free_spaces,
            "castle_helpers": len(s.spaces),
            "unbuilt": rules.to_build - (len(built) - rules.prebuilt),
            "towers": towers,
            "houses": houses,
        }

        def score(seat: int, source: str, vp: int, **extra: Any) -> None:
            s.players[seat].vp += vp
            details[seat][source] = details[seat].get(source, 0) + vp
            ev.append({"type": "final_score", "seat": seat, "source": source, "vp": vp, **extra})

        spaces = s.spaces
        # §13.2 steps 1-6: building by building, players in order within each building
        for group in SCORING_STEPS:
            held = [(sid, spaces[sid]) for sid in group if sid in spaces]
            if not held:
                continue
            for seat in order:
                for sid, holder in held:
                    if holder == seat:
                        measure, vp, per = SPACE_SCORING[sid]
                        score(seat, sid, vp * (measures[measure] // per), measure=measures[measure])
        # 7. palace conversions
        palace = [spaces.get(sid) for sid in PALACE_SPACES]
        for seat in order:
            helpers = palace.count(seat)
            if not helpers:
                continue
            left = PALACE_LIMIT_PER_HELPER * helpers
            p = s.players[seat]
            vp = 0
            taken = [0] * 5
            for r in PALACE_ORDER:
                k = min(left, p.res[r])
                left -= k
                taken[r] = k
                vp += k * (rules.silver_value if r == 4 else rules.values[r])
            for r in range(5):
                p.res[r] -= taken[r]
                s.removed_res[r] += taken[r]
            score(seat, "palace", vp, converted=_res_dict(taken))
        # 8. market conversions
        market = [spaces.get(sid) for sid in MARKET_SPACES]
        for seat in order:
            helpers = market.count(seat)
            if not helpers:
                continue
            p = s.players[seat]
            rate = MARKET_RATE_BOTH if helpers == 2 else MARKET_RATE_ONE
            vp = p.taler // rate
            spent = vp * rate
            p.taler -= spent
            s.removed_taler += spent
            score(seat, "market", vp, converted=spent)
        # 9. winter guests
        if s.guests:
            per = rules.winter_cards[GUEST]["vp"]
            for seat in order:
                k = s.guests.count(seat)
                if k:
                    score(seat, "guests", k * per, guests=k)
        # standings and tie-breaks (§13.4)
        sv = rules.silver_value
        vals = (*rules.values, sv)
        keys = []
        for seat in range(s.n):
            p = s.players[seat]
            res = p.res
            value = res[0] * vals[0] + res[1] * vals[1] + res[2] * vals[2] + res[3] * vals[3] + res[4] * vals[4]
            details[seat]["taler_left"] = p.taler
            details[seat]["resource_value"] = value
            keys.append((p.vp, p.taler, value))
        ranks = {}
        for seat in range(s.n):
            mine = keys[seat]
            ranks[seat] = 1
            for other in keys:
                if other > mine:
                    ranks[seat] += 1
        winners = [seat for seat in range(s.n) if ranks[seat] == 1]
        tiebreak = _tiebreak_name(keys, winners)
        s.final = {
            "scores": [s.players[i].vp for i in range(s.n)],
            "ranks": [ranks[i] for i in range(s.n)],
            "winners": winners,
            "tiebreak": tiebreak,
            "details": details,
        }
        ev.append({"type": "game_result", "scores": s.final["scores"], "winners": winners, "tiebreak": tiebreak})

    # -- protocol: result, view, dump ----------------------------------------------------------
    def result(self, s: State) -> Result | None:
        if s.final is None:
            return None
        f = s.final
        details = {i: dict(f["details"][i]) for i in range(s.n)}
        for seat, d in details.items():
            if "during_game" in d:  # a game scored before its VP of play were told apart
                details[seat] = {**_during_game(s, seat, d.pop("during_game")), **d}
        return Result(
            scores={i: f["scores"][i] for i in range(s.n)},
            ranks={i: f["ranks"][i] for i in range(s.n)},
            winners=list(f["winners"]),
            tiebreak=f["tiebreak"],
            details=details,
            extra={"ending": s.end_reason},
        )

    def view(self, s: State, seat: int | None) -> dict[str, Any]:
        """Whitelist: public board plus, for a seat, its own hand and selection."""
        rules = s.rules
        players = []
        for i, p in enumerate(s.players):
            players.append(
                {
                    "seat": i,
                    "taler": p.taler,
                    "resources": {r: p.res[k] for k, r in enumerate(RESOURCES)},
                    "vp": p.vp,
                    "helpers": p.helpers,
                    "helpers_total": rules.helpers,
                    "played": list(p.played),
                    "hand_size": len(p.hand),
                    "chosen": s.phase == "select" and s.selections[i] is not None,
                    "revealed": list(s.revealed[i]) if s.phase != "select" else [],
                }
            )
        buildings = []
        for tile in rules.tiles:
            b = s.built.get(tile.id)
            buildings.append(
                {
                    "id": tile.id,
                    "group": tile.group,
                    "kind": tile.kind,
                    "vp": tile.vp,
                    "cost": tile.cost,
                    "prebuilt": tile.prebuilt,
                    "built": b is not None,
                    "by": None if b is None or b[0] < 0 else b[0],
                    "round": None if b is None or b[0] < 0 else b[1],
                    "card": None if b is None else b[2],
                    "spaces": [
                        {"id": sid, "fee": rules.space_fee[sid], "seat": s.spaces.get(sid)} for sid in tile.spaces
                    ],
                }
            )
        v: dict[str, Any] = {
            "game": self.key,
            "players_count": s.n,
            "round": s.round,
            "rounds": rules.rounds,
            "field": rules.rounds - s.round + 1,
            "start_player": s.start,
            "order": s.order(),
            "phase": s.phase,
            "track": s.track,
            "bank": s.bank,
            "supply": {r: s.supply[k] for k, r in enumerate(RESOURCES)},
            "watchtower": {r: s.tower[k] for k, r in enumerate(RESOURCES)},
            "forge": s.forge,
            "trade_fields": [
                {
                    "id": FIELDS[f],
                    "resource": RESOURCES[FIELD_RESOURCE[f]],
                    "yield": rules.field_yield[f],
                    "seat": None if s.field_owner[f] < 0 else s.field_owner[f],
                    "placed_round": s.field_round[f] if s.field_owner[f] >= 0 else None,
                }
                for f in range(5)
            ],
            "buildings": buildings,
            "built_count": len(s.built) - self._prebuilt(s),
            "to_build": rules.to_build,
            "players": players,
            "workers": [{"seat": w[0], "card": w[1], "resources": _res_dict(w[2])} for w in s.workers]
            if s.phase != "select"
            else [],
            "task": None if s.task is None else {k: (list(v) if isinstance(v, list) else v) for k, v in s.task.items()},
            "queue": [list(q) for q in s.queue] if s.phase == "act" else [],
            "winter": {
                "enabled": rules.winter,
                "deck_size": len(s.winter_deck),
                "revealed": list(s.winter_seen),
                "guests": list(s.guests),
                "fields": sorted(rules.winter_fields, reverse=True),
                "guest_fee": rules.winter_cards.get(GUEST, {}).get("fee", 0),
            },
            "stonemason_price": rules.stone_price,
            "options": {
                "winterEnabled": rules.winter,
                "winterRevealTiming": rules.winter_timing,
                "stonemasonPaymentTo": rules.stone_pay_to,
                "allowDisplacingOwnTraderHelper": rules.own_displace,
            },
            "round_builds": [list(b) for b in s.round_builds],
            "end_reason": s.end_reason,
            "final": None if s.final is None else json.loads(json.dumps(s.final)),
            "you": seat,
            "moves": copy_moves(s.moves),
        }
        if s.final is not None:  # the score part by part, for the final picture
            v["result"] = self.result(s).to_json()  # type: ignore[union-attr]
        if seat is not None and 0 <= seat < s.n:
            v["hand"] = list(s.players[seat].hand)
            sel = s.selections[seat] if s.phase == "select" else None
            v["selection"] = None if sel is None else list(sel)
            v["default_payments"] = self._default_payments(s, seat)
        return v

    def _default_payments(self, s: State, seat: int) -> dict[str, dict[str, Any]]:
        """Per buildable tile, the payment ``legal`` lists first (the least valuable pieces)."""
        rules = s.rules
        have = tuple(s.players[seat].res)
        out: dict[str, dict[str, Any]] = {}
        for tid in self._unbuilt_groups(s):
            found = payments(have, rules.tile_by_id[tid].cost, rules.values, rules.min_types)
            if found:
                pieces, _decl, pay, decl = found[0]
                out[tid] = {"payment": dict(pay), "silver_as": dict(decl) if pieces[4] else None}
        return out

    # -- taking back (games/takeback.py) -----------------------------------------------------
    def reveals(self, s: State, seat: int, action: Action) -> bool | None:
        """Whether the action shows anyone what they did not know (see games/takeback.py): the
        last selection of a round turns every selection over (R-24), news when another seat's
        hand allowed more than one; a winter card is drawn from several; or the generator moves.
        None for an illegal action."""
        after = self.clone(s)
        try:
            self.apply(after, seat, action)
        except IllegalAction:
            return None
        deck, left = s.winter_deck or [], after.winter_deck or []
        if drew_on_chance(s.chance, after.chance) or (len(left) < len(deck) and len(set(deck)) > 1):
            return True
        turned = s.phase == "select" and (after.phase != "select" or after.round != s.round)
        selections = s.selections or []
        return turned and any(
            p != seat and mine is not None and len(self._allowed_selections(s, p)) > 1
            for p, mine in enumerate(selections)
        )

    # -- search hooks (games/ai) -------------------------------------------------------------
    def clone(self, s: State) -> State:
        return clone_state(s)

    def determinize(self, s: State, seat: int | None, rng: random.Random) -> State:
        """A copy in which what ``seat`` cannot see is redrawn from ``rng``: the cards other seats
        have selected but not revealed (any selection their hands allow), the order of the winter
        deck, and the generator. Hands are public in effect (8 cards minus the played area)."""
        c = clone_state(s)
        c.searching = True
        if c.phase == "select":
            for p in range(c.n):
                if p == seat or c.selections[p] is None:
                    continue
                options = self._allowed_selections(c, p)
                c.selections[p] = sorted(options[rng.randrange(len(options))], key=_CARD_INDEX.__getitem__)
        c.winter_deck.sort()
        rng.shuffle(c.winter_deck)
        c.opening = [ev for ev in c.opening if visible(ev, seat)]
        # future chance: a fresh generator, and no scripted value left to read
        c.chance = Chance(rng.getrandbits(64))
        return c

    def dump(self, s: State) -> dict[str, Any]:
        return dump_state(s)

    def load(self, data: dict[str, Any]) -> State:
        return load_state(data)


def _during_game(s: State, seat: int, vp: int) -> dict[str, int]:
    """A seat's ``vp`` before the final scoring by source (§12): its buildings (a Stonemason's
    full VP, a Worker's half) and the Master builder's, the only other VP of play."""
    tiles = s.rules.tile_by_id
    buildings = 0
    for tid, (by, _round, card) in s.built.items():
        if by == seat and card != "bricklayer":
            buildings += tiles[tid].vp if card == "stonemason" else tiles[tid].vp // 2
    return {"buildings": buildings, "master_builder": vp - buildings}


def _tiebreak_name(keys: list[tuple[int, int, int]], winners: list[int]) -> str | None:
    """What separated seats with equal VP (§13.4): the winners' group first, else the deepest
    criterion any group of equal VP needed; None when all VP differ."""
    names = (None, "taler", "resources", "shared")

    def depth(group: list[int]) -> int:
        if len(group) < 2:
            return 0
        tal = [keys[i][1] for i in group]
        full = [keys[i][1:] for i in group]
        if len(set(full)) < len(group):
            return 3
        return 2 if len(set(tal)) < len(group) else 1

    top = [i for i in range(len(keys)) if keys[i][0] == keys[winners[0]][0]]
    if len(top) > 1:
        if len(winners) > 1:
            return "shared"
        w = winners[0]
        return "taler" if all(keys[w][1] > keys[i][1] for i in top if i != w) else "resources"
    by_vp: dict[int, list[int]] = {}
    for i, k in enumerate(keys):
        by_vp.setdefault(k[0], []).append(i)
    return names[max(depth(g) for g in by_vp.values())]


_HANDLERS = {
    "select": "_do_select",
    "equip": "_do_equip",
    "place_trader": "_do_place_trader",
    "watchtower": "_do_watchtower",
    "buy": "_do_buy",
    "build": "_do_build",
    "place_helper": "_do_place_helper",
    "done": "_do_done",
    "pass": "_do_done",
}
_HANDLER_FUNCS = {kind: getattr(BurgEngine, name) for kind, name in _HANDLERS.items()}

ENGINE = BurgEngine()
