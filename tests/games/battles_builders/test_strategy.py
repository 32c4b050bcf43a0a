"""The ``normal`` heuristic of Battles & Builders judges a rival's hidden commit by its public
count alone: within a search the rivals' policy must not answer a commit it cannot see."""

from __future__ import annotations

import random

from games.battles_builders import strategy as S
from games.battles_builders.engine import COMMIT, ENGINE, WITHDRAW, State
from games.battles_builders.rules import commits_of_size


def after_first_commit(chips: dict[str, int]) -> State:
    st = ENGINE.start(3, {}, 7)
    first = next(iter(ENGINE.pending(st)))
    assert first == 0 and st.phase == COMMIT
    action = {"type": "commit", "chips": {"builder": 0, "infantry": 0, "cavalry": 0, "archer": 0, "king": 0, **chips}}
    ENGINE.apply(st, 0, action)
    assert set(ENGINE.pending(st)) == {1}
    return st


def test_two_hidden_commits_of_one_count_look_alike_to_the_next_seat() -> None:
    builders = after_first_commit({"builder": 2})
    armies = after_first_commit({"cavalry": 2})
    terrain = builders.cfg.tiles[builders.event][0]
    assert S._rivals(builders, 1, terrain) == S._rivals(armies, 1, terrain)
    for seed in range(5):
        assert S.choose(ENGINE, builders, 1, random.Random(seed)) == S.choose(ENGINE, armies, 1, random.Random(seed))
    # the estimate is the average of the commits of that count the seat could have made
    s = builders.seats[0]
    before = tuple(a + b for a, b in zip(s.stock, s.commit))  # type: ignore[arg-type]
    options = commits_of_size(before, 2)
    strengths, rival_builders = S._rivals(builders, 1, terrain)
    assert rival_builders[0] == sum(o[0] for o in options) / len(options)
    assert strengths[0] > 0


def test_a_revealed_commit_is_read_as_it_is() -> None:
    builders = after_first_commit({"builder": 2})
    armies = after_first_commit({"cavalry": 2})
    for st in (builders, armies):
        st.phase = WITHDRAW  # after the reveal every commit is public
    terrain = builders.cfg.tiles[builders.event][0]
    assert S._rivals(builders, 1, terrain)[1][0] == 2.0
    assert S._rivals(armies, 1, terrain)[1][0] == 0.0
    assert S._rivals(armies, 1, terrain)[0][0] > S._rivals(builders, 1, terrain)[0][0] == 0.0
