#!/usr/bin/env bash
# tools/release.sh: make and check a release of weka-ranking (RELEASING.md).
#
#   tools/release.sh              a release: the tree committed, CHANGELOG.md
#                                 holding "## [<version>]" and an empty [Unreleased]
#   tools/release.sh --snapshot   the same artifacts and checks from any commit,
#                                 the tree and CHANGELOG.md not checked
#
# Makes, in dist/ (the version is weka_ranking/version.py's __version__):
#   weka-ranking-<version>.zip             the WEKA package (build_package.xml)
#   weka_ranking-<version>-py3-none-any.whl, weka_ranking-<version>.tar.gz
#                                          the Python package (python -m build)
#   SHA256SUMS                             sha256sum -c SHA256SUMS checks them
# and checks each:
#   the ZIP, installed by WEKA's package manager into a fresh WEKA_HOME, runs
#     one cross-validation through weka.Run on the data it installs;
#   the wheel, installed into a fresh venv with a Java runtime and no javac on
#     PATH, runs `weka-ranking cv breast-cancer --json --quiet`, and its
#     `weka-ranking weka-package` writes the very bytes of the release's ZIP;
#   the sdist, unpacked, builds the very bytes of the release's ZIP with
#     build_package.sh (its recorded date; no git, no Python).
# Needs what a maintainer's checkout has: the venv of README's setup (its
# python, python-weka-wrapper3's weka.jar, `build`), a JDK, git, and Ant (else
# build_package.sh makes the ZIP).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

snapshot=no
case "${1:-}" in
  --snapshot) snapshot=yes ;;
  "") ;;
  *) echo "usage: tools/release.sh [--snapshot]" >&2; exit 2 ;;
esac

PYTHON=${PYTHON:-$ROOT/.venv/bin/python}
[ -x "$PYTHON" ] || PYTHON=$(command -v python3)
version=$(sed -n "s/^__version__[[:space:]]*=[[:space:]]*[\"']\([^\"']*\)[\"'].*/\1/p" weka_ranking/version.py)
zip=weka-ranking-$version.zip
wheel=weka_ranking-$version-py3-none-any.whl
sdist=weka_ranking-$version.tar.gz

say() { printf '%s\n' "$*" >&2; }
fail() { say "release: $*"; exit 1; }
step_start=0
step() { step_start=$(date +%s); say "== $*"; }
done_step() { say "   ok ($(( $(date +%s) - step_start )) s)"; }

# -- what is released -------------------------------------------------------
step "weka-ranking $version (weka_ranking/version.py)"
if [ "$snapshot" = no ]; then
  [ -z "$(git status --porcelain)" ] || fail "the tree has uncommitted changes: commit them, or use --snapshot"
  grep -q "^## \[$version\]" CHANGELOG.md \
    || fail "CHANGELOG.md has no '## [$version]' section: rename [Unreleased] to it (RELEASING.md)"
  unreleased=$(awk '/^## \[Unreleased\]/{on=1; next} /^## \[/{on=0} on && NF' CHANGELOG.md)
  [ -z "$unreleased" ] || fail "CHANGELOG.md's [Unreleased] is not empty: move its entries under [$version]"
  if tagged=$(git rev-parse -q --verify "refs/tags/v$version^{commit}"); then
    [ "$tagged" = "$(git rev-parse HEAD)" ] || fail "v$version is already the tag of another commit: raise the version"
  fi
fi
# One timestamp for every artifact: the commit's date.
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)
export SOURCE_DATE_EPOCH
WEKA_JAR=${WEKA_JAR:-$("$PYTHON" -c "from weka_ranking import _javabuild; print(_javabuild.find_weka_jar() or '')")}
[ -f "$WEKA_JAR" ] || fail "weka.jar not found: set WEKA_JAR, or install the checkout (README)"
# WEKA's own jars, as WEKA's launcher puts them on the class path.
WEKA_CP=$("$PYTHON" -c "import os; from weka_ranking import jvm; print(os.pathsep.join(jvm.weka_classpath()))")
say "   commit $(git rev-parse --short HEAD), SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH, weka.jar $WEKA_JAR"
mkdir -p dist
rm -f "dist/$zip" "dist/$wheel" "dist/$sdist" dist/SHA256SUMS
work=$(mktemp -d "${TMPDIR:-/tmp}/weka-ranking-release.XXXXXX")
trap 'rm -rf "$work"' EXIT
done_step

# -- the WEKA package ---------------------------------------------------------
if command -v ant >/dev/null 2>&1; then
  step "the WEKA package: ant -f build_package.xml make_package"
  ant -q -f build_package.xml make_package "-Dweka.jar=$WEKA_JAR" >"$work/ant.log" 2>&1 \
    || { cat "$work/ant.log" >&2; fail "the Ant build failed"; }
else
  step "the WEKA package: sh build_package.sh (no Ant here)"
  sh build_package.sh "$WEKA_JAR" >"$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; fail "the package build failed"; }
fi
[ -f "dist/$zip" ] || fail "no dist/$zip"
done_step

