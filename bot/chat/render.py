"""Turn tables, prompts and results into Discord messages (embeds, pictures, components)."""

from __future__ import annotations

import io
from collections import OrderedDict
from typing import Any

import discord

from bot.chat.components import (
    BackButton,
    ChoiceButton,
    ChoiceSelect,
    HandButton,
    ReplayButton,
    TakeBackButton,
    TallySelect,
    VoteButton,
)
from bot.chat.i18n import t
from bot.service import menus
from bot.service.clock import clock_name
from bot.service.notices import SeatInfo, Table
from bot.service.pictures import Pictures
from bot.service.tables import BACK, STAND_IN
from bot.service.taking_back import TOOK_BACK
from games.core import Action, Engine, Event, Result, visible
from games.final_score import parts_line

MAX_BUTTONS = 15  # more options than this go into a select menu
STEP_ROWS = 3  # rows a menu step may fill (the table's and a DM's own buttons take the last two)
COLOUR = discord.Colour.from_rgb(176, 124, 58)


def game_name(table: Table, lang: str) -> str:
    return table.engine.names.get(lang) or table.engine.names["en"]


def waiting_names(table: Table) -> str:
    """Whom the game waits for: blocking prompts only (an optional invitation, such as changing a
    hidden pick already made, keeps nobody waiting)."""
    waiting = table.engine.pending(table.state) if table.state is not None else {}
    return ", ".join(table.names[s] for s in sorted(waiting)) or "-"


def seat_line(seat: SeatInfo, lang: str) -> str:
    """A seat as the lobby and the table list it; AI seats with their level, stand-ins said so."""
    if seat.resigned:
        return t("seat_resigned", lang, name=seat.name)
    if seat.stand_in:
        return t("seat_stand_in", lang, name=seat.name)
    if seat.ai_level is None:
        return seat.name
    return t("ai_seat", lang, name=seat.name, level=t(f"level_{seat.ai_level}", lang))


async def picture_file(pictures: Pictures, table: Table, view: dict[str, Any], lang: str) -> discord.File | None:
    """The board picture as the table shows it, drawn in a worker process once per version and
    language and shared by every reader (see Pictures)."""
    png = await pictures.png(table.engine.key, table.game_id, table.version, None, lang, view, table.names)
    return discord.File(io.BytesIO(png), filename="board.png") if png else None


def lobby_embed(table: Table, lang: str) -> discord.Embed:
    names = ", ".join(seat_line(s, lang) for s in table.seats) or "-"
    embed = discord.Embed(title=t("lobby_title", lang, game=table.engine.names), colour=COLOUR)
    embed.description = t("lobby_players", lang, count=len(table.seats), max=table.engine.max_players, names=names)
    return embed


async def table_embed(
    pictures: Pictures,
    table: Table,
    lang: str,
    deadlines: dict[int, str] | None = None,
) -> tuple[discord.Embed, discord.File | None]:
    """The public table: the board, whose turn and what they decide, the clock (``deadlines``:
    seat -> a Discord timestamp) and the last few things that happened."""
    view = table.engine.view(table.state, None)
    embed = discord.Embed(title=game_name(table, lang), colour=COLOUR)
    lines = table.engine.status_lines(view, lang, table.names, None)
    embed.description = "\n".join(lines)[:4000]
    if table.ai_seats or table.clock_seconds:
        embed.add_field(name=t("players", lang), value=", ".join(seat_line(s, lang) for s in table.seats)[:1024])
    if table.clock_seconds:
        times = [f"{table.names[s]} {when}" for s, when in sorted((deadlines or {}).items()) if s in table.prompts]
        embed.add_field(name=t("clock_title", lang), value=" · ".join([clock_name(table.clock_seconds), *times])[:1024])
    if table.log_recent:
        recent = log_lines(table, table.log_recent, lang)[-RECENT_LINES:]
        embed.add_field(name=t("recent", lang), value=fit_lines(recent, 1024), inline=False)
    if table.prompts and table.state is not None:
        embed.set_footer(text=waiting_text(table, lang)[:2048])
    file = await picture_file(pictures, table, view, lang)
    if file is not None:
        embed.set_image(url=f"attachment://{file.filename}")
    return embed, file


