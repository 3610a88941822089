"""Game options as data: each option's allowed values and its default per preset.

A family declares its options once (``OptionSpec``); ``build_options`` checks what a user or a
referee query asked for and fills in the defaults, with a clear error naming the option and what
is allowed. The engines read the resulting values; there is no ``if variant == …`` elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from atout.errors import ConfigError, quote
from atout.i18n import Series, Text


@dataclass(frozen=True)
class OptionSpec:
    name: str
    allowed: Mapping[str, tuple[Any, ...]] | tuple[Any, ...]  # per preset, or the same for all presets
    default: Mapping[str, Any] | Any      # per preset, or the same for all presets
    presets: tuple[str, ...] = ()          # empty: every preset of the family
    help: str = ""
    aliases: Mapping[Any, Any] = field(default_factory=dict)

    def allowed_for(self, preset: str) -> tuple[Any, ...]:
        return self.allowed[preset] if isinstance(self.allowed, Mapping) else self.allowed

    def default_for(self, preset: str) -> Any:
        return self.default[preset] if isinstance(self.default, Mapping) else self.default

    def applies_to(self, preset: str) -> bool:
        return not self.presets or preset in self.presets


Config = TypeVar("Config")
_CONFIGS: dict[tuple[object, ...], object] = {}    # by preset id (unique across the families) and option values


def merged_options(options: Any, more: Mapping[str, Any]) -> dict[str, Any]:
    """The options given as a table (``options``) and by name (``more``, which win); a ``ConfigError`` when
    ``options`` is not a table."""
    if options is not None and not isinstance(options, Mapping):
        raise ConfigError(Text("options are a table of names and values, such as {example}, not {value}",
                               example="{'players': 3}", value=quote(options)))
    return {**(options or {}), **more}


def cached_config(game: str, given: Mapping[str, Any], build: Callable[[str, Mapping[str, Any]], Config]) -> Config:
    """``build(game, given)``, made once per preset and option values: hands are dealt by the thousand, so each
    option set is checked once. Each value's type is part of the key (True == 1, but only True is a valid on/off
    value); a value that cannot be hashed is not cached, and ``build`` names what is wrong with it."""
    try:
        key: tuple[object, ...] | None = (game, *sorted((k, type(v).__name__, v) for k, v in given.items()))
        hash(key)
    except TypeError:
        key = None
    if key is not None and key in _CONFIGS:
        return cast(Config, _CONFIGS[key])   # stored by this function, from the same build
    config = build(game, given)
    if key is not None:
        _CONFIGS[key] = config
    return config


def _show(values: tuple[object, ...]) -> str:
    return ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in values)


def build_options(preset: str, specs: Mapping[str, OptionSpec], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The full option values for a preset: defaults, overridden by ``given`` after checking them."""
    given = dict(given or {})
    known = [name for name, spec in specs.items() if spec.applies_to(preset)]
    values = {name: specs[name].default_for(preset) for name in known}
    for name, value in given.items():
        if name not in known:
            raise ConfigError(Text("unknown option {name} for {game}: the options are {known}",
                                   name=quote(name), game=preset, known=Series(sorted(known))))
        spec = specs[name]
        allowed = spec.allowed_for(preset)
        # An option's value is a number, a word or true/false: a list or a table is refused with the rest.
        hashable = isinstance(value, str | int | float | bool | None)
        value = spec.aliases.get(value, value) if hashable else value
        # Of the allowed type too: 3.0 == 3 and True == 1, but 3 players is a whole number and on/off is true or false.
        if not hashable or not any(type(value) is type(a) and value == a for a in allowed):
            raise ConfigError(Text("option {name} of {game} cannot be {value}: allowed values are {allowed}",
                                   name=name, game=preset, value=quote(value), allowed=_show(allowed)))
        values[name] = value
    return values
