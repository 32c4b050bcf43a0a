"""Catan: Cities & Knights (rules: shared/rules/cities-and-knights.md), 3-4 players.

Identifiers: a hex is ``"q,r"`` (axial), an intersection ``"q,r,N"``/``"q,r,S"``, a path the two
intersection ids sorted by canonical index joined by ``|`` (rules §3); integers (canonical
indices) are accepted too. Kinds: lumber, brick, wool, grain, ore, paper, cloth, coin; cards
``{kind: count}``. Tracks: science, trade, politics. Progress cards in snake case
(``road_building``, ``commercial_harbor`` ...; "Road Building" is accepted). Event die faces:
ship, green, yellow, blue.

Actions (``type`` first; camelCase keys of rules §19.2 such as ``useMedicine`` are accepted):

Set-up (rules §4): ``build_settlement {vertex}``, ``build_road {edge}``, ``build_city {vertex}``
(``place_*`` accepted as aliases).

Phase 0: ``roll``; ``play_alchemist {red, yellow}`` (or ``play_progress {card: alchemist, red,
yellow}``).

Action phase: ``build_road {edge}``, ``build_settlement {vertex}``,
``build_city {vertex, use_medicine?}``, ``build_wall {vertex}``,
``buy_improvement {track, use_crane?}``, ``build_knight {vertex}``, ``activate_knight {vertex}``,
``promote_knight {vertex}``, ``move_knight {from, to}``, ``displace_knight {from, to}``,
``chase_robber {knight, hex, victim}`` (victim null when nobody can be robbed),
``maritime_trade {give, rate?, get}``, ``offer_trade {give, want, to}`` (``to`` = "all" or a list
of seats), ``confirm_trade {seat}``, ``cancel_trade``, ``play_progress {card, ...}``,
``harbor_offer {opponent, resource}`` (after Commercial Harbor, whose play may carry the first
offer's ``opponent`` and ``resource``), ``discard_progress {card}``
(only when holding more than 4), ``end_turn``.

Answers to an open offer (addressed opponents, optional): ``accept_trade``, ``reject_trade``,
``counter_offer {give, want}`` (give = what the answering player gives).

Offers and counter-offers of any size are parameterised actions (docs/design-notes.md):
``offer_trade`` / ``counter_offer`` with any terms within the bounds below are accepted whole, and
``legal`` lists the small ones (one card for one, to everyone) directly plus the steps of the
composer that reach every other one: ``offer_compose`` opens a private draft (the active player's
in the action phase, an addressed opponent's while the offer is open), then ``offer_set {side:
give|want, kind, count}`` sets one kind's count, ``offer_send {to}`` publishes it (``to`` = "all"
or a list of opponents; a counter-offer has no ``to``) and ``offer_drop`` discards the draft. While
a draft is open its owner may take only these steps. Bounds: at most the cards held to give, at
most ``offer_ask_max`` cards asked (option, default ``data.OFFER_ASK_MAX``), never one kind on
both sides, at least one card each side.

``play_progress`` parameters: alchemist {red, yellow}; crane {track} (= buy_improvement with
use_crane); medicine {vertex} (= build_city with use_medicine); engineer {vertex}; inventor
{hexes: [a, b]}; irrigation, mining, road_building, smith, commercial_harbor, saboteur, warlord,
wedding {}; master_merchant {opponent}; merchant {hex}; merchant_fleet {kind};
resource_monopoly {kind} (a resource); trade_monopoly {kind} (a commodity); bishop {hex};
deserter {opponent}; diplomat {edge}; intrigue {vertex}; spy {opponent}.

Prompts: ``setup_settlement``, ``setup_road``, ``setup_city`` (public), ``roll`` and ``turn`` for
the active player (secret, since their menus show the hand), ``trade_offer`` and the decisions
below. With ``random_seats`` the drawn order is ``view["seat_order"]``: seat i is player
``seat_order[i]``.

Pending decisions (rules §19.3; ``pending`` names them by prompt kind, any seat may owe one):
``discard`` -> ``discard {cards}`` (7 or Saboteur); ``move_robber`` -> ``move_robber {hex,
victim}``; ``discard_progress`` -> ``discard_progress {card}``; ``aqueduct`` -> ``aqueduct
{resource}``; ``choose_deck`` -> ``choose_deck {deck}``; ``pillage_city`` -> ``pillage_city
{vertex}``; ``place_metropolis`` -> ``place_metropolis {vertex}``; ``relocate_knight`` ->
``relocate_knight {vertex}``; ``remove_knight`` (Deserter victim) -> ``remove_knight {vertex}``;
``place_deserter`` -> ``place_knight {vertex}`` or ``skip``; ``give_commodity`` (Commercial
Harbor) -> ``give_commodity {commodity}``; ``give_cards`` (Wedding) -> ``give_cards {cards}``;
``take_cards`` (Master Merchant) -> ``take_cards {cards}``; ``take_card`` (Spy) -> ``take_card
{card}``; ``road_building`` -> ``build_road {edge}`` or ``skip``; ``smith`` -> ``promote_knight
{vertex}`` or ``skip``; ``diplomat_rebuild`` -> ``build_road {edge}`` or ``skip``. Every listed
decision is asked even when it has a single option. Discards (7, Saboteur) and progress discards
after a gate are asked of every owing seat at once but applied in seat order from the active
player (R-X4): a choice made before an earlier seat's is held (no event) until that one is made. Answers to a trade offer are not pending
decisions: ``invitations(state)`` offers addressed opponents a ``trade_offer`` prompt that never blocks.

Leniency: ``type`` is case-insensitive; aliases ``place_settlement``/``place_road``/``place_city``,
``accept``/``reject``/``decline``/``counter``, ``pass`` (= skip) are accepted; cards may be given as
``{kind: n}`` or a list of kinds; tracks also by gate colour (green/yellow/blue); ``victim`` may be
left out when exactly one player can be robbed.

Events (``games.core.event``; private ones carry ``to``): layout, deck_shuffled, seats_shuffled
(at the start, kept in ``view["start_log"]``), built, resources_gained, turn_started, turn_ended,
dice_rolled {red, yellow, event, total, source, alchemist}, barbarians_advanced, barbarian_attack
{barbarians, knights, contributions, outcome, losers}, defender_awarded, city_pillaged,
knights_deactivated, robber_unlocked, progress_drawn, progress_card (private), vp_card_revealed,
deck_empty, produced {total, gains}, bank_shortage, aqueduct, discarded, discarded_cards
(private), robber_moved, stolen {seat, victim, count, source}, stolen_card (private, thief and
victim), improvement_bought, metropolis_placed, metropolis_lost, knight_built, knight_activated,
knight_promoted, knight_moved / knight_displaced / knight_relocated {seat, vertex, target},
knight_removed, knight_chased_robber, knights_activated, longest_road {seat|null, previous, length},
maritime_trade, trade_offered {seat, give, want, addressed}, trade_answered, trade_countered, trade_done, trade_cancelled,
progress_played {seat, card, ...params}, progress_discarded, card_private (private),
hand_revealed / progress_revealed (private, Master Merchant / Spy), cards_moved,
cards_moved_private (private), harbor_offer, merchant_placed, numbers_swapped, road_removed,
monopoly, game_over. Random events carry ``chance`` (layout, shuffle, roll, steal) and ``source``:
"script" or "rng" for rolls and steals; the start log (kept in the view, which must never name the
RNG) says "script" or "random".

``timeout_action(state, seat)`` gives the deterministic default for a seat that lets a decision
time out (rules §19.3). ``view`` is built from a whitelist: the board, every public count, and for
a seated player their own hand, progress cards and rates (plus the hand being looked at during
Master Merchant or Spy).
"""

from __future__ import annotations

import random
from operator import ge
from typing import Any

from games.cities_knights import data as D
from games.cities_knights import rules as R
from games.cities_knights.glossary import GAME_NAME
from games.cities_knights.state import CITY, SETTLEMENT, SIDEWAYS, State, dump_state, load_state
from games.core import Action, Event, IllegalAction, InvalidOptions, OptionSpec, Presentation, Prompt, Result, event
from games.moves import copy_moves, remember
from games.rng import Chance
from games.takeback import drew_on_chance

NV, NE = D.NV, D.NE
KINDS = D.KINDS
VID = D.VERTEX_IDS
EID = D.EDGE_IDS
HID = D.HEX_IDS

TYPE_ALIASES = {
    "place_settlement": "build_settlement",
    "place_road": "build_road",
    "place_city": "build_city",
    "accept": "accept_trade",
    "reject": "reject_trade",
    "decline_trade": "reject_trade",
    "decline": "reject_trade",
    "counter": "counter_offer",
    "counter_trade": "counter_offer",
    "relocate": "relocate_knight",
    "pillage": "pillage_city",
    "choose_city": "pillage_city",
    "discard_cards": "discard",
    "buy_city_improvement": "buy_improvement",
    "improve_city": "buy_improvement",
    "recruit_knight": "build_knight",
    "upgrade_knight": "promote_knight",
    "trade_bank": "maritime_trade",
    "bank_trade": "maritime_trade",
    "confirm": "confirm_trade",
    "cancel": "cancel_trade",
    "pass": "skip",
    "commercial_harbor_offer": "harbor_offer",
    "harbor_trade": "harbor_offer",
}
KEY_ALIASES = {
    "useMedicine": "use_medicine",
    "useCrane": "use_crane",
    "knightVertex": "knight",
    "knight_vertex": "knight",
    "city": "vertex",
    "partner": "seat",
    "with": "seat",
}
TRADE_ANSWERS = ("accept_trade", "reject_trade", "counter_offer")
#: the public events that show a move (games/moves.py): pieces built, moved or lost, the roll and
#: what it brought, the robber and the merchant, improvements, trades made, cards played; offers
#: and their answers are not moves (the open offer shows on the board), nor is ending a turn
MOVE_EVENTS = frozenset(
    {
        "built",
        "dice_rolled",
        "barbarian_attack",
        "city_pillaged",
        "robber_moved",
        "stolen",
        "discarded",
        "aqueduct",
        "improvement_bought",
        "metropolis_placed",
        "knight_built",
        "knight_activated",
        "knight_promoted",
        "knight_moved",
        "knight_displaced",
        "knight_relocated",
        "knight_removed",
        "knight_chased_robber",
        "knights_activated",
        "maritime_trade",
        "trade_done",
        "progress_played",
        "harbor_offer",
        "cards_moved",
        "merchant_placed",
        "numbers_swapped",
        "road_removed",
        "monopoly",
    }
)
#: the active player's actions that leave the open offer open (any other one closes it, §9.1);
#: composing the next offer is private, so the open one stands until that is sent
KEEP_OFFER = frozenset({"offer_trade", "confirm_trade", "cancel_trade", "offer_compose"})
#: the composer's steps (an open draft allows only these, the first one opens it)
DRAFT_STEPS = ("offer_set", "offer_send", "offer_drop")
DRAFT_TYPES = ("offer_compose", *DRAFT_STEPS)
#: decision kinds answered by several seats at once (rules R-X4 allows collecting in parallel)
PARALLEL = ("discard", "discard_progress")
SECRET_TASKS = frozenset(
    {"discard", "discard_progress", "give_commodity", "give_cards", "take_cards", "take_card", "aqueduct"}
)
TASK_ACTIONS: dict[str, tuple[str, ...]] = {
    "discard": ("discard",),
    "move_robber": ("move_robber",),
    "discard_progress": ("discard_progress",),
    "aqueduct": ("aqueduct",),
    "choose_deck": ("choose_deck",),
    "pillage_city": ("pillage_city",),
    "place_metropolis": ("place_metropolis",),
    "relocate_knight": ("relocate_knight",),
    "remove_knight": ("remove_knight",),
    "place_deserter": ("place_knight", "skip"),
    "give_commodity": ("give_commodity",),
    "give_cards": ("give_cards",),
    "take_cards": ("take_cards",),
    "take_card": ("take_card",),
    "road_building": ("build_road", "skip"),
    "smith": ("promote_knight", "skip"),
    "diplomat_rebuild": ("build_road", "skip"),
}
MAIN_TYPES = frozenset(
    {
        "build_road",
        "build_settlement",
        "build_city",
        "build_wall",
        "buy_improvement",
        "build_knight",
        "activate_knight",
        "promote_knight",
        "move_knight",
        "displace_knight",
        "chase_robber",
        "maritime_trade",
        "offer_trade",
        "offer_compose",
        "confirm_trade",
        "cancel_trade",
        "play_progress",
        "harbor_offer",
        "discard_progress",
        "end_turn",
    }
)
#: kinds of action that draw nothing and show no hidden card, unless ``reveals`` sees otherwise
QUIET_TYPES = (MAIN_TYPES - {"play_progress", "harbor_offer"}) | set(TRADE_ANSWERS) | set(DRAFT_TYPES)
ALL_TYPES = (
    MAIN_TYPES
    | {t for ts in TASK_ACTIONS.values() for t in ts}
    | set(TRADE_ANSWERS)
    | set(DRAFT_TYPES)
    | {"roll", "play_alchemist", "skip"}
)


#: the offer family per kind given: (given kind, wanted kind) for every other kind
OFFER_PAIRS: tuple[tuple[tuple[str, str], ...], ...] = tuple(
    tuple((KINDS[k], KINDS[g]) for g in range(8) if g != k) for k in range(8)
)

# Actions that ``legal`` lists often, built once. ``legal`` returns these very dicts, so nobody may
# change an action it was given (``apply`` copies what it receives).
ROAD_ACTIONS = tuple({"type": "build_road", "edge": e} for e in EID)
SETTLEMENT_ACTIONS = tuple({"type": "build_settlement", "vertex": v} for v in VID)
KNIGHT_ACTIONS = tuple({"type": "build_knight", "vertex": v} for v in VID)
#: one-for-one offers to everyone, by the kind given
OFFER_ACTIONS = tuple(
    tuple({"type": "offer_trade", "give": {give: 1}, "want": {want: 1}, "to": "all"} for give, want in pairs)
    for pairs in OFFER_PAIRS
)
#: the kinds (given, wanted) of each prebuilt offer, by the offer's id (they live as long as the
#: module, so an id found here is that very dict): ``apply`` skips parsing their cards
OFFER_KINDS = {id(a): (k, D.KIND_INDEX[next(iter(a["want"]))]) for k, acts in enumerate(OFFER_ACTIONS) for a in acts}
#: maritime trades by the kind given, the rate and the kind taken
MARITIME_ACTIONS = {
    (k, rate, g): {"type": "maritime_trade", "give": KINDS[k], "rate": rate, "get": KINDS[g]}
    for k in range(8)
    for rate in (2, 3, 4)
    for g in range(8)
    if g != k
}
#: the other seats, in seat order, by player count and seat
OTHERS = {n: tuple(tuple(s for s in range(n) if s != p) for p in range(n)) for n in (3, 4)}
CONFIRM_ACTIONS = tuple({"type": "confirm_trade", "seat": s} for s in range(4))
CANCEL_TRADE: Action = {"type": "cancel_trade"}
OFFER_COMPOSE: Action = {"type": "offer_compose"}
OFFER_DROP: Action = {"type": "offer_drop"}
OFFER_SEND: Action = {"type": "offer_send"}
#: the composer's ``offer_set`` steps by side (0 give, 1 want), kind and count, for the counts a
#: draft can reach (a kind's cards on both sides of the table, at most the ask bound's top);
#: ``_set_steps`` builds any higher count of a crafted hand on the spot
SET_TOP = 19
SET_STEPS = tuple(
    tuple(
        tuple({"type": "offer_set", "side": side, "kind": KINDS[k], "count": n} for n in range(SET_TOP + 1))
        for k in range(8)
    )
    for side in ("give", "want")
)
#: (side, kind, count) of each prebuilt ``offer_set`` step by its id: ``apply`` skips parsing it
SET_KEYS = {
    id(a): (side, k, a["count"]) for side, rows in enumerate(SET_STEPS) for k, row in enumerate(rows) for a in row
}
END_TURN: Action = {"type": "end_turn"}
ROLL_ACTIONS = ({"type": "roll"},)
ALCHEMIST_ACTIONS = tuple({"type": "play_alchemist", "red": r, "yellow": y} for r in range(1, 7) for y in range(1, 7))
#: the prompts of the active player with nothing else to tell (nobody changes a prompt's data)
TURN_PROMPT = Prompt("turn", True, {})
ROLL_PROMPT = Prompt("roll", True, {})
#: actions that change nothing but the open trade offer, so the rest of the turn's legal list
#: (cached in ``State.memo``) stays valid
TRADE_ONLY = frozenset({"offer_trade", "cancel_trade", "accept_trade", "reject_trade", "counter_offer", *DRAFT_TYPES})


