"""A game's own schema files join the shared envelopes (schemas/joining.py): a game that is not
one of skyhex's joins the map and event schemas with nothing shared edited, and a file that
cannot join says why."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from skyhex import schemas
from skyhex.schemas.joining import GameFile, JoinError, join

URN = "urn:skyhex:schema:"
RACE = "hexrace-test"


def envelope(kind: str) -> dict[str, Any]:
    text = resources.files("skyhex.schemas").joinpath(f"{kind}.schema.json").read_text()
    result: dict[str, Any] = json.loads(text)
    return result


def own(kind: str) -> list[GameFile]:
    """The registered games' files of ``kind``, as the loader reads them."""
    return [schemas._game_file(n) for n in schemas.game_schemas(kind)]


def race(kind: str, body: dict[str, Any]) -> GameFile:
    return GameFile(RACE, "Hex Race", {"$schema": "https://json-schema.org/draft/2020-12/schema",
                                       "$id": f"{URN}{RACE}/{kind}", **body})


def checker(kind: str, joined: dict[str, Any], extra: GameFile) -> Draft202012Validator:
    resources_ = [(schemas.schema_id(n), schemas.schema(n)) for n in schemas._resources()
                  if n != kind]
    resources_ += [(f"{URN}{kind}", joined), (extra.id, extra.schema)]
    registry: Registry[Any] = Registry().with_resources(
        (uri, Resource.from_contents(contents)) for uri, contents in resources_)
    return Draft202012Validator(joined, registry=registry)


def test_a_new_games_map_joins_the_envelope() -> None:
    extra = race("map", {"type": "object", "required": ["track"], "additionalProperties": False,
                         "properties": {"format": True, "game": True,
                                        "track": {"type": "array", "minItems": 1}}})
    games = [*own("map"), extra]
    joined = join(envelope("map"), games, [*(g.game for g in own("map")), RACE],
                  [g.title for g in games])
    assert joined["properties"]["game"]["enum"][-1] == RACE
    assert joined["title"].endswith(", Hex Race)")
    check = checker("map", joined, extra)
    assert check.is_valid({"format": "skyhex.map/1", "game": RACE, "track": [1]})
    assert not check.is_valid({"format": "skyhex.map/1", "game": RACE, "track": []})
    assert not check.is_valid({"format": "skyhex.map/1", "game": RACE, "slots": []})
    # The games already there validate as before: their examples still pass.
    for example in schemas.schema("map")["examples"]:
        assert check.is_valid(example)


def test_a_new_games_events_join_the_branches_types_and_reasons() -> None:
    finished = {"type": "object", "required": ["seq", "type"], "additionalProperties": False,
                "properties": {"seq": {"type": "integer"}, "type": {"const": "crossed"},
                               "entry": {"type": "integer"}, "lap": {"$ref": "#/$defs/lap"}}}
    extra = race("event", {"oneOf": [{"$ref": "#/$defs/crossed"}],
                           "$defs": {"crossed": finished, "lap": {"type": "integer"}},
                           "x-adds": {"/properties/type/enum": ["crossed"],
                                      "/$defs/game_end/properties/reason/enum": ["line"],
                                      "/$defs/round/properties": {"lap": {"$ref": "#/$defs/lap"}}}})
    games = [*own("event"), extra]
    joined = join(envelope("event"), games, [g.game for g in games], [g.title for g in games])
    assert joined["anyOf"][-1] == {"$ref": f"{URN}{RACE}/event"}
    assert joined["properties"]["type"]["enum"][-1] == "crossed"
    assert joined["$defs"]["game_end"]["properties"]["reason"]["enum"][-1] == "line"
    # A local reference of what a game adds points into the game's own file.
    assert joined["$defs"]["round"]["properties"]["lap"] == {"$ref": f"{URN}{RACE}/event#/$defs/lap"}
    check = checker("event", joined, extra)
    assert check.is_valid({"seq": 3, "type": "crossed", "entry": 1, "lap": 2})
    assert not check.is_valid({"seq": 3, "type": "crossed", "lap": "two"})
    assert check.is_valid({"seq": 4, "type": "round", "round": 2, "lap": 3})
    assert not check.is_valid({"seq": 4, "type": "round", "round": 2, "lap": "x"})
    end = {"seq": 5, "type": "game_end", "round": 2, "scores": [], "winners": []}
    assert check.is_valid({**end, "reason": "line"})
    assert not check.is_valid({**end, "reason": "finish"})


def test_the_first_game_ends_a_chain_and_takes_documents_that_name_none() -> None:
    joined = schemas.schema("map")
    first = own("map")[0]
    node: Any = joined
    while "else" in node:
        node = node["else"]
    assert node == {"$ref": first.id}


def test_a_file_that_cannot_join_says_why() -> None:
    games = own("event")
    clash = copy.deepcopy(games[1].schema)
    clash["x-adds"] = {"/$defs/round/properties": {"time": {"type": "integer"}}}
    with pytest.raises(JoinError, match="'time' is already there"):
        join(envelope("event"), [games[0], GameFile(games[1].game, games[1].title, clash)],
             [], [])
    nowhere = race("event", {"oneOf": [], "x-adds": {"/$defs/nothing/properties": {"a": True}}})
    with pytest.raises(JoinError, match="names no mapping or list"):
        join(envelope("event"), [nowhere], [], [])
    keyless = race("moves", {"type": "object"})
    with pytest.raises(JoinError, match="x-key"):
        join(envelope("moves"), [*own("moves"), keyless], [], [])


def test_a_games_own_files_are_published_without_the_join_annotations() -> None:
    for name in schemas.game_schemas("event") + schemas.game_schemas("moves"):
        published = schemas.schema(name)
        assert published["$id"] == URN + name
        assert not {"x-adds", "x-key", "x-examples"} & set(published)
        Draft202012Validator.check_schema(published)
    assert schemas.schema("career")["$id"] == f"{URN}turbulences/career"
