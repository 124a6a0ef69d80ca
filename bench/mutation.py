"""Mutation score of the rules modules, per module (mutmut 3).

    python bench/mutation.py                      # every group of rules modules, every mutant
    python bench/mutation.py selection seasonal   # some groups (selection, replacements, seasonal, engine)
    python bench/mutation.py --sample 40          # 40 mutants of each module, drawn with a fixed seed
    python bench/mutation.py --sample 40 --seed 1 # another 40 (tests written against one sample, measured on another)
    python bench/mutation.py --retest             # run the survivors of the last run again (after new tests)
    python bench/mutation.py --retest --sample 40 --seed 1   # and the sampled mutants a stopped run left
    python bench/mutation.py --report             # print the table of the last run only

Needs mutmut (``pip install "mutmut>=3.8"``). Not part of ``.ci/run``: every mutant of every
group (about 7,700) takes several hours on two cores, ``--sample 40`` about 40 minutes. The work happens in ``build/mutation/`` (git-ignored): a copy of
the repository laid out as an installable package (``aeref/model``, ``aeref/solver``,
``aeref/cli``), because mutmut 3 imports the mutated code from its ``mutants/`` folder,
and the repository maps ``model/`` to ``aeref.model`` only through the installed package.

mutmut runs each mutant against the tests that executed the mutated function (it records
them in a first, clean run), in the ``mutation`` hypothesis profile (``tests/support/profiles.py``:
the CI examples, a failure not shrunk). The test selection leaves out the tests that only
start processes (``package/test_imports``, ``package/test_package``: they would run the original code) and
the slow fuzz tests of bad input (``files/test_fuzz``), which test no rule.

The score of a module is killed / (mutants - skipped); a timeout counts as killed (the
mutant made a test run away), "no tests" and "suspicious" as survivors. The table is printed
as Markdown for the README; every survivor's diff is written to
``build/mutation/survivors/<module>.txt``.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "mutation"

#: Tests every group runs (paths under tests/): the files that hold the worked examples found by the mutation
#: runs, the golden rulings (every command's whole output on a corpus, and validate's answer to damaged files),
#: bad input, the turn.
COMMON = ["rules/test_1_1_3_selection.py", "rules/test_1_1_3_1_requirements.py", "rules/test_1_1_1_procedure.py",
          "rules/test_1_1_2_drm.py", "rules/test_1_2_1_supply.py", "rules/test_1_3_2_received.py",
          "rules/test_1_3_3_taking.py", "rules/test_1_3_4_locations.py", "rules/test_9_stacking.py",
          "rules/test_12_war_state.py", "rules/test_12_per_map.py", "rules/test_interpretations.py",
          "files/test_allocation.py", "files/test_card_requirements.py", "files/test_state_sections.py",
          "files/test_vocabulary.py", "files/test_bad_input.py", "files/test_mistakes.py", "files/test_consistency.py",
          "commands/test_turn.py", "commands/test_show.py", "engine/test_limits.py", "package/test_golden.py",
          "package/test_readme.py"]

#: Groups of rules modules and the tests run against their mutants: the tests of the rules the modules
#: decide (mutmut runs, of those, the ones that executed the mutated function). The model modules every
#: command reads go with the rules that read them most. Not mutated: the modules that read and write files
#: and know no rule (model/atomic, base, decks, errors, map_file, names, position, schema, schema_models,
#: seasonal, state_file, wording, write, yamlio) - their errors are checked by the golden bad-input tests.
GROUPS = {
    "selection": (["solver/selection/rules.py", "solver/selection/requirements.py", "model/game/requirements.py", "model/game/cards.py",
                   "model/game/calendar.py", "model/game/vocabulary.py"],
                  ["rules/test_1_1_3_selection.py", "rules/test_1_1_3_oracle.py", "commands/test_why.py", "rules/test_1_1_1_set_aside.py",
                   "rules/test_12_per_map.py", "commands/test_cli.py", "engine/test_choices.py", "engine/test_generated_hands.py",
                   # the model modules of this group (vocabulary, calendar) serve the replacement rules too
                   "rules/test_1_3_examples.py", "rules/test_1_3_2_received.py", "commands/test_replacements.py", *COMMON]),
    "replacements": (["solver/replacements/received.py", "solver/replacements/taking.py",
                      "solver/replacements/locations.py", "solver/replacements/rules.py", "solver/replacements/lost.py",
                      "solver/replacements/ruling.py", "solver/replacements/allocation.py", "model/game/board.py", "model/game/countries.py", "model/game/markers.py",
                      "model/files/allocation.py", "model/game/replacements.py"],
                     ["rules/test_1_3_examples.py", "rules/test_1_3_2_received.py", "commands/test_replacements.py",
                      "rules/test_1_3_oracle.py", "rules/test_1_3_3_2_airborne.py", "rules/test_1_3_4_locations.py",
                      "rules/test_12_per_map.py", "rules/test_1_2_logistics.py", "rules/test_1_2_1_us_supply.py", "engine/test_limits.py", *COMMON]),
    "seasonal": (["solver/option_cards/procedure.py", "solver/war_state.py", "solver/option_cards/drm.py", "solver/logistics.py", "solver/option_cards/turn.py",
                  "model/files/consistency.py", "model/game/interpretations.py"],
                 ["rules/test_1_1_1_procedure.py", "rules/test_12_war_state.py", "rules/test_12_3_optional_steps.py", "rules/test_1_1_2_drm.py",
                  "rules/test_1_2_logistics.py", "rules/test_1_2_1_us_supply.py", "rules/test_12_per_map.py", "commands/test_cli.py", "rules/test_1_1_1_set_aside.py",
                  *COMMON]),
    # the constraint engine, the solver and the optimiser
    "engine": (["solver/selection/choices.py", "solver/engine/compiler.py", "solver/engine/counts.py", "solver/engine/groups.py",
                "solver/engine/core.py", "solver/engine/runner.py", "solver/engine/constraints.py", "solver/engine/limits.py",
                "solver/replacements/optimise.py", "solver/replacements/greedy.py", "solver/replacements/context.py",
                "solver/replacements/segment.py", "solver/engine/registry.py"],
               ["engine/test_choices.py", "engine/test_constraints.py", "engine/test_counts.py", "commands/test_why.py", "engine/test_limits.py",
                "rules/test_1_1_3_oracle.py", "rules/test_1_3_oracle.py", "rules/test_1_3_examples.py",
                "commands/test_replacements.py", "engine/test_generated_hands.py", "engine/test_progress.py",
                "engine/test_cpsat_core.py", "engine/test_why_shrink.py", *COMMON]),
}
#: The default run: every group.
STABLE = ("selection", "replacements", "seasonal", "engine")

#: The package folders as the repository lays them out.
PACKAGES = {"model": "aeref/model", "solver": "aeref/solver", "cli": "aeref/cli"}
#: Files the tests read.
DATA = ["examples", "README.md", "docs", "schema", "bench"]

STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 35: "suspicious",
          36: "timeout", 37: "caught by type check", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout",
          -11: "segfault", -9: "segfault", None: "not checked"}


def mutated_path(module: str) -> str:
    """``solver/option_cards/drm.py`` -> ``aeref/solver/drm.py`` (its place in the work copy)."""
    top, _, rest = module.partition("/")
    return f"{PACKAGES[top]}/{rest}"


def dotted(module: str) -> str:
    return mutated_path(module)[:-3].replace("/", ".")


def prepare(modules: list[str], tests: list[str], fresh: bool) -> None:
    """Lay out the work copy and its mutmut configuration; ``fresh`` starts from nothing."""
    if fresh and WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    pkg = WORK / "aeref"
    if pkg.exists():
        shutil.rmtree(pkg)
    shutil.copytree(ROOT / "aeref", pkg, ignore=ignore)
    for top, dest in PACKAGES.items():
        shutil.copytree(ROOT / top, WORK / dest, ignore=ignore)
    for name in DATA:
        src, dst = ROOT / name, WORK / name
        if dst.is_dir():
            shutil.rmtree(dst)
        (shutil.copytree(src, dst, ignore=ignore) if src.is_dir() else shutil.copy2(src, dst))
    copied = WORK / "tests"
    if copied.exists():
        shutil.rmtree(copied)
    shutil.copytree(ROOT / "tests", copied, ignore=ignore)
    selection = sorted({f"tests/{t}" for t in tests if (ROOT / "tests" / t).exists()})
    only = ", ".join(f'"{mutated_path(m)}"' for m in modules)
    sel = ", ".join(f'"{t}"' for t in selection)
    also = ", ".join(f'"{d}"' for d in DATA)
    (WORK / "pyproject.toml").write_text(f"""# written by bench/mutation.py