#: canonical type names (no alias among them) and the keys that need the lenient path
PLAIN_TYPES = frozenset(t for t in ALL_TYPES if t not in TYPE_ALIASES)
ALIASED_KEYS = frozenset(KEY_ALIASES) | {"params"}


def _order_from(st: State, first: int) -> list[int]:
    return [(first + i) % st.n for i in range(st.n)]


def _opponent_param(act: Action) -> Any:
    """The opponent a card or offer names: ``opponent`` (also ``seat``, ``victim``, ``player``)."""
    for key in ("opponent", "seat", "victim", "player", "target"):
        if key in act:
            return act[key]
    return None


def _cards_list(counts: list[int]) -> dict[str, int]:
    return R.kinds_dict(counts)


def _note_asked(st: State, seats: list[int]) -> None:
    """Remember whom this turn's offers have addressed (the AI asks people at most once a turn)."""
    if st.asked != seats:
        st.asked = sorted({*st.asked, *seats})


def _copy_draft(d: dict[str, Any]) -> dict[str, Any]:
    return {"give": d["give"][:], "want": d["want"][:]}


def _copy_trade(tr: dict[str, Any]) -> dict[str, Any]:
    """A copy of an open offer (= ``jcopy``, written out for its known shape)."""
    answers = {s: a if a.__class__ is str else _copy_draft(a) for s, a in tr["answers"].items()}
    out = {"seat": tr["seat"], "give": tr["give"][:], "want": tr["want"][:], "to": tr["to"][:], "answers": answers}
    if "drafts" in tr:
        out["drafts"] = {s: _copy_draft(d) for s, d in tr["drafts"].items()}
    return out


def _empty_draft() -> dict[str, Any]:
    return {"give": [0] * 8, "want": [0] * 8}


def _draft_of(st: State, seat: int) -> dict[str, Any] | None:
    """The offer (active player) or counter-offer (addressed opponent) ``seat`` is composing."""
    if seat == st.turn:
        return st.draft
    tr = st.trade
    return None if tr is None else tr.get("drafts", {}).get(str(seat))


def _ask_max(st: State) -> int:
    """The most cards one offer may ask for (option ``offer_ask_max``)."""
    return st.options.get("offer_ask_max", D.OFFER_ASK_MAX)


def _subsets(seats: tuple[int, ...]) -> list[list[int]]:
    """Every non-empty subset of ``seats`` but the whole (that one is "all"), smallest first."""
    out = [[s for i, s in enumerate(seats) if mask >> i & 1] for mask in range(1, (1 << len(seats)) - 1)]
    return sorted(out, key=lambda x: (len(x), x))


#: the proper subsets of each seat's opponents (``_subsets``), by player count and seat
OPPONENT_GROUPS = {n: tuple(_subsets(OTHERS[n][p]) for p in range(n)) for n in (3, 4)}
#: the active player's sends of a ready draft, by player count and seat: to all, then to each group
SEND_STEPS = {
    n: tuple(
        ({"type": "offer_send", "to": "all"}, *({"type": "offer_send", "to": to[:]} for to in OPPONENT_GROUPS[n][p]))
        for p in range(n)
    )
    for n in (3, 4)
}


def _set_steps(side: int, k: int, top: int) -> tuple[Action, ...]:
    """The ``offer_set`` steps of one side and kind for the counts 0..top, built past ``SET_TOP``
    (only a crafted hand holds more cards of a kind than the bank has)."""
    name = ("give", "want")[side]
    extra = ({"type": "offer_set", "side": name, "kind": KINDS[k], "count": n} for n in range(SET_TOP + 1, top + 1))
    return SET_STEPS[side][k] + tuple(extra)


