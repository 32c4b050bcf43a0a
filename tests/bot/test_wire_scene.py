"""What a page is sent of a scene: every item as drawn, numbers to a hundredth of a pixel, the texts
without the fields only the picture tests read."""

from __future__ import annotations

import json
import random
from importlib import import_module

from bot.web.page import FIT_CHECKS, wire_scene
from games import registry
from games.scene import Scene


def test_numbers_go_to_a_hundredth_and_whole_ones_without_a_point() -> None:
    scene = Scene(300, 200, "#ffffff")
    scene.circle(23.42136363636363, 415.0357023201168, 50.39, fill="#468c46", place="hex:-3,2", title="Hex -3,2")
    scene.polygon([(10.0, 20.004), (30.5, 40.996), (0.333, 1e-9)], fill="#d6ccb2")
    scene.text(12.0, 10.5, "Kruisboogschutter", size=17, colour="#000000")
    sent = wire_scene(scene.to_json())
    circle, polygon, text = sent["items"]
    assert circle["box"] == [-26.97, 364.65, 73.81, 465.43] and circle["place"] == "hex:-3,2"
    assert polygon["points"] == [[10, 20], [30.5, 41], [0.33, 0]]
    assert json.dumps(polygon["points"]) == "[[10, 20], [30.5, 41], [0.33, 0]]"
    assert (text["x"], text["y"], text["lines"], text["size"]) == (12, 10.5, ["Kruisboogschutter"], 17)
    assert not set(FIT_CHECKS) & set(text)


def test_every_game_board_is_sent_whole_and_within_a_hundredth_of_a_pixel() -> None:
    for key, players in (("war_chest", 2), ("battles_builders", 3), ("burg", 3), ("cities_knights", 4)):
        engine = registry.get(key)
        state = engine.start(players, {}, 7)
        rnd = random.Random(7)
        for _ in range(30):
            if not engine.pending(state):
                break
            seat = min(engine.pending(state))
            engine.apply(state, seat, rnd.choice(engine.legal(state, seat)))
        drawn = (
            import_module(engine.picture_module)
            .scene(engine.view(state, None), "en", ["Anna", "Bram", "Chris", "Dirk"])
            .to_json()
        )
        sent = wire_scene(drawn)
        assert len(sent["items"]) == len(drawn["items"])
        for mine, theirs in zip(drawn["items"], sent["items"], strict=True):
            kept = {k: v for k, v in mine.items() if not (mine["kind"] == "text" and k in FIT_CHECKS)}
            assert kept.keys() == theirs.keys()
            for name, value in kept.items():
                assert _close(value, theirs[name]), (key, name, value, theirs[name])
        assert len(json.dumps(sent)) < len(json.dumps(drawn))


def _close(a: object, b: object) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, int | float) and isinstance(b, int | float) and abs(a - b) <= 0.005 + 1e-9
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    return a == b
