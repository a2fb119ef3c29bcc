#!/usr/bin/env bash
# docs/extending.md's five walk-throughs, done on a copy of the sources (issue 44 part 5): a parameter group, an
# application, an MPI backend, a scenario kind and a scheduler, each a toy from tests/extending/. For each, the
# files the copy's git sees touched must be exactly those the doc's "Files touched" line of that section lists.
# Then the copy is built (bcssim and the unit tests; ccache makes that a link when the sources' own build is
# cached, hence the copy inside the source tree: relative paths stay the same under CCACHE_BASEDIR) and each toy
# is run from the CLI.
# Usage: walkthroughs.sh SOURCE_DIR WORK_DIR   (WORK_DIR inside SOURCE_DIR, e.g. build/release/extending)
set -euo pipefail
src=$(cd "$1" && pwd)
work=$2
toys="$src/tests/extending"
doc="$src/docs/extending.md"
export CCACHE_BASEDIR="$src"

fail() { echo "walkthroughs: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/repo"
work=$(cd "$work" && pwd)
repo="$work/repo"
case "$repo" in "$src"/*) ;; *) fail "WORK_DIR must be inside SOURCE_DIR (ccache)";; esac

# The sources as committed or edited (results/ left out: 47 MB the toys do not need).
(cd "$src" && git ls-files -z --cached --others --exclude-standard | grep -zv '^results/' |
  while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done | xargs -0 cp --parents -t "$repo")
cd "$repo"
git init -q
git -c user.name=walkthrough -c user.email=walkthrough@localhost add -A
git -c user.name=walkthrough -c user.email=walkthrough@localhost commit -qm "the sources"

# LINE goes before the closing "  };" of FILE's registration list ("all = {" or "all{").
add_to_list() {
  awk -v line="$2" '/ all *= *\{| all\{/ {inlist = 1} inlist && /^  \};/ {print line; inlist = 0} {print}' "$1" \
    >"$1.new" && mv "$1.new" "$1"
  grep -qF -- "$2" "$1" || fail "$1: no registration list to add to"
}
# LINE goes before the first line of FILE that starts with PREFIX.
add_before() {
  awk -v prefix="$2" -v line="$3" '!done && index($0, prefix) == 1 {print line; done = 1} {print}' "$1" \
    >"$1.new" && mv "$1.new" "$1"
  grep -qF -- "$3" "$1" || fail "$1: no line starting with $2"
}

# The files a section of docs/extending.md says a walk-through touches, placeholders filled in.
doc_files() {
  local section=$1 name=$2 module=${3:-}
  awk -v s="## $section" '$0 == s {on = 1; next} on && /^## / {exit}
    on && /^\*\*Files touched\*\*/ {list = 1} list && /^$/ {exit} list' "$doc" |
    grep -o '`[^`]*`' | tr -d '`' | sed -e "s|<name>|$name|g" -e "s|<module>|$module|g" | sort
}

# Compares what the copy's git sees touched with the doc's list, then commits it.
check_touched() {
  local section=$1 expected actual
  expected=$(doc_files "$@")
  [ -n "$expected" ] || fail "docs/extending.md: section '$section' has no **Files touched** line"
  git add -A
  actual=$(git diff --cached --name-only | sort)
  if [ "$expected" != "$actual" ]; then
    echo "walkthroughs: '$section': docs/extending.md lists" >&2
    echo "$expected" >&2
    echo "but the walk-through touched" >&2
    echo "$actual" >&2
    exit 1
  fi
  git -c user.name=walkthrough -c user.email=walkthrough@localhost commit -qm "$section"
  echo "walkthroughs: '$section': $(echo "$actual" | wc -l) files, as the doc lists"
}

# A parameter group: beside its model (here the Elan3's params.*), registered by one line in the module's own
# CMakeLists.txt.
cat "$toys/toy_group/params.hpp.append" >>models/elan3/params.hpp
cat "$toys/toy_group/params.cpp.append" >>models/elan3/params.cpp
echo 'bcs_param_group(models/elan3/params.hpp "elan3::toy_params()")' >>models/elan3/CMakeLists.txt
check_touched "A parameter group" toy models/elan3

# An application: its folder, one line (and its include) in apps/registry.cpp.
cp -r "$toys/toy_app" apps/toy_app
add_before apps/registry.cpp '#include "base/registry.hpp"' '#include "apps/toy_app/app.hpp"'
add_to_list apps/registry.cpp '      toy_app::app(),'
check_touched "An application" toy_app