class CitiesKnightsEngine(Presentation):
    text_module = "games.cities_knights.text"
    picture_module = "games.cities_knights.picture"
    strategy_module = "games.cities_knights.strategy"
    expert_module = "games.cities_knights.expert"
    # a 24-action rollout tells a trade offer from ending the turn poorly: the expert's move stands
    # unless the search's value for another is a standard error higher
    search_confidence = 1.0
    # actions that ask other seats to answer (games/ai keeps AI offers to people few)
    invitation_types = frozenset({"offer_trade", "offer_send"})

    key = "cities_knights"
    names = dict(GAME_NAME)
    min_players = 3
    max_players = 4
    option_specs = (
        OptionSpec(
            "layout",
            "choice",
            "random",
            ("beginner", "random"),
            {"en": "Board: beginner (fixed) or random", "nl": "Bord: beginnersopstelling (vast) of willekeurig"},
        ),
        OptionSpec(
            "numbers",
            "choice",
            "random",
            ("random", "spiral"),
            {
                "en": "Number tokens on a random board: random or spiral",
                "nl": "Getalfiches op een willekeurig bord: willekeurig of in een spiraal",
            },
        ),
        OptionSpec(
            "random_seats",
            "bool",
            False,
            (),
            {"en": "Shuffle the seating order before set-up", "nl": "Schud de zitvolgorde voor de opbouw"},
        ),
        OptionSpec(
            "offer_ask_max",
            "int",
            D.OFFER_ASK_MAX,
            (),
            {
                "en": "The most cards one trade offer may ask for (1-19)",
                "nl": "Het hoogste aantal kaarten dat een ruilaanbod mag vragen (1-19)",
            },
        ),
    )

    # -- start ---------------------------------------------------------------------------------
    def start(self, players: int, options: dict[str, Any] | None = None, seed: int | None = None) -> State:
        opts = dict(options or {})
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidOptions("Cities & Knights needs 3 or 4 players")
        unknown = set(opts) - {"layout", "numbers", "random_seats", "offer_ask_max", "seed", "script"}
        if unknown:
            raise InvalidOptions(f"unknown options: {sorted(unknown)}")
        layout = opts.get("layout", "random")
        numbers = opts.get("numbers", "random")
        random_seats = opts.get("random_seats", False)
        if layout not in ("beginner", "random"):
            raise InvalidOptions("layout must be beginner or random")
        if numbers not in ("random", "spiral"):
            raise InvalidOptions("numbers must be random or spiral")
        if not isinstance(random_seats, bool):
            raise InvalidOptions("random_seats must be true or false")
        ask_max = opts.get("offer_ask_max", D.OFFER_ASK_MAX)
        if not isinstance(ask_max, int) or isinstance(ask_max, bool) or not 1 <= ask_max <= 19:
            raise InvalidOptions("offer_ask_max must be a whole number from 1 to 19")
        if "seed" in opts:
            if not isinstance(opts["seed"], int):
                raise InvalidOptions("seed must be an integer")
            seed = opts["seed"]
        script = opts.get("script") or {}
        self._check_script(script, players, layout)
        chance = Chance(seed or 0, script)
        order = list(range(players))
        scripted_order = chance.script.pop("seat_order", None)
        log: list[Event] = []
        if random_seats:
            if scripted_order:
                order = list(scripted_order)
            else:
                chance.rng.shuffle(order)
            log.append(
                event("seats_shuffled", chance="shuffle", order=order, source="script" if scripted_order else "random")
            )
        if layout == "beginner":
            terrain, nums, harbours = D.beginner_layout()
            info: dict[str, Any] = {"layout": "beginner"}
        else:
            try:
                terrain, nums, harbours, info = D.random_layout(numbers, chance)
            except D.LayoutError as exc:
                raise InvalidOptions(str(exc)) from None
            chance.script.pop("layout", None)
        log.append(event("layout", chance="layout", terrain=terrain, numbers=nums, harbours=harbours, **info))
        decks: list[list[str]] = []
        scripted_decks = script.get("decks") or {}
        for t, name in enumerate(D.TRACKS):
            fixed = [D.card_name(c) for c in scripted_decks.get(name, [])]
            rest = D.deck_cards(t)
            for c in fixed:
                rest.remove(c)  # type: ignore[arg-type]
            chance.rng.shuffle(rest)
            decks.append([*fixed, *rest])  # type: ignore[list-item]
            log.append(
                event(
                    "deck_shuffled",
                    chance="shuffle",
                    deck=name,
                    scripted=len(fixed),
                    source="script+random" if fixed else "random",
                )
            )
        chance.script.pop("decks", None)
        n = players
        st = State(
            n=n,
            options={"layout": layout, "numbers": numbers, "random_seats": random_seats, "offer_ask_max": ask_max},
            seat_order=order,
            terrain=terrain,
            numbers=nums,
            harbours=harbours,
            robber=terrain.index("desert"),
            merchant=-1,
            merchant_owner=-1,
            b_owner=[-1] * NV,
            b_kind=[0] * NV,
            wall=[0] * NV,
            metro=[-1] * NV,
            k_owner=[-1] * NV,
            k_level=[0] * NV,
            k_active=[0] * NV,
            k_fresh=[0] * NV,
            k_promoted=[0] * NV,
            road=[-1] * NE,
            hand=[[0] * 8 for _ in range(n)],
            progress=[[] for _ in range(n)],
            vp_cards=[[] for _ in range(n)],
            levels=[[0, 0, 0] for _ in range(n)],
            defenders=[0] * n,
            settlements_left=[D.PIECES["settlements"]] * n,
            cities_left=[D.PIECES["cities"]] * n,
            roads_left=[D.PIECES["roads"]] * n,
            walls_left=[D.PIECES["walls"]] * n,
            knights_left=[[2, 2, 2] for _ in range(n)],
            road_len=[0] * n,
            bank=list(D.BANK_START),
            decks=decks,
            barbarian=0,
            robber_unlocked=False,
            attacks=0,
            metro_perm=[0, 0, 0],
            longest=-1,
            turn=0,
            turn_no=0,
            phase="setup",
            setup_step=0,
            setup_vertex=-1,
            dice=None,
            tasks=[],
            fleet=0,
            harbor_on=False,
            harbor_used=[],
            trade=None,
            asked=[],
            draft=None,
            looking=None,
            winner=-1,
            start_log=log,
            moves=[],
            chance=chance,
        )
        return st

    @staticmethod
    def _check_script(script: Any, players: int, layout: str) -> None:
        if not isinstance(script, dict):
            raise InvalidOptions("script must be an object")
        allowed = {"seat_order", "layout", "decks", "red", "yellow", "event", "steals"}
        if set(script) - allowed:
            raise InvalidOptions(f"unknown script keys: {sorted(set(script) - allowed)}")
        so = script.get("seat_order")
        if so is not None and (not isinstance(so, list) or sorted(so) != list(range(players))):
            raise InvalidOptions("script.seat_order must list every seat once")
        if "layout" in script and layout == "beginner":
            raise InvalidOptions("script.layout needs layout=random")
        lay = script.get("layout", {})
        if not isinstance(lay, dict) or set(lay) - {"terrain", "numbers", "harbours"}:
            raise InvalidOptions("script.layout keys are terrain, numbers, harbours")
        if any(not isinstance(v, list) for v in lay.values()):
            raise InvalidOptions("script.layout values are lists")
        for die in ("red", "yellow"):
            vals = script.get(die, [])
            if not isinstance(vals, list) or any(not isinstance(v, int) or not 1 <= v <= 6 for v in vals):
                raise InvalidOptions(f"script.{die} must be a list of 1-6")
        ev = script.get("event", [])
        if not isinstance(ev, list) or any(f not in ("ship", "green", "yellow", "blue") for f in ev):
            raise InvalidOptions("script.event faces are ship, green, yellow, blue")
        steals = script.get("steals", [])
        if not isinstance(steals, list) or any(k not in D.KIND_INDEX for k in steals):
            raise InvalidOptions("script.steals must list card kinds")
        decks = script.get("decks", {})
        if not isinstance(decks, dict) or set(decks) - set(D.TRACKS):
            raise InvalidOptions("script.decks keys are science, trade, politics")
        for t, name in enumerate(D.TRACKS):
            rest = D.deck_cards(t)
            if not isinstance(decks.get(name, []), list):
                raise InvalidOptions(f"script.decks.{name} must be a list of cards")
            for c in decks.get(name, []):
                cn = D.card_name(c)
                if cn is None or cn not in rest:
                    raise InvalidOptions(f"script.decks.{name}: {c!r} does not fit the deck")
                rest.remove(cn)

    # -- flow ----------------------------------------------------------------------------------
    @staticmethod
    def _setup_slot(st: State) -> tuple[int, str]:
        i, n = st.setup_step, st.n
        if i < 2 * n:
            return i // 2, ("settlement" if i % 2 == 0 else "road")
        j = i - 2 * n
        return n - 1 - j // 2, ("city" if j % 2 == 0 else "road")

    @staticmethod
    def _group(st: State) -> list[dict[str, Any]]:
        head = st.tasks[0]
        if head["k"] not in PARALLEL:
            return [head]
        out = []
        for t in st.tasks:
            if t["k"] != head["k"] or "seat" not in t:
                break
            if "chosen" not in t:  # a choice already collected waits for its turn to apply
                out.append(t)
        return out

    def pending(self, state: State) -> dict[int, Prompt]:
        st = state
        if st.phase == "over":
            return {}
        if st.phase == "setup":
            seat, kind = self._setup_slot(st)
            data: dict[str, Any] = {}
            if kind == "road":
                data["at"] = VID[st.setup_vertex]
            return {seat: Prompt(f"setup_{kind}", False, data)}
        if st.tasks:
            return {t["seat"]: Prompt(t["k"], t["k"] in SECRET_TASKS, self._task_data(t)) for t in self._group(st)}
        if st.phase == "roll":
            return {st.turn: ROLL_PROMPT}
        if st.draft is not None:
            return {st.turn: Prompt("offer_draft", True, self._draft_data(st, st.draft))}
        tr = st.trade
        if tr is None or not tr["answers"]:
            return {st.turn: TURN_PROMPT}
        # answers to the open offer (accepts and counter-offers) so the active player reads them
        answers = []
        for s in sorted(tr["answers"], key=int):
            a = tr["answers"][s]
            if isinstance(a, dict):
                answers.append(
                    {
                        "seat": int(s),
                        "answer": "counter",
                        "give": _cards_list(a["give"]),
                        "want": _cards_list(a["want"]),
                    }
                )
            else:
                answers.append({"seat": int(s), "answer": a})
        return {st.turn: Prompt("turn", True, {"answers": answers})}

    def invitations(self, state: State) -> dict[int, Prompt]:
        """Optional answers that never block (rules §19.3): opponents addressed by an open trade
        offer may accept, decline or counter; not answering counts as declining."""
        st = state
        tr = st.trade
        if st.phase != "main" or st.tasks or not tr:
            return {}
        # the terms travel in the prompt so its sentence can say who offers what for what
        data = {"from": tr["seat"], "give": _cards_list(tr["give"]), "want": _cards_list(tr["want"])}
        drafts = tr.get("drafts", {})
        out = {}
        for s in tr["to"]:
            if str(s) in tr["answers"]:
                continue
            d = drafts.get(str(s))
            if d is None:
                out[s] = Prompt("trade_offer", True, dict(data))
            else:
                out[s] = Prompt("counter_draft", True, {**data, **self._draft_data(st, d)})
        return out

    @staticmethod
    def _draft_data(st: State, d: dict[str, Any]) -> dict[str, Any]:
        """A draft as a prompt tells it: the cards so far and the bound on cards asked."""
        return {"draft_give": _cards_list(d["give"]), "draft_want": _cards_list(d["want"]), "ask_max": _ask_max(st)}

    def invited_this_turn(self, state: State) -> frozenset[int]:
        """The seats this turn's trade offers have addressed so far (every offer is public)."""
        return frozenset(state.asked)

    @staticmethod
    def _task_data(t: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("count", "track", "by", "left", "level"):
            if key in t:
                out[key] = D.TRACKS[t[key]] if key == "track" else t[key]
        if "from" in t:
            out["from"] = VID[t["from"]]
        if "reason" in t:
            out["reason"] = t["reason"]
        if "victim" in t:
            out["victim"] = t["victim"]
        return out

    def _advance(self, st: State, evs: list[Event]) -> None:
        while st.phase != "over":
            self._check_win(st, evs)
            if st.phase == "over" or not st.tasks:
                break
            t = st.tasks[0]
            if "seat" in t:
                if self._apply_collected(st, t, evs):
                    continue
                if self._still_needed(st, t, evs):
                    break
                st.tasks.pop(0)
                continue
            st.tasks.pop(0)
            getattr(self, "_auto_" + t["k"])(st, t, evs)

    def _apply_collected(self, st: State, t: dict[str, Any], evs: list[Event]) -> bool:
        """Apply a parallel choice collected before its seat's turn (rules R-X4: decisions are
        collected in parallel but applied in seat order from the active player). True when the
        task is done and removed."""
        if t["k"] == "discard" and "chosen" in t:
            self._apply_discard(st, t, t["chosen"], evs)
            return True
        if t["k"] == "discard_progress" and "picked" in t:
            for card in t.pop("picked"):
                self._discard_progress(st, t["seat"], card, evs)
            t.pop("chosen", None)
        return False

    def _still_needed(self, st: State, t: dict[str, Any], evs: list[Event]) -> bool:
        k = t["k"]
        if k == "discard_progress":
            return len(st.progress[t["seat"]]) > D.HAND_LIMIT_PROGRESS
        if k == "aqueduct":
            return any(st.bank[r] for r in D.RESOURCES)
        if k == "choose_deck":
            if any(st.decks):
                return True
            evs.append(event("deck_empty", seat=t["seat"], deck=None))
            return False
        if k == "road_building" or k == "diplomat_rebuild":
            return bool(R.road_edges(st, t["seat"], t.get("edge", -1)))
        if k == "smith":
            return any(R.can_promote(st, t["seat"], v) for v in range(NV))
        return True

    def _check_win(self, st: State, evs: list[Event]) -> None:
        phase = st.phase
        if phase != "roll" and phase != "main" or R.points_bound(st, st.turn) < D.WIN_POINTS:
            return  # (the bound is never below the points)
        if R.points(st, st.turn) >= D.WIN_POINTS:
            st.phase = "over"
            st.winner = st.turn
            st.tasks.clear()
            st.trade = None
            st.draft = None
            st.looking = None
            evs.append(event("game_over", winner=st.turn, points=[R.points(st, p) for p in range(st.n)]))

    def _start_turn(self, st: State, seat: int, evs: list[Event]) -> None:
        st.turn = seat
        st.turn_no += 1
        st.phase = "roll"
        st.fleet = 0
        st.harbor_on = False
        st.harbor_used = []
        st.trade = None
        st.draft = None
        st.asked = []
        for v in range(NV):
            if st.k_level[v]:
                st.k_fresh[v] = st.k_active[v]
                st.k_promoted[v] = 0
        evs.append(event("turn_started", seat=seat, turn=st.turn_no))

    # -- apply ---------------------------------------------------------------------------------
    @staticmethod
    def _normalise(action: Any) -> Action:
        if not isinstance(action, dict):
            raise IllegalAction("bad_action", "an action is an object")
        t = action.get("type")
        if not isinstance(t, str):
            raise IllegalAction("unknown_type", "the action has no type")
        if t in PLAIN_TYPES and action.keys().isdisjoint(ALIASED_KEYS):
            return action  # already canonical (and nobody changes an action, the handlers included)
        t = t.strip().lower()
        t = TYPE_ALIASES.get(t, t)
        act = {KEY_ALIASES.get(k, k): v for k, v in action.items()}
        if isinstance(act.get("params"), dict):
            for k, v in act["params"].items():
                act.setdefault(KEY_ALIASES.get(k, k), v)
        act["type"] = t
        if t not in ALL_TYPES:
            raise IllegalAction("unknown_type", f"no such action: {t}")
        return act

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        evs = self._act(state, seat, action)
        if not state.searching:
            remember(state.moves, seat, evs, MOVE_EVENTS)
        return evs

    def _act(self, state: State, seat: int, action: Action) -> list[Event]:
        st = state
        # the most frequent action, a prebuilt offer, valid now: straight to its effect
        kinds = OFFER_KINDS.get(id(action))
        if kinds is not None:
            if self._offer_ok(st, seat, kinds[0]):
                return self._apply_offer(st, seat, kinds, evs=[])
        else:
            # the next most frequent, a prebuilt step of the active player's draft, valid now
            step = SET_KEYS.get(id(action))
            if step is not None and self._set_ok(st, seat, *step):
                return self._apply_set(st, step)
        act = self._normalise(action)
        if st.phase == "over":
            raise IllegalAction("game_over", "the game is over")
        if not isinstance(seat, int) or not 0 <= seat < st.n:
            raise IllegalAction("bad_seat", "no such seat")
        t = act["type"]
        if t not in TRADE_ONLY:
            st.memo = None  # the position may change
        evs: list[Event] = []
        if st.phase == "setup":
            self._do_setup(st, seat, t, act, evs)
        elif st.tasks:
            task = next((x for x in self._group(st) if x["seat"] == seat), None)
            if task is None:
                raise IllegalAction("not_your_turn", "another decision is pending")
            if t not in TASK_ACTIONS[task["k"]]:
                raise IllegalAction("wrong_action", f"{task['k']} is pending")
            getattr(self, "_task_" + task["k"])(st, task, act, evs)
        elif seat != st.turn:
            if st.trade is None or (t not in TRADE_ANSWERS and t not in DRAFT_TYPES):
                raise IllegalAction("not_your_turn", "it is not your turn")
            self._answer(st, seat, t, act, evs)
        elif st.phase == "roll":
            if t == "roll":
                self._do_roll(st, None, evs)
            elif t == "play_alchemist" or (t == "play_progress" and D.card_name(act.get("card")) == "alchemist"):
                self._play_alchemist(st, act, evs)
            else:
                raise IllegalAction("roll_first", "roll the dice (or play Alchemist) first")
        elif st.draft is not None:
            if t not in DRAFT_STEPS:
                raise IllegalAction("drafting", "send or drop the offer you are composing first")
            self._draft_step(st, seat, st.draft, t, act, evs)
        else:
            if t not in MAIN_TYPES:
                raise IllegalAction("wrong_phase" if t not in DRAFT_STEPS else "no_draft", f"{t} is not possible now")
            had_offer = st.trade is not None
            MAIN_HANDLERS[t](self, st, act, evs)
            if had_offer and st.trade is not None and t not in KEEP_OFFER:
                evs.insert(0, event("trade_cancelled", seat=st.turn, auto=True))
                st.trade = None
        self._advance(st, evs)
        if st.memo is not None and t in TRADE_ONLY:
            st.memo[0] = True  # the kept legal lists still hold (see _main_legal)
        return evs

    @staticmethod
    def _offer_ok(st: State, seat: Any, give: int) -> bool:
        """Whether a prebuilt offer giving a card of kind ``give`` passes every check of
        ``apply`` now: the active player, holding one, in the action phase with nothing pending."""
        return (
            st.phase == "main"
            and seat.__class__ is int
            and seat == st.turn
            and not st.tasks
            and st.draft is None
            and st.hand[seat][give] > 0
        )

    @staticmethod
    def _set_ok(st: State, seat: Any, side: int, k: int, n: int) -> bool:
        """Whether a prebuilt ``offer_set`` step passes every check of ``apply`` now: the active
        player's open draft in the action phase, nothing pending, and the step as
        ``_draft_step`` checks it."""
        d = st.draft
        if d is None or st.phase != "main" or seat.__class__ is not int or seat != st.turn or st.tasks:
            return False
        mine, other = (d["give"], d["want"]) if side == 0 else (d["want"], d["give"])
        if n == mine[k] or (n and other[k]):
            return False
        if side == 0:
            return n <= st.hand[seat][k]
        return sum(mine) - mine[k] + n <= _ask_max(st)

    def _apply_set(self, st: State, step: tuple[int, int, int]) -> list[Event]:
        """``apply`` of a prebuilt ``offer_set`` step that ``_set_ok`` passed: the steps the
        general path takes for it (no event; the kept legal lists still hold)."""
        side, k, n = step
        d = st.draft
        assert d is not None
        d["give" if side == 0 else "want"][k] = n
        evs: list[Event] = []
        self._check_win(st, evs)  # = _advance with no task pending
        if st.memo is not None:
            st.memo[0] = True
        return evs

    def _apply_offer(self, st: State, p: int, kinds: tuple[int, int], evs: list[Event]) -> list[Event]:
        """``apply`` of a prebuilt offer by the active player in the action phase, who holds the
        card given: the steps the general path takes for it."""
        self._offer_one_for_one(st, p, kinds[0], kinds[1], evs)
        self._check_win(st, evs)  # = _advance with no task pending
        if st.memo is not None:
            st.memo[0] = True
        return evs

    # -- set-up --------------------------------------------------------------------------------
    def _do_setup(self, st: State, seat: int, t: str, act: Action, evs: list[Event]) -> None:
        who, kind = self._setup_slot(st)
        if seat != who:
            raise IllegalAction("not_your_turn", "another player is placing")
        if t != "build_" + kind:
            raise IllegalAction("wrong_action", f"place a {kind} now")
        if kind == "road":
            e = R.parse_edge(act.get("edge"))
            if st.road[e] >= 0 or st.setup_vertex not in D.EDGES[e]:
                raise IllegalAction("bad_edge", "the road must touch the piece just placed")
            st.road[e] = seat
            st.roads_left[seat] -= 1
            evs.append(event("built", seat=seat, piece="road", edge=EID[e], setup=True))
            R.update_longest(st, evs, owners=(seat,))
        else:
            v = R.parse_vertex(act.get("vertex"))
            if not R.distance_ok(st, v):
                raise IllegalAction("bad_vertex", "taken or too close to another building")
            st.b_owner[v] = seat
            if kind == "settlement":
                st.b_kind[v] = SETTLEMENT
                st.settlements_left[seat] -= 1
            else:
                st.b_kind[v] = CITY
                st.cities_left[seat] -= 1
            st.setup_vertex = v
            evs.append(event("built", seat=seat, piece=kind, vertex=VID[v], setup=True))
            if kind == "city":
                gained = [0] * 8
                for h in D.VERTEX_HEXES[v]:
                    res = D.TERRAIN_YIELD[st.terrain[h]][0]
                    if res >= 0:
                        gained[res] += R.take_from_bank(st, seat, res, 1)
                evs.append(event("resources_gained", seat=seat, cards=_cards_list(gained)))
            R.update_longest(st, evs, vertices=(v,))
        st.setup_step += 1
        if st.setup_step == 4 * st.n:
            st.setup_vertex = -1
            self._start_turn(st, 0, evs)

    # -- rolling -------------------------------------------------------------------------------
    def _die(self, st: State, kind: str) -> tuple[Any, str]:
        v = st.chance.take(kind) if st.chance.script else Chance.NONE
        if v is not Chance.NONE:
            return v, "script"
        if kind == "event":
            return D.EVENT_FACES[st.chance.rng.below(6)], "rng"
        return st.chance.rng.below(6) + 1, "rng"

    def _check_die(self, st: State, kind: str) -> None:
        v = st.chance.peek(kind) if st.chance.script else Chance.NONE
        if v is Chance.NONE:
            return
        ok = v in ("ship", "green", "yellow", "blue") if kind == "event" else isinstance(v, int) and 1 <= v <= 6
        if not ok:
            raise IllegalAction("bad_script", f"scripted {kind} value {v!r} is not a die face")

    def _play_alchemist(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        if "alchemist" not in st.progress[p]:
            raise IllegalAction("no_card", "you hold no Alchemist")
        red, yellow = act.get("red"), act.get("yellow")
        for v in (red, yellow):
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
                raise IllegalAction("bad_dice", "choose die values 1-6")
        self._check_die(st, "event")
        self._spend(st, p, "alchemist", evs, red=red, yellow=yellow)
        self._do_roll(st, (red, yellow), evs)

    def _do_roll(self, st: State, fixed: tuple[int, int] | None, evs: list[Event]) -> None:
        if fixed is None:
            self._check_die(st, "red")
            self._check_die(st, "yellow")
        self._check_die(st, "event")
        source: dict[str, str] = {}
        if fixed is None:
            red, source["red"] = self._die(st, "red")
            yellow, source["yellow"] = self._die(st, "yellow")
        else:
            red, yellow = fixed
            source["red"] = source["yellow"] = "alchemist"
        face, source["event"] = self._die(st, "event")
        st.phase = "main"
        st.dice = {"red": red, "yellow": yellow, "event": face, "alchemist": fixed is not None}
        evs.append(
            event(
                "dice_rolled",
                chance="roll",
                seat=st.turn,
                red=red,
                yellow=yellow,
                event=face,
                total=red + yellow,
                source=source,
                alchemist=fixed is not None,
            )
        )
        st.tasks = [{"k": "event_die"}, {"k": "produce"}]

    def _auto_event_die(self, st: State, t: dict[str, Any], evs: list[Event]) -> None:
        assert st.dice is not None
        face = st.dice["event"]
        if face == "ship":
            st.barbarian += 1
            evs.append(event("barbarians_advanced", step=st.barbarian))
            if st.barbarian >= D.BARBARIAN_STEPS:
                self._attack(st, evs)
            return
        track = D.GATE_TRACK[face]
        red = st.dice["red"]
        later: list[dict[str, Any]] = []
        for p in _order_from(st, st.turn):
            lvl = st.levels[p][track]
            if lvl >= 1 and red <= lvl + 1:
                self._draw(st, p, track, evs)
                if p == st.turn:
                    # R-V2: a VP card that brings the active player to 13 ends the game at once;
                    # the later draws of this gate are not resolved
                    self._check_win(st, evs)
                    if st.phase == "over":
                        return
                if p != st.turn and len(st.progress[p]) > D.HAND_LIMIT_PROGRESS:
                    later.append({"k": "discard_progress", "seat": p})
        st.tasks[0:0] = later

    def _draw(self, st: State, p: int, track: int, evs: list[Event]) -> None:
        deck = st.decks[track]
        if not deck:
            evs.append(event("deck_empty", seat=p, deck=D.TRACKS[track]))
            return
        card = deck.pop(0)
        if card in D.VP_CARDS:
            st.vp_cards[p].append(card)
            evs.append(event("vp_card_revealed", seat=p, card=card, deck=D.TRACKS[track]))
            return
        st.progress[p].append(card)
        st.progress[p].sort()
        evs.append(event("progress_drawn", seat=p, deck=D.TRACKS[track]))
        evs.append(event("progress_card", to=[p], seat=p, card=card, deck=D.TRACKS[track]))

    def _attack(self, st: State, evs: list[Event]) -> None:
        cities = sum(1 for v in range(NV) if st.b_kind[v] == CITY)
        contrib = [0] * st.n
        for v in range(NV):
            if st.k_level[v] and st.k_active[v]:
                contrib[st.k_owner[v]] += st.k_level[v]
        knights = sum(contrib)
        order = _order_from(st, st.turn)
        new: list[dict[str, Any]] = []
        if knights >= cities:
            top = max(contrib)
            tied = [p for p in order if contrib[p] == top] if top > 0 else []
            evs.append(
                event("barbarian_attack", barbarians=cities, knights=knights, contributions=contrib, outcome="defended")
            )
            if len(tied) == 1:
                st.defenders[tied[0]] += 1
                evs.append(event("defender_awarded", seat=tied[0]))
            else:
                new = [{"k": "choose_deck", "seat": p} for p in tied]
        else:
            eligible = [p for p in order if R.available_cities(st, p)]
            losers: list[int] = []
            if eligible:
                low = min(contrib[p] for p in eligible)
                losers = [p for p in eligible if contrib[p] == low]
            evs.append(
                event(
                    "barbarian_attack",
                    barbarians=cities,
                    knights=knights,
                    contributions=contrib,
                    outcome="pillage",
                    losers=losers,
                )
            )
            new = [{"k": "pillage_city", "seat": p} for p in losers]
        new.append({"k": "attack_end"})
        st.tasks[0:0] = new

    def _auto_attack_end(self, st: State, t: dict[str, Any], evs: list[Event]) -> None:
        for v in range(NV):
            if st.k_level[v]:
                st.k_active[v] = 0
        evs.append(event("knights_deactivated"))
        st.barbarian = 0
        st.attacks += 1
        if not st.robber_unlocked:
            st.robber_unlocked = True
            evs.append(event("robber_unlocked"))

    def _auto_produce(self, st: State, t: dict[str, Any], evs: list[Event]) -> None:
        assert st.dice is not None
        total = st.dice["red"] + st.dice["yellow"]
        order = _order_from(st, st.turn)
        if total != 7:
            got = R.pay_out(st, R.production(st, total), evs)
            evs.append(event("produced", total=total, gains={str(p): _cards_list(got[p]) for p in range(st.n)}))
            st.tasks[0:0] = [{"k": "aqueduct", "seat": p} for p in order if st.levels[p][0] >= 3 and not any(got[p])]
            return
        new: list[dict[str, Any]] = []
        for p in order:
            h = R.hand_size(st, p)
            if h > R.discard_limit(st, p):
                new.append({"k": "discard", "seat": p, "count": h // 2, "reason": "seven"})
        new.append({"k": "seven_robber"})
        st.tasks[0:0] = new

    def _auto_seven_robber(self, st: State, t: dict[str, Any], evs: list[Event]) -> None:
        if st.robber_unlocked:
            st.tasks.insert(0, {"k": "move_robber", "seat": st.turn, "reason": "seven"})

    # -- decisions -----------------------------------------------------------------------------
    def _pop(self, st: State, task: dict[str, Any]) -> None:
        st.tasks.remove(task)

    def _task_discard(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        cards = R.parse_cards(act.get("cards"))
        if sum(cards) != task["count"]:
            raise IllegalAction("bad_count", f"discard exactly {task['count']} cards", count=task["count"])
        if any(cards[k] > st.hand[p][k] for k in range(8)):
            raise IllegalAction("not_held", "you do not hold those cards")
        if st.tasks[0] is not task:
            task["chosen"] = cards  # applied when the seats before it have discarded (R-X4)
            return
        self._apply_discard(st, task, cards, evs)

    def _apply_discard(self, st: State, task: dict[str, Any], cards: list[int], evs: list[Event]) -> None:
        p = task["seat"]
        R.pay(st, p, cards)
        self._pop(st, task)
        evs.append(event("discarded", seat=p, count=task["count"], reason=task.get("reason")))
        evs.append(event("discarded_cards", to=[p], seat=p, cards=_cards_list(cards)))

    def _victims(self, st: State, h: int, p: int) -> list[int]:
        return [o for o in R.owners_on_hex(st, h) if o != p]

    def _check_robber_target(self, st: State, p: int, act: Action) -> tuple[int, int]:
        h = R.parse_hex(act.get("hex"))
        if h == st.robber:
            raise IllegalAction("same_hex", "the robber must move to another hex")
        victims = self._victims(st, h, p)
        raw = act.get("victim")
        if victims and raw is None and "victim" not in act and len(victims) == 1:
            raw = victims[0]
        if victims:
            victim = R.parse_seat(st, raw)
            if victim not in victims:
                raise IllegalAction("bad_victim", "choose a player with a building on that hex")
        else:
            if raw is not None:
                raise IllegalAction("bad_victim", "nobody can be robbed there")
            victim = -1
        self._check_steals(st, [victim] if victim >= 0 else [])
        return h, victim

    def _check_steals(self, st: State, victims: list[int]) -> None:
        script = st.chance.script.get("steals")
        if not isinstance(script, list):
            return
        i = 0
        for v in victims:
            if not R.hand_size(st, v):
                continue
            if i < len(script):
                k = D.KIND_INDEX.get(script[i], -1)
                if k < 0 or st.hand[v][k] <= 0:
                    raise IllegalAction("bad_script", f"scripted steal {script[i]!r} is not in that hand")
            i += 1

    def _steal(self, st: State, thief: int, victim: int, evs: list[Event]) -> None:
        hand = st.hand[victim]
        total = sum(hand)
        if not total:
            evs.append(event("stolen", seat=thief, victim=victim, count=0))
            return
        raw = st.chance.take("steals")
        if raw is not Chance.NONE:
            k, source = D.KIND_INDEX[raw], "script"
        else:
            r = st.chance.rng.below(total)
            k = 0
            while r >= hand[k]:
                r -= hand[k]
                k += 1
            source = "rng"
        hand[k] -= 1
        st.hand[thief][k] += 1
        evs.append(event("stolen", chance="steal", seat=thief, victim=victim, count=1, source=source))
        evs.append(event("stolen_card", to=[thief, victim], seat=thief, victim=victim, kind=KINDS[k]))

    def _move_robber(self, st: State, p: int, h: int, evs: list[Event]) -> None:
        st.robber = h
        evs.append(event("robber_moved", seat=p, hex=HID[h], terrain=st.terrain[h], number=st.numbers[h] or None))

    def _task_move_robber(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        h, victim = self._check_robber_target(st, p, act)
        self._pop(st, task)
        self._move_robber(st, p, h, evs)
        if victim >= 0:
            self._steal(st, p, victim, evs)

    def _task_discard_progress(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        card = D.card_name(act.get("card"))
        left = list(st.progress[p])
        for c in task.get("picked", []):
            left.remove(c)
        if card is None or card not in left:
            raise IllegalAction("no_card", "you do not hold that card")
        if st.tasks[0] is not task:
            # collected now, applied (to the bottom of the deck) in seat order (R-X4)
            task.setdefault("picked", []).append(card)
            if len(left) - 1 <= D.HAND_LIMIT_PROGRESS:
                task["chosen"] = True
            return
        self._discard_progress(st, p, card, evs)
        if len(st.progress[p]) <= D.HAND_LIMIT_PROGRESS:
            self._pop(st, task)

    def _discard_progress(self, st: State, p: int, card: str, evs: list[Event]) -> None:
        st.progress[p].remove(card)
        track = D.CARD_TRACK[card]
        st.decks[track].append(card)
        evs.append(event("progress_discarded", seat=p, deck=D.TRACKS[track]))
        evs.append(event("card_private", to=[p], seat=p, card=card, what="discarded"))

    def _task_aqueduct(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        k = R.parse_kind(act.get("resource", act.get("kind")), D.RESOURCES)
        if not st.bank[k]:
            raise IllegalAction("bank_empty", "the bank has none of that")
        self._pop(st, task)
        R.take_from_bank(st, p, k, 1)
        evs.append(event("aqueduct", seat=p, resource=KINDS[k]))

    def _task_choose_deck(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        track = R.parse_track(act.get("deck", act.get("track")))
        if not st.decks[track]:
            raise IllegalAction("deck_empty", "that deck is empty")
        self._pop(st, task)
        self._draw(st, p, track, evs)
        if p != st.turn and len(st.progress[p]) > D.HAND_LIMIT_PROGRESS:
            st.tasks.insert(0, {"k": "discard_progress", "seat": p})

    def _task_pillage_city(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        v = R.parse_vertex(act.get("vertex"))
        if v not in R.available_cities(st, p):
            raise IllegalAction("bad_vertex", "choose one of your cities without a metropolis")
        self._pop(st, task)
        sideways = st.settlements_left[p] == 0
        if sideways:
            st.b_kind[v] = SIDEWAYS
        else:
            st.b_kind[v] = SETTLEMENT
            st.settlements_left[p] -= 1
            st.cities_left[p] += 1
        wall = bool(st.wall[v])
        if wall:
            st.wall[v] = 0
            st.walls_left[p] += 1
        evs.append(event("city_pillaged", seat=p, vertex=VID[v], sideways=sideways, wall_lost=wall))

    def _task_place_metropolis(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        v = R.parse_vertex(act.get("vertex"))
        if v not in R.available_cities(st, p):
            raise IllegalAction("bad_vertex", "choose one of your cities without a metropolis")
        self._pop(st, task)
        st.metro[v] = task["track"]
        evs.append(event("metropolis_placed", seat=p, track=D.TRACKS[task["track"]], vertex=VID[v]))

    def _task_relocate_knight(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        v = R.parse_vertex(act.get("vertex", act.get("to")))
        if v not in task["sites"] or not R.free_vertex(st, v):
            raise IllegalAction("bad_vertex", "not reachable along your roads")
        self._pop(st, task)
        self._put_knight(st, p, v, task["level"], task["active"])
        evs.append(event("knight_relocated", seat=p, vertex=VID[task["from"]], target=VID[v], level=task["level"]))
        R.update_longest(st, evs, vertices=(v,))

    def _put_knight(self, st: State, p: int, v: int, level: int, active: int) -> None:
        st.k_owner[v] = p
        st.k_level[v] = level
        st.k_active[v] = active
        st.k_fresh[v] = 0
        st.k_promoted[v] = 0

    def _lift_knight(self, st: State, v: int) -> tuple[int, int, int]:
        p, level, active = st.k_owner[v], st.k_level[v], st.k_active[v]
        st.k_owner[v] = -1
        st.k_level[v] = 0
        st.k_active[v] = 0
        st.k_fresh[v] = 0
        st.k_promoted[v] = 0
        return p, level, active

    def _task_remove_knight(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        v = R.parse_vertex(act.get("vertex", act.get("knight")))
        if st.k_owner[v] != p:
            raise IllegalAction("bad_vertex", "choose one of your knights")
        self._pop(st, task)
        _, level, active = self._lift_knight(st, v)
        st.knights_left[p][level - 1] += 1
        evs.append(event("knight_removed", seat=p, vertex=VID[v], level=level, reason="deserter"))
        R.update_longest(st, evs, vertices=(v,))
        actor = task["by"]
        lvl = level
        while lvl >= 1 and st.knights_left[actor][lvl - 1] == 0:
            lvl -= 1
        if lvl >= 1 and R.knight_sites(st, actor):
            st.tasks.insert(0, {"k": "place_deserter", "seat": actor, "level": lvl, "active": active})

    def _task_place_deserter(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        if act["type"] == "skip":
            self._pop(st, task)
            return
        v = R.parse_vertex(act.get("vertex"))
        if v not in R.knight_sites(st, p):
            raise IllegalAction("bad_vertex", "a knight needs an empty intersection at the end of your road")
        self._pop(st, task)
        st.knights_left[p][task["level"] - 1] -= 1
        self._put_knight(st, p, v, task["level"], task["active"])
        evs.append(event("knight_built", seat=p, vertex=VID[v], level=task["level"], active=bool(task["active"])))
        R.update_longest(st, evs, vertices=(v,))

    def _task_give_commodity(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        k = R.parse_kind(act.get("commodity", act.get("kind")), D.COMMODITIES)
        if not st.hand[p][k]:
            raise IllegalAction("not_held", "you do not hold that commodity")
        self._pop(st, task)
        by, res = task["by"], task["resource"]
        st.hand[p][k] -= 1
        st.hand[by][k] += 1
        st.hand[by][res] -= 1
        st.hand[p][res] += 1
        evs.append(event("cards_moved", seat=p, to_seat=by, count=1, reason="commercial_harbor"))
        evs.append(
            event(
                "cards_moved_private",
                to=[p, by],
                seat=p,
                to_seat=by,
                cards={KINDS[k]: 1},
                back={KINDS[res]: 1},
                reason="commercial_harbor",
            )
        )

    def _move_cards(self, st: State, src: int, dst: int, cards: list[int], reason: str, evs: list[Event]) -> None:
        for k in range(8):
            st.hand[src][k] -= cards[k]
            st.hand[dst][k] += cards[k]
        evs.append(event("cards_moved", seat=src, to_seat=dst, count=sum(cards), reason=reason))
        evs.append(
            event("cards_moved_private", to=[src, dst], seat=src, to_seat=dst, cards=_cards_list(cards), reason=reason)
        )

    def _task_give_cards(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        cards = R.parse_cards(act.get("cards"))
        if sum(cards) != task["count"] or any(cards[k] > st.hand[p][k] for k in range(8)):
            raise IllegalAction("bad_cards", f"give {task['count']} cards you hold", count=task["count"])
        self._pop(st, task)
        self._move_cards(st, p, task["by"], cards, "wedding", evs)

    def _task_take_cards(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p, victim = task["seat"], task["victim"]
        cards = R.parse_cards(act.get("cards"))
        if sum(cards) != task["count"] or any(cards[k] > st.hand[victim][k] for k in range(8)):
            raise IllegalAction("bad_cards", f"take {task['count']} cards they hold", count=task["count"])
        self._pop(st, task)
        st.looking = None
        self._move_cards(st, victim, p, cards, "master_merchant", evs)

    def _task_take_card(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p, victim = task["seat"], task["victim"]
        card = D.card_name(act.get("card"))
        if card is None or card not in st.progress[victim]:
            raise IllegalAction("no_card", "they do not hold that card")
        self._pop(st, task)
        st.looking = None
        st.progress[victim].remove(card)
        st.progress[p].append(card)
        st.progress[p].sort()
        evs.append(event("cards_moved", seat=victim, to_seat=p, count=1, reason="spy", progress=True))
        evs.append(event("card_private", to=[p, victim], seat=p, victim=victim, card=card, what="spy"))

    def _task_road_building(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        if act["type"] == "skip":
            self._pop(st, task)
            return
        e = R.parse_edge(act.get("edge"))
        if e == task.get("edge", -1) or e not in R.road_edges(st, p):
            raise IllegalAction("bad_edge", "you cannot build a road there")
        self._place_road(st, p, e, evs, free=True)
        task["left"] = task.get("left", 1) - 1
        if task["left"] <= 0:
            self._pop(st, task)

    _task_diplomat_rebuild = _task_road_building

    def _task_smith(self, st: State, task: dict[str, Any], act: Action, evs: list[Event]) -> None:
        p = task["seat"]
        if act["type"] == "skip":
            self._pop(st, task)
            return
        v = R.parse_vertex(act.get("vertex"))
        if not R.can_promote(st, p, v):
            raise IllegalAction("cannot_promote", "that knight cannot be promoted now")
        self._promote(st, p, v, evs, free=True)
        task["left"] -= 1
        if task["left"] <= 0:
            self._pop(st, task)

    # -- trade answers ---------------------------------------------------------------------------
    def _answer(self, st: State, seat: int, t: str, act: Action, evs: list[Event]) -> None:
        tr = st.trade
        assert tr is not None
        if seat not in tr["to"]:
            raise IllegalAction("not_addressed", "the offer is not addressed to you")
        if str(seat) in tr["answers"]:
            raise IllegalAction("already_answered", "you already answered")
        draft = tr.get("drafts", {}).get(str(seat))
        if draft is not None:
            if t not in DRAFT_STEPS:
                raise IllegalAction("drafting", "send or drop the counter-offer you are composing first")
            self._draft_step(st, seat, draft, t, act, evs)
        elif t in DRAFT_STEPS:
            raise IllegalAction("no_draft", "compose a counter-offer first")
        elif t == "offer_compose":
            self._compose(st, seat)
        elif t == "accept_trade":
            if any(st.hand[seat][k] < tr["want"][k] for k in range(8)):
                raise IllegalAction("not_held", "you do not hold the cards asked for")
            tr["answers"][str(seat)] = "accept"
            evs.append(event("trade_answered", seat=seat, answer="accept"))
        elif t == "reject_trade":
            tr["answers"][str(seat)] = "reject"
            evs.append(event("trade_answered", seat=seat, answer="reject"))
        else:
            give, want = self._check_offer(st, seat, act)
            tr["answers"][str(seat)] = {"give": give, "want": want}
            evs.append(event("trade_countered", seat=seat, give=_cards_list(give), want=_cards_list(want)))

    def _check_offer(self, st: State, p: int, act: Action) -> tuple[list[int], list[int]]:
        give = R.parse_cards(act.get("give"))
        want = R.parse_cards(act.get("want"))
        if not sum(give) or not sum(want):
            raise IllegalAction("bad_offer", "each side must give at least one card")
        if any(map(min, give, want)):  # counts are >= 0: both sides name this kind
            raise IllegalAction("bad_offer", "the same kind cannot be on both sides")
        if not all(map(ge, st.hand[p], give)):
            raise IllegalAction("not_held", "you do not hold the cards offered")
        if sum(want) > _ask_max(st):
            raise IllegalAction("too_many_asked", f"ask at most {_ask_max(st)} cards", most=_ask_max(st))
        return give, want

    # -- the offer composer (parameterised offers, docs/design-notes.md) ----------------------------
    def _main_offer_compose(self, st: State, act: Action, evs: list[Event]) -> None:
        self._compose(st, st.turn)

    @staticmethod
    def _compose(st: State, seat: int) -> None:
        """Open an empty private draft: the active player's offer or an addressed opponent's
        counter-offer (nothing public happens, so no event)."""
        if not any(st.hand[seat]):
            raise IllegalAction("not_held", "you hold no cards to offer")
        if seat == st.turn:
            st.draft = _empty_draft()
        else:
            tr = st.trade
            assert tr is not None
            tr.setdefault("drafts", {})[str(seat)] = _empty_draft()

    def _draft_step(self, st: State, seat: int, d: dict[str, Any], t: str, act: Action, evs: list[Event]) -> None:
        """One step of the composer on ``seat``'s draft ``d``, validated as ``_draft_legal`` lists."""
        if t == "offer_set":
            side = act.get("side")
            if side not in ("give", "want"):
                raise IllegalAction("bad_offer", "side is give or want")
            k = R.parse_kind(act.get("kind"))
            n = act.get("count")
            if n.__class__ is not int or n < 0:
                raise IllegalAction("bad_cards", "count is a whole number of cards")
            mine, other = (d["give"], d["want"]) if side == "give" else (d["want"], d["give"])
            if n == mine[k]:
                raise IllegalAction("no_change", "that count is set already")
            if n and other[k]:
                raise IllegalAction("bad_offer", "the same kind cannot be on both sides")
            if side == "give" and n > st.hand[seat][k]:
                raise IllegalAction("not_held", "you do not hold the cards offered")
            if side == "want" and sum(mine) - mine[k] + n > _ask_max(st):
                raise IllegalAction("too_many_asked", f"ask at most {_ask_max(st)} cards", most=_ask_max(st))
            mine[k] = n
            return
        terms = {"give": _cards_list(d["give"]), "want": _cards_list(d["want"])}
        if seat == st.turn:
            if t == "offer_send":
                to = act.get("to")
                if to != "all" and to not in OPPONENT_GROUPS[st.n][seat]:
                    raise IllegalAction("bad_offer", 'send to "all" or to a list of some opponents in seat order')
                self._main_offer_trade(st, {"type": "offer_trade", **terms, "to": to}, evs)
            st.draft = None
            return
        tr = st.trade
        assert tr is not None
        if t == "offer_send":
            if "to" in act:
                raise IllegalAction("bad_offer", "a counter-offer goes to the active player only")
            give, want = self._check_offer(st, seat, terms)
            tr["answers"][str(seat)] = {"give": give, "want": want}
            evs.append(event("trade_countered", seat=seat, give=_cards_list(give), want=_cards_list(want)))
        del tr["drafts"][str(seat)]

    # -- action phase ----------------------------------------------------------------------------
    def _main_end_turn(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        if len(st.progress[p]) > D.HAND_LIMIT_PROGRESS:
            raise IllegalAction("too_many_cards", "discard progress cards down to 4 first")
        st.trade = None
        evs.append(event("turn_ended", seat=p))
        self._start_turn(st, (p + 1) % st.n, evs)

    def _main_discard_progress(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        card = D.card_name(act.get("card"))
        if card is None or card not in st.progress[p]:
            raise IllegalAction("no_card", "you do not hold that card")
        if len(st.progress[p]) <= D.HAND_LIMIT_PROGRESS:
            raise IllegalAction("not_over_limit", "you may discard only above 4 cards")
        self._discard_progress(st, p, card, evs)

    def _place_road(self, st: State, p: int, e: int, evs: list[Event], free: bool) -> None:
        st.road[e] = p
        st.roads_left[p] -= 1
        evs.append(event("built", seat=p, piece="road", edge=EID[e], free=free))
        R.update_longest(st, evs, owners=(p,))

    def _main_build_road(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        e = R.parse_edge(act.get("edge"))
        if st.roads_left[p] <= 0:
            raise IllegalAction("no_piece", "no road left in your supply")
        if not R.can_road(st, p, e):
            raise IllegalAction("bad_edge", "a road must connect to your road, building or knight")
        if not R.afford(st, p, D.COST_ROAD):
            raise IllegalAction("cannot_afford", "a road costs lumber and brick")
        R.pay(st, p, D.COST_ROAD)
        self._place_road(st, p, e, evs, free=False)

    def _main_build_settlement(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        v = R.parse_vertex(act.get("vertex"))
        if st.settlements_left[p] <= 0:
            raise IllegalAction("no_piece", "no settlement left in your supply")
        if not R.can_settle(st, p, v):
            raise IllegalAction("bad_vertex", "not a legal settlement site")
        if not R.afford(st, p, D.COST_SETTLEMENT):
            raise IllegalAction("cannot_afford", "a settlement costs lumber, brick, wool and grain")
        R.pay(st, p, D.COST_SETTLEMENT)
        st.b_owner[v] = p
        st.b_kind[v] = SETTLEMENT
        st.settlements_left[p] -= 1
        evs.append(event("built", seat=p, piece="settlement", vertex=VID[v]))
        R.update_longest(st, evs, vertices=(v,))

    def _city_targets(self, st: State, p: int, own: list[int] | None = None) -> list[int]:
        """Where p may build a city: a pillaged city first, else a settlement. ``own`` = p's
        buildings when the caller already has them."""
        if own is None:
            own = [v for v, o in enumerate(st.b_owner) if o == p]
        b_kind = st.b_kind
        side = [v for v in own if b_kind[v] == SIDEWAYS]
        if side:
            return side
        if st.cities_left[p] <= 0:
            return []
        return [v for v in own if b_kind[v] == SETTLEMENT]

    def _main_build_city(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        v = R.parse_vertex(act.get("vertex"))
        medicine = bool(act.get("use_medicine", False))
        if v not in self._city_targets(st, p):
            raise IllegalAction("bad_vertex", "upgrade one of your settlements (a sideways city first)")
        cost = D.COST_CITY_MEDICINE if medicine else D.COST_CITY
        if medicine and "medicine" not in st.progress[p]:
            raise IllegalAction("no_card", "you hold no Medicine")
        if not R.afford(st, p, cost):
            raise IllegalAction("cannot_afford", "a city costs 3 ore and 2 grain")
        if medicine:
            self._spend(st, p, "medicine", evs, vertex=VID[v])
        R.pay(st, p, cost)
        if st.b_kind[v] == SETTLEMENT:
            st.settlements_left[p] += 1
            st.cities_left[p] -= 1
        st.b_kind[v] = CITY
        evs.append(event("built", seat=p, piece="city", vertex=VID[v], medicine=medicine))

    def _wall_sites(self, st: State, p: int, own: list[int] | None = None) -> list[int]:
        if st.walls_left[p] <= 0:
            return []
        if own is None:
            own = [v for v, o in enumerate(st.b_owner) if o == p]
        return [v for v in own if st.b_kind[v] == CITY and not st.wall[v]]

    def _main_build_wall(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        v = R.parse_vertex(act.get("vertex"))
        if v not in self._wall_sites(st, p):
            raise IllegalAction("bad_vertex", "a wall goes under one of your cities without a wall (max 3)")
        if not R.afford(st, p, D.COST_WALL):
            raise IllegalAction("cannot_afford", "a city wall costs 2 brick")
        R.pay(st, p, D.COST_WALL)
        self._put_wall(st, p, v, evs, free=False)

    def _put_wall(self, st: State, p: int, v: int, evs: list[Event], free: bool) -> None:
        st.wall[v] = 1
        st.walls_left[p] -= 1
        evs.append(event("built", seat=p, piece="wall", vertex=VID[v], free=free))

    def _improvement_cost(self, st: State, p: int, track: int, city: bool | None = None) -> int | None:
        """Commodities for p's next level on track, or None if that purchase is impossible
        (``city``: whether p has a city, when the caller knows)."""
        lvl = st.levels[p][track] + 1
        if lvl > 5 or not (R.has_city(st, p) if city is None else city):
            return None
        if lvl >= 4:
            holds = any(st.metro[v] == track and st.b_owner[v] == p for v in range(NV))
            if not (lvl == 5 and holds) and not R.available_cities(st, p):
                return None
        return lvl

    def _main_buy_improvement(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        track = R.parse_track(act.get("track"))
        crane = bool(act.get("use_crane", False))
        cost = self._improvement_cost(st, p, track)
        if cost is None:
            raise IllegalAction("cannot_improve", "you cannot buy that level now")
        if crane:
            if "crane" not in st.progress[p]:
                raise IllegalAction("no_card", "you hold no Crane")
            cost -= 1
        com = D.TRACK_COMMODITY[track]
        if st.hand[p][com] < cost:
            raise IllegalAction("cannot_afford", f"that level costs {cost} {KINDS[com]}")
        if crane:
            self._spend(st, p, "crane", evs, track=D.TRACKS[track])
        st.hand[p][com] -= cost
        st.bank[com] += cost
        lvl = st.levels[p][track] = st.levels[p][track] + 1
        evs.append(event("improvement_bought", seat=p, track=D.TRACKS[track], level=lvl, crane=crane))
        holder_v = next((v for v in range(NV) if st.metro[v] == track), -1)
        if lvl == 4 and holder_v < 0:
            st.tasks.insert(0, {"k": "place_metropolis", "seat": p, "track": track})
        elif lvl == 5 and not st.metro_perm[track]:
            st.metro_perm[track] = 1
            if holder_v < 0:
                st.tasks.insert(0, {"k": "place_metropolis", "seat": p, "track": track})
            elif st.b_owner[holder_v] != p:
                st.metro[holder_v] = -1
                evs.append(
                    event("metropolis_lost", seat=st.b_owner[holder_v], track=D.TRACKS[track], vertex=VID[holder_v])
                )
                st.tasks.insert(0, {"k": "place_metropolis", "seat": p, "track": track})

    def _main_build_knight(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        v = R.parse_vertex(act.get("vertex"))
        if st.knights_left[p][0] <= 0:
            raise IllegalAction("no_piece", "no basic knight left in your supply")
        if v not in R.knight_sites(st, p):
            raise IllegalAction("bad_vertex", "a knight needs an empty intersection at the end of your road")
        if not R.afford(st, p, D.COST_KNIGHT):
            raise IllegalAction("cannot_afford", "a knight costs wool and ore")
        R.pay(st, p, D.COST_KNIGHT)
        st.knights_left[p][0] -= 1
        self._put_knight(st, p, v, 1, 0)
        evs.append(event("knight_built", seat=p, vertex=VID[v], level=1, active=False))
        R.update_longest(st, evs, vertices=(v,))

    def _own_knight(self, st: State, p: int, raw: Any) -> int:
        v = R.parse_vertex(raw)
        if st.k_owner[v] != p:
            raise IllegalAction("bad_vertex", "you have no knight there")
        return v

    def _main_activate_knight(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        v = self._own_knight(st, p, act.get("vertex"))
        if st.k_active[v]:
            raise IllegalAction("already_active", "that knight is already active")
        if not R.afford(st, p, D.COST_ACTIVATE):
            raise IllegalAction("cannot_afford", "activating costs 1 grain")
        R.pay(st, p, D.COST_ACTIVATE)
        st.k_active[v] = 1
        st.k_fresh[v] = 0
        evs.append(event("knight_activated", seat=p, vertex=VID[v]))

    def _promote(self, st: State, p: int, v: int, evs: list[Event], free: bool) -> None:
        lvl = st.k_level[v]
        st.knights_left[p][lvl - 1] += 1
        st.knights_left[p][lvl] -= 1
        st.k_level[v] = lvl + 1
        st.k_promoted[v] = 1
        evs.append(event("knight_promoted", seat=p, vertex=VID[v], level=lvl + 1, free=free))

    def _main_promote_knight(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        v = self._own_knight(st, p, act.get("vertex"))
        if not R.can_promote(st, p, v):
            raise IllegalAction("cannot_promote", "that knight cannot be promoted now")
        if not R.afford(st, p, D.COST_PROMOTE):
            raise IllegalAction("cannot_afford", "promoting costs wool and ore")
        R.pay(st, p, D.COST_PROMOTE)
        self._promote(st, p, v, evs, free=False)

    def _ready_knight(self, st: State, p: int, raw: Any) -> int:
        v = self._own_knight(st, p, raw)
        if not R.ready(st, v):
            raise IllegalAction("not_ready", "that knight cannot act this turn")
        return v

    def _main_move_knight(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        v = self._ready_knight(st, p, act.get("from", act.get("vertex")))
        to = R.parse_vertex(act.get("to"))
        moves, _ = R.knight_moves(st, v)
        if to not in moves:
            raise IllegalAction("bad_vertex", "not reachable along your roads")
        promoted = st.k_promoted[v]
        _, level, _ = self._lift_knight(st, v)
        self._put_knight(st, p, to, level, 0)
        st.k_promoted[to] = promoted
        evs.append(event("knight_moved", seat=p, vertex=VID[v], target=VID[to], level=level))
        R.update_longest(st, evs, vertices=(v, to))

    def _main_displace_knight(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        v = self._ready_knight(st, p, act.get("from", act.get("vertex")))
        to = R.parse_vertex(act.get("to"))
        _, targets = R.knight_moves(st, v)
        if to not in targets:
            raise IllegalAction("bad_vertex", "no weaker opponent knight reachable there")
        promoted = st.k_promoted[v]
        _, level, _ = self._lift_knight(st, v)
        victim, vlevel, vactive = self._lift_knight(st, to)
        self._put_knight(st, p, to, level, 0)
        st.k_promoted[to] = promoted
        evs.append(event("knight_displaced", seat=p, vertex=VID[v], target=VID[to], victim=victim, level=level))
        self._relocate(st, victim, to, vlevel, vactive, evs, also=(v,))

    def _relocate(
        self, st: State, owner: int, old: int, level: int, active: int, evs: list[Event], also: tuple[int, ...] = ()
    ) -> None:
        sites = R.relocation_sites(st, owner, old)
        if sites:
            st.tasks.insert(
                0,
                {"k": "relocate_knight", "seat": owner, "from": old, "level": level, "active": active, "sites": sites},
            )
        else:
            st.knights_left[owner][level - 1] += 1
            evs.append(event("knight_removed", seat=owner, vertex=VID[old], level=level, reason="displaced"))
        R.update_longest(st, evs, vertices=(old, *also))

    def _chase_options(self, st: State, p: int) -> list[int]:
        if not st.robber_unlocked:
            return []
        return [v for v in D.HEX_VERTICES[st.robber] if st.k_owner[v] == p and R.ready(st, v)]

    def _main_chase_robber(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        if not st.robber_unlocked:
            raise IllegalAction("robber_locked", "the robber cannot be chased before the first attack")
        v = self._ready_knight(st, p, act.get("knight", act.get("vertex")))
        if v not in D.HEX_VERTICES[st.robber]:
            raise IllegalAction("bad_vertex", "the knight must stand next to the robber")
        h, victim = self._check_robber_target(st, p, act)
        st.k_active[v] = 0
        st.k_fresh[v] = 0
        evs.append(event("knight_chased_robber", seat=p, vertex=VID[v]))
        self._move_robber(st, p, h, evs)
        if victim >= 0:
            self._steal(st, p, victim, evs)

    def _main_maritime_trade(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        give = R.parse_kind(act.get("give"))
        get = R.parse_kind(act.get("get"))
        if give == get:
            raise IllegalAction("bad_trade", "receive a different kind")
        best = R.rates(st, p)[give]
        rate = act.get("rate", best)
        if not isinstance(rate, int) or isinstance(rate, bool) or rate != best:  # §9.2: the best rate
            raise IllegalAction("bad_rate", f"your rate for {KINDS[give]} is {best}:1", rate=best)
        if st.hand[p][give] < rate:
            raise IllegalAction("cannot_afford", f"you need {rate} {KINDS[give]}")
        if not st.bank[get]:
            raise IllegalAction("bank_empty", "the bank has none of that")
        st.hand[p][give] -= rate
        st.bank[give] += rate
        st.hand[p][get] += 1
        st.bank[get] -= 1
        evs.append(event("maritime_trade", seat=p, give=KINDS[give], rate=rate, get=KINDS[get]))

    def _main_offer_trade(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        give, want = self._check_offer(st, p, act)  # (valid prebuilt offers never come here: apply)
        to = act.get("to", "all")
        if to == "all" or to is None:
            seats = [s for s in range(st.n) if s != p]
        else:
            if isinstance(to, int):
                to = [to]
            if not isinstance(to, list) or not to:
                raise IllegalAction("bad_offer", "address the offer to all or to some seats")
            seats = sorted({R.parse_seat(st, s) for s in to})
            if p in seats:
                raise IllegalAction("bad_offer", "you cannot trade with yourself")

        if st.trade is not None:
            evs.append(event("trade_cancelled", seat=p, auto=True))
        st.trade = {"seat": p, "give": give, "want": want, "to": seats, "answers": {}}
        _note_asked(st, seats)
        evs.append(event("trade_offered", seat=p, give=_cards_list(give), want=_cards_list(want), addressed=seats))

    def _offer_one_for_one(self, st: State, p: int, g: int, w: int, evs: list[Event]) -> None:
        """A prebuilt offer to all (one card of kind g for one of kind w, g held): what the
        general path above does, without parsing."""
        seats = list(OTHERS[st.n][p])
        if st.trade is not None:
            evs.append({"type": "trade_cancelled", "seat": p, "auto": True})
        give, want = [0] * 8, [0] * 8
        give[g] = want[w] = 1
        st.trade = {"seat": p, "give": give, "want": want, "to": seats, "answers": {}}
        _note_asked(st, seats)
        evs.append(
            {"type": "trade_offered", "seat": p, "give": {KINDS[g]: 1}, "want": {KINDS[w]: 1}, "addressed": seats}
        )

    def _deal_terms(self, st: State, s: int) -> tuple[list[int], list[int]] | None:
        """(cards the active player gives, cards they get) if seat s's answer can be confirmed."""
        tr = st.trade
        if tr is None:
            return None
        ans = tr["answers"].get(str(s))
        if ans == "accept":
            give, get = tr["give"], tr["want"]
        elif isinstance(ans, dict):
            give, get = ans["want"], ans["give"]
        else:
            return None
        p = tr["seat"]
        if any(st.hand[p][k] < give[k] or st.hand[s][k] < get[k] for k in range(8)):
            return None
        return give, get

    def _main_confirm_trade(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        if st.trade is None:
            raise IllegalAction("no_offer", "no offer is open")
        s = R.parse_seat(st, act.get("seat"))
        terms = self._deal_terms(st, s)
        if terms is None:
            raise IllegalAction("not_accepted", "that player has not accepted (or the cards are gone)")
        give, get = terms
        for k in range(8):
            st.hand[p][k] += get[k] - give[k]
            st.hand[s][k] += give[k] - get[k]
        st.trade = None
        evs.append(event("trade_done", seat=p, partner=s, give=_cards_list(give), get=_cards_list(get)))

    def _main_cancel_trade(self, st: State, act: Action, evs: list[Event]) -> None:
        if st.trade is None:
            raise IllegalAction("no_offer", "no offer is open")
        st.trade = None
        evs.append(event("trade_cancelled", seat=st.turn, auto=False))

    def _main_harbor_offer(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        if not st.harbor_on:
            raise IllegalAction("no_card", "play Commercial Harbor first")
        o = R.parse_seat(st, _opponent_param(act))
        k = R.parse_kind(act.get("resource", act.get("kind")), D.RESOURCES)
        if o == p or o in st.harbor_used:
            raise IllegalAction("bad_seat", "each opponent at most once")
        if not st.hand[p][k]:
            raise IllegalAction("not_held", "you do not hold that resource")
        st.harbor_used.append(o)
        has = any(st.hand[o][c] for c in D.COMMODITIES)
        evs.append(event("harbor_offer", seat=p, opponent=o, exchanged=has))
        if has:
            st.tasks.insert(0, {"k": "give_commodity", "seat": o, "by": p, "resource": k})

    # -- progress cards --------------------------------------------------------------------------
    def _spend(self, st: State, p: int, card: str, evs: list[Event], **info: Any) -> None:
        st.progress[p].remove(card)
        st.decks[D.CARD_TRACK[card]].append(card)
        evs.append(event("progress_played", seat=p, card=card, **info))

    def _opponents(self, st: State, p: int) -> list[int]:
        return [(p + i) % st.n for i in range(1, st.n)]

    def _hexes_of(self, st: State, p: int, terrain: str) -> list[int]:
        touched = self._touched_hexes(st, p)
        return [h for h in range(19) if st.terrain[h] == terrain and h in touched]

    @staticmethod
    def _touched_hexes(st: State, p: int) -> set[int]:
        """The hexes with one of p's buildings at a corner (= ``R.touches_building``)."""
        return {h for v in R.indices(st.b_owner, p) for h in D.VERTEX_HEXES[v]}

    def _main_play_progress(self, st: State, act: Action, evs: list[Event]) -> None:
        p = st.turn
        card = D.card_name(act.get("card"))
        if card is None:
            raise IllegalAction("bad_card", f"no such progress card: {act.get('card')!r}")
        if card not in st.progress[p]:
            raise IllegalAction("no_card", "you do not hold that card")
        if card in D.VP_CARDS:
            raise IllegalAction("not_playable", "victory point cards are revealed, not played")
        if card == "alchemist":
            raise IllegalAction("wrong_phase", "Alchemist is played before rolling")
        if card == "crane":
            self._main_buy_improvement(st, {**act, "use_crane": True}, evs)
            return
        if card == "medicine":
            self._main_build_city(st, {**act, "use_medicine": True}, evs)
            return
        getattr(self, "_card_" + card)(st, p, act, evs)

    def _card_engineer(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        v = R.parse_vertex(act.get("vertex"))
        if v not in self._wall_sites(st, p):
            raise IllegalAction("bad_vertex", "a wall goes under one of your cities without a wall (max 3)")
        self._spend(st, p, "engineer", evs, vertex=VID[v])
        self._put_wall(st, p, v, evs, free=True)

    @staticmethod
    def _inventor_ok(st: State, a: int, b: int) -> bool:
        na, nb = st.numbers[a], st.numbers[b]
        bad = (0, 2, 6, 8, 12)
        return a != b and na not in bad and nb not in bad and na != nb

    def _card_inventor(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        hexes = act.get("hexes")
        if not isinstance(hexes, list) or len(hexes) != 2:
            raise IllegalAction("bad_hex", "name two hexes")
        a, b = R.parse_hex(hexes[0]), R.parse_hex(hexes[1])
        if not self._inventor_ok(st, a, b):
            raise IllegalAction("bad_hex", "two different numbers, none of 2, 6, 8, 12")
        self._spend(st, p, "inventor", evs, hexes=[HID[a], HID[b]])
        st.numbers[a], st.numbers[b] = st.numbers[b], st.numbers[a]
        evs.append(
            event(
                "numbers_swapped",
                seat=p,
                hexes=[HID[a], HID[b]],
                numbers=[st.numbers[a], st.numbers[b]],
                terrains=[st.terrain[a], st.terrain[b]],
            )
        )

    def _harvest(self, st: State, p: int, card: str, terrain: str, kind: int, evs: list[Event]) -> None:
        hexes = self._hexes_of(st, p, terrain)
        if not hexes or not st.bank[kind]:
            raise IllegalAction("no_effect", f"no {terrain} touches your buildings, or the bank is empty")
        self._spend(st, p, card, evs)
        got = R.take_from_bank(st, p, kind, 2 * len(hexes))
        evs.append(event("resources_gained", seat=p, cards={KINDS[kind]: got}, reason=card))

    def _card_irrigation(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        self._harvest(st, p, "irrigation", "fields", D.GRAIN, evs)

    def _card_mining(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        self._harvest(st, p, "mining", "mountains", D.ORE, evs)

    def _card_road_building(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        if not R.road_edges(st, p):
            raise IllegalAction("no_effect", "you cannot build a road")
        self._spend(st, p, "road_building", evs)
        st.tasks.insert(0, {"k": "road_building", "seat": p, "left": 2})

    def _card_smith(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        if not any(R.can_promote(st, p, v) for v in range(NV)):
            raise IllegalAction("no_effect", "none of your knights can be promoted")
        self._spend(st, p, "smith", evs)
        st.tasks.insert(0, {"k": "smith", "seat": p, "left": 2})

    def _card_commercial_harbor(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        if not any(st.hand[p][k] for k in D.RESOURCES) or not any(R.hand_size(st, o) for o in self._opponents(st, p)):
            raise IllegalAction("no_effect", "you need a resource and an opponent with cards")
        first = _opponent_param(act) is not None
        if first:  # the first offer may ride along with the card
            o = R.parse_seat(st, _opponent_param(act))
            k = R.parse_kind(act.get("resource", act.get("kind")), D.RESOURCES)
            if o == p or not st.hand[p][k]:
                raise IllegalAction("bad_offer", "offer a resource you hold to an opponent")
        self._spend(st, p, "commercial_harbor", evs)
        st.harbor_on = True
        st.harbor_used = []
        if first:
            self._main_harbor_offer(st, act, evs)

    def _richer(self, st: State, p: int, strict: bool = True) -> list[int]:
        mine = R.points(st, p)
        return [o for o in self._opponents(st, p) if (R.points(st, o) > mine if strict else R.points(st, o) >= mine)]

    def _card_master_merchant(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        o = R.parse_seat(st, _opponent_param(act))
        if o not in self._richer(st, p) or not R.hand_size(st, o):
            raise IllegalAction("bad_seat", "choose an opponent with more points who holds cards")
        self._spend(st, p, "master_merchant", evs, opponent=o)
        st.looking = {"seat": p, "victim": o, "what": "hand"}
        evs.append(event("hand_revealed", to=[p], seat=p, victim=o, cards=_cards_list(st.hand[o])))
        st.tasks.insert(0, {"k": "take_cards", "seat": p, "victim": o, "count": min(2, R.hand_size(st, o))})

    def _merchant_hexes(self, st: State, p: int) -> list[int]:
        touched = self._touched_hexes(st, p)
        return [h for h in range(19) if h in touched and not (st.merchant == h and st.merchant_owner == p)]

    def _card_merchant(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        h = R.parse_hex(act.get("hex"))
        if h not in self._merchant_hexes(st, p):
            raise IllegalAction("bad_hex", "a hex touching your building, changing place or owner")
        self._spend(st, p, "merchant", evs, hex=HID[h])
        prev = st.merchant_owner
        st.merchant, st.merchant_owner = h, p
        evs.append(
            event(
                "merchant_placed",
                seat=p,
                hex=HID[h],
                previous=prev if prev >= 0 else None,
                terrain=st.terrain[h],
                number=st.numbers[h] or None,
            )
        )

    def _card_merchant_fleet(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        k = R.parse_kind(act.get("kind", act.get("resource", act.get("commodity"))))
        self._spend(st, p, "merchant_fleet", evs, kind=KINDS[k])
        st.fleet |= 1 << k  # a second Merchant Fleet adds its kind; the first one stays

    def _monopoly(self, st: State, p: int, card: str, k: int, most: int, evs: list[Event]) -> None:
        self._spend(st, p, card, evs, kind=KINDS[k])
        taken = {}
        for o in self._opponents(st, p):
            n = min(most, st.hand[o][k])
            st.hand[o][k] -= n
            st.hand[p][k] += n
            taken[str(o)] = n
        evs.append(event("monopoly", seat=p, kind=KINDS[k], taken=taken))

    def _card_resource_monopoly(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        k = R.parse_kind(act.get("kind", act.get("resource")), D.RESOURCES)
        self._monopoly(st, p, "resource_monopoly", k, 2, evs)

    def _card_trade_monopoly(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        k = R.parse_kind(act.get("kind", act.get("commodity")), D.COMMODITIES)
        self._monopoly(st, p, "trade_monopoly", k, 1, evs)

    def _card_bishop(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        if not st.robber_unlocked:
            raise IllegalAction("robber_locked", "Bishop cannot be played before the first attack")
        h = R.parse_hex(act.get("hex"))
        if h == st.robber:
            raise IllegalAction("same_hex", "the robber must move to another hex")
        victims = [o for o in self._opponents(st, p) if o in R.owners_on_hex(st, h)]
        self._check_steals(st, victims)
        self._spend(st, p, "bishop", evs, hex=HID[h])
        self._move_robber(st, p, h, evs)
        for o in victims:
            self._steal(st, p, o, evs)

    def _card_deserter(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        o = R.parse_seat(st, _opponent_param(act))
        if o == p or o not in st.k_owner:
            raise IllegalAction("bad_seat", "choose an opponent with a knight on the board")
        self._spend(st, p, "deserter", evs, opponent=o)
        st.tasks.insert(0, {"k": "remove_knight", "seat": o, "by": p})

    def _card_diplomat(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        e = R.parse_edge(act.get("edge"))
        if e not in R.diplomat_targets(st):
            raise IllegalAction("bad_edge", "choose an open road whose removal strands no knight")
        owner = st.road[e]
        self._spend(st, p, "diplomat", evs, edge=EID[e])
        st.road[e] = -1
        st.roads_left[owner] += 1
        evs.append(event("road_removed", seat=p, owner=owner, edge=EID[e]))
        R.update_longest(st, evs, owners=(owner,))
        if owner == p:
            st.tasks.insert(0, {"k": "diplomat_rebuild", "seat": p, "left": 1, "edge": e})

    def _intrigue_targets(self, st: State, p: int) -> list[int]:
        return [v for v in range(NV) if st.k_owner[v] not in (-1, p) and R.has_road_at(st, p, v)]

    def _card_intrigue(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        v = R.parse_vertex(act.get("vertex", act.get("knight")))
        if v not in self._intrigue_targets(st, p):
            raise IllegalAction("bad_vertex", "choose an opponent's knight at the end of your road")
        self._spend(st, p, "intrigue", evs, vertex=VID[v])
        owner, level, active = self._lift_knight(st, v)
        evs.append(event("knight_displaced", seat=p, vertex=None, target=VID[v], victim=owner, level=0))
        self._relocate(st, owner, v, level, active, evs)

    def _card_saboteur(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        victims = [o for o in self._richer(st, p, strict=False) if R.hand_size(st, o) >= 2]
        if not victims:
            raise IllegalAction("no_effect", "no opponent with as many points holds 2 cards")
        self._spend(st, p, "saboteur", evs)
        st.tasks[0:0] = [
            {"k": "discard", "seat": o, "count": R.hand_size(st, o) // 2, "reason": "saboteur"} for o in victims
        ]

    def _card_spy(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        o = R.parse_seat(st, _opponent_param(act))
        if o == p or not st.progress[o]:
            raise IllegalAction("bad_seat", "choose an opponent holding progress cards")
        self._spend(st, p, "spy", evs, opponent=o)
        st.looking = {"seat": p, "victim": o, "what": "progress"}
        evs.append(event("progress_revealed", to=[p], seat=p, victim=o, cards=list(st.progress[o])))
        st.tasks.insert(0, {"k": "take_card", "seat": p, "victim": o})

    def _card_warlord(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        mine = [v for v in range(NV) if st.k_owner[v] == p and not st.k_active[v]]
        if not mine:
            raise IllegalAction("no_effect", "you have no inactive knight")
        self._spend(st, p, "warlord", evs)
        for v in mine:
            st.k_active[v] = 1
            st.k_fresh[v] = 0
        evs.append(event("knights_activated", seat=p, vertices=[VID[v] for v in mine]))

    def _card_wedding(self, st: State, p: int, act: Action, evs: list[Event]) -> None:
        givers = [o for o in self._richer(st, p) if R.hand_size(st, o)]
        if not givers:
            raise IllegalAction("no_effect", "no opponent with more points holds cards")
        self._spend(st, p, "wedding", evs)
        st.tasks[0:0] = [{"k": "give_cards", "seat": o, "by": p, "count": min(2, R.hand_size(st, o))} for o in givers]

    # -- legal ---------------------------------------------------------------------------------
    def legal(self, state: State, seat: int) -> list[Action]:
        st = state
        if st.phase == "over" or not isinstance(seat, int):
            return []
        if st.phase == "setup":
            who, kind = self._setup_slot(st)
            if seat != who:
                return []
            if kind == "road":
                return [
                    {"type": "build_road", "edge": EID[e]} for e in D.VERTEX_EDGES[st.setup_vertex] if st.road[e] < 0
                ]
            return [{"type": "build_" + kind, "vertex": VID[v]} for v in range(NV) if R.distance_ok(st, v)]
        if st.tasks:
            task = next((x for x in self._group(st) if x["seat"] == seat), None)
            return self._task_legal(st, task) if task else []
        if seat != st.turn:
            tr = st.trade
            if tr is None or seat not in tr["to"] or str(seat) in tr["answers"]:
                return []
            draft = tr.get("drafts", {}).get(str(seat))
            if draft is not None:
                return self._draft_legal(st, seat, draft)
            out: list[Action] = []
            if all(st.hand[seat][k] >= tr["want"][k] for k in range(8)):
                out.append({"type": "accept_trade"})
            out.append({"type": "reject_trade"})
            offered = [k for k in range(8) if tr["give"][k]]
            if offered:
                for k in range(8):
                    if st.hand[seat][k] and not tr["give"][k]:
                        out.append(
                            {
                                "type": "counter_offer",
                                "give": {KINDS[k]: 1},
                                "want": {KINDS[offered[0]]: 1},
                            }
                        )
            if any(st.hand[seat]):
                out.append(OFFER_COMPOSE)
            return out
        if st.phase == "roll":
            out = [*ROLL_ACTIONS]
            if "alchemist" in st.progress[seat]:
                out += ALCHEMIST_ACTIONS
            return out
        if st.draft is not None:
            return self._draft_legal(st, seat, st.draft)
        return self._main_legal(st, seat)

    @staticmethod
    def _draft_legal(st: State, seat: int, d: dict[str, Any]) -> list[Action]:
        """Every next step of ``seat``'s draft ``d``: each kind's count on either side (give: up
        to the cards held; ask: up to ``offer_ask_max`` cards in all; never one kind on both
        sides), sending it once both sides hold a card (an offer to "all" or to each proper
        subset of the opponents, a counter-offer to the active player), and dropping it.

        The steps are the prebuilt ones (``SET_STEPS``): a kind's counts 0..top but the one set
        now are two slices of its row."""
        hand, give, want = st.hand[seat], d["give"], d["want"]
        out: list[Action] = []
        rows = SET_STEPS[0]
        for k in range(8):
            if not want[k]:
                top, now = hand[k], give[k]
                row = rows[k] if top <= SET_TOP else _set_steps(0, k, top)
                if now > top:
                    out += row[: top + 1]
                else:
                    out += row[:now]
                    out += row[now + 1 : top + 1]
        room = _ask_max(st) - sum(want)
        rows = SET_STEPS[1]
        for k in range(8):
            if not give[k]:
                now = want[k]
                top = now + room
                row = rows[k] if top <= SET_TOP else _set_steps(1, k, top)
                out += row[:now]
                out += row[now + 1 : top + 1]
        if any(give) and any(want) and all(map(ge, hand, give)):
            if seat != st.turn:
                out.append(OFFER_SEND)
            else:
                out += SEND_STEPS[st.n][seat]
        out.append(OFFER_DROP)
        return out

    @staticmethod
    def _discard_family(hand: list[int], count: int) -> list[dict[str, int]]:
        """Every way to give ``count`` cards from ``hand`` (a finite choice, so listed in full),
        most of the lowest kinds first: the first one takes from kind 0 upward."""
        out: list[dict[str, int]] = []
        pick = [0] * 8
        # cards still available in kinds k.. (to prune branches that cannot reach ``count``)
        tail = [0] * 9
        for k in range(7, -1, -1):
            tail[k] = tail[k + 1] + hand[k]

        def walk(k: int, left: int) -> None:
            if left == 0:
                out.append({KINDS[i]: pick[i] for i in range(8) if pick[i]})
                return
            if k == 8 or tail[k] < left:
                return
            for n in range(min(hand[k], left), -1, -1):
                if tail[k + 1] < left - n:
                    break
                pick[k] = n
                walk(k + 1, left - n)
            pick[k] = 0

        walk(0, count)
        return out

    def _task_legal(self, st: State, t: dict[str, Any]) -> list[Action]:
        k, p = t["k"], t["seat"]
        if k in ("discard", "give_cards"):
            return [{"type": k, "cards": c} for c in self._discard_family(st.hand[p], t["count"])]
        if k == "take_cards":
            hand = st.hand[t["victim"]]
            out = []
            for a in range(8):
                for b in range(a, 8):
                    pick = [0] * 8
                    pick[a] += 1
                    if t["count"] == 2:
                        pick[b] += 1
                    elif b != a:
                        continue
                    if all(pick[i] <= hand[i] for i in range(8)):
                        out.append({"type": "take_cards", "cards": _cards_list(pick)})
            return out
        if k == "take_card":
            return [{"type": "take_card", "card": c} for c in sorted(set(st.progress[t["victim"]]))]
        if k == "move_robber":
            return self._robber_actions(st, p, {"type": "move_robber"})
        if k == "discard_progress":
            left = list(st.progress[p])
            for c in t.get("picked", []):
                left.remove(c)
            return [{"type": "discard_progress", "card": c} for c in sorted(set(left))]
        if k == "aqueduct":
            return [{"type": "aqueduct", "resource": KINDS[r]} for r in D.RESOURCES if st.bank[r]]
        if k == "choose_deck":
            return [{"type": "choose_deck", "deck": D.TRACKS[i]} for i in range(3) if st.decks[i]]
        if k in ("pillage_city", "place_metropolis"):
            return [{"type": k, "vertex": VID[v]} for v in R.available_cities(st, p)]
        if k == "relocate_knight":
            return [{"type": k, "vertex": VID[v]} for v in t["sites"] if R.free_vertex(st, v)]
        if k == "remove_knight":
            return [{"type": k, "vertex": VID[v]} for v in range(NV) if st.k_owner[v] == p]
        if k == "place_deserter":
            return [{"type": "place_knight", "vertex": VID[v]} for v in R.knight_sites(st, p)] + [{"type": "skip"}]
        if k == "give_commodity":
            return [{"type": k, "commodity": KINDS[c]} for c in D.COMMODITIES if st.hand[p][c]]
        if k in ("road_building", "diplomat_rebuild"):
            edges = R.road_edges(st, p, t.get("edge", -1))
            return [{"type": "build_road", "edge": EID[e]} for e in edges] + [{"type": "skip"}]
        if k == "smith":
            vs = [v for v in range(NV) if R.can_promote(st, p, v)]
            return [{"type": "promote_knight", "vertex": VID[v]} for v in vs] + [{"type": "skip"}]
        return []

    def _robber_actions(self, st: State, p: int, base: Action) -> list[Action]:
        out = []
        for h in range(19):
            if h == st.robber:
                continue
            victims = self._victims(st, h, p)
            for victim in victims or [None]:
                out.append({**base, "hex": HID[h], "victim": victim})
        return out

    def _main_legal(self, st: State, p: int) -> list[Action]:
        # Everything but the open offer's part is kept for the position: random and human
        # players alike make and answer many offers, which change nothing else (TRADE_ONLY).
        # The kept lists serve only the first call after such an action was applied (which arms
        # them) and only while p's cards are unchanged, so editing a state by hand between two
        # calls (tests do) gets a fresh list; an edit between the action and the next call that
        # leaves p's cards alone is not seen.
        hand, progress = st.hand[p], st.progress[p]
        memo = st.memo
        if memo is not None and memo[0] and memo[1] == p and memo[4] == hand and memo[5] == progress:
            memo[0] = False
            head, tail = memo[2], memo[3]
        else:
            head, tail = self._main_head(st, p), self._main_tail(st, p)
            st.memo = [False, p, head, tail, hand[:], progress[:]]
        tr = st.trade
        if tr is None:
            return head + tail
        out = head[:]
        if tr["answers"]:
            for s in tr["to"]:
                if self._deal_terms(st, s) is not None:
                    out.append(CONFIRM_ACTIONS[s])
        out.append(CANCEL_TRADE)
        out += tail
        return out

    def _main_head(self, st: State, p: int) -> list[Action]:
        """The turn's legal actions before the trade offers: building, knights, maritime trade."""
        hand = st.hand[p]
        lumber, brick, wool, grain_n, ore = hand[0], hand[1], hand[2], hand[3], hand[4]
        out: list[Action] = []
        wool_ore = wool >= 1 and ore >= 1
        build_knight = wool_ore and st.knights_left[p][0]
        # the intersections at p's roads, found once for the road, settlement and knight sites
        touched = R.road_vertices(st, p) if (lumber and brick) or build_knight else []
        # the cost checks below are D.COST_* written out (afford() per check was a hot spot)
        if lumber and brick:
            out += [ROAD_ACTIONS[e] for e in R.road_edges(st, p, touched=touched)]
            if wool and grain_n and st.settlements_left[p]:
                out += [SETTLEMENT_ACTIONS[v] for v in R.settle_sites(st, p, touched)]
        # p's buildings, found once for the city, wall and improvement checks below
        own = R.indices(st.b_owner, p)
        targets = self._city_targets(st, p, own)
        if targets:
            city_cost = ore >= 3 and grain_n >= 2
            medicine = ore >= 2 and grain_n >= 1 and "medicine" in st.progress[p]
            for v in targets:
                if city_cost:
                    out.append({"type": "build_city", "vertex": VID[v]})
                if medicine:
                    out.append({"type": "build_city", "vertex": VID[v], "use_medicine": True})
        if brick >= 2:
            out += [{"type": "build_wall", "vertex": VID[v]} for v in self._wall_sites(st, p, own)]
        crane = "crane" in st.progress[p]
        b_kind = st.b_kind
        city = any(b_kind[v] == CITY for v in own)
        for t in range(3):
            have = hand[D.TRACK_COMMODITY[t]]
            if have + (1 if crane else 0) <= st.levels[p][t]:
                continue  # cannot pay the next level even with a Crane
            cost = self._improvement_cost(st, p, t, city)
            if cost is None:
                continue
            if have >= cost:
                out.append({"type": "buy_improvement", "track": D.TRACKS[t]})
            if crane and have >= cost - 1:
                out.append({"type": "buy_improvement", "track": D.TRACKS[t], "use_crane": True})
        if build_knight:
            out += [KNIGHT_ACTIONS[v] for v in R.knight_sites(st, p, touched)]
        if p in st.k_owner:
            grain = grain_n >= 1
            chase = self._chase_options(st, p)
            for v in R.indices(st.k_owner, p):
                if not st.k_active[v] and grain:
                    out.append({"type": "activate_knight", "vertex": VID[v]})
                if wool_ore and R.can_promote(st, p, v):
                    out.append({"type": "promote_knight", "vertex": VID[v]})
                if R.ready(st, v):
                    moves, displace = R.knight_moves(st, v)
                    out += [{"type": "move_knight", "from": VID[v], "to": VID[w]} for w in moves]
                    out += [{"type": "displace_knight", "from": VID[v], "to": VID[w]} for w in displace]
                    if v in chase:
                        out += self._robber_actions(st, p, {"type": "chase_robber", "knight": VID[v]})
        rates = R.rates(st, p)
        in_bank = [g for g in range(8) if st.bank[g]]
        for k in range(8):
            rate = rates[k]
            if hand[k] >= rate:
                out += [MARITIME_ACTIONS[k, rate, g] for g in in_bank if g != k]
        return out

    def _main_tail(self, st: State, p: int) -> list[Action]:
        """The turn's legal actions after the open offer's: new offers, Commercial Harbor
        offers, progress cards, then ending the turn (or discarding progress cards first)."""
        hand = st.hand[p]
        out: list[Action] = []
        held = False
        for k in range(8):
            if hand[k]:
                out += OFFER_ACTIONS[k]
                held = True
        if held:
            out.append(OFFER_COMPOSE)
        if st.harbor_on:
            for o in self._opponents(st, p):
                if o not in st.harbor_used:
                    out += [
                        {"type": "harbor_offer", "opponent": o, "resource": KINDS[k]} for k in D.RESOURCES if hand[k]
                    ]
        progress = st.progress[p]
        if progress:
            for card in sorted(set(progress)):
                out += self._card_legal(st, p, card)
            if len(progress) > D.HAND_LIMIT_PROGRESS:
                out += [{"type": "discard_progress", "card": c} for c in sorted(set(progress))]
                return out
        out.append(END_TURN)
        return out

    def _card_legal(self, st: State, p: int, card: str) -> list[Action]:
        base = {"type": "play_progress", "card": card}
        opp = self._opponents(st, p)
        if card in ("alchemist", "crane", "medicine"):
            return []  # alchemist before the roll; crane and medicine ride on a purchase
        if card == "engineer":
            return [{**base, "vertex": VID[v]} for v in self._wall_sites(st, p)]
        if card == "inventor":
            # the pairs of _inventor_ok, from the hexes whose number may move at all
            numbers = st.numbers
            movable = [h for h in range(19) if numbers[h] not in (0, 2, 6, 8, 12)]
            return [
                {**base, "hexes": [HID[a], HID[b]]}
                for i, a in enumerate(movable)
                for b in movable[i + 1 :]
                if numbers[a] != numbers[b]
            ]
        if card in ("irrigation", "mining"):
            terrain, kind = ("fields", D.GRAIN) if card == "irrigation" else ("mountains", D.ORE)
            return [base] if self._hexes_of(st, p, terrain) and st.bank[kind] else []
        if card == "road_building":
            return [base] if R.road_edges(st, p) else []
        if card == "smith":  # (can_promote needs p's own knight: only those are looked at)
            return [base] if any(R.can_promote(st, p, v) for v, o in enumerate(st.k_owner) if o == p) else []
        if card == "commercial_harbor":
            ok = any(st.hand[p][k] for k in D.RESOURCES) and any(R.hand_size(st, o) for o in opp)
            return [base] if ok else []
        if card == "master_merchant":
            return [{**base, "opponent": o} for o in self._richer(st, p) if R.hand_size(st, o)]
        if card == "merchant":
            return [{**base, "hex": HID[h]} for h in self._merchant_hexes(st, p)]
        if card == "merchant_fleet":
            return [{**base, "kind": KINDS[k]} for k in range(8)]
        if card == "resource_monopoly":
            return [{**base, "kind": KINDS[k]} for k in D.RESOURCES]
        if card == "trade_monopoly":
            return [{**base, "kind": KINDS[k]} for k in D.COMMODITIES]
        if card == "bishop":
            if not st.robber_unlocked:
                return []
            return [{**base, "hex": HID[h]} for h in range(19) if h != st.robber]
        if card == "deserter":
            return [{**base, "opponent": o} for o in opp if o in st.k_owner]
        if card == "diplomat":
            return [{**base, "edge": EID[e]} for e in R.diplomat_targets(st)]
        if card == "intrigue":
            return [{**base, "vertex": VID[v]} for v in self._intrigue_targets(st, p)]
        if card == "saboteur":
            ok = any(R.hand_size(st, o) >= 2 for o in self._richer(st, p, strict=False))
            return [base] if ok else []
        if card == "spy":
            return [{**base, "opponent": o} for o in opp if st.progress[o]]
        if card == "warlord":
            return [base] if any(st.k_owner[v] == p and not st.k_active[v] for v in range(NV)) else []
        if card == "wedding":
            return [base] if any(R.hand_size(st, o) for o in self._richer(st, p)) else []
        return []

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """The deterministic default when a seat lets its decision time out (rules §19.3).

        Optional parts are skipped, trade offers declined, the turn ended (after discarding
        progress cards down to 4); otherwise the first legal action: lowest vertex, hex or
        edge index, first kind in canonical order.
        """
        acts = self.legal(state, seat)
        if not acts:
            return None
        for preferred in ("skip", "offer_drop", "reject_trade", "roll", "end_turn"):
            for a in acts:
                if a["type"] == preferred:
                    return a
        for a in acts:
            if a["type"] == "discard_progress":
                return a
        return acts[0]

    # -- view, result, persistence -----------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        st = state
        pend = self.pending(st)
        players = []
        for p in range(st.n):
            players.append(
                {
                    "seat": p,
                    "points": R.points(st, p),
                    "points_detail": R.points_detail(st, p),
                    "hand_count": R.hand_size(st, p),
                    "progress_count": len(st.progress[p]),
                    "vp_cards": list(st.vp_cards[p]),
                    "levels": dict(zip(D.TRACKS, st.levels[p])),
                    "defenders": st.defenders[p],
                    "discard_limit": R.discard_limit(st, p),
                    "road_length": st.road_len[p],
                    "pieces": {
                        "settlements": st.settlements_left[p],
                        "cities": st.cities_left[p],
                        "roads": st.roads_left[p],
                        "walls": st.walls_left[p],
                        "knights": {
                            "basic": st.knights_left[p][0],
                            "strong": st.knights_left[p][1],
                            "mighty": st.knights_left[p][2],
                        },
                    },
                    "knight_strength": sum(st.k_level[v] for v in range(NV) if st.k_owner[v] == p and st.k_active[v]),
                }
            )
        buildings = {}
        knights = {}
        for v in range(NV):
            if st.b_owner[v] >= 0:
                buildings[VID[v]] = {
                    "owner": st.b_owner[v],
                    "kind": ("", "settlement", "city", "sideways")[st.b_kind[v]],
                    "wall": bool(st.wall[v]),
                    "metropolis": D.TRACKS[st.metro[v]] if st.metro[v] >= 0 else None,
                }
            if st.k_level[v]:
                knights[VID[v]] = {
                    "owner": st.k_owner[v],
                    "level": st.k_level[v],
                    "active": bool(st.k_active[v]),
                    "ready": R.ready(st, v) and st.k_owner[v] == st.turn,
                    "promoted": bool(st.k_promoted[v]),
                }
        out: dict[str, Any] = {
            "game": self.key,
            "seat": seat,
            "players": players,
            "n": st.n,
            "seat_order": list(st.seat_order),
            "options": dict(st.options),
            "phase": st.phase,
            "turn": st.turn,
            "turn_no": st.turn_no,
            "setup": None if st.phase != "setup" else dict(zip(("seat", "piece"), self._setup_slot(st))),
            "hexes": [{"id": HID[h], "terrain": st.terrain[h], "number": st.numbers[h] or None} for h in range(19)],
            "harbours": list(st.harbours),
            "robber": HID[st.robber],
            "robber_locked": not st.robber_unlocked,
            "merchant": HID[st.merchant] if st.merchant >= 0 else None,
            "merchant_owner": st.merchant_owner if st.merchant_owner >= 0 else None,
            "buildings": buildings,
            "knights": knights,
            "roads": {EID[e]: st.road[e] for e in range(NE) if st.road[e] >= 0},
            "barbarian": st.barbarian,
            "barbarian_steps": D.BARBARIAN_STEPS,
            "attacks": st.attacks,
            "dice": dict(st.dice) if st.dice else None,
            "bank": dict(zip(KINDS, st.bank)),
            "decks": dict(zip(D.TRACKS, (len(d) for d in st.decks))),
            "metropolises": {
                D.TRACKS[t]: next((VID[v] for v in range(NV) if st.metro[v] == t), None) for t in range(3)
            },
            "longest_road": st.longest if st.longest >= 0 else None,
            "merchant_fleet": next((KINDS[k] for k in range(7, -1, -1) if st.fleet >> k & 1), None),
            "merchant_fleets": [KINDS[k] for k in range(8) if st.fleet >> k & 1],
            "commercial_harbor": {"on": st.harbor_on, "used": list(st.harbor_used)},
            "pending": {str(s): pr.kind for s, pr in pend.items()},
            "winner": st.winner if st.winner >= 0 else None,
            "start_log": [dict(e) for e in st.start_log],
            "trade": None,
            "asked": list(st.asked),
            "moves": copy_moves(st.moves),
        }
        if st.trade is not None:
            tr = st.trade
            answers: dict[str, Any] = {}
            for s, a in tr["answers"].items():
                answers[s] = (
                    a if isinstance(a, str) else {"give": _cards_list(a["give"]), "want": _cards_list(a["want"])}
                )
            out["trade"] = {
                "seat": tr["seat"],
                "give": _cards_list(tr["give"]),
                "want": _cards_list(tr["want"]),
                "to": list(tr["to"]),
                "answers": answers,
            }
        if seat is not None and 0 <= seat < st.n:
            out["hand"] = dict(zip(KINDS, st.hand[seat]))
            out["progress"] = list(st.progress[seat])
            out["rates"] = dict(zip(KINDS, R.rates(st, seat)))
            draft = _draft_of(st, seat) if st.phase == "main" else None
            if draft is not None:  # the offer being composed: its owner's only, until sent
                out["draft"] = {"give": _cards_list(draft["give"]), "want": _cards_list(draft["want"])}
            if st.looking and st.looking["seat"] == seat:
                v = st.looking["victim"]
                what = st.looking.get("what")
                # Master Merchant shows the resource and commodity cards, Spy the progress cards
                out["looking_at"] = {"seat": v}
                if what in (None, "hand"):
                    out["looking_at"]["hand"] = dict(zip(KINDS, st.hand[v]))
                if what in (None, "progress"):
                    out["looking_at"]["progress"] = list(st.progress[v])
            for t in st.tasks:
                if t.get("seat") == seat and t["k"] == "relocate_knight":
                    out["relocate_sites"] = [VID[x] for x in t["sites"]]
        if st.phase == "over":  # the score part by part, for the final picture
            out["result"] = self.result(st).to_json()  # type: ignore[union-attr]
        return out

    def result(self, state: State) -> Result | None:
        st = state
        if st.phase != "over":
            return None
        scores = {p: R.points(st, p) for p in range(st.n)}
        w = st.winner

        def key(p: int) -> tuple[int, int]:
            return (1 if p == w else 0, scores[p])

        ranks = {p: 1 + sum(1 for o in range(st.n) if key(o) > key(p)) for p in range(st.n)}
        tiebreak = "own_turn" if any(scores[o] >= scores[w] for o in range(st.n) if o != w) else None
        return Result(
            scores=scores,
            ranks=ranks,
            winners=[w],
            tiebreak=tiebreak,
            details={p: R.points_detail(st, p) for p in range(st.n)},
            extra={"goal": D.WIN_POINTS},  # the winner reached it on their own turn (§20)
        )

    def opening_events(self, state: State) -> list[Event]:
        """The random events of the start (rules §26: seat order, layout, deck shuffles)."""
        return [dict(e) for e in state.start_log]

    # -- taking back (games/takeback.py) -------------------------------------------------------
    def reveals(self, state: State, seat: int, action: Action) -> bool | None:
        """Whether the action shows anyone what they did not know (see games/takeback.py). True
        for dice or a stolen card (the generator moves), a progress card drawn, a look at another
        hand, other players' held-back discards turned over, or whether an opponent holds a
        commodity (the Commercial Harbor). False for the quiet kinds of action (building, knights,
        trading, ending the turn) when none of that happened and no other player's cards changed
        (a trade whose cards its acceptance showed is no news); None for the rest (a progress card
        played, a task, cards given up), which the generic test decides. None for an illegal
        action."""
        after = self.clone(state)
        try:
            self.apply(after, seat, action)
        except IllegalAction:
            return None
        kind = action.get("type")
        if drew_on_chance(state.chance, after.chance) or kind == "harbor_offer":
            return True
        if any(a[: len(b)] != b for a, b in zip(after.decks, state.decks, strict=True)):
            return True  # a card left a deck's top (one played goes under it)
        if after.looking is not None and after.looking != state.looking:
            return True

        def held_back(st: State) -> int:
            return sum(1 for t in st.tasks if t["k"] in PARALLEL and t.get("seat") != seat)

        if held_back(after) < held_back(state):
            return True
        others = [p for p in range(state.n) if p != seat]
        if kind != "confirm_trade" and any(
            after.hand[p] != state.hand[p] or after.progress[p] != state.progress[p] for p in others
        ):
            return None  # news unless those cards were known (a look, one kind left): the generic test tells
        return False if kind in QUIET_TYPES else None

    # -- search hooks (games/core.py) ----------------------------------------------------------
    def clone(self, state: State) -> State:
        """An independent copy without a JSON round trip: flat int lists are sliced, the few
        nested values copied by hand. What no action ever changes (options, seat order, terrain,
        harbours, the start log) is shared."""
        st = state
        chance = st.chance.clone()
        return State(
            n=st.n,
            options=st.options,
            seat_order=st.seat_order,
            terrain=st.terrain,
            numbers=st.numbers[:],
            harbours=st.harbours,
            robber=st.robber,
            merchant=st.merchant,
            merchant_owner=st.merchant_owner,
            b_owner=st.b_owner[:],
            b_kind=st.b_kind[:],
            wall=st.wall[:],
            metro=st.metro[:],
            k_owner=st.k_owner[:],
            k_level=st.k_level[:],
            k_active=st.k_active[:],
            k_fresh=st.k_fresh[:],
            k_promoted=st.k_promoted[:],
            road=st.road[:],
            hand=[h[:] for h in st.hand],
            progress=[h[:] for h in st.progress],
            vp_cards=[h[:] for h in st.vp_cards],
            levels=[h[:] for h in st.levels],
            defenders=st.defenders[:],
            settlements_left=st.settlements_left[:],
            cities_left=st.cities_left[:],
            roads_left=st.roads_left[:],
            walls_left=st.walls_left[:],
            knights_left=[h[:] for h in st.knights_left],
            road_len=st.road_len[:],
            bank=st.bank[:],
            decks=[d[:] for d in st.decks],
            barbarian=st.barbarian,
            robber_unlocked=st.robber_unlocked,
            attacks=st.attacks,
            metro_perm=st.metro_perm[:],
            longest=st.longest,
            turn=st.turn,
            turn_no=st.turn_no,
            phase=st.phase,
            setup_step=st.setup_step,
            setup_vertex=st.setup_vertex,
            dice=None if st.dice is None else dict(st.dice),
            tasks=[{k: v[:] if v.__class__ is list else v for k, v in t.items()} for t in st.tasks],
            fleet=st.fleet,
            harbor_on=st.harbor_on,
            harbor_used=st.harbor_used[:],
            trade=None if st.trade is None else _copy_trade(st.trade),
            asked=st.asked[:],
            draft=None if st.draft is None else _copy_draft(st.draft),
            looking=None if st.looking is None else dict(st.looking),
            winner=st.winner,
            start_log=st.start_log,
            moves=st.moves[:],  # a kept move is never changed, only followed by new ones
            chance=chance,
            searching=st.searching,
        )

    def determinize(self, state: State, seat: int | None, rng: random.Random) -> State:
        """A copy in which what ``seat`` cannot see is redrawn from ``rng``: other seats' resource
        and commodity cards (per-kind totals follow from the public bank, hand sizes are public),
        their progress cards and the order and make-up of the progress decks (deck sizes and
        revealed victory point cards are public), their held-back discards, and the dice/steal RNG.
        Unseen cards are gathered in sorted order before shuffling, so equal views give equal
        copies."""
        st = self.clone(state)
        st.searching = True  # its moves are never shown
        own = seat if isinstance(seat, int) and 0 <= seat < st.n else None
        looking = st.looking if own is not None and st.looking and st.looking["seat"] == own else None
        hand_seen = {own} if own is not None else set()
        prog_seen = set(hand_seen)
        if looking is not None:
            if looking.get("what") in (None, "hand"):
                hand_seen.add(looking["victim"])
            if looking.get("what") in (None, "progress"):
                prog_seen.add(looking["victim"])
        hidden = [p for p in range(st.n) if p not in hand_seen]
        held_back = {t["seat"]: t for t in st.tasks if "seat" in t and t["k"] in PARALLEL}
        # resource and commodity cards: every card not in the bank nor a seen hand
        pool = [k for k in range(8) for p in hidden for _ in range(st.hand[p][k])]
        # an open offer shows cards that are held (any other action closes it, so no hand has
        # changed since): the offerer's, an accepting seat's asked cards, a counter's given ones
        reserved: dict[int, list[int]] = {}
        for p, held in self._held_for_offer(st).items():
            if p in hidden:
                reserved[p] = [k for k in range(8) for _ in range(held[k])]
                for k in reserved[p]:
                    pool.remove(k)
        pool.sort()
        rng.shuffle(pool)
        at = 0
        for p in hidden:
            keep = reserved.get(p, [])
            n = sum(st.hand[p]) - len(keep)
            dealt = keep + pool[at : at + n]
            at += n
            st.hand[p] = [dealt.count(k) for k in range(8)]
            t = held_back.get(p)
            if t is not None and t["k"] == "discard" and "chosen" in t:
                chosen = [0] * 8
                for k in dealt[: t["count"]]:
                    chosen[k] += 1
                t["chosen"] = chosen
        # progress cards: per track, the unseen ones are the deck plus the hidden hands' cards
        phidden = [p for p in range(st.n) if p not in prog_seen]
        in_hands: list[str] = []
        for track in range(3):
            unseen = list(st.decks[track])
            unseen += [c for p in phidden for c in st.progress[p] if D.CARD_TRACK[c] == track]
            unseen.sort()
            rng.shuffle(unseen)
            size = len(st.decks[track])
            st.decks[track] = unseen[:size]
            in_hands += unseen[size:]
        in_hands.sort()
        rng.shuffle(in_hands)
        at = 0
        for p in phidden:
            n = len(st.progress[p])
            dealt_cards = in_hands[at : at + n]
            at += n
            t = held_back.get(p)
            if t is not None and t["k"] == "discard_progress" and "picked" in t:
                t["picked"] = sorted(dealt_cards[: len(t["picked"])])
            st.progress[p] = sorted(dealt_cards)
        # drafts are private: another seat's is known to exist, not what it holds so far
        if st.draft is not None and st.turn != own:
            st.draft = _empty_draft()
        if st.trade is not None:
            for s in st.trade.get("drafts", {}):
                if int(s) != own:
                    st.trade["drafts"][s] = _empty_draft()
        # future chance: a fresh generator, and no scripted value left to read
        st.chance = Chance(rng.getrandbits(64))
        return st

    @staticmethod
    def _held_for_offer(st: State) -> dict[int, list[int]]:
        """Cards an open trade offer proves a seat holds, per seat."""
        tr = st.trade
        if tr is None:
            return {}
        held = {tr["seat"]: list(tr["give"])}
        for s, ans in tr["answers"].items():
            if ans == "accept":
                held[int(s)] = list(tr["want"])
            elif isinstance(ans, dict):
                held[int(s)] = list(ans["give"])
        return held

    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: dict[str, Any]) -> State:
        return load_state(data)


#: the action phase's handlers by action type (a dict look-up instead of getattr per action)
MAIN_HANDLERS = {t: getattr(CitiesKnightsEngine, "_main_" + t) for t in MAIN_TYPES}

ENGINE = CitiesKnightsEngine()
