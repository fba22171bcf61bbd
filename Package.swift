// swift-tools-version: 6.2
import PackageDescription

let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
  name: "napkin",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "napkin", targets: ["napkin"]),
    .library(name: "NapkinTesting", targets: ["NapkinTesting"]),
    .executable(name: "ribhouse", targets: ["RibHouseDemo"]),
    .executable(name: "napkin-bench", targets: ["NapkinBenchmarks"]),
  ],
  targets: [
    // The framework and its test toolkit.
    .target(name: "napkin", dependencies: ["NapkinMutex"], swiftSettings: swift6),
    .target(
      name: "NapkinTesting", dependencies: ["napkin", "NapkinMutex"], swiftSettings: swift6),
    // The modules' Mutex: on Linux a pthread mutex in every build, which the thread sanitizer sees.
    .target(name: "NapkinMutex", swiftSettings: swift6),

    // The example app: a headless Rib House, its terminal demo, and a default-MainActor module.
    .target(name: "RibHouse", dependencies: ["napkin", "NapkinMutex"], swiftSettings: swift6),
    .executableTarget(name: "RibHouseDemo", dependencies: ["RibHouse"], swiftSettings: swift6),
    .target(
      name: "DeepCutAtlas",
      swiftSettings: swift6 + [.defaultIsolation(MainActor.self)]
    ),

    // Micro-benchmarks of the hot paths (`make bench`).
    .executableTarget(
      name: "NapkinBenchmarks", dependencies: ["NapkinTesting", "CHeapUsage"],
      swiftSettings: swift6),
    .target(name: "CHeapUsage"),

    // Tests.
    .testTarget(
      name: "napkinTests", dependencies: ["napkin", "NapkinMutex"], swiftSettings: swift6),
    .testTarget(
      name: "NapkinTestingTests", dependencies: ["napkin", "NapkinTesting", "NapkinMutex"],
      swiftSettings: swift6),
    .testTarget(
      name: "RibHouseTests", dependencies: ["RibHouse", "NapkinTesting"], swiftSettings: swift6),
    .testTarget(
      name: "DeepCutAtlasTests", dependencies: ["DeepCutAtlas", "NapkinTesting"],
      swiftSettings: swift6),
    .testTarget(
      name: "DocumentationTests", dependencies: ["napkin", "NapkinTesting", "RibHouse"],
      swiftSettings: swift6),
  ]
)
