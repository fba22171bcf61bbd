#!/usr/bin/env sh
# Installs napkin's Xcode file templates: copies Templates/napkin into Xcode's user templates,
# "~/Library/Developer/Xcode/Templates/File Templates/napkin", where File > New > File… shows
# them under "napkin". Safe to re-run: it replaces the napkin folder it installed, nothing else.
#
# usage: Templates/install.sh [--dest DIR] [--uninstall]
#   --dest DIR    install into DIR/napkin instead (CI, tests, or another Xcode's templates)
#   --uninstall   remove DIR/napkin instead of installing
set -eu

SCRIPT_DIR=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
SOURCE="$SCRIPT_DIR/napkin"
DEST="$HOME/Library/Developer/Xcode/Templates/File Templates"
UNINSTALL=0

while [ $# -gt 0 ]; do
  case "$1" in
    --dest)
      [ $# -ge 2 ] || { echo "install.sh: --dest needs a directory" >&2; exit 2; }
      DEST=$2
      shift 2
      ;;
    --uninstall)
      UNINSTALL=1
      shift
      ;;
    -h | --help)
      sed -n '2,9p' "$0"
      exit 0
      ;;
    *)
      echo "install.sh: unknown option $1 (usage: install.sh [--dest DIR] [--uninstall])" >&2
      exit 2
      ;;
  esac
done

TARGET="$DEST/napkin"

if [ "$UNINSTALL" -eq 1 ]; then
  if [ -d "$TARGET" ]; then
    rm -rf "$TARGET"
    echo "Removed the napkin templates from $TARGET"
  else
    echo "No napkin templates in $TARGET: nothing to remove"
  fi
  exit 0
fi

if [ ! -d "$SOURCE" ]; then
  echo "install.sh: no templates at $SOURCE; run it from a checkout of napkin" >&2
  exit 1
fi

mkdir -p "$DEST"
# Copy into a fresh folder beside the target, then swap: a failed copy leaves the installed
# templates as they were. -L: a variant's shared files are symbolic links in the repository,
# real files once installed.
STAGING="$DEST/.napkin-installing.$$"
rm -rf "$STAGING"
trap 'rm -rf "$STAGING"' EXIT
cp -RL "$SOURCE" "$STAGING"
find "$STAGING" \( -name '.DS_Store' -o -name '* 2.*' \) -exec rm -f {} +
rm -rf "$TARGET"
mv "$STAGING" "$TARGET"
trap - EXIT

count=$(find "$TARGET" -maxdepth 1 -name '*.xctemplate' | wc -l | tr -d ' ')
echo "Installed $count napkin templates into $TARGET"
echo "In Xcode: File > New > File…, then the napkin section."