def private_text(table: Table, seat: int, lang: str) -> str:
    """What only this seat sees of the game (its hand, bag, secret pick), as its own messages show
    it: no public figure, which would go stale there while the table moves on."""
    if table.state is None:
        return ""
    return "\n".join(table.engine.private_lines(table.view(seat), lang, table.names))[:3500]


def private_embed(table: Table, seat: int, lang: str, table_link: str | None) -> discord.Embed:
    """A seat's own view for its DM, /hand and Make my choice: what only it sees, in words, and
    where the rest is (the table message, ``table_link``). No picture: the table's board is the
    picture everyone shares."""
    embed = discord.Embed(title=f"{game_name(table, lang)} — {t('your_view', lang)}", colour=COLOUR)
    own = private_text(table, seat, lang) or t("nothing_private", lang)
    where = t("rest_on_table", lang, link=table_link) if table_link else t("rest_on_table_here", lang)
    embed.description = f"{own}\n\n{where}"
    embed.set_footer(text=t("own_view_note", lang))
    return embed


#: Lines of the recent play-by-play the table message shows (newest last).
RECENT_LINES = 6


def fit_lines(lines: list[str], limit: int) -> str:
    """The newest lines that fit ``limit`` characters (an embed field holds 1024)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = line[:limit]
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept)) or "-"


def public_prompt_sentence(table: Table, seat: int, lang: str) -> str:
    """What a seat decides, as the whole channel may read it: drawn from the public view, so it
    never shows what only that seat knows."""
    prompt = table.prompts.get(seat)
    if prompt is None or prompt.secret:
        return t("hidden_choice", lang)
    view = {**table.engine.view(table.state, None), "names": table.names}
    return table.engine.describe_prompt(view, prompt, lang)


def waiting_text(table: Table, lang: str) -> str:
    """The footer: whom the game waits for and what they decide (blocking prompts only)."""
    waiting = sorted(table.engine.pending(table.state))
    if not waiting:
        return t("waiting_for", lang, names="-")
    if len(waiting) == 1:
        seat = waiting[0]
        prompt = table.prompts.get(seat)
        if prompt is None or prompt.secret:  # what it is shows in the status above; how, nobody else sees
            return t("waiting_for_one", lang, name=table.names[seat])
        return t("waiting_for_what", lang, name=table.names[seat], what=public_prompt_sentence(table, seat, lang))
    return t("waiting_for", lang, names=", ".join(table.names[s] for s in waiting))


def log_lines(table: Table, events: list[Event], lang: str) -> list[str]:
    """The channel's play-by-play in ``lang``: the games' public events and the table's own."""
    out: list[str] = []
    for ev in events:
        kind = ev.get("type")
        if kind == BACK:
            out.append(t("is_back", lang, name=table.seats[ev["seat"]].name))
        elif kind == STAND_IN:
            out.append(t("stand_in_acted", lang, name=table.seats[ev["seat"]].name))
        elif kind == TOOK_BACK:
            out.append(took_back_line(table, ev, lang))
        elif visible(ev, None):
            line = table.engine.describe_event(ev, lang, table.names, None)
            if line:
                out.append(line)
    return out


#: Lines of games' pending play-by-play lately described, by (game, language), with the events and
#: names they describe: between two posts to the log thread the pending events only grow, so an
#: action describes its own events rather than the whole batch again.
_PENDING: OrderedDict[tuple[int, str], tuple[list[Event], list[str], list[str]]] = OrderedDict()


def pending_log_lines(table: Table, lang: str) -> list[str]:
    """``log_lines`` of the game's pending events (those not yet in its log thread)."""
    key, events = (table.game_id, lang), table.log_pending
    kept = _PENDING.get(key)
    if kept is not None and kept[1] == table.names and events[: len(kept[0])] == kept[0]:
        lines = kept[2] + log_lines(table, events[len(kept[0]) :], lang)
    else:
        lines = log_lines(table, events, lang)
    _PENDING[key] = (list(events), table.names, lines)
    _PENDING.move_to_end(key)
    while len(_PENDING) > MENUS_KEPT:
        _PENDING.popitem(last=False)
    return list(lines)


