"""The HTML report of ``skyhex analyze``: one self-contained page (no network, no outside
file) with the summary, charts drawn by matplotlib as inline SVG, the most and least
balanced maps drawn as thumbnails (each game's own board drawing), and the table of items;
its numbers are the rows' own."""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from typing import Any

from skyhex.games.analysis import correlation_text

THUMBNAILS = 3
"""Maps drawn at each end of the played balance: the most balanced and the least."""
THUMB_HEX_MM = 15.0
"""The hex size the thumbnails are drawn at (the page scales them down)."""


def _svg(figure: Any) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", bbox_inches="tight")
    text = out.getvalue()
    return text[text.index("<svg"):]


def require_charts() -> None:
    """``NotSupportedError`` unless matplotlib is installed: asked before an analysis is
    played (without importing it), so that a missing extra is told at once, not after the
    games."""
    from importlib.util import find_spec

    if find_spec("matplotlib") is None:
        from skyhex.rules.errors import NotSupportedError

        raise NotSupportedError("analyze --html needs matplotlib: pip install "
                                "'skyhex[report]'")


def charts(rows: Sequence[Mapping[str, Any]], found: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(title, inline SVG) of each chart."""
    require_charts()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "font.size": 9, "svg.hashsalt": "skyhex"})
    done = [r for r in rows if r["finished"]]
    out: list[tuple[str, str]] = []

    fig, ax = plt.subplots(figsize=(5, 3))
    ax.hist([r["played_balance"] for r in done], bins=20, range=(0, 100), color="#3b7dd8")
    ax.set_xlabel("played balance (0-100)")
    ax.set_ylabel("items")
    out.append(("Played balance", _svg(fig)))
    plt.close(fig)

    pairs = [(r["static"]["balance"], r["played_balance"]) for r in done
             if isinstance(r.get("static"), dict) and "balance" in r["static"]]
    if pairs:
        fig, ax = plt.subplots(figsize=(5, 3))
        ax.scatter([p[0] for p in pairs], [p[1] for p in pairs], s=12, color="#d8703b")
        ax.set_xlabel("static balance (map stats)")
        ax.set_ylabel("played balance")
        r = found["static_vs_played"]["pearson"]
        ax.set_title("Pearson r = " + ("n/a" if r is None else f"{r:.2f}"))
        out.append(("Static vs played balance", _svg(fig)))
        plt.close(fig)

    seats = found["seat_mean"]
    if seats:
        fig, ax = plt.subplots(figsize=(5, 3))
        ax.bar([f"seat {i + 1}" for i in range(len(seats))], seats, color="#4caf50")
        ax.set_ylabel("mean score")
        out.append(("Seat advantage: mean score by seat", _svg(fig)))
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(5, 3))
    ax.hist([r["rounds"] for r in done], bins=20, color="#8e44ad")
    ax.set_xlabel("mean rounds a game")
    ax.set_ylabel("items")
    out.append(("Game length", _svg(fig)))
    plt.close(fig)

    keys = sorted({k for r in done for k in r["figures"]})
    if keys:
        means = [sum(r["figures"].get(k, 0.0) for r in done) / len(done) for k in keys]
        fig, ax = plt.subplots(figsize=(6, 0.3 * len(keys) + 1))
        ax.barh(keys, means, color="#607d8b")
        ax.invert_yaxis()
        ax.set_xlabel("mean per participant and game")
        out.append(("Game figures (stunts, landings, deliveries)", _svg(fig)))
        plt.close(fig)
    return out


def ends(rows: Sequence[Mapping[str, Any]], count: int = THUMBNAILS
         ) -> tuple[list[Mapping[str, Any]], list[Mapping[str, Any]]]:
    """The ``count`` most balanced rows (best first) and the ``count`` least balanced
    (worst first), never the same row twice (with few rows, the better half and the
    worse); rows without a played balance are left out."""
    scored = sorted((r for r in rows if r["played_balance"] is not None),
                    key=lambda r: (-r["played_balance"], r["item"]))
    best = scored[:min(count, (len(scored) + 1) // 2)]
    worst = [r for r in reversed(scored) if r not in best][:count]
    return best, worst


def thumbnail(face: Any, m: Any, label: str, element_id: str) -> str:
    """A map drawn by its game's board drawing (``Boards.map_sheets``) as an inline SVG
    element labelled ``label`` (the drawing escapes its text)."""
    from skyhex.games.face import BoardRequest
    from skyhex.render.drawing import Sheet

    request = BoardRequest(file=label, kind="map", hex_mm=THUMB_HEX_MM)
    maps, boards = face.need(face.maps, "maps"), face.need(face.boards, "boards")
    picture = boards.map_sheets(m, maps.context(None), request)[0].picture
    sheet = Sheet(picture.width, picture.height, title=picture.title)
    picture.draw(sheet.canvas, None)
    return sheet.to_inline(label, element_id)


def _thumbnails(rows: Sequence[Mapping[str, Any]], maps: Mapping[str, tuple[Any, Any]]
                ) -> str:
    """The sections of thumbnails: the most balanced maps, then the least."""
    e = html.escape
    best, worst = ends([r for r in rows if r["item"] in maps])
    parts = []
    for heading, group, key in (("Most balanced maps", best, "best"),
                                ("Least balanced maps", worst, "worst")):
        if not group:
            continue
        cells = []
        for k, r in enumerate(group):
            face, m = maps[r["item"]]
            svg = thumbnail(face, m, str(r["item"]), f"thumb-{key}-{k}")
            cells.append(f'<figure class="thumb"><figcaption>{e(str(r["item"]))}: played '
                         f'balance {e(str(r["played_balance"]))}</figcaption>{svg}</figure>')
        parts.append(f'<h2>{e(heading)}</h2><div class="thumbs" id="{key}">'
                     f'{"".join(cells)}</div>')
    return "".join(parts)


def page(rows: Sequence[Mapping[str, Any]], found: Mapping[str, Any], title: str,
         maps: Mapping[str, tuple[Any, Any]] | None = None) -> str:
    """The report page; ``maps``: the face and map of items by name, for the thumbnails of
    the most and least balanced (none drawn without)."""
    e = html.escape
    ordered = sorted(rows, key=lambda r: (r["played_balance"] is None,
                                          -(r["played_balance"] or 0), r["item"]))
    head = ["item", "games", "capped", "played balance", "static balance", "seat advantage",
            "score mean", "score sd", "rounds", "seat means"]
    body = []
    for r in ordered:
        static = r.get("static") or {}
        cells = [r["item"], r["games"], r["capped"], r["played_balance"],
                 static.get("balance", ""), r["seat_advantage"], r["score_mean"],
                 r["score_sd"], r["rounds"], " / ".join(str(x) for x in r["seat_mean"])]
        body.append("<tr>" + "".join(f"<td>{e(str(c))}</td>" for c in cells) + "</tr>")
    corr = found["static_vs_played"]
    facts = [("items", found["items"]), ("games", found["games"]),
             ("finished", found["finished"]), ("capped (not counted)", found["capped"]),
             ("mean played balance", found["played_balance_mean"]),
             ("static vs played: Pearson", correlation_text(corr["pearson"])),
             ("static vs played: Spearman", correlation_text(corr["spearman"]))]
    figures = "".join(f'<figure class="chart"><figcaption>{e(t)}</figcaption>{svg}</figure>'
                      for t, svg in charts(rows, found))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>{e(title)}</title>
<style>
body {{ font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #ccc; padding: 2px 6px; }}
.charts {{ display: flex; flex-wrap: wrap; gap: 1em; }} figure {{ margin: 0; }}
figcaption {{ font-weight: bold; }}
.thumbs {{ display: flex; flex-wrap: wrap; gap: 1em; }}
figure.thumb svg {{ width: 300px; height: auto; display: block; }}
dl {{ display: grid; grid-template-columns: max-content auto; gap: 0 1em; }}
</style></head><body>
<h1>{e(title)}</h1>
<dl id="summary">{"".join(f"<dt>{e(k)}</dt><dd>{e(str(v))}</dd>" for k, v in facts)}</dl>
<div class="charts">{figures}</div>
{_thumbnails(rows, maps or {})}
<h2>Items, most balanced first</h2>
<table id="items"><thead><tr>{"".join(f"<th>{e(h)}</th>" for h in head)}</tr></thead>
<tbody>{"".join(body)}</tbody></table>
</body></html>
"""
