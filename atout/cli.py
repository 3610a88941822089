"""The ``atout`` command: ``atout serve`` (the tutorial site), ``atout judge`` (the referee on JSON lines),
``atout analyse`` (many positions' values at once), ``atout bench …``, ``atout lessons check``,
``atout catalogue`` (every sentence, for a reviewer), ``atout puzzles build|check`` (puzzles made by the solver)."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

from atout.languages import LANGUAGES


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("atout")
    except PackageNotFoundError:          # run from a checkout that was never installed
        return "(not installed)"


def _judge(args: argparse.Namespace) -> int:
    from atout.referee import judge_stream

    try:
        judge_stream(sys.stdin.buffer, sys.stdout.buffer)
    except BrokenPipeError:        # the reader went away: nobody is left to answer
        sys.stdout = None
        return 1
    return 0


def _analyse(args: argparse.Namespace) -> int:
    from atout.analyse import analyse_stream

    try:
        if args.file in (None, "-"):
            failed = analyse_stream(sys.stdin, sys.stdout, args.table, args.budget)
        else:
            with open(args.file, encoding="utf-8-sig") as source:
                failed = analyse_stream(source, sys.stdout, args.table, args.budget)
    except OSError as exc:
        print(f"atout analyse: {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"atout analyse: {args.file} is not UTF-8 text", file=sys.stderr)
        return 2
    except BrokenPipeError:        # the reader went away: nobody is left to answer
        sys.stdout = None
        return 1
    return 1 if failed else 0


def _bench(args: argparse.Namespace) -> int:
    from atout import bench
    from atout.errors import AtoutError

    backends = ("sqlite", "postgresql") if args.store == "both" else (args.store,)
    try:
        results = bench.run(args.what, seconds=args.seconds, games=args.games, students=args.students,
                            backends=backends, positions=args.positions, pages=args.pages, spread_s=args.spread,
                            pool=args.pool, rounds=args.rounds)
    except AtoutError as exc:      # a game that is not one, or has nothing to measure: said, not a traceback
        print(f"atout bench {args.what}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(bench.format_results(results))
    return 0


def _lessons(args: argparse.Namespace) -> int:
    from pathlib import Path

    from atout.lessons import check_lessons, load_lessons

    folder = Path(args.folder) if args.folder else None
    problems = check_lessons(folder)
    for problem in problems:
        print(problem)
    if problems:
        return 1
    lessons = load_lessons(folder)
    print(f"{len(lessons)} lessons, all valid: "
          f"{sum(len(lesson.questions()) for lesson in lessons)} quiz questions answered by the referee")
    if args.language:
        missing = [(lesson, place) for lesson in lessons for place in lesson.untranslated.get(args.language, [])]
        for lesson, place in missing:
            print(f"{lesson.path}: {place}: no {args.language} text (shown in English)")
        for lesson in lessons:
            for english in lesson.stale.get(args.language, []):
                print(f"{lesson.path}: a translation of English the lesson no longer has: {english[:60]!r}")
        print(f"{len(missing)} texts of the lessons not translated into {args.language}"
              f" ({len({lesson.id for lesson, _place in missing})} of {len(lessons)} lessons); a translation is a file"
              f" beside its lesson: <lesson>.{args.language}.toml" if missing
              else f"every text of the lessons is translated into {args.language}")
    return 0


def _puzzles(args: argparse.Namespace) -> int:
    import collections
    import time

    from atout import puzzles

    if args.action == "build":
        from atout.errors import AtoutError

        started = time.perf_counter()
        try:
            made = puzzles.build_puzzles(args.count, seed=args.seed, games=args.games, hands_each=args.hands_each)
        except AtoutError as exc:      # a game that is not one: said, not a traceback
            print(f"atout puzzles build: {exc}", file=sys.stderr)
            return 2
        text = puzzles.format_puzzles(made)
        if args.out in (None, "-"):
            sys.stdout.write(text)
        else:
            with open(args.out, "w", encoding="utf-8") as sink:
                sink.write(text)
        by_game = collections.Counter(p.game for p in made)
        themes = collections.Counter(t for p in made for t in p.themes)
        print(f"{len(made)} puzzles in {time.perf_counter() - started:.1f} s (seed {args.seed}): "
              + ", ".join(f"{game} {n}" for game, n in by_game.items())
              + "; themes: " + (", ".join(f"{t} {n}" for t, n in themes.most_common()) or "none"), file=sys.stderr)
        return 0 if len(made) == args.count else 1
    try:
        if args.file in (None, "-"):
            found = puzzles.packaged_puzzles()
        else:
            with open(args.file, encoding="utf-8-sig") as source:
                found = puzzles.parse_puzzles(source.read())
    except OSError as exc:
        print(f"atout puzzles check: {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except puzzles.PuzzleError as exc:
        print(f"atout puzzles check: {exc}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    failed = 0
    for puzzle in found:
        problems = puzzles.check_puzzle(puzzle)
        if problems:
            failed += 1
            print(f"puzzle {puzzle.id} ({puzzle.game}): {'; '.join(problems)}")
    print(f"{len(found) - failed} of {len(found)} puzzles hold, solved again in "
          f"{time.perf_counter() - started:.1f} s")
    return 1 if failed else 0


def _serve(args: argparse.Namespace) -> int:
    from pathlib import Path

    from atout.site import base_url_of, serve

    if args.pool is not None and not 0 <= args.pool <= 200:
        print(f"atout serve: --pool is a number of kernels from 0 to 200, not {args.pool}", file=sys.stderr)
        return 2
    try:
        base_url = base_url_of(args.base_url)
    except ValueError as exc:
        print(f"atout serve: --base-url: {exc}", file=sys.stderr)
        return 2
    try:
        guard = _guard_environment(args)
    except ValueError as exc:
        print(f"atout serve: {exc}", file=sys.stderr)
        return 2
    return serve(args.port, args.ip, [Path(folder) for folder in args.lessons], pool=args.pool, base_url=base_url,
                 log_level=args.log_level, options=args.options, environment=guard)


def _guard_options(serve: argparse.ArgumentParser) -> None:
    """``atout serve``'s options for a shared server (``atout.live.teachers``, ``atout.server_guard``)."""
    serve.add_argument("--teacher-passcode-file", metavar="FILE", default=None,
                       help="starting a class asks for the passcode written on the first line of FILE (at least 8 "
                            "characters; or $ATOUT_TEACHER_PASSCODE_FILE); students still join with a code and a name")
    serve.add_argument("--teacher-group", metavar="GROUP", default=None,
                       help="under JupyterHub: the hub group whose users start classes (or $ATOUT_TEACHER_GROUP)")
    serve.add_argument("--kernels-per-client", metavar="N", type=int, default=None,
                       help="how many pages one network address may have open at once (default 150; 0: no cap; or "
                            "$ATOUT_KERNELS_PER_CLIENT)")
    serve.add_argument("--behind-proxy", action="store_true",
                       help="the site is reached through a reverse proxy (nginx, JupyterHub's): each visitor's "
                            "address is the one the proxy adds to X-Forwarded-For (or $ATOUT_BEHIND_PROXY=1)")