# -- the Python package -------------------------------------------------------
step "the wheel and the sdist: python -m build"
# setuptools adds to the sdist every file a stale weka_ranking.egg-info's
# SOURCES.txt lists (an older build's, the studies' records among them): the
# sdist is MANIFEST.in's alone.
rm -rf weka_ranking.egg-info
env -u PYTHONDONTWRITEBYTECODE "$PYTHON" -m build --outdir dist . >"$work/build.log" 2>&1 \
  || { tail -40 "$work/build.log" >&2; fail "python -m build failed"; }
[ -f "dist/$wheel" ] && [ -f "dist/$sdist" ] || fail "python -m build made no $wheel or $sdist"
! tar -tzf "dist/$sdist" | grep -q "^weka_ranking-$version/docs/suite/" \
  || fail "the sdist holds the studies' records (docs/suite): MANIFEST.in says what it holds"
done_step

step "SHA256SUMS"
(cd dist && sha256sum "$zip" "$wheel" "$sdist" >SHA256SUMS)
done_step

# -- check the ZIP in WEKA --------------------------------------------------
step "check: WEKA's package manager installs the ZIP into a fresh WEKA_HOME; weka.Run runs it"
home=$work/weka_home
WEKA_HOME=$home java -cp "$WEKA_CP" weka.core.WekaPackageManager -offline \
  -install-package "dist/$zip" >"$work/install.log" 2>&1 \
  || { cat "$work/install.log" >&2; fail "WEKA's package manager refused the ZIP"; }
[ -f "$home/packages/weka-ranking/weka-ranking.jar" ] || fail "not installed under $home/packages"
(cd "$work" && WEKA_HOME=$home java --add-opens java.base/java.lang=ALL-UNNAMED \
  -Djava.awt.headless=true -cp "$WEKA_CP" weka.Run weka.classifiers.meta.RankingReduction \
  -t "$home/packages/weka-ranking/examples/breast-cancer.arff" -x 10 -s 1 \
  -P 2 -I 3 -S 1 -W weka.classifiers.trees.J48) >"$work/weka-run.txt" 2>&1 \
  || { tail -20 "$work/weka-run.txt" >&2; fail "weka.Run failed"; }
grep -q "=== Stratified cross-validation ===" "$work/weka-run.txt" \
  || { tail -20 "$work/weka-run.txt" >&2; fail "weka.Run printed no cross-validation"; }
say "   $(grep -m1 'Weighted Avg' "$work/weka-run.txt" | tr -s ' ')"
done_step

# -- check the wheel with a Java runtime only ---------------------------------
step "check: the wheel in a fresh venv, a Java runtime and no javac on PATH"
"$PYTHON" -m venv --without-pip "$work/venv"
"$PYTHON" -m pip --python "$work/venv/bin/python" install -q "dist/$wheel" >"$work/pip.log" 2>&1 \
  || { cat "$work/pip.log" >&2; fail "pip could not install the wheel"; }
mkdir "$work/java-only"
ln -s "$(readlink -f "$(command -v java)")" "$work/java-only/java"
java_only() {
  (cd "$work" && env -u JAVA_HOME -u VIRTUAL_ENV -u PYTHONPATH HOME="$work" \
    PATH="$work/venv/bin:$work/java-only" "$@")
}
! java_only /bin/sh -c 'command -v javac' >/dev/null 2>&1 || fail "javac is on the check's PATH"
java_only weka-ranking cv breast-cancer --json --quiet >"$work/cv.json" 2>"$work/cv.err" \
  || { cat "$work/cv.err" >&2; fail "weka-ranking cv failed with the wheel"; }
"$PYTHON" -c "import json,sys; r=json.load(open(sys.argv[1])); print('   pooled AUC', round(r['pooled_auc'], 4), 'over', len(r['fold_aucs']), 'folds')" "$work/cv.json" >&2
java_only weka-ranking weka-package --out "$work/from-wheel" >/dev/null 2>"$work/pkg.err" \
  || { cat "$work/pkg.err" >&2; fail "weka-ranking weka-package failed with the wheel"; }
cmp -s "$work/from-wheel/$zip" "dist/$zip" \
  || fail "the wheel's weka-ranking weka-package wrote a ZIP other than dist/$zip"
say "   the wheel's weka-ranking weka-package writes dist/$zip's very bytes"
done_step

step "check: the sdist, unpacked, builds the release's ZIP with build_package.sh (no git, no Python)"
mkdir "$work/sdist"
tar -xzf "dist/$sdist" -C "$work/sdist"
(cd "$work/sdist/weka_ranking-$version" && env -u SOURCE_DATE_EPOCH sh build_package.sh "$WEKA_JAR") \
  >"$work/sdist-build.log" 2>&1 || { cat "$work/sdist-build.log" >&2; fail "build_package.sh failed in the sdist"; }
cmp -s "$work/sdist/weka_ranking-$version/dist/$zip" "dist/$zip" \
  || fail "the sdist's build_package.sh wrote a ZIP other than dist/$zip"
say "   the sdist's build_package.sh writes dist/$zip's very bytes (its SOURCE_DATE_EPOCH file's date)"
done_step

say "== dist/"
(cd dist && for f in "$zip" "$wheel" "$sdist"; do
  printf '%9d  %s\n' "$(wc -c <"$f")" "$f"
done; cat SHA256SUMS) >&2
[ "$snapshot" = no ] || say "(--snapshot: not a release; the tree and CHANGELOG.md were not checked)"
