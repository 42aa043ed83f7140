"""Balance analytics (``skyhex analyze``): bots play every item (a scenario, a map, or a map
generated from a seed) ``games`` times, the seats rotated, and each item becomes one row:
the played figures (scores by seat, seat advantage, spread, game length, the game's own
figures) beside the static ones of ``map stats``. ``docs/analytics.md`` defines the played
balance score.

An item is a picklable dict; ``analyze_item`` turns it into its row in any process (a local
worker or a Dask worker), and the same item gives the same row everywhere: every game's
chance and every bot's choices derive from the item's seed and the game's number.
"""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules.errors import NotSupportedError
from skyhex.rules.games import default_name

ROW_FORMAT = "skyhex.analysis/1"
BALANCE_WEIGHT = 50.0
"""Points of played balance lost per score standard deviation between the best and the
worst seat (``docs/analytics.md``)."""


def generated_items(game: str, count: int, seed: int, players: int, bots: Sequence[str],
                    games: int, cap: int | None) -> list[dict[str, Any]]:
    """Items for the maps of seeds ``seed`` .. ``seed + count - 1`` (``map generate``'s),
    each played in a new scenario of ``players`` (``scenario new``'s) for any game whose
    maps are generated (``NotSupportedError`` at once for a game whose are not)."""
    from skyhex.games.face import face

    found = face(game)
    if not found.need(found.scenarios, "scenarios").generates_map:
        maps = found.need(found.maps, "maps")
        found.need(maps.generate, "map generate")(seed, {}, maps.context(None))
    return [{"item": f"seed-{s}", "game": game, "generate": s, "players": players,
             "bots": list(bots), "games": games, "cap": cap, "seed": s}
            for s in range(seed, seed + count)]


def file_items(paths: Sequence[str], players: int, bots: Sequence[str], games: int,
               cap: int | None, *, outside: bool = False) -> list[dict[str, Any]]:
    """Items for scenario or map files, and for the ``*.yaml`` files of folders;
    ``outside``: a scenario's references may lead outside the working directory
    (``--allow-outside-refs``)."""
    from skyhex.games.documents import load_validated
    from skyhex.schemas.documents import load

    files: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p)
                            if f.endswith((".yaml", ".yml", ".json")))
        else:
            files.append(p)
    items = []
    for k, path in enumerate(files):
        data = load(path).data
        fmt = data.get("format") if isinstance(data, dict) else None
        # Anything but a map is checked as a scenario: its errors are located.
        kind = "map" if fmt == "skyhex.map/1" else "scenario"
        data = load_validated(path, kind).data
        item = {"item": path, "game": data.get("game", default_name()), kind: path,
                "players": players, "bots": list(bots), "games": games, "cap": cap,
                "seed": k, **({"outside_refs": True} if outside else {})}
        if kind == "scenario":
            # Read here with its references (its map), before any game: a broken reference
            # stops the run at once, and the command knows every file it reads.
            _scenario(item)
        items.append(item)
    return items


def _scenario(item: Mapping[str, Any]) -> tuple[Any, Any]:
    """The face and the scenario of an item."""
    from skyhex.games.documents import References, load_scenario
    from skyhex.games.face import NEW, face
    from skyhex.schemas.documents import parse

    if "scenario" in item:
        found, scenario, _ = load_scenario(
            item["scenario"], refs=References(outside=bool(item.get("outside_refs"))))
        return found, scenario
    game = face(item["game"])
    scenarios = game.need(game.scenarios, "scenarios")
    options: dict[str, Any] = {**{o.name: o.default for o in game.options if NEW in o.commands},
                               "players": item["players"], "seed": item["seed"]}
    if "map" in item:
        options["map"] = item["map"]
    _, text = game.need(scenarios.new, "scenario new")(game, options, "-")[-1]
    name = f"<{item['item']}>"
    document = parse(text, name)
    # The new scenario names its map as given (relative to the working directory, where
    # the made scenario stands: ``scenario new -o -``), so its references resolve from here.
    base = "."
    data = document.data
    if "generate" in item and not scenarios.generates_map:
        # The map of the seed (``map generate --seed``'s), inline in the new scenario.
        maps = game.need(game.maps, "maps")
        generated = game.need(maps.generate, "map generate")(item["generate"], {},
                                                              maps.context(None))
        data = {**data, "map": maps.to_dict(generated)}
    # A map named on the command line is the user's own choice, not a file's reference:
    # it is read wherever it is, as ``map check`` reads it.
    refs = References(outside="map" in item)
    return game, scenarios.read(document, data, base, (), refs=refs)