def took_back_line(table: Table, ev: Event, lang: str) -> str:
    """“Bram took back: road 10–14”, the action named as the chat's menus name it; a hidden pick
    is not named."""
    name = table.seats[ev["seat"]].name
    label = (ev.get("label") or {}).get(lang)
    return t("took_back", lang, name=name, label=label) if label else t("took_back_hidden", lang, name=name)


def add_offer_wait(embed: discord.Embed, table: Table, lang: str, until: str | None) -> None:
    """The open offer an AI waits on people to answer, and ``until`` (a Discord timestamp) when it
    goes on without their answers: a field of the table message while people may still answer."""
    if until is None or table.state is None:
        return
    asked = table.asked_to_answer()
    waiting = [s for s in sorted(table.engine.pending(table.state)) if s in table.ai_seats]
    if not asked or not waiting:
        return
    view = {**table.engine.view(table.state, None), "names": table.names}
    offer = table.engine.describe_prompt(view, next(iter(asked.values())), lang)
    names = ", ".join(table.names[s] for s in sorted(asked))
    line = t("offer_time_left", lang, names=names, ai=table.names[waiting[0]], when=until)
    embed.add_field(name=t("open_offer", lang), value=f"{offer}\n{line}"[:1024], inline=False)


#: Seats' menus lately built, by (game, version, seat, language), with the state they were built
#: from: a prompt's menu is built when it is sent and needed again at each press on it, and the
#: tables a process keeps at a version share their state (bot/service/seen.py). The state itself is
#: compared, not only the game's number, so that a game of another database (a test's) never meets
#: a menu of this one.
_MENUS: OrderedDict[tuple[int, int, int, str], tuple[Any, menus.Menu]] = OrderedDict()
MENUS_KEPT = 128


def seat_menu(table: Table, seat: int, lang: str) -> menus.Menu:
    """The menus of a seat's decision, built once and handed to everything that draws a step of it."""
    key = (table.game_id, table.version, seat, lang)
    kept = _MENUS.get(key)
    if kept is not None and kept[0] is table.state:
        _MENUS.move_to_end(key)
        return kept[1]
    menu = menus.Menu(table.engine, table.view(seat), table.engine.legal(table.state, seat), lang)
    _MENUS[key] = (table.state, menu)
    while len(_MENUS) > MENUS_KEPT:
        _MENUS.popitem(last=False)
    return menu


