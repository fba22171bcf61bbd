// swift-tools-version: 6.2
import PackageDescription

/// Every target's settings, as in the root package: Swift 6 mode, `any` spelled out, imports that
/// say what they expose.
let settings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

// napkin and NapkinTesting's real sources (Sources/ links to the root's Sources/napkin,
// Sources/NapkinTesting, Sources/NapkinMutex and Sources/NapkinMainExecutorHook, under the same
// module names) compiled against the AppKit stand-in, so their `#elseif canImport(AppKit)` branches
// compile without an Apple SDK.
// The build sees AppKit only, never UIKit: `make apple-standins` builds this package in a scratch
// directory of its own. AppKitBranch fails to compile unless napkin took the AppKit branch.
let package = Package(
  name: "NapkinOnAppKit",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  // The products let `make templates-check` build the templates' files against this napkin.
  products: [
    .library(name: "napkin", targets: ["napkin"]),
    .library(name: "NapkinTesting", targets: ["NapkinTesting"]),
  ],
  dependencies: [.package(name: "AppleStandIns", path: "..")],
  targets: [
    .target(
      name: "napkin",
      dependencies: ["NapkinMutex", .product(name: "AppKit", package: "AppleStandIns")],
      swiftSettings: settings),
    .target(
      name: "NapkinTesting",
      dependencies: [
        "napkin", "NapkinMutex", "NapkinMainExecutorHook",
        .product(name: "AppKit", package: "AppleStandIns"),
      ],
      swiftSettings: settings),
    .target(name: "NapkinMutex", swiftSettings: settings),
    .target(name: "NapkinMainExecutorHook"),
    .target(
      name: "AppKitBranch",
      dependencies: [
        "napkin", "NapkinTesting", .product(name: "AppKit", package: "AppleStandIns"),
      ],
      swiftSettings: settings),
  ]
)