[tool.mutmut]
source_paths = ["aeref"]
only_mutate = [{only}]
also_copy = [{also}]
pytest_add_cli_args = ["-p", "no:cacheprovider", "--hypothesis-profile=mutation", "-W", "ignore"]
pytest_add_cli_args_test_selection = [{sel}]
use_git_change_detection = false

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-q --import-mode=importlib"
""")


def mutmut(*args: str, quiet: bool = False) -> int:
    """Run mutmut in the work copy (``quiet``: its output is not shown)."""
    exe = Path(sys.executable).with_name("mutmut")
    cmd = [str(exe) if exe.exists() else "mutmut", *args]
    env = {k: v for k, v in os.environ.items() if k != "AEREF_HYPOTHESIS_PROFILE"}
    out = subprocess.DEVNULL if quiet else None
    return subprocess.call(cmd, cwd=WORK, env=env, stdout=out, stderr=out)


def results(modules: list[str]) -> dict:
    """``{module: {mutant name: status}}`` from mutmut's records of the last run."""
    out = {}
    for m in modules:
        meta = WORK / "mutants" / (mutated_path(m) + ".meta")
        if not meta.exists():
            continue
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        out[m] = {k: STATUS.get(v, "suspicious") for k, v in codes.items()}
    return out


def table(res: dict) -> str:
    """The Markdown table of ``res``; a module whose mutants were sampled (``--sample``) counts the mutants
    tested ("not checked" ones are left out) and says how many it has in all."""
    rows = ["| module | mutants tested | killed | timeout | survived | no tests | score |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    tot = {"n": 0, "k": 0, "t": 0, "s": 0, "x": 0}
    for m, st in res.items():
        every = list(st.values())
        vals = [v for v in every if v != "not checked"]
        if not vals:
            continue
        n = len([v for v in vals if v != "skipped"])
        k, t = vals.count("killed"), vals.count("timeout")
        s = len([v for v in vals if v in ("survived", "suspicious", "segfault")])
        x = vals.count("no tests")
        score = (k + t) / n if n else 1.0
        shown = f"{n}" if len(vals) == len(every) else f"{n} of {len([v for v in every if v != 'skipped'])}"
        rows.append(f"| `{m}` | {shown} | {k} | {t} | {s} | {x} | {score:.0%} |")
        for key, v in zip("nktsx", (n, k, t, s, x)):
            tot[key] += v
    if tot["n"]:
        rows.append(f"| all | {tot['n']} | {tot['k']} | {tot['t']} | {tot['s']} | {tot['x']} | {(tot['k'] + tot['t']) / tot['n']:.0%} |")
    return "\n".join(rows)


_DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import find_mutant, get_diff_for_mutant
out = {}
for name in json.load(sys.stdin):
    try:
        out[name] = get_diff_for_mutant(name, path=find_mutant(name).path)
    except Exception as exc:  # a mutant mutmut cannot show: say so
        out[name] = f"(no diff: {exc})"
print(json.dumps(out))
"""


#: Statuses whose mutants are not survivors (a sampled run leaves most mutants "not checked").
_NOT_SHOWN = ("killed", "timeout", "skipped", "not checked")


def write_survivors(res: dict) -> None:
    """Every survivor's diff, per module, in ``WORK/survivors/<module>.txt`` (one mutmut process for all)."""
    out = WORK / "survivors"
    out.mkdir(exist_ok=True)
    names = sorted(k for st in res.values() for k, v in st.items() if v not in _NOT_SHOWN)
    diffs = {}
    if names:
        p = subprocess.run([sys.executable, "-c", _DIFFS], cwd=WORK, input=json.dumps(names), capture_output=True, text=True)
        diffs = json.loads(p.stdout) if p.returncode == 0 and p.stdout.strip() else {}
    for m, st in res.items():
        text = [f"# {k}: {st[k]}\n{diffs.get(k, '')}\n" for k in sorted(st) if st[k] not in _NOT_SHOWN]
        (out / (m.replace("/", ".") + ".txt")).write_text("\n".join(text))


#: A mutant name no mutant has: ``mutmut run`` with it generates the mutants and records which tests run
#: each function, then stops (nothing to test) - the list of names :func:`sampled` draws from.
_NONE = "aeref.no_such_module.x_none__mutmut_0"


def sampled(modules: list[str], n: int, seed: int = 0) -> list[str]:
    """``n`` mutants of each module (all when it has fewer), drawn with the fixed ``seed`` from the last
    generation (another seed: another sample, to measure tests written against the first one)."""
    import random
    rng = random.Random(seed)
    out = []
    for m, st in results(modules).items():
        names = sorted(st)
        out += names if len(names) <= n else sorted(rng.sample(names, n))
    return out


def run_group(name: str, jobs: int, retest: bool, report: bool, sample: int = 0, seed: int = 0) -> dict:
    """Run (or read) the mutation testing of one group in ``WORK / name``; returns its results."""
    global WORK
    base = WORK
    WORK = base / name
    try:
        modules, tests = GROUPS[name]
        if not report:
            if retest and (WORK / "mutants").exists():
                # the survivors, and (with --sample, the same N and seed) the sampled mutants a stopped run left
                again = [k for st in results(modules).values() for k, v in st.items() if v not in _NOT_SHOWN]
                if sample:
                    status = {k: v for st in results(modules).values() for k, v in st.items()}
                    again += [k for k in sampled(modules, sample, seed) if status.get(k) == "not checked"]
                prepare(modules, tests, fresh=False)
                if again:
                    mutmut("run", "--max-children", str(jobs), *again)
            elif sample:
                prepare(modules, tests, fresh=True)
                mutmut("run", "--max-children", str(jobs), _NONE, quiet=True)   # generate and record only
                # (mutmut then stops on "nothing matches": the expected end of this step)
                picked = sampled(modules, sample, seed)
                if picked:
                    mutmut("run", "--max-children", str(jobs), *picked)
            else:
                prepare(modules, tests, fresh=True)
                mutmut("run", "--max-children", str(jobs))
        res = results(modules)
        write_survivors(res)
        return res
    finally:
        WORK = base


def main(argv=None) -> int:
    global WORK
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("groups", nargs="*", help=f"groups to run ({', '.join(GROUPS)}; default: {', '.join(STABLE)})")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="mutants tested at once")
    ap.add_argument("--retest", action="store_true", help="keep the last run; test its survivors again (after new tests)")
    ap.add_argument("--report", action="store_true", help="only print the table of the last run")
    ap.add_argument("--sample", type=int, default=0, metavar="N",
                    help="test N mutants of each module, drawn with a fixed seed (0: every mutant)")
    ap.add_argument("--seed", type=int, default=0, help="the seed of --sample's draw (default 0)")
    ap.add_argument("--work", type=Path, default=WORK, help=f"work folder (default {WORK.relative_to(ROOT)})")
    a = ap.parse_args(argv)
    WORK = a.work.resolve()
    for g in a.groups:
        if g not in GROUPS:
            ap.error(f"no group {g} (groups: {', '.join(GROUPS)})")
    res = {}
    for g in a.groups or STABLE:
        res.update(run_group(g, a.jobs, a.retest, a.report, a.sample, a.seed))
    print(table(dict(sorted(res.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