def opened_groups(step: menus.Step, menu: menus.Menu) -> dict[int, menus.Step]:
    """The groups of a step of buttons shown as selects of their actions instead (one press rather
    than two): each group of at most 25 actions, in order, while the step's rows still hold them
    (buttons five to a row, a select a row of its own)."""
    groups = [i for i, opt in enumerate(step.options) if not opt.leaf]
    if not groups:
        return {}
    opened: dict[int, menus.Step] = {}
    for i in groups:
        if -(-(len(step.options) - len(opened) - 1) // 5) + len(opened) + 1 > STEP_ROWS:
            break
        sub = menu.resolve(step.options[i].path)
        if isinstance(sub, menus.Step) and sub.options and all(o.leaf for o in sub.options):
            opened[i] = sub
    return opened


def tally_items(table: Table, seat: int, lang: str, row: int, menu: menus.Menu) -> list[discord.ui.Item[Any]]:
    """The whole decision as one pick of pieces, beside its first step, when the game offers one."""
    pick = menu.tally()
    if pick is None:
        return []
    most = max(sum(int(n) for n in (a.get(pick.key) or {}).values()) for a in menu.actions)
    options = [discord.SelectOption(label=label[:100], value=value) for value, label in pick.units()]
    cid = "t" + menus.pack(table.game_id, seat, table.prompt_seqs.get(seat, 0), lang, [])
    return [TallySelect(cid, options, placeholder=t("tally_placeholder", lang), most=most, row=row)]


def step_items(table: Table, seat: int, lang: str, step: menus.Step, menu: menus.Menu) -> list[discord.ui.Item[Any]]:
    """Buttons (few options; a group of few actions as a select of them) or a select (many), plus
    Back when not at the first step. ``menu`` is the decision's menus that ``step`` came from."""
    seq = table.prompt_seqs.get(seat, 0)
    items: list[discord.ui.Item[Any]] = []
    if len(step.options) <= MAX_BUTTONS:
        opened = opened_groups(step, menu)
        buttons = [opt for i, opt in enumerate(step.options) if i not in opened]
        for i, opt in enumerate(buttons):
            style = discord.ButtonStyle.primary if opt.leaf else discord.ButtonStyle.secondary
            cid = menus.pack(table.game_id, seat, seq, lang, opt.path)
            items.append(ChoiceButton(cid, opt.label, style, row=i // 5))
        row = -(-len(buttons) // 5)
        for i, sub in opened.items():
            options = [discord.SelectOption(label=o.label[:100], value=".".join(o.path)) for o in sub.options]
            cid = "s" + menus.pack(table.game_id, seat, seq, lang, step.options[i].path)
            placeholder = " › ".join(sub.chosen[len(step.chosen) :]) or step.options[i].label
            items.append(ChoiceSelect(cid, options, placeholder=placeholder[:150], row=row))
            row += 1
        if row < STEP_ROWS and not step.path and not all(o.leaf for o in step.options):
            items += tally_items(table, seat, lang, row, menu)
    else:
        options = [discord.SelectOption(label=o.label[:100], value=".".join(o.path)) for o in step.options]
        cid = "s" + menus.pack(table.game_id, seat, seq, lang, step.path)
        items.append(ChoiceSelect(cid, options, placeholder=t("more", lang), row=0))
    if step.path:
        back = menus.pack(table.game_id, seat, seq, lang, step.path[:-1])
        items.append(
            ChoiceButton(
                back,
                "↩ " + t("back", lang),
                discord.ButtonStyle.secondary,
                row=4 if len(step.options) <= MAX_BUTTONS else 1,
            )
        )
    return items


#: the row of “↶ Take back” on a private answer, beside Back and the board link
TAKE_BACK_ROW = 4


def take_back_items(table: Table, seat: int, seq: int | None, lang: str) -> list[discord.ui.Item[Any]]:
    """“↶ Take back” for the action numbered ``seq`` (None: nothing may be taken back)."""
    if seq is None:
        return []
    return [TakeBackButton(table.game_id, seat, seq, t("take_back", lang), row=TAKE_BACK_ROW)]


def view_of(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def prompt_sentence(table: Table, seat: int, lang: str) -> str:
    """What the seat is asked; the view carries the seats' names so a sentence can say who
    offers what (a trade) rather than "player 2"."""
    return table.engine.describe_prompt(table.view(seat), table.prompts[seat], lang)


def prompt_text(table: Table, seat: int, lang: str, step: menus.Step, extra: list[str] | None = None) -> str:
    prompt = table.prompts.get(seat)
    head = f"**{game_name(table, lang)}** — <#{table.channel_id}>"
    lines = [head]
    if extra:
        lines += extra
    if prompt is not None:
        lines.append(prompt_sentence(table, seat, lang))
    if step.chosen:
        lines.append("› " + " › ".join(step.chosen))
    return "\n".join(lines)[:2000]


def table_items(table: Table, lang: str) -> list[discord.ui.Item[Any]]:
    """The table message's components: a lone public prompt's first step, and Make my choice."""
    items: list[discord.ui.Item[Any]] = []
    public = [s for s, p in table.prompts.items() if not p.secret]
    if len(public) == 1 and len(table.prompts) == 1:
        seat = public[0]
        menu = seat_menu(table, seat, lang)
        step = menu.resolve([])
        if isinstance(step, menus.Step):
            items += step_items(table, seat, lang, step, menu)
    if table.prompts:
        hand = HandButton(table.game_id, t("make_choice", lang))
        hand.item.row = 3
        items.append(hand)
    return items + clock_items(table, lang)


def clock_items(table: Table, lang: str) -> list[discord.ui.Item[Any]]:
    """The last row: votes on seats whose time ran out (two at most, the earliest), I'm back."""
    items: list[discord.ui.Item[Any]] = []
    for seat in table.vote_seats():
        name = table.seats[seat].name
        items.append(VoteButton(table.game_id, seat, "sb", t("vote_stand_in", lang, name=name), row=4))
        if not any(isinstance(i, VoteButton) and i.choice == "end" for i in items):
            items.append(VoteButton(table.game_id, seat, "end", t("vote_end", lang), row=4))
    if any(not s.resigned for s in table.stand_ins):
        items.append(BackButton(table.game_id, t("im_back", lang), row=4))
    return items


def done_label(table: Table, view: dict[str, Any], action: Action, lang: str) -> str:
    """What "Done:" names: the choice itself ("Build › road › path 10-14"), not the steps the menu
    took to reach it."""
    return table.engine.choice_label(view, action, lang)


def event_lines(table: Table, events: list[Event], lang: str, seat: int, *, answer: bool = False) -> list[str]:
    """The lines only this seat may see (the channel's are the table's log, see log_lines);
    ``answer``: for the answer to the seat's own press, which names its action already, so a
    private line that only restates it ("You chose: Stonemason") is left out."""
    out: list[str] = []
    for ev in events:
        if visible(ev, None) or not visible(ev, seat):
            continue
        if answer and table.engine.own_action_echo(ev):
            continue
        line = table.engine.describe_event(ev, lang, table.names, seat)  # a DM names its reader "you"
        if line:
            out.append(line)
    return out


def chunks(lines: list[str], limit: int = 1900) -> list[str]:
    """Join lines into messages under Discord's 2000-character limit."""
    out: list[str] = []
    cur = ""
    for line in lines:
        line = line[:limit]
        if cur and len(cur) + 1 + len(line) > limit:
            out.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur:
        out.append(cur)
    return out


def result_embed(table: Table, lang: str) -> discord.Embed:
    res = table.result
    embed = discord.Embed(title=f"{game_name(table, lang)} — {t('finished', lang)}", colour=COLOUR)
    if res is None:
        return embed
    # ranked as the ratings count it (see games/standing.py): a resigned seat is last, and marked
    order = sorted(res.ranks, key=lambda s: (res.ranks[s], s))
    gone = [s for s in order if table.seats[s].resigned]
    names = [t("name_resigned", lang, name=n) if s in gone else n for s, n in enumerate(table.names)]
    lines = [
        t("rank_line", lang, rank=res.ranks[s], name=names[s], score=table.engine.score_text(res.scores[s], lang))
        for s in order
    ]
    if gone:
        lines.append(t("resigned_counts_last", lang, names=", ".join(table.names[s] for s in gone)))
    if table.resigned_by is not None:
        winners = [table.names[s] for s in res.winners]
        loser = table.names[table.resigned_by]
        lines = [
            t("won_by_resignation", lang, winner=winners[0], loser=loser)
            if len(winners) == 1
            else t("won_by_resignation_many", lang, winners=", ".join(winners), loser=loser)
        ]
    if table.resigned_by is None:  # how it ended and what broke a tie, as the game tells it
        lines += table.engine.result_notes(res, lang, table.names)
    parts = score_part_lines(table.engine, res, table.names, lang)
    if parts:
        embed.add_field(name=t("score_parts", lang), value=fit_lines(parts, 1024), inline=False)
    if table.rating_changes:
        lines.append("")
        for seat in order:
            if seat in table.rating_changes:
                before, after = table.rating_changes[seat]
                lines.append(
                    t(
                        "rating_change",
                        lang,
                        name=table.names[seat],
                        before=before,
                        after=after,
                        delta=f"{after - before:+d}",
                    )
                )
    embed.description = "\n".join(lines)
    return embed


def score_part_lines(engine: Engine, result: Result, names: list[str], lang: str) -> list[str]:
    """Each seat's score by the parts its rules count, best first: "alice: Most builders 5 ·
    Event tiles 12 · Barbarian battle −2" (a game ended by a resignation has no parts to tell)."""
    order = sorted(result.ranks, key=lambda s: (result.ranks[s], s))
    return [
        f"{names[s]}: {parts_line(engine.score_parts(result.details[s], lang))}"
        for s in order
        if result.details.get(s) and s < len(names)
    ]


def result_view(table: Table, lang: str) -> discord.ui.View:
    return view_of([ReplayButton(table.game_id, t("replay", lang))])
