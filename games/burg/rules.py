"""Options of Im Schutze der Burg: validation of the §3 keys and the compiled rule table.

``validate_options`` turns the options given to ``start`` into the full configuration (defaults
merged, per-player-count values keyed by the count as a string); ``compile_rules`` turns that into
a ``Rules`` object with index-based tables, cached so loading a state costs nothing.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from games.core import InvalidOptions

from . import data
from .data import BUILD_TYPES, CARDS, FIELDS, RESOURCES, WINTER_IDS, WORKERS

__all__ = ("Tile", "Rules", "validate_options", "compile_rules", "payments", "declare_silver")

_PER_COUNT = ("rounds", "helpersPerPlayer", "cardsPerRoundPerPlayer")
_RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}


@dataclass(frozen=True, slots=True)
class Tile:
    """One building tile: ``group`` is its table row (``house``), ``kind`` what the gates and
    the stable count (``tower``, ``house`` or the group itself)."""

    id: str
    group: str
    kind: str
    vp: int
    cost: int
    spaces: tuple[str, ...]
    prebuilt: bool


@dataclass(frozen=True, slots=True)
class Rules:
    players: int
    rounds: int
    helpers: int
    cards_per_round: int
    start_taler: int
    start_res: tuple[int, ...]
    tower_start: tuple[int, ...]
    track_per_round: int
    coins_total: int
    totals: tuple[int, ...]
    values: tuple[int, ...]  # sand, wood, clay, stone
    field_yield: tuple[int, ...]
    messenger: int
    mb_vp: int
    max_builds: int
    max_helpers: int
    min_types: int
    stone_price: int
    stone_pay_to: str
    workers: dict[str, tuple[tuple[tuple[int, int], ...], int, tuple[int, ...]]]
    duplicates: bool
    tiles: tuple[Tile, ...]
    tile_by_id: dict[str, Tile]
    groups: dict[str, tuple[str, ...]]  # group id -> its tile ids in number order
    space_fee: dict[str, int]
    space_building: dict[str, str]
    spaces: tuple[str, ...]  # every helper space in board order
    to_build: int
    prebuilt: int  # tiles built from the start (market, forge)
    winter_fields: frozenset[int]
    winter_timing: str
    winter_cards: dict[str, dict[str, int]]
    silver_value: int
    own_displace: bool
    winter: bool
    # Derived answers shared by every game of this configuration (filled as games ask; never
    # part of a state): the lowest unbuilt tiles per built set, build actions per holdings.
    unbuilt_memo: dict[tuple[str, ...], tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    #: holdings -> (the tile groups within reach, build actions per tile id found so far)
    build_memo: dict[tuple[int, ...], tuple[tuple[tuple[str, ...], ...], dict[str, Any]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: (worker card, *supply) -> its piece choices (``worker_choices``)
    choice_memo: dict[tuple[Any, ...], tuple[tuple[int, ...], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: most value holdings can reach -> the tile groups (their ids) costing no more
    reach_memo: dict[int, tuple[tuple[str, ...], ...]] = field(default_factory=dict, compare=False, repr=False)


def _fail(msg: str) -> InvalidOptions:
    return InvalidOptions(msg)


def _int(name: str, v: Any, lo: int = 0, hi: int = 10_000) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _fail(f"{name} must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def _bool(name: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise _fail(f"{name} must be true or false, not {v!r}")
    return v


def _res_map(name: str, v: Any, allowed: tuple[str, ...] = RESOURCES) -> dict[str, int]:
    if not isinstance(v, dict):
        raise _fail(f"{name} must map resource names to counts")
    out: dict[str, int] = {}
    for k, n in v.items():
        if k not in allowed:
            raise _fail(f"{name}: unknown resource {k!r}")
        out[k] = _int(f"{name}.{k}", n)
    return out


def _per_count(name: str, v: Any, lo: int, hi: int) -> dict[str, int]:
    if isinstance(v, int) and not isinstance(v, bool):
        v = {str(p): v for p in (2, 3, 4)}
    if not isinstance(v, dict):
        raise _fail(f"{name} must be a number or a map from player count to number")
    out = dict(data.DEFAULTS[name])
    for k, n in v.items():
        if str(k) not in ("2", "3", "4"):
            raise _fail(f"{name}: player count must be 2, 3 or 4, not {k!r}")
        out[str(k)] = _int(f"{name}.{k}", n, lo, hi)
    return out


def _buildings(v: Any) -> list[dict[str, Any]]:
    if not isinstance(v, list) or not v:
        raise _fail("buildings must be a list of building rows")
    seen: set[str] = set()  # space ids
    ids: set[str] = set()  # building ids (a lone space may share its building's id)
    rows: list[dict[str, Any]] = []
    for row in v:
        if not isinstance(row, dict) or not isinstance(row.get("id"), str):
            raise _fail("every building row needs an id")
        bid = row["id"]
        prebuilt = _bool(f"{bid}.prebuilt", row.get("prebuilt", False))
        count = _int(f"{bid}.count", row.get("count", 1), 1, 30)
        spaces = row.get("spaces", {})
        if not isinstance(spaces, dict):
            raise _fail(f"{bid}.spaces must map space ids to fees")
        clean = {}
        for sid, fee in spaces.items():
            if not isinstance(sid, str) or sid in seen:
                raise _fail(f"{bid}: space {sid!r} repeated or not a name")
            seen.add(sid)
            clean[sid] = _int(f"{bid}.{sid}", fee)
        if spaces and count > 1:
            raise _fail(f"{bid}: a building with helper spaces exists once")
        if bid in ids:
            raise _fail(f"building {bid!r} repeated")
        ids.add(bid)
        out: dict[str, Any] = {"id": bid}
        if clean:
            out["spaces"] = clean
        if prebuilt:
            out["prebuilt"] = True
        else:
            out["vp"] = _int(f"{bid}.vp", row.get("vp"))
            out["cost"] = _int(f"{bid}.cost", row.get("cost"), 1, 200)
        if count > 1:
            out["count"] = count
        if "kind" in row:
            if not isinstance(row["kind"], str):
                raise _fail(f"{bid}.kind must be a name")
            out["kind"] = row["kind"]
        rows.append(out)
    return rows


def _workers(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict) or not set(v) <= set(WORKERS):
        raise _fail("workerCards must map worker_1, worker_2 and worker_3 to their pieces")
    v = {**data.DEFAULTS["workerCards"], **v}  # a card left out keeps its default
    out: dict[str, Any] = {}
    for card in WORKERS:
        row = v[card]
        if not isinstance(row, dict):
            raise _fail(f"workerCards.{card} must be a mapping")
        item: dict[str, Any] = {"fixed": _res_map(f"{card}.fixed", row.get("fixed", {}))}
        choose = _int(f"{card}.choose", row.get("choose", 0), 0, 10)
        if choose:
            frm = row.get("chooseFrom", ["sand", "wood", "clay"])
            if (
                not isinstance(frm, list)
                or not frm
                or any(r not in RESOURCES for r in frm)
                or len(set(frm)) != len(frm)
            ):
                raise _fail(f"{card}.chooseFrom must list distinct resources")
            item["choose"] = choose
            item["chooseFrom"] = list(frm)
        out[card] = item
    return out


def _winter_cards(v: Any) -> dict[str, dict[str, int]]:
    if isinstance(v, list):
        v = {k: data.DEFAULTS["winterCards"].get(k, {}) for k in v}
    if not isinstance(v, dict):
        raise _fail("winterCards must map winter card ids to their parameters")
    out: dict[str, dict[str, int]] = {}
    for k, params in v.items():
        if k not in WINTER_IDS:
            raise _fail(f"unknown winter card {k!r}")
        base = dict(data.DEFAULTS["winterCards"][k])
        if not isinstance(params, dict):
            raise _fail(f"winterCards.{k} must be a mapping")
        for pk, pv in params.items():
            if pk not in base:
                raise _fail(f"winterCards.{k}: unknown parameter {pk!r}")
            base[pk] = _int(f"winterCards.{k}.{pk}", pv)
        out[k] = base
    return out


def validate_options(options: dict[str, Any] | None, players: int) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The full configuration and the script (or None); InvalidOptions on anything malformed."""
    cfg, script, _rules = validated_game(options, players)
    return cfg, script


