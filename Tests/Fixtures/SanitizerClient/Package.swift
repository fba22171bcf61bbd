// swift-tools-version: 6.2
import PackageDescription

// A client of napkin, as a user's package depends on it: `make sanitizer-client` runs its tests
// with a plain `swift test --sanitize=thread` (no `-D` flags) and fails on any reported race.
let package = Package(
  name: "SanitizerClient",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  // The root's directory name (its package identity) differs between clones and worktrees; the
  // name lets the products below refer to it as "napkin" wherever it is checked out.
  dependencies: [.package(name: "napkin", path: "../../..")],
  targets: [
    .target(
      name: "SanitizerClient", dependencies: [.product(name: "napkin", package: "napkin")],
      swiftSettings: [.swiftLanguageMode(.v6)]),
    .testTarget(
      name: "SanitizerClientTests",
      dependencies: [
        "SanitizerClient", .product(name: "NapkinTesting", package: "napkin"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]),
  ]
)
