"""Variants as named hooks: EXPERT (section 9), its Emergency Runway module, the special powers
of section 10 (the Parachute, the Lightning, the Legendary Aircraft) and NIGHT FLIGHT
(section 11) each declare a ``Variant``, the few named hooks where its rules change the
CLASSIC game, the way python-chess variants override ``is_variant_end`` and the like or
boardgame.io plugins declare theirs. ``compose`` gathers, for one game, the hooks of the
variants it plays into ``Hooks`` (``Game.hooks``), each hook point a tuple called in order;
CLASSIC plays none, so every tuple is empty and the core engine calls nothing.

The variants are composed in one order (``variants.VARIANTS``), which is the order their
parts appear in the log and the views: EXPERT, runways, Parachute, Lightning, NIGHT, the
Legendary Aircraft (the NIGHT's mountains are those discovered, to which an active ASTEROID
is added; the Lightning strikes before the ASTEROIDs go out).

The hot paths read the hooks once per call (``hooks = game.hooks``), never per tile or per
action listed, and test a hook point before looping over it (a loop over an empty tuple
still makes an iterator).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skyhex.rules.errors import Problem
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Direction, Hex

if TYPE_CHECKING:
    from skyhex.rules.turbulences.actions import Action, Journey
    from skyhex.rules.turbulences.chance import Draws
    from skyhex.rules.turbulences.events import Shake
    from skyhex.rules.turbulences.landscape import Landscape, Stack
    from skyhex.rules.turbulences.night import NightRules
    from skyhex.rules.turbulences.piloting import Flight
    from skyhex.rules.turbulences.powers import PowerRules
    from skyhex.rules.turbulences.state import Company, Game, Plane, Position, State
    from skyhex.rules.turbulences.tank import ExpertRules
    from skyhex.rules.turbulences.weather import WeatherPhase, Wind


_set = object.__setattr__


class _Record:
    """A frozen record of slots (``__slots__``, the fields in order), filled by position or
    by name. Not a dataclass: generating a dataclass's methods at import costs about a
    millisecond a class, more than its module's own work, and these records are built a
    few times a game (a ``Sky`` once a weather phase) and read on the engine's hot paths,
    where a slot read is as fast as a dataclass's."""

    __slots__ = ()

    def __init__(self, *values: Any, **named: Any) -> None:
        fields: tuple[str, ...] = self.__slots__
        if len(values) + len(named) != len(fields) or not named.keys() <= set(fields):
            raise TypeError(f"{type(self).__name__} takes {', '.join(fields)}")
        for name, value in zip(fields, values, strict=False):
            _set(self, name, value)
        for name, value in named.items():
            _set(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: {name}")

    def __repr__(self) -> str:
        names: tuple[str, ...] = self.__slots__
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{type(self).__name__}({fields})"


class Table(_Record):
    """What ``new_game`` is given that the variants check (``Variant.check``)."""

    __slots__ = ("landscape", "companies", "expert", "powers", "night")  # noqa: RUF023 (in order)
    landscape: Landscape
    companies: Sequence[Company]
    expert: ExpertRules
    powers: PowerRules
    night: NightRules | None


class Sky(_Record):
    """A weather phase as the weather hooks read it: the aircraft and the clouds before it,
    the last wind that blew before it, this phase's wind, its result and the mountains the
    clouds were blown against."""

    __slots__ = ("planes", "before", "previous", "wind", "phase", "mountains")  # noqa: RUF023
    planes: tuple[Plane, ...]
    before: Mapping[Hex, Stack]
    previous: Direction | None
    wind: Wind
    phase: WeatherPhase
    mountains: frozenset[Hex]


Flown = tuple["Flight", "Plane", dict[str, Any]]
"""A checked journey: its flight, the aircraft at its end (FUEL and ALTITUDE paid) and the
journey event's extra fields."""


class Pilot(_Record):
    """How one company's aircraft flies (per company: EXPERT is a company's choice).
    ``flights``: the (path, cross, glide) of its journeys; ``can_fly``: whether it has one;
    ``fly``: a journey checked and paid (``Flown``); ``plain``: its journey's end depends on
    where it ends only (no FUEL), which lets ``advance`` share the ends of the journeys
    weighed at one decision."""

    __slots__ = ("flights", "can_fly", "fly", "plain")  # noqa: RUF023 (the fields in order)
    flights: Callable[[Game, State, int, bool], list[tuple[tuple[Hex, ...], bool, int]]]
    can_fly: Callable[[Game, State, int], bool]
    fly: Callable[[Game, State, int, Journey, bool], Flown]
    plain: bool



_VARIANT_HOOKS = (
    "check_company", "check", "start", "setup_event", "mountains", "weather_event",
    "riders", "shaken", "riders_moved", "weather_landed", "after_shake", "weather_end",
    "pilot", "power", "moves", "actions", "resume", "blocked", "new_aircraft", "rebuilt_home",
    "journey_flown", "journey_landed", "boost_window", "arrived_home", "arrived", "turn_end",
    "ends_on_deliveries", "listing", "reserves", "more_flights", "extra_actions",
    "boost_actions", "view", "event_view", "boost_name",
)
"""The hooks a ``Variant`` may declare."""

_HOOKS_FIELDS = (
    "names", "start", "setup_event", "mountains", "weather_event", "riders", "shaken",
    "riders_moved", "weather_landed", "after_shake", "weather_end", "pilots", "power",
    "moves", "actions", "resume", "blocked", "new_aircraft", "rebuilt_home", "journey_flown",
    "journey_landed", "boost_window", "arrived_home", "arrived", "turn_end", "deliveries_end",
    "listing", "reserves", "more_flights", "extra_actions", "boost_actions", "view",
    "event_view", "recharged", "declined", "plain",
)
"""What ``Hooks`` holds."""


class Variant:
    """A variant: its name, whether a game plays it, and its hooks (``None``: none there).

    Setup: ``check_company`` (each company, with its path) and ``check`` (the table) say
    what is wrong (checked in every game: a company may not ask for what no table plays);
    ``start`` deals the variant's pieces on the first state (with setup's draws, or from a
    position); ``setup_event`` writes its part of the setup event.

    The weather phase (``weather_phase``): ``mountains`` (the mountains the clouds are
    blown against), ``weather_event`` (the weather event's fields), ``riders`` (more riders
    for section 7 than the aircraft, given their index past the companies'), ``shaken``
    (after section 7, before the aircraft move), ``riders_moved`` (the other riders moved),
    ``weather_landed`` (after the emergency landings), ``after_shake`` (the section 7 part
    is over), ``weather_end`` (the phase is over).

    Journeys (``journeys``): ``pilot`` (how company ``i`` flies, ``None``: as CLASSIC),
    ``power`` (how a Power's journey flies, known in every game), ``moves`` (another
    journey company ``i`` has than its pilot's: a Power's, a rescue); ``actions``, the
    kinds of action the variant brings with their resolution (known in every game: the
    resolution says why one is illegal where the variant is not played); ``resume`` (an
    action given while a journey is paused: the new state, or ``None``); ``blocked`` (an
    aircraft blocked in flight: the new state, or ``None``); ``new_aircraft`` (a rebuilt
    aircraft before it is placed), ``rebuilt_home`` (placed in its airport);
    ``journey_flown`` (the aircraft at its journey's end, before landing: ``None``, or the
    state and whether the journey is paused there), ``journey_landed`` (after its landing
    and parcel operations), ``boost_window`` (whether the BOOST's window opens, ``None``:
    the CLASSIC rule), ``arrived_home`` (landed in its own airport, before the BOOST
    recharges), ``arrived`` (landed in an airport: the aircraft, and whether its BOOST
    recharged); ``turn_end`` (the game turn is over: the new state and the reason the game
    ends, or ``None``), ``ends_on_deliveries`` (``False``: the three deliveries do not end
    it).

    The legal actions (``legality``): ``listing`` (every legal action, ``None``: the
    CLASSIC listing), ``reserves`` (whether a journey may reserve a piece with it: the
    Parachute), ``more_flights`` (company ``i``'s other journeys, as (path, cross, glide,
    power), ``None``: none), ``extra_actions`` (more actions where an aircraft stands,
    before its journeys), ``boost_actions`` (the actions of the BOOST's window, ``None``:
    CLASSIC's).

    Views (``views``): ``view`` (its part of a company's view), ``event_view`` (an event
    as a company reads it), ``boost_name`` (how the log names company ``i``'s BOOST).
    """

    name: str
    applies: Callable[[Game], bool]
    check_company: Callable[[Company, tuple[Any, ...]], list[Problem]] | None
    check: Callable[[Table], list[Problem]] | None
    start: Callable[[Game, State, Draws, Position | None], State] | None
    setup_event: Callable[[Game, Event], None] | None
    mountains: Callable[[Game, State, frozenset[Hex]], frozenset[Hex]] | None
    weather_event: Callable[[Game, State, Event], None] | None
    riders: Callable[[Game, State, dict[int, Hex], list[str]], None] | None
    shaken: Callable[[Game, State, Shake, list[Event]], State] | None
    riders_moved: Callable[[Game, State, Shake, Mapping[int, Hex], list[Event]], State] \
        | None
    weather_landed: Callable[[Game, State, Shake, Mapping[int, Hex], list[Event]], State] \
        | None
    after_shake: Callable[[Game, State, Sky, list[Event]], None] | None
    weather_end: Callable[[Game, State, Sky, list[Event]], State] | None
    pilot: Callable[[Game, int], Pilot | None] | None
    power: Pilot | None
    moves: Callable[[Game, State, int], bool] | None
    actions: Mapping[type, Callable[[Game, State, int, Any, list[Event]], State]]
    resume: Callable[[Game, State, int, Action, list[Event]], State | None] | None
    blocked: Callable[[Game, State, int, list[Event]], State | None] | None
    new_aircraft: Callable[[Game, int, Plane], Plane] | None
    rebuilt_home: Callable[[Game, State, int, list[Event]], State] | None
    journey_flown: Callable[[Game, State, int, Journey, Plane, Flight, list[Event]],
                            tuple[State, bool] | None] | None
    journey_landed: Callable[[Game, State, int, bool, list[Event]], State] | None
    boost_window: Callable[[Game, State, int, bool], bool | None] | None
    arrived_home: Callable[[Game, State, int, Plane, list[Event]], tuple[State, Plane]] \
        | None
    arrived: Callable[[Game, int, Hex, Plane, bool, list[Event]], tuple[Plane, bool]] \
        | None
    turn_end: Callable[[Game, State, list[Event]], tuple[State, str | None]] | None
    ends_on_deliveries: Callable[[Game], bool] | None
    listing: Callable[[Game, State, int], list[Action] | None] | None
    reserves: Callable[[Game, State, int], bool] | None
    more_flights: Callable[[Game, int], Callable[[Game, State, int, bool], list[Any]] | None] \
        | None
    extra_actions: Callable[[Game, State, int], list[Action]] | None
    boost_actions: Callable[[Game, State, int], list[Action] | None] | None
    view: Callable[[Game, State, str | None, dict[str, Any], Callable[[str], Any]], None] \
        | None
    event_view: Callable[[Game, Event, str], Event | None] | None
    boost_name: Callable[[Game, int], str | None] | None


    __slots__ = ("name", "applies", *_VARIANT_HOOKS)

    def __init__(self, name: str, applies: Callable[[Game], bool], **hooks: Any) -> None:
        # a class of slots filled here, not a dataclass: generating a dataclass's methods
        # for this many fields cost more at import than the rest of the engine's modules
        unknown = hooks.keys() - set(_VARIANT_HOOKS)
        if unknown:
            raise TypeError(f"no hook {', '.join(sorted(unknown))} in a Variant")
        _set(self, "name", name)
        _set(self, "applies", applies)
        for hook in _VARIANT_HOOKS:
            _set(self, hook, hooks.get(hook, {} if hook == "actions" else None))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Variant is frozen: {name}")

    def __repr__(self) -> str:
        return f"Variant({self.name!r})"


_P = Any  # a hook point's callables (each a ``Variant`` field's type)


class Hooks:
    """The hooks of the variants one game plays, per hook point in ``VARIANTS``' order
    (``Variant`` says what each is for), and what they decide once per game: each company's
    ``Pilot``, the log's words for its BOOST (``recharged``, ``declined``) and the kinds of
    action the game knows (``actions``)."""

    names: tuple[str, ...]
    start: tuple[_P, ...]
    setup_event: tuple[_P, ...]
    mountains: tuple[_P, ...]
    weather_event: tuple[_P, ...]
    riders: tuple[_P, ...]
    shaken: tuple[_P, ...]
    riders_moved: tuple[_P, ...]
    weather_landed: tuple[_P, ...]
    after_shake: tuple[_P, ...]
    weather_end: tuple[_P, ...]
    pilots: tuple[Pilot, ...]
    power: Pilot
    moves: tuple[_P, ...]
    actions: Mapping[type, _P]
    resume: tuple[_P, ...]
    blocked: tuple[_P, ...]
    new_aircraft: tuple[_P, ...]
    rebuilt_home: tuple[_P, ...]
    journey_flown: tuple[_P, ...]
    journey_landed: tuple[_P, ...]
    boost_window: tuple[_P, ...]
    arrived_home: tuple[_P, ...]
    arrived: tuple[_P, ...]
    turn_end: tuple[_P, ...]
    deliveries_end: bool
    listing: tuple[_P, ...]
    reserves: tuple[_P, ...]
    more_flights: tuple[tuple[_P, ...], ...]
    extra_actions: tuple[_P, ...]
    boost_actions: tuple[_P, ...]
    view: tuple[_P, ...]
    event_view: tuple[_P, ...]
    recharged: tuple[str, ...]
    declined: tuple[str, ...]
    plain: bool
    """No variant played changes a journey's end: the day journeys' ends may be shared."""

    __slots__ = _HOOKS_FIELDS

    def __init__(self, **fields: Any) -> None:
        for name in _HOOKS_FIELDS:  # (slots filled here: see ``Variant``)
            _set(self, name, fields.pop(name))
        if fields:
            raise TypeError(f"no field {', '.join(sorted(fields))} in Hooks")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Hooks are frozen: {name}")


_POINTS = ("start", "setup_event", "mountains", "weather_event", "riders", "shaken",
           "riders_moved", "weather_landed", "after_shake", "weather_end", "resume",
           "blocked", "new_aircraft", "rebuilt_home", "journey_flown", "journey_landed",
           "boost_window", "arrived_home", "arrived", "moves", "turn_end", "listing",
           "reserves", "extra_actions", "boost_actions", "view", "event_view")


def compose(game: Game, variants: Sequence[Variant], classic: Pilot) -> Hooks:
    """The hooks of the ``variants`` that ``game`` plays, in order; ``classic``: how a
    company flies where no variant says otherwise."""
    played = [v for v in variants if v.applies(game)]
    points = {name: tuple(hook for v in played if (hook := getattr(v, name)) is not None)
              for name in _POINTS}
    pilots = []
    boosts = []
    more: list[tuple[Any, ...]] = []
    for i in range(len(game.companies)):
        pilot = classic
        boost = "boost"
        for v in played:
            if v.pilot is not None:
                pilot = v.pilot(game, i) or pilot
            if v.boost_name is not None:
                boost = v.boost_name(game, i) or boost
        pilots.append(pilot)
        boosts.append(boost)
        more.append(tuple(f for v in played if v.more_flights is not None
                          and (f := v.more_flights(game, i)) is not None))
    actions: dict[type, Any] = {}
    for v in variants:  # known in every game (each resolution says why one is illegal)
        actions.update(v.actions)
    power = next((v.power for v in variants if v.power is not None), classic)
    return Hooks(
        names=tuple(v.name for v in played), pilots=tuple(pilots), power=power,
        more_flights=tuple(more),
        actions=actions,
        deliveries_end=all(v.ends_on_deliveries(game) for v in played
                           if v.ends_on_deliveries is not None),
        recharged=tuple(f"{b}_recharged" for b in boosts),
        declined=tuple(f"{b}_declined" for b in boosts),
        plain=not points["journey_flown"], **points)


def check(table: Table, variants: Sequence[Variant]) -> None:
    """Every variant's check of the table, each raising its own problems (in order)."""
    from skyhex.rules.errors import InputError

    for v in variants:
        if v.check is not None:
            problems = v.check(table)
            if problems:
                raise InputError(problems)


def company_problems(company: Company, path: tuple[Any, ...], variants: Sequence[Variant]
                     ) -> list[Problem]:
    """Every variant's problems with ``company`` (at ``path``)."""
    return [p for v in variants if v.check_company is not None
            for p in v.check_company(company, path)]

