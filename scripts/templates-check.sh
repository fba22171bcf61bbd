#!/usr/bin/env bash
# templates-check: instantiates every napkin template and variant with sample names, expanding
# the macros as Xcode does (napkin-templates, the tool the new-napkin package command runs), into
# scratch packages under .build/templates-check, then builds them with warnings as errors, under
# the default isolation and with `.defaultIsolation(MainActor.self)` on the app and test targets:
#
#   Headless  the headless variants, on this package by path: built, and their tests run.
#   UIKit     the UIKit and SwiftUI variants (and a headless napkin in a UIKit app), on napkin
#             compiled against the UIKit and SwiftUI stand-ins (Tests/Fixtures/AppleStandIns):
#             built, tests included; never run.
#   AppKit    the AppKit variants, on napkin compiled against the AppKit stand-in: built.
#
#   ParentChild  a fresh package on napkin grown with the package command, as a user grows one:
#             `new-napkin Checkout`, then `new-napkin Cart --parent Checkout`, whose printed
#             changes to Checkout's files scripts/apply-wiring.py makes; in a target of either
#             default isolation: built, and their tests run.
#
# The files as created (and as wired) pass the package's own `swift format lint --strict`. Last,
# the command plugins' Xcode extensions (`#if canImport(XcodeProjectPlugin)`) are
# type-checked against a stand-in XcodeProjectPlugin module and the toolchain's PackagePlugin.
#
# usage: scripts/templates-check.sh [swift]
#   TEMPLATES_CHECK_DIR=<dir>  where the scratch packages go (default .build/templates-check)
#   SCRATCH_PATH=<dir>         the --scratch-path of this package's own build (default .build)
set -euo pipefail
SWIFT=${1:-swift}
ROOT=$(pwd)
CHECK=${TEMPLATES_CHECK_DIR:-$ROOT/.build/templates-check}
STANDINS=$ROOT/Tests/Fixtures/AppleStandIns
STRICT=(-Xswiftc -warnings-as-errors)
SCRATCH=()
[ -z "${SCRATCH_PATH:-}" ] || SCRATCH=(--scratch-path "$SCRATCH_PATH")

$SWIFT build --product napkin-templates "${STRICT[@]}" "${SCRATCH[@]}"
TOOL=$($SWIFT build --show-bin-path "${SCRATCH[@]}")/napkin-templates

# The templates as Templates/install.sh installs them for Xcode (twice: it is safe to re-run),
# which is where they are instantiated from: the installed copy is complete, links resolved.
INSTALLED=$CHECK/XcodeTemplates
Templates/install.sh --dest "$INSTALLED" >/dev/null
Templates/install.sh --dest "$INSTALLED"
if [ -n "$(find "$INSTALLED/napkin" -type l)" ]; then
  echo "templates-check: the installed templates hold symbolic links" >&2
  exit 1
fi

# render <template> <dir> [<option>=<value> ...]: as Xcode would, in a project named SampleApp.
render() {
  local template=$1 dir=$2
  shift 2
  local options=()
  for option in "$@"; do options+=(--option "$option"); done
  "$TOOL" render "$template" --templates "$INSTALLED/napkin" --output "$dir" --project SampleApp --user "napkin CI" \
    --organization "napkin" --date 1/1/26 --force "${options[@]}" >/dev/null
}

