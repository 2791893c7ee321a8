#!/bin/sh
# The Explorer's screenshots in docs/ (explorer.png, explorer-options.png):
# the WEKA package written and installed into a fresh WEKA_HOME by WEKA's
# package manager, then the Explorer run under Xvfb by ExplorerScreenshot.java.
# Needs xvfb-run (apt-get install -y xvfb) and the package's Python install.
set -eu
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lib=$(python -c "from weka_ranking import jvm; print(jvm.weka_lib_dir())")
cp="$lib/weka.jar"
weka-ranking weka-package --out "$work"
export WEKA_HOME="$work/weka_home"
java --add-opens java.base/java.lang=ALL-UNNAMED -Djava.awt.headless=true -cp "$cp" \
  weka.core.WekaPackageManager -offline -install-package "$work"/*.zip
javac --release 11 -nowarn -cp "$cp" -d "$work/classes" docs/tools/ExplorerScreenshot.java
xvfb-run -a -s "-screen 0 1280x900x24" java --add-opens java.base/java.lang=ALL-UNNAMED \
  -cp "$cp:$work/classes" weka.gui.explorer.ExplorerScreenshot \
  arff_data/breast-cancer.arff docs/explorer.png docs/explorer-options.png
