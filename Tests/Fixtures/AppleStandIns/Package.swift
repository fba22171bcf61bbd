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

// Compile-only stand-ins for UIKit and AppKit: the few types and members napkin uses (and the
// napkin templates' files, with a SwiftUI stand-in for their SwiftUI variant), with the
// real declarations' isolation, so that the `canImport(UIKit)` and `canImport(AppKit)` branches
// of napkin and NapkinTesting compile on a machine without an Apple SDK (`make apple-standins`).
//
// The real sources are compiled by the two packages inside this one, OnUIKit and OnAppKit: each
// links Sources/napkin, Sources/NapkinTesting, Sources/NapkinMutex and
// Sources/NapkinMainExecutorHook under their own names and depends on one stand-in only. Two
// packages, built in two scratch directories, because a build puts every module in one search
// path: with both stand-ins in one build, the AppKit variant
// would see UIKit too and take the UIKit branch.
let package = Package(
  name: "AppleStandIns",
  products: [
    .library(name: "UIKit", targets: ["UIKit"]),
    .library(name: "AppKit", targets: ["AppKit"]),
    .library(name: "SwiftUI", targets: ["SwiftUI"]),
  ],
  targets: [
    .target(name: "UIKit", swiftSettings: settings),
    .target(name: "AppKit", swiftSettings: settings),
    // Only the templates' SwiftUI variant uses it (`make templates-check`), over UIKit.
    .target(name: "SwiftUI", dependencies: ["UIKit"], swiftSettings: settings),
  ]
)