def item_map(item: Mapping[str, Any]) -> tuple[Any, Any] | None:
    """The face and the map an item is played on (``None``: a scenario without one)."""
    found, scenario = _scenario(item)
    m = _map_of(found, scenario)
    return None if m is None else (found, m)


def _map_of(face: Any, scenario: Any) -> Any:
    """The map ``scenario`` is played on, as its game's face says (``None``: none)."""
    scenarios = face.scenarios
    return None if scenarios is None or scenarios.map_of is None else scenarios.map_of(scenario)


def analyze_item(item: Mapping[str, Any]) -> dict[str, Any]:
    """One item's row: ``games`` games by the bots (seat ``i`` of game ``k`` played by bot
    ``(i + k) mod len(bots)``), game ``k`` on the scenario's seed plus ``k``."""
    from skyhex.rules.bots import knowledge, play

    face, scenario = _scenario(item)
    rules = face.ruleset
    know = knowledge(rules)
    bots: list[str] = item["bots"]
    scores_by_seat: dict[int, list[float]] = {}
    wins_by_seat: dict[int, float] = {}
    bot_scores: dict[str, list[float]] = {}
    rounds, actions, margins, all_scores = [], [], [], []
    figures: dict[str, list[float]] = {}
    capped = 0
    base_seed = getattr(scenario, "seed", 0)
    seats = 0
    for k in range(item["games"]):
        s = replace(scenario, seed=base_seed * 1000 + k)
        game, state, _ = rules.new_game(s)
        names = know.participants(game, state)
        seats = len(names)
        lineup = [bots[(i + k) % len(bots)] for i in range(seats)]
        played = play(rules, s, base_seed * 1000 + k, lineup, item["cap"])
        if played.capped:
            capped += 1
            continue
        rows = {r["player"]: r for r in rules.scores(played.game, played.state)}
        ranked = sorted((rows[w]["score"] for w in names), reverse=True)
        if len(ranked) > 1:
            margins.append(float(ranked[0] - ranked[1]))
        winners = [i for i, w in enumerate(names) if rows[w]["rank"] == 1]
        for i, who in enumerate(names):
            score = float(rows[who]["score"])
            scores_by_seat.setdefault(i, []).append(score)
            all_scores.append(score)
            bot_scores.setdefault(lineup[i], []).append(score)
            if i in winners:
                wins_by_seat[i] = wins_by_seat.get(i, 0.0) + 1.0 / len(winners)
        rounds.append(float(rules.moment(played.state)["round"]))
        actions.append(float(len(played.actions)))
        for key, value in know.figures(played.game, played.state).items():
            figures.setdefault(key, []).append(value)
    finished = item["games"] - capped
    seat_means = [_mean(scores_by_seat.get(i, [])) for i in range(seats)]
    spread = statistics.pstdev(all_scores) if len(all_scores) > 1 else 0.0
    advantage = (max(seat_means) - min(seat_means)) if finished and seat_means else 0.0
    row: dict[str, Any] = {
        "format": ROW_FORMAT, "item": item["item"], "game": rules.name,
        "bots": bots, "games": item["games"], "finished": finished, "capped": capped,
        "seats": seats,
        "seat_mean": [_r(x) for x in seat_means],
        "seat_sd": [_r(statistics.pstdev(scores_by_seat.get(i, [0.0])))
                    for i in range(seats)],
        "seat_wins": [_r(wins_by_seat.get(i, 0.0) / finished) if finished else 0.0
                      for i in range(seats)],
        "score_mean": _r(_mean(all_scores)), "score_sd": _r(spread),
        "winning_margin": _r(_mean(margins)),
        "seat_advantage": _r(advantage),
        "played_balance": _r(played_balance(advantage, spread)) if finished else None,
        "rounds": _r(_mean(rounds)), "actions": _r(_mean(actions)),
        "bot_mean": {b: _r(_mean(v)) for b, v in sorted(bot_scores.items())},
        "figures": {k: _r(_mean(v)) for k, v in sorted(figures.items())},
    }
    m = _map_of(face, scenario)
    static: dict[str, Any] = {}
    if m is not None:
        try:
            maps = face.need(face.maps, "maps")
            static = face.need(maps.stats, "map stats").figures(m)
        except NotSupportedError:
            static = {}
    row["static"] = static
    return row