def validated_game(
    options: dict[str, Any] | None, players: int, *, shared: bool = False
) -> tuple[dict[str, Any], dict[str, Any] | None, Rules]:
    """``validate_options`` plus the compiled rules of the configuration (no second JSON text).
    ``shared``: the configuration is one parsed object per text, which nobody may change (a
    game's state keeps it and copies it only into its dump)."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise _fail(f"Im Schutze der Burg is for 2, 3 or 4 players, not {players!r}")
    if options is not None and not isinstance(options, dict):
        raise _fail("options must be a mapping")
    try:
        key = json.dumps(options or {}, sort_keys=True)
    except (TypeError, ValueError):
        raise _fail("options must be plain JSON") from None
    cfg_json, script_json = _validated(key, players)
    # fresh objects per game: the cached text is never shared as a mutable dict
    cfg = _parsed_config(cfg_json) if shared else json.loads(cfg_json)
    return cfg, (None if script_json is None else json.loads(script_json)), compile_rules(cfg_json, players)


@lru_cache(maxsize=256)
def _parsed_config(cfg_json: str) -> dict[str, Any]:
    return json.loads(cfg_json)


@lru_cache(maxsize=256)
def _validated(options_json: str, players: int) -> tuple[str, str | None]:
    opts = json.loads(options_json)
    script = opts.pop("script", None)
    unknown = sorted(set(opts) - set(data.DEFAULTS))
    if unknown:
        raise _fail(f"unknown option(s): {', '.join(unknown)}")
    cfg = copy.deepcopy(data.DEFAULTS)
    for key, v in opts.items():
        if key in _PER_COUNT:
            lo, hi = {"rounds": (1, 100), "helpersPerPlayer": (0, 20), "cardsPerRoundPerPlayer": (1, 3)}[key]
            cfg[key] = _per_count(key, v, lo, hi)
        elif key in ("winterEnabled", "workerChoiceAllowsDuplicates", "allowDisplacingOwnTraderHelper"):
            cfg[key] = _bool(key, v)
        elif key in ("startResources", "watchtowerStart"):
            cfg[key] = _res_map(key, v)
        elif key == "resourceTotals":
            cfg[key] = {**cfg[key], **_res_map(key, v)}
        elif key == "resourceValues":
            if not isinstance(v, dict):
                raise _fail("resourceValues must map resource names to values")
            vals = {k: n for k, n in v.items() if k != "silver"}  # silver is always the joker
            cfg[key] = {**cfg[key], **_res_map(key, vals, BUILD_TYPES)}
            if any(n < 1 for n in cfg[key].values()):
                raise _fail("resourceValues must be at least 1")
        elif key == "tradeFieldYield":
            if not isinstance(v, dict) or any(k not in FIELDS for k in v):
                raise _fail("tradeFieldYield must map trade field ids to yields")
            cfg[key] = {**cfg[key], **{k: _int(f"{key}.{k}", n) for k, n in v.items()}}
        elif key == "stonemasonPaymentTo":
            if v not in ("bank", "workerOwner"):
                raise _fail("stonemasonPaymentTo must be 'bank' or 'workerOwner'")
            cfg[key] = v
        elif key == "winterRevealTiming":
            if v not in ("afterSelection", "beforeSelection"):
                raise _fail("winterRevealTiming must be 'afterSelection' or 'beforeSelection'")
            cfg[key] = v
        elif key == "workerCards":
            cfg[key] = _workers(v)
        elif key == "buildings":
            cfg[key] = _buildings(v)
        elif key == "forgeFees":
            if isinstance(v, dict) and set(v) == {"forge_10", "forge_6"}:  # alias: by space id
                v = [v["forge_10"], v["forge_6"]]
            if not isinstance(v, list) or len(v) != 2:
                raise _fail("forgeFees must be a list of two fees")
            cfg[key] = [_int("forgeFees", f) for f in v]
        elif key == "winterRoundFields":
            if not isinstance(v, list):
                raise _fail("winterRoundFields must be a list of round field numbers")
            cfg[key] = [_int("winterRoundFields", f, 1, 100) for f in v]
        elif key == "winterCards":
            cfg[key] = _winter_cards(v)
        else:
            lo = 1 if key in ("maxBuildingsPerAction",) else 0
            cfg[key] = _int(key, v, lo)
    if script is not None:
        script = _script(script, cfg)
    # One compile now so an impossible combination (too few coins ...) fails at start.
    cfg_json = json.dumps(cfg, sort_keys=True)
    compile_rules(cfg_json, players)
    return cfg_json, None if script is None else json.dumps(script)


def _script(script: Any, cfg: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(script, dict):
        raise _fail("script must be a mapping")
    unknown = sorted(set(script) - {"winter_order"})
    if unknown:
        raise _fail(f"script: unknown kind(s) {', '.join(unknown)}")
    order = script.get("winter_order", [])
    if not isinstance(order, list) or any(not isinstance(c, str) for c in order):
        raise _fail("script.winter_order must be a list of winter card ids")
    deck = set(cfg["winterCards"])
    for c in order:
        if c not in deck:
            raise _fail(f"script.winter_order: unknown winter card {c!r}")
    if len(set(order)) != len(order):
        raise _fail("script.winter_order: a winter card is repeated")
    return {"winter_order": list(order)}


@lru_cache(maxsize=64)
def compile_rules(cfg_json: str, players: int) -> Rules:
    """Index-based tables for one configuration and player count (cached by the JSON text)."""
    cfg = json.loads(cfg_json)
    p = str(players)

    def res_vec(m: dict[str, int]) -> tuple[int, ...]:
        return tuple(m.get(r, 0) for r in RESOURCES)

    tiles: list[Tile] = []
    groups: dict[str, tuple[str, ...]] = {}
    space_fee: dict[str, int] = {}
    space_building: dict[str, str] = {}
    spaces: list[str] = []
    forge_fees = list(cfg["forgeFees"])
    for row in cfg["buildings"]:
        bid = row["id"]
        count = row.get("count", 1)
        ids = tuple(f"{bid}_{i}" for i in range(1, count + 1)) if count > 1 else (bid,)
        groups[bid] = ids
        sp = tuple(row.get("spaces", {}))
        for i, sid in enumerate(sp):
            fee = row["spaces"][sid]
            if bid == "forge" and i < len(forge_fees):
                fee = forge_fees[i]
            space_fee[sid] = fee
            space_building[sid] = bid
            spaces.append(sid)
        for tid in ids:
            tiles.append(
                Tile(
                    id=tid,
                    group=bid,
                    kind=row.get("kind", bid),
                    vp=row.get("vp", 0),
                    cost=row.get("cost", 0),
                    spaces=sp,
                    prebuilt=bool(row.get("prebuilt", False)),
                )
            )
    workers: dict[str, Any] = {}
    for card in WORKERS:
        w = cfg["workerCards"][card]
        fixed = tuple((_RES_INDEX[r], n) for r, n in w["fixed"].items() if n)
        workers[card] = (fixed, w.get("choose", 0), tuple(_RES_INDEX[r] for r in w.get("chooseFrom", [])))
    rules = Rules(
        players=players,
        rounds=cfg["rounds"][p],
        helpers=cfg["helpersPerPlayer"][p],
        cards_per_round=cfg["cardsPerRoundPerPlayer"][p],
        start_taler=cfg["startTaler"],
        start_res=res_vec(cfg["startResources"]),
        tower_start=res_vec(cfg["watchtowerStart"]),
        track_per_round=cfg["roundTrackTalerPerRound"],
        coins_total=cfg["coinsTotal"],
        totals=res_vec(cfg["resourceTotals"]),
        values=tuple(cfg["resourceValues"][r] for r in BUILD_TYPES),
        field_yield=tuple(cfg["tradeFieldYield"][f] for f in FIELDS),
        messenger=cfg["messengerTaler"],
        mb_vp=cfg["masterBuilderVpPerBuilding"],
        max_builds=cfg["maxBuildingsPerAction"],
        max_helpers=cfg["maxCastleHelpersPerAction"],
        min_types=cfg["minDifferentResourceTypesPerBuilding"],
        stone_price=cfg["stonemasonPricePerResource"],
        stone_pay_to=cfg["stonemasonPaymentTo"],
        workers=workers,
        duplicates=cfg["workerChoiceAllowsDuplicates"],
        tiles=tuple(tiles),
        tile_by_id={t.id: t for t in tiles},
        groups=groups,
        space_fee=space_fee,
        space_building=space_building,
        spaces=tuple(spaces),
        to_build=sum(1 for t in tiles if not t.prebuilt),
        prebuilt=sum(1 for t in tiles if t.prebuilt),
        winter_fields=frozenset(cfg["winterRoundFields"]),
        winter_timing=cfg["winterRevealTiming"],
        winter_cards=cfg["winterCards"],
        silver_value=cfg["silverValueForPalaceAndTiebreak"],
        own_displace=cfg["allowDisplacingOwnTraderHelper"],
        winter=cfg["winterEnabled"],
    )
    need_taler = rules.rounds * rules.track_per_round + players * rules.start_taler
    if need_taler > rules.coins_total:
        raise _fail(f"coinsTotal {rules.coins_total} is too small for the round track and start money")
    for i, r in enumerate(RESOURCES):
        if rules.start_res[i] * players + rules.tower_start[i] > rules.totals[i]:
            raise _fail(f"resourceTotals.{r} is too small for the set-up")
    if rules.cards_per_round >= len(CARDS):
        raise _fail("cardsPerRoundPerPlayer must leave cards in hand")
    return rules


def worker_choices(rules: Rules, card: str, supply: list[int]) -> tuple[tuple[int, ...], ...]:
    """The legal piece choices for a worker card with a choice (W1), as sorted index tuples."""
    _fixed, choose, frm = rules.workers[card]
    return _choices(choose, frm, rules.duplicates, tuple([supply[r] for r in frm]))


@lru_cache(maxsize=4096)
def _choices(
    choose: int, frm: tuple[int, ...], duplicates: bool, avail: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    have = dict(zip(frm, avail))
    types = sorted(r for r in frm if have[r] > 0)
    count = min(choose, sum(avail)) if duplicates else min(choose, len(types))
    if count <= 0:
        return ()
    out = []
    for combo in combinations_with_replacement(types, count):
        if all(combo.count(r) <= have[r] for r in set(combo)) and (duplicates or len(set(combo)) == count):
            out.append(combo)
    return tuple(out)


def cap_holdings(
    have: tuple[int, ...], cost: int, values: tuple[int, ...], min_types: int | None = None
) -> tuple[int, ...]:
    """``have`` with every count cut to the most any payment of ``cost`` uses (``payment_caps``;
    without ``min_types``, the looser ``cost // value``): ``payments`` of the result is the same,
    so caches keyed by it hit far more often."""
    if min_types is None:
        cheapest = cost // min(values)
        caps = (*(cost // v for v in values), cheapest)
    else:
        caps = payment_caps(cost, values, min_types)
    return (
        min(have[0], caps[0]),
        min(have[1], caps[1]),
        min(have[2], caps[2]),
        min(have[3], caps[3]),
        min(have[4], caps[4]),
    )


@lru_cache(maxsize=1024)
def payment_caps(cost: int, values: tuple[int, ...], min_types: int) -> tuple[int, ...]:
    """Per resource the most pieces an exact payment of ``cost`` can hold, whatever the holdings.

    Every payment is an exact split (sand, wood, clay, stone) with some pieces replaced by silver,
    and every split is a payment itself: so a type's most is its most in any split, and silver's
    most is the largest number of pieces in a split (all of it paid in silver)."""
    vs, vw, vc, vt = values
    caps = [0] * 5
    for t in range(cost // vt + 1):
        for c in range((cost - t * vt) // vc + 1):
            for w in range((cost - t * vt - c * vc) // vw + 1):
                rest = cost - t * vt - c * vc - w * vw
                if rest % vs:
                    continue
                split = (rest // vs, w, c, t)
                if sum(1 for k in split if k) < min_types:
                    continue
                for i in range(4):
                    caps[i] = max(caps[i], split[i])
                caps[4] = max(caps[4], sum(split))
    return tuple(caps)


@lru_cache(maxsize=16_384)  # bounded: a long-running bot keeps it
def payments(have: tuple[int, ...], cost: int, values: tuple[int, ...], min_types: int) -> tuple[Any, ...]:
    """Every exact payment of ``cost`` from ``have`` (5 counts) as (pieces, silver declaration,
    pieces as a dict, declaration as a dict), cheapest first: least silver, then least stone,
    clay, wood (§9; the default payment first). The dicts are templates: copy before handing out."""
    return tuple(
        (p, decl, _as_dict(p, RESOURCES), _as_dict(decl, BUILD_TYPES))
        for p, decl in payment_pieces(have, cost, values, min_types)
    )


@lru_cache(maxsize=16_384)  # bounded: a long-running bot keeps it
def payment_pieces(
    have: tuple[int, ...], cost: int, values: tuple[int, ...], min_types: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """``payments`` without the dicts: (pieces, silver declaration) of every exact payment, in
    the same order. Each is found once, straight in that order: silver pieces, then stone, clay
    and wood pieces upwards, the sand fixed by the rest; the declaration is ``declare_silver``'s."""
    vs, vw, vc, vt = values
    silver = have[4]
    # quick refusals: not worth the cost even with silver as stone, or too few types
    if have[0] * vs + have[1] * vw + have[2] * vc + have[3] * vt + silver * max(values) < cost:
        return ()
    if min(4, (have[0] > 0) + (have[1] > 0) + (have[2] > 0) + (have[3] > 0) + silver) < min_types:
        return ()
    out = []
    h0, h1, h2 = have[0] * vs, have[1] * vw, have[2] * vc
    for g in range(silver + 1):
        sums = _silver_sums(g, values)
        # what the cheaper kinds can cover at most (sand, then wood, then clay, plus the silver):
        # each loop starts where the rest could still make up the cost
        top = sums[0][0] + h0
        for t in range(max(0, -((h2 + h1 + top - cost) // vt)), min(have[3], cost // vt) + 1):
            rt = cost - t * vt
            for c in range(max(0, -((h1 + top - rt) // vc)), min(have[2], rt // vc) + 1):
                rc = rt - c * vc
                for w in range(max(0, -((top - rc) // vw)), min(have[1], rc // vw) + 1):
                    rw = rc - w * vw
                    mask = (w > 0) << 1 | (c > 0) << 2 | (t > 0) << 3
                    # the silver covers r, the sand the rest: sand grows as r falls
                    for r, decls in sums:
                        if r > rw or (rw - r) % vs:
                            continue
                        sand = (rw - r) // vs
                        if sand > have[0]:
                            break
                        m = mask | (sand > 0)
                        for decl, decl_mask in decls:  # declare_silver's choice: the first that fits
                            if _BITS[m | decl_mask] >= min_types:
                                out.append(((sand, w, c, t, g), decl))
                                break
    return tuple(out)


#: Number of types in a 4-bit mask (sand, wood, clay, stone).
_BITS = tuple(bin(m).count("1") for m in range(16))


@lru_cache(maxsize=256)
def _silver_sums(g: int, values: tuple[int, ...]) -> tuple[tuple[int, tuple[Any, ...]], ...]:
    """What ``g`` silver pieces can be declared to be worth: every value, highest first, with its
    declarations (and their type masks) in the order ``declare_silver`` tries them."""
    by_value: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    for decl in _decls(g):
        worth = sum(decl[i] * values[i] for i in range(4))
        mask = sum(1 << i for i in range(4) if decl[i])
        by_value.setdefault(worth, []).append((decl, mask))
    return tuple((worth, tuple(by_value[worth])) for worth in sorted(by_value, reverse=True))


def _as_dict(counts: tuple[int, ...], names: tuple[str, ...]) -> dict[str, int]:
    return {names[i]: n for i, n in enumerate(counts) if n}


@lru_cache(maxsize=4096)
def declare_silver(
    pieces: tuple[int, ...], cost: int, values: tuple[int, ...], min_types: int
) -> tuple[int, ...] | None:
    """A declaration (silver counted as sand, wood, clay, stone) making ``pieces`` an exact
    legal payment, or None. Prefers new types first, then the most valuable declaration."""
    g = pieces[4]
    base = sum(pieces[i] * values[i] for i in range(4))
    best: tuple[int, ...] | None = None
    for decl in _decls(g):
        if base + sum(decl[i] * values[i] for i in range(4)) != cost:
            continue
        if sum(1 for i in range(4) if pieces[i] + decl[i]) < min_types:
            continue
        if best is None:
            best = decl
    return best


@lru_cache(maxsize=64)
def _decls(g: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for combo in combinations_with_replacement(range(4), g):
        out.append(tuple(combo.count(i) for i in range(4)))
    # a stable order: declare as stone first (fewest pieces of silver usually needed)
    out.sort(key=lambda d: (-d[3], -d[2], -d[1], -d[0]))
    return tuple(out)


@lru_cache(maxsize=4096)
def payment_valid(
    pieces: tuple[int, ...], decl: tuple[int, ...], cost: int, values: tuple[int, ...], min_types: int
) -> bool:
    """isLegalPayment of §9 for pieces plus a silver declaration."""
    if sum(decl) != pieces[4] or any(x < 0 for x in decl) or any(x < 0 for x in pieces):
        return False
    eff = [pieces[i] + decl[i] for i in range(4)]
    if sum(eff[i] * values[i] for i in range(4)) != cost:
        return False
    return sum(1 for e in eff if e) >= min_types