def _guard_environment(args: argparse.Namespace) -> dict[str, str | None]:
    """What ``_guard_options`` asked for, as the server's environment (which its kernels inherit): the passcode file
    read now and only its hash passed on, never the passcode nor the file's name. Each setting is said on the
    terminal; ``ValueError`` for one that cannot be used."""
    from atout.errors import ConfigError
    from atout.live.teachers import (
        PASSCODE_FILE_ENV,
        PASSCODE_HASH_ENV,
        TEACHER_GROUP_ENV,
        file_readable_by_others,
        hash_passcode,
        read_passcode_file,
    )
    from atout.server_guard import BEHIND_PROXY_ENV, KERNELS_PER_CLIENT_ENV, kernels_per_client

    env: dict[str, str | None] = {}
    passcode_file = args.teacher_passcode_file or os.environ.get(PASSCODE_FILE_ENV)
    if passcode_file:
        try:
            passcode = read_passcode_file(passcode_file)
        except ConfigError as exc:
            raise ValueError(str(exc)) from None
        env[PASSCODE_HASH_ENV], env[PASSCODE_FILE_ENV] = hash_passcode(passcode), None
        print(f"Starting a class asks for the teacher passcode in {passcode_file}", flush=True)
        if file_readable_by_others(passcode_file):
            print(f"atout serve: other users of this machine may read {passcode_file}: chmod 600 {passcode_file}",
                  file=sys.stderr, flush=True)
    if args.teacher_group:
        env[TEACHER_GROUP_ENV] = args.teacher_group
    if args.kernels_per_client is not None:
        if args.kernels_per_client < 0:
            raise ValueError(f"--kernels-per-client is a number of pages from 0 (0: no cap), not "
                             f"{args.kernels_per_client}")
        env[KERNELS_PER_CLIENT_ENV] = str(args.kernels_per_client)
    cap = kernels_per_client({**os.environ, **{k: v for k, v in env.items() if v is not None}})
    if args.behind_proxy:
        env[BEHIND_PROXY_ENV] = "1"
    print(f"At most {cap} pages open at once per network address" if cap else
          "No cap on the pages open at once per network address", flush=True)
    return env