def played_balance(advantage: float, spread: float) -> float:
    """100 for a map where every seat scores the same on average; ``BALANCE_WEIGHT`` points
    less per standard deviation of the scores between the best and the worst seat's mean
    (0 at two or more)."""
    if spread <= 0:
        return 100.0 if advantage == 0 else 0.0
    return max(0.0, 100.0 - BALANCE_WEIGHT * advantage / spread)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _r(x: float) -> float:
    return round(float(x), 4)


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation of two series (``None`` under three pairs or no spread)."""
    if len(xs) < 3:
        return None
    mx, my = _mean(xs), _mean(ys)
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs))
    sy = math.sqrt(sum((y - my) ** 2 for y in ys))
    if sx == 0 or sy == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (sx * sy)


def correlation_text(r: float | None) -> str:
    """A correlation as a person reads it: its value, or why there is none."""
    return "n/a (fewer than 3 items, or no spread)" if r is None else str(r)


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank (for Spearman's correlation)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def summary(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Over the analysed items: the games, the capped ones, the seats' mean scores, and how
    well the static balance score predicts the played one (Pearson and Spearman)."""
    rows = [r for r in rows]
    pairs = [(float(r["static"]["balance"]), float(r["played_balance"])) for r in rows
             if isinstance(r.get("static"), dict) and "balance" in r["static"]
             and r.get("played_balance") is not None]
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    seats = max((r["seats"] for r in rows), default=0)
    seat_mean = [_r(_mean([r["seat_mean"][i] for r in rows if r["finished"]
                           and i < len(r["seat_mean"])])) for i in range(seats)]
    pearson = correlation(xs, ys)
    spearman = correlation(ranks(xs), ranks(ys)) if len(xs) >= 3 else None
    return {"items": len(rows), "games": sum(r["games"] for r in rows),
            "finished": sum(r["finished"] for r in rows),
            "capped": sum(r["capped"] for r in rows), "seat_mean": seat_mean,
            "played_balance_mean": _r(_mean([r["played_balance"] for r in rows
                                             if r["played_balance"] is not None])),
            "static_vs_played": {"pairs": len(pairs),
                                 "pearson": None if pearson is None else _r(pearson),
                                 "spearman": None if spearman is None else _r(spearman)}}


CSV_COLUMNS = ("item", "game", "games", "finished", "capped", "seats", "score_mean",
               "score_sd", "winning_margin", "seat_advantage", "played_balance", "rounds",
               "actions", "static_balance")


def csv_text(rows: Sequence[Mapping[str, Any]]) -> str:
    """The rows as CSV: the common columns, then ``seat_mean_N``, the game's figures and
    the static figures' numbers (``static.route.below.length``), flattened."""
    import csv
    import io

    flat = [_flatten(r) for r in rows]
    extra = sorted({k for f in flat for k in f} - set(CSV_COLUMNS))
    out = io.StringIO()
    writer = csv.DictWriter(out, [*CSV_COLUMNS, *extra], lineterminator="\n")
    writer.writeheader()
    for f in flat:
        writer.writerow(f)
    return out.getvalue()


def _flatten(row: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {k: row.get(k) for k in CSV_COLUMNS if k in row}
    static = row.get("static") or {}
    out["static_balance"] = static.get("balance")
    for i, x in enumerate(row.get("seat_mean", [])):
        out[f"seat_mean_{i + 1}"] = x
    for i, x in enumerate(row.get("seat_wins", [])):
        out[f"seat_wins_{i + 1}"] = x
    for k, v in (row.get("figures") or {}).items():
        out[f"figure.{k}"] = v

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(f"{prefix}.{k}", v)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out[prefix] = value

    walk("static", static)
    out.pop("static.balance", None)
    return out