# app <package dir> <module> <variant of the Launch napkin, the napkin and the app entry>
#   [<extra napkin name>:<variant> | Launch/<extra Launch napkin name>:<variant> ...]: one app
#   module, the tests of its napkins beside it.
app() {
  local package=$1 module=$2 variant=$3
  shift 3
  local sources=$package/Sources/$module tests=$package/Tests/${module}Tests
  rm -rf "$sources" "$tests"
  render "Launch napkin" "$sources/Root" productName=Root variant="$variant"
  render "napkin" "$sources/Checkout" productName=Checkout variant="$variant"
  render "Component Extension" "$sources/Root" productName=Root childName=Checkout
  render "Service" "$sources/Services" productName=Checkout
  local entry=$variant
  [ "$entry" = UIKit ] || entry=Headless
  render "napkin App Entry" "$sources" productName=SampleApp launchName=Root variant="$entry"
  render "napkin Unit Tests" "$tests" productName=Checkout moduleName="$module"
  for extra in "$@"; do
    local name=${extra%%:*}
    case "$name" in
      Launch/*)
        name=${name#Launch/}
        render "Launch napkin" "$sources/$name" productName="$name" variant="${extra##*:}"
        ;;
      *)
        render "napkin" "$sources/$name" productName="$name" variant="${extra##*:}"
        render "napkin Unit Tests" "$tests" productName="$name" moduleName="$module"
        ;;
    esac
  done
}

# manifest <package dir> <dependencies> <napkin product's package> [<stand-in products>]
manifest() {
  local package=$1 dependencies=$2 napkin=$3 standins=${4:-}
  cat >"$package/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
// Written by scripts/templates-check.sh: an app made only of the templates' files.
import PackageDescription

let settings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]
let mainActor = settings + [.defaultIsolation(MainActor.self)]
let napkin: [Target.Dependency] = [.product(name: "napkin", package: "$napkin")$standins]
let testing: [Target.Dependency] = [.product(name: "NapkinTesting", package: "$napkin")]

let package = Package(
  name: "TemplatesCheck",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [$dependencies],
  targets: [
    .executableTarget(name: "SampleApp", dependencies: napkin, swiftSettings: settings),
    .testTarget(
      name: "SampleAppTests", dependencies: ["SampleApp"] + testing, swiftSettings: settings),
    .executableTarget(name: "MainActorApp", dependencies: napkin, swiftSettings: mainActor),
    .testTarget(
      name: "MainActorAppTests", dependencies: ["MainActorApp"] + testing,
      swiftSettings: mainActor),
  ]
)
MANIFEST
}

# check <package dir> <run tests: yes|no>
check() {
  local package=$1 run=$2
  echo "templates-check: building ${package#"$ROOT"/}"
  (cd "$package" && $SWIFT build --build-tests "${STRICT[@]}" --scratch-path "$package/.scratch")
  if [ "$run" = yes ]; then
    (cd "$package" && $SWIFT test --skip-build --scratch-path "$package/.scratch")
  fi
}

# parent_child <package dir>: a fresh package on this one, with a library target of each default
# isolation (Shop, MainActorShop) and their test targets, grown with the package command: a napkin
# Checkout, then its child Cart, then the changes the command printed to attach Cart, made by
# scripts/apply-wiring.py from its output (kept in <package dir>/wiring-<module>.txt).
parent_child() {
  local package=$1
  rm -rf "$package"
  mkdir -p "$package"
  cat >"$package/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
// Written by scripts/templates-check.sh: napkins written by the new-napkin package command.
import PackageDescription

let settings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]
let mainActor = settings + [.defaultIsolation(MainActor.self)]
let napkin: [Target.Dependency] = [.product(name: "napkin", package: "napkin")]
let testing: [Target.Dependency] = [.product(name: "NapkinTesting", package: "napkin")]

let package = Package(
  name: "ParentChild",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [.package(name: "napkin", path: "$ROOT")],
  targets: [
    .target(name: "Shop", dependencies: napkin, swiftSettings: settings),
    .testTarget(name: "ShopTests", dependencies: ["Shop"] + testing, swiftSettings: settings),
    .target(name: "MainActorShop", dependencies: napkin, swiftSettings: mainActor),
    .testTarget(
      name: "MainActorShopTests", dependencies: ["MainActorShop"] + testing,
      swiftSettings: mainActor),
  ]
)
MANIFEST
  local module
  for module in Shop MainActorShop; do
    # A target needs a file before the package loads; the command writes the rest.
    mkdir -p "$package/Sources/$module" "$package/Tests/${module}Tests"
    echo "// The $module module: its napkins are written by new-napkin." \
      >"$package/Sources/$module/$module.swift"
    echo "// The tests of $module: new-napkin writes them beside its napkins." \
      >"$package/Tests/${module}Tests/${module}Tests.swift"
  done
  for module in Shop MainActorShop; do
    echo "templates-check: new-napkin Checkout, then Cart --parent Checkout, in $module"
    (cd "$package" && $SWIFT package --scratch-path "$package/.scratch" \
      --allow-writing-to-package-directory new-napkin Checkout --target "$module" >/dev/null)
    (cd "$package" && $SWIFT package --scratch-path "$package/.scratch" \
      --allow-writing-to-package-directory new-napkin Cart --target "$module" --parent Checkout \
      >"$package/wiring-$module.txt")
    sed -n '/^wrote /,$p' "$package/wiring-$module.txt"
    python3 "$ROOT/scripts/apply-wiring.py" "$package/wiring-$module.txt"
  done
}

mkdir -p "$CHECK"/{Headless,UIKit,AppKit}

for module in SampleApp MainActorApp; do
  app "$CHECK/Headless" "$module" Headless
  app "$CHECK/UIKit" "$module" UIKit Profile:SwiftUI Session:Headless Launch/Main:SwiftUI
  app "$CHECK/AppKit" "$module" AppKit
done
manifest "$CHECK/Headless" ".package(name: \"napkin\", path: \"$ROOT\")" napkin
manifest "$CHECK/UIKit" ".package(path: \"$STANDINS/OnUIKit\"), .package(path: \"$STANDINS\")" \
  OnUIKit ', .product(name: "UIKit", package: "AppleStandIns"), .product(name: "SwiftUI", package: "AppleStandIns")'
manifest "$CHECK/AppKit" ".package(path: \"$STANDINS/OnAppKit\"), .package(path: \"$STANDINS\")" \
  OnAppKit ', .product(name: "AppKit", package: "AppleStandIns")'

parent_child "$CHECK/ParentChild"

echo "templates-check: the files as created are formatted (swift format lint --strict)"
$SWIFT format lint --strict --recursive "$CHECK"/{Headless,UIKit,AppKit,ParentChild}/{Sources,Tests}

check "$CHECK/Headless" yes
check "$CHECK/ParentChild" yes
check "$CHECK/UIKit" no
check "$CHECK/AppKit" no

# The plugins' Xcode extensions, against the stand-in XcodeProjectPlugin.
PLUGIN_API=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/../lib/swift/pm/PluginAPI
XCODE=$CHECK/XcodeProjectPlugin
mkdir -p "$XCODE"
echo "templates-check: type-checking the plugins' XcodeCommandPlugin extensions"
swiftc -parse-as-library -swift-version 6 -warnings-as-errors -package-description-version 6.2 \
  -module-name XcodeProjectPlugin \
  -I "$PLUGIN_API" -emit-module -emit-module-path "$XCODE/XcodeProjectPlugin.swiftmodule" \
  "$ROOT/Tests/Fixtures/XcodeProjectPluginStandIn/XcodeProjectPlugin.swift"
# Fails unless the stand-in is found, so that no #if branch is skipped in silence.
printf '#if !canImport(XcodeProjectPlugin)\n  #error("no XcodeProjectPlugin")\n#endif\n' \
  >"$XCODE/RequireXcodeProjectPlugin.swift"
for plugin in "$ROOT"/Plugins/*/; do
  swiftc -typecheck -parse-as-library -swift-version 6 -warnings-as-errors \
    -package-description-version 6.2 -I "$PLUGIN_API" -I "$XCODE" \
    "$XCODE/RequireXcodeProjectPlugin.swift" "$plugin"*.swift
  echo "templates-check: $(basename "$plugin") compiles with XcodeProjectPlugin"
done
Templates/install.sh --dest "$INSTALLED" --uninstall
[ ! -e "$INSTALLED/napkin" ] || { echo "templates-check: --uninstall left files" >&2; exit 1; }
echo "templates-check: every template and variant builds; the headless ones' tests pass, and a"
echo "  child's, attached to its parent as new-napkin --parent says"