# An option of Voilà's or Jupyter Server's own, passed on as it is: --Class.trait=value.
TRAIT_OPTION = re.compile(r"--[A-Za-z_]\w*(\.[A-Za-z_]\w*)+=.*", re.DOTALL)


def _catalogue(args: argparse.Namespace) -> int:
    from pathlib import Path

    from atout import catalogue

    built = catalogue.build(range(args.seeds))
    Path(args.output).write_text(catalogue.markdown(built), encoding="utf-8")
    missing = catalogue.unreached(built)
    print(f"{args.output}: {len(built.templates)} templates, {len(built.sentences)} sentences; "
          f"{len(missing)} templates reached by no case")
    for template in missing:
        print(f"  {template.where}: {template.msgid!r}")
    return 1 if missing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="atout", description="Atout: learn trick-taking card games.")
    parser.add_argument("--version", action="version", version=f"atout {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="start the tutorial site (Voilà) and print its address")
    serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8866)),
                       help="the port to listen on (default 8866, or $PORT)")
    serve.add_argument("--ip", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--lessons", action="append", default=[], metavar="DIR",
                       help="a folder of your own lessons (<family>/<name>.toml) to serve beside Atout's; "
                            "may be given more than once")
    serve.add_argument("--pool", type=int, default=None, metavar="N",
                       help="kernels started ahead, for each of the pages a class opens at once (the course and the "
                            "classroom; default 1): a class of 30 arriving together is served at once with --pool 30, "
                            "at about 45 MB of memory for each kernel waiting")
    serve.add_argument("--base-url", default="/", metavar="PATH",
                       help="the path the site is served under (default /), e.g. /atout/ behind a proxy or as a "
                            "JupyterHub service")
    serve.add_argument("--log-level", default=None, choices=["DEBUG", "INFO", "WARN", "ERROR", "CRITICAL"],
                       help="how much the server logs (default INFO)")
    _guard_options(serve)
    serve.set_defaults(func=_serve)
    serve.epilog = ("Settings are read from voila.json (or voila.py) in the working folder, then in the standard "
                    "Jupyter configuration folders (jupyter --paths), then Atout's own; any option of Voilà or "
                    "Jupyter Server may be added as --Class.trait=value, e.g. "
                    "--MappingKernelManager.cull_idle_timeout=600.")
    judge = sub.add_parser("judge", help="answer referee queries: one JSON object per line on standard input")
    judge.set_defaults(func=_judge)
    from atout.analyse import FORMAT

    analyse = sub.add_parser("analyse", help="analyse many positions at once: one per line (the short form) or "
                                             "separated by blank lines; one JSON line out for each",
                             epilog=FORMAT, formatter_class=argparse.RawDescriptionHelpFormatter)
    analyse.add_argument("file", nargs="?", default=None,
                         help="the positions (default, or -: standard input), in the format below")
    analyse.add_argument("--table", action="store_true",
                         help="add the double-dummy table of each dealt hand and, where the game has bids, its par")
    analyse.add_argument("--budget", type=float, default=None, metavar="S",
                         help="seconds for each position's solve (default: until every value is proven)")
    analyse.set_defaults(func=_analyse)
    bench = sub.add_parser("bench", help="measure speed (prints figures; --json for machines)")
    bench.add_argument("what", choices=["engine", "solver", "class", "class-start", "review", "referee",
                                        "whole-hand"],
                       help="engine: random hands a second; solver: time to solve a deal; "
                            "class: a live class's answer → projector latency and memory per student; "
                            "class-start: a class's pages opened at once against one server, time to ready, CPU "
                            "and memory per page; "
                            "review: how far the review of a learner's calls runs past its budget; "
                            "referee: atout judge's time over its worst line, of each kind of hostile line; "
                            "whole-hand: the search of a whole hand with every hidden card known, where a game's "
                            "solver has one (Sixty-Six's open stock), from the deal and later leads, time per deal "
                            "(the site's pages in Chromium: make bench-site, from a checkout)")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument("--seconds", type=float, default=None,
                       help="time per measurement (defaults: engine 2, solver 10; review: the review's budget, 1; "
                            "whole-hand: each search's limit, none by default)")
    bench.add_argument("--games", nargs="*", default=None, help="only these presets")
    bench.add_argument("--positions", type=int, default=None,
                       help="solver: how many positions per preset, instead of --seconds (the same deals however "
                            "loaded the machine); whole-hand: how many deals (default 10)")
    bench.add_argument("--students", type=int, default=30, help="class: how many student sessions (default 30)")
    bench.add_argument("--pages", type=int, default=30,
                       help="class-start: how many pages open at once (default 30, course and classroom)")
    bench.add_argument("--spread", type=float, default=10.0,
                       help="class-start: the seconds over which the pages are opened (default 10)")
    bench.add_argument("--pool", type=int, default=None,
                       help="class-start: the server's kernels started ahead per page a class opens (atout serve "
                            "--pool; default: voila.json's)")
    bench.add_argument("--rounds", type=int, default=1,
                       help="class-start: how many classes arrive one after the other (default 1); from 2, the "
                            "server's memory is read before the first and after each, once its pages have closed")
    bench.add_argument("--store", choices=["sqlite", "postgresql", "both"], default="both",
                       help="class: which store back-end (default both; PostgreSQL at ATOUT_DATABASE_URL, else a "
                            "throwaway server)")
    bench.set_defaults(func=_bench)
    lessons = sub.add_parser("lessons", help="check the lesson files (schema, translations, rule ids, questions)")
    lessons.add_argument("action", choices=["check"])
    lessons.add_argument("--language", choices=list(LANGUAGES[1:]),
                         help="also list the texts not yet translated into this language (shown in English meanwhile)")
    lessons.add_argument("--folder", default=None,
                         help="a lessons folder (default: Atout's own lessons, and those in $ATOUT_LESSONS)")
    lessons.set_defaults(func=_lessons)
    from atout import puzzles as puzzles_module

    puzzles = sub.add_parser("puzzles", help="make puzzles from the solver (build), or solve a set again (check)")
    puzzles.add_argument("action", choices=["build", "check"],
                         help="build: club players play hands of every game, the solver finds the positions where "
                              "one action alone keeps the best result; check: solve each puzzle again")
    puzzles.add_argument("file", nargs="?", default=None,
                         help="check: the puzzles to check (default: Atout's own)")
    puzzles.add_argument("--count", type=int, default=250, help="build: how many puzzles, shared among the games")
    puzzles.add_argument("--seed", type=int, default=0, help="build: the same seed makes the same puzzles (0)")
    puzzles.add_argument("--games", nargs="*", default=None, help="build: only these presets (default: every game)")
    puzzles.add_argument("--out", default=None, help="build: the file to write (default: standard output)")
    puzzles.add_argument("--hands-each", type=int, default=puzzles_module.HANDS_EACH,
                         help="build: hands holding a puzzle played for each puzzle kept (the better ones are kept: "
                              "a theme first; default %(default)s)")
    puzzles.set_defaults(func=_puzzles)
    cat = sub.add_parser("catalogue", help="write every sentence of core, with the cases that produce it, in "
                                           "English and French, as Markdown for a reviewer")
    cat.add_argument("--output", "-o", default="catalogue.md", help="the Markdown file to write (catalogue.md)")
    cat.add_argument("--seeds", type=int, default=40, help="how many seeded hands of each game to play (40)")
    cat.set_defaults(func=_catalogue)
    args, unknown = parser.parse_known_args(argv)
    if args.command == "serve":
        passed = [option for option in unknown if TRAIT_OPTION.fullmatch(option)]
        unknown = [option for option in unknown if option not in passed]
        args.options = passed
    if unknown:
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