# An MPI backend: its folder, one line (and its include) in mpi/backends.cpp.
cp -r "$toys/toy_mpi" mpi/toy_mpi
add_before mpi/backends.cpp '#include "base/registry.hpp"' '#include "mpi/toy_mpi/backend.hpp"'
add_to_list mpi/backends.cpp '      toy_mpi::backend(),'
check_touched "An MPI backend" toy_mpi

# A scenario kind: its folder, one line (and its include) in sim/kinds/registry.cpp.
cp -r "$toys/toy_kind" sim/kinds/toy_kind
add_before sim/kinds/registry.cpp '#include "base/registry.hpp"' '#include "sim/kinds/toy_kind/kind.hpp"'
add_to_list sim/kinds/registry.cpp '      toy_kind_kind(),'
check_touched "A scenario kind" toy_kind

# A scheduler: its policy file, its factory declared, its entry in storm/algorithms.cpp.
cp "$toys/toy_local/toy_local.cpp" storm/policies/toy_local.cpp
add_before storm/policies/policies.hpp '} // namespace' 'std::unique_ptr<Policy> make_toy_local(const PolicySpec& spec);'
add_to_list storm/algorithms.cpp '      {"toy_local", "docs/extending.md'"'"'s example: local scheduling, no coordination", "scenario choice", MpiNeed::no_strobe, make_toy_local, "#17becf"},'
check_touched "A scheduler" toy_local

# Build what the checks below run.
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)" --target bcssim unit_tests >"$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log" >&2; fail "the copy with the five toys does not build (log: $work/build.log)"; }
bcssim="$repo/build/release/bcssim"
out="$work/out"

# Every toy's parameters are in the catalogue, with their docs.
params=$("$bcssim" params)
for p in platform.nic.toy.rate platform.nic.toy.lanes toy_app.work toy_app.rounds toy_kind.bytes; do
  grep -qx "$p" <<<"$params" || fail "bcssim params does not list $p"
done
# The group's rule is checked at validation, naming the parameter (exit 2).
set +e
msg=$("$bcssim" validate scenarios/default.json --set platform.nic.toy.lanes=0 2>&1)
code=$?
set -e
[ $code -eq 2 ] && grep -q "platform.nic.toy.lanes" <<<"$msg" ||
  fail "a broken rule of platform.nic.toy: exit $code, '$msg' (expected 2 naming platform.nic.toy.lanes)"

# The application on every backend, compared: three backends, two slowdowns per point; toy_mpi is the baseline's
# model under another name, so its time is the baseline's.
cat >"$work/toy-app.json" <<'EOF'
{"kind": "app", "app": {"name": "toy_app", "processes": 4}, "compare": true}
EOF
"$bcssim" run "$work/toy-app.json" --out "$out/toy-app" --quiet
[ "$(grep -c . "$out/toy-app/slowdowns.csv")" -eq 3 ] || fail "toy-app: slowdowns.csv should have 2 rows"
awk -F, '$3 == "toy_mpi" && $4 == $5 && $6 == 0 {ok = 1} END {exit !ok}' "$out/toy-app/slowdowns.csv" ||
  fail "toy-app: toy_mpi should take the baseline's time: $(cat "$out/toy-app/slowdowns.csv")"
awk -F, '$3 == "bcs" && $6 > 0 {ok = 1} END {exit !ok}' "$out/toy-app/slowdowns.csv" ||
  fail "toy-app: no slowdown of bcs: $(cat "$out/toy-app/slowdowns.csv")"
# The toy kind.
cat >"$work/toy-kind.json" <<'EOF'
{"kind": "toy_kind", "toy_kind": {"bytes": "1MiB"}}
EOF
"$bcssim" run "$work/toy-kind.json" --out "$out/toy-kind" --quiet
awk -F, 'NR == 2 && $1 == 1048576 && $2 > 0 {ok = 1} END {exit !ok}' "$out/toy-kind/runs.csv" ||
  fail "toy-kind: runs.csv is not one put of 1 MiB: $(cat "$out/toy-kind/runs.csv")"
# The scheduler, on the gang-scheduling example's jobs.
"$bcssim" run scenarios/scheduling/gs-example.json --set scheduler.algorithm=toy_local --out "$out/toy-local" --quiet
grep -q '"algorithm": "toy_local"' "$out/toy-local/summary.json" || fail "toy-local: not run under toy_local"

# The house rules hold with the toys in: no registered name compared outside its folder, no import loop.
"$repo/build/release/tests/unit_tests" -tc="*registered*,*imports*,*folders*" >"$work/unit.log" 2>&1 ||
  { cat "$work/unit.log" >&2; fail "the house rules fail with the toys in"; }
echo "walkthroughs: the five toys build, run and follow the house rules"
