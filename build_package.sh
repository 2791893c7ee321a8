#!/bin/sh
# build_package.sh: the WEKA package ZIP without Ant, the same bytes as
#   ant -f build_package.xml make_package
# (see that file): a JDK 11 or newer (javac, java) and weka.jar, nothing else.
#
#   sh build_package.sh [path/to/weka.jar]
#
# weka.jar defaults to $WEKA_JAR, else lib/weka.jar. Writes
# dist/weka-ranking-<version>.zip; install it with
#   java --add-opens java.base/java.lang=ALL-UNNAMED -cp weka.jar weka.core.WekaPackageManager -offline -install-package dist/weka-ranking-<version>.zip
set -eu
cd "$(dirname "$0")"

weka_jar=${1:-${WEKA_JAR:-lib/weka.jar}}
if [ ! -f "$weka_jar" ]; then
  echo "weka.jar not found at $weka_jar: copy WEKA's weka.jar (3.9.7 or newer 3.9) to lib/, or give its path: sh build_package.sh /path/to/weka.jar" >&2
  exit 1
fi
javac=${JAVA_HOME:+$JAVA_HOME/bin/}javac
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
package=weka-ranking
# The version: weka_ranking/version.py's __version__, the one place it is said.
version=$(sed -n "s/^__version__[[:space:]]*=[[:space:]]*[\"']\([^\"']*\)[\"'].*/\1/p" weka_ranking/version.py)
[ -n "$version" ] || { echo "no __version__ in weka_ranking/version.py" >&2; exit 1; }
# The one timestamp, as build_package.xml and _javabuild.source_date_epoch find it.
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
  epoch=$SOURCE_DATE_EPOCH
elif [ -e .git ] && epoch=$(git log -1 --format=%ct 2>/dev/null) && [ -n "$epoch" ]; then
  :
elif [ -f SOURCE_DATE_EPOCH ]; then
  epoch=$(cat SOURCE_DATE_EPOCH)
else
  epoch=newest:src
fi

build=build/weka-package
rm -rf "$build/classes" "$build/tools" "$build/$package.jar" "dist/$package-$version.zip"
mkdir -p "$build/classes" "$build/tools" dist
"$javac" --release 11 -encoding UTF-8 -d "$build/tools" tools/PackageZip.java
find src/weka -name '*.java' | LC_ALL=C sort > "$build/sources.txt"
"$javac" --release 11 -encoding UTF-8 -nowarn -d "$build/classes" -cp "$weka_jar" "@$build/sources.txt"
"$java" -cp "$build/tools" PackageZip jar "$build/$package.jar" "$epoch" "$build/classes"
"$java" -cp "$build/tools" PackageZip package "dist/$package-$version.zip" "$epoch" \
  "$version" "$build/$package.jar" weka-package src
echo "dist/$package-$version.zip (timestamp $epoch)"
