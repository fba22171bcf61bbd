// swift-tools-version: 6.2
import PackageDescription

/// Every target's settings: Swift 6 mode, `any` spelled out, imports that say what they expose.
let settings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The mocks fixture's settings: those of a module without `ExistentialAny`, as many apps are, so
/// its protocols can spell `Error` bare, and its generated mocks show they spell it `any Error`.
let bareExistentialSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "napkin",
  platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "napkin", targets: ["napkin"]),
    .library(name: "NapkinTesting", targets: ["NapkinTesting"]),
    .executable(name: "napkin-mocks", targets: ["napkin-mocks"]),
    .plugin(name: "GenerateMocks", targets: ["GenerateMocks"]),
    .plugin(name: "NewNapkin", targets: ["NewNapkin"]),
  ],
  targets: [
    // The framework and its test toolkit.
    .target(name: "napkin", dependencies: ["NapkinMutex"], swiftSettings: settings),
    .target(
      name: "NapkinTesting", dependencies: ["napkin", "NapkinMutex", "NapkinMainExecutorHook"],
      swiftSettings: settings),
    // The runtime's main-executor hook, set from C: NapkinTesting's explorer watches the main actor.
    .target(name: "NapkinMainExecutorHook"),
    // The modules' Mutex: on Linux a pthread mutex in every build, which the thread sanitizer sees.
    .target(name: "NapkinMutex", swiftSettings: settings),

    // The mock generator: NapkinTesting mocks from a module's symbol graph, no dependencies.
    .target(name: "NapkinMocksGenerator", swiftSettings: settings),
    .executableTarget(
      name: "napkin-mocks", dependencies: ["NapkinMocksGenerator"], swiftSettings: settings),
    // `swift package generate-mocks --target <Module>`, for packages that depend on napkin.
    .plugin(
      name: "GenerateMocks",
      capability: .command(
        intent: .custom(
          verb: "generate-mocks",
          description: "Generate NapkinTesting mocks for a target's protocols"),
        permissions: [
          .writeToPackageDirectory(reason: "writes the generated mocks into the package")
        ]),
      dependencies: ["napkin-mocks"]),

    // The Xcode templates (Templates/napkin) instantiated as Xcode does, for the package command
    // and `make templates-check`: one source for the files all three write.
    .executableTarget(name: "napkin-templates", swiftSettings: settings),
    // `swift package new-napkin <Name> --target <Module>`: a napkin and its passing tests.
    .plugin(
      name: "NewNapkin",
      capability: .command(
        intent: .custom(
          verb: "new-napkin",
          description: "Write a napkin and its tests from the napkin templates"),
        permissions: [
          .writeToPackageDirectory(reason: "writes the napkin and its tests into the package")
        ]),
      dependencies: ["napkin-templates"]),

    // A module with every protocol shape napkin-mocks supports, for the generated-mocks tests.
    .target(
      name: "MocksFixture", dependencies: ["napkin"], swiftSettings: bareExistentialSettings),
    // A module written as a napkin 2.x app is (builders, dependencies, listeners split across
    // files, view-controllable protocols), mocked whole by napkin-mocks.
    .target(name: "NapkinAppFixture", dependencies: ["napkin"], swiftSettings: settings),

    // Interactors with planted reentrancy bugs, each beside its fix, for the explorer's tests.
    .target(name: "ExplorationFixtures", dependencies: ["napkin"], swiftSettings: settings),

    // The example app: a headless Rib House, its terminal demo, and a default-MainActor module.
    .target(name: "RibHouse", dependencies: ["napkin"], swiftSettings: settings),
    // `swift run ribhouse`; a target, not a product: packages that depend on napkin don't get it.
    .executableTarget(
      name: "ribhouse", dependencies: ["RibHouse"], path: "Sources/RibHouseDemo",
      swiftSettings: settings),
    .target(
      name: "DeepCutAtlas",
      swiftSettings: settings + [.defaultIsolation(MainActor.self)]
    ),

    // Micro-benchmarks of the hot paths (`make bench`).
    // `make bench`: a target, not a product.
    .executableTarget(
      name: "napkin-bench", dependencies: ["NapkinTesting", "NapkinMutex", "CHeapUsage"],
      path: "Sources/NapkinBenchmarks", swiftSettings: settings),
    .target(name: "CHeapUsage"),

    // Tests.
    .testTarget(
      name: "napkinTests", dependencies: ["napkin", "NapkinMutex"], swiftSettings: settings),
    .testTarget(
      name: "NapkinTestingTests", dependencies: ["napkin", "NapkinTesting", "NapkinMutex"],
      swiftSettings: settings),
    .testTarget(
      name: "NapkinMocksGeneratorTests", dependencies: ["NapkinMocksGenerator"],
      swiftSettings: settings),
    .testTarget(
      name: "NapkinTemplatesTests", dependencies: ["napkin-templates"], swiftSettings: settings),
    .testTarget(
      name: "ExplorationFixturesTests", dependencies: ["ExplorationFixtures", "NapkinTesting"],
      swiftSettings: settings),
    .testTarget(
      name: "RibHouseTests", dependencies: ["RibHouse", "NapkinTesting"], swiftSettings: settings),
    // The fixture's generated mocks, compiled under either default isolation.
    .testTarget(
      name: "MocksFixtureTests", dependencies: ["MocksFixture", "NapkinTesting"],
      swiftSettings: settings),
    .testTarget(
      name: "MocksFixtureMainActorTests", dependencies: ["MocksFixture", "NapkinTesting"],
      swiftSettings: settings + [.defaultIsolation(MainActor.self)]),
    // The 2.x-style fixture's generated mocks, compiled and used under either default isolation.
    .testTarget(
      name: "NapkinAppFixtureTests", dependencies: ["NapkinAppFixture", "NapkinTesting"],
      swiftSettings: settings),
    .testTarget(
      name: "NapkinAppFixtureMainActorTests",
      dependencies: ["NapkinAppFixture", "NapkinTesting"],
      swiftSettings: settings + [.defaultIsolation(MainActor.self)]),
    // The example's generated mocks (symbolic links to RibHouseTests' GeneratedMocks), compiled
    // with the main actor as default isolation: generated code must compile under either default.
    .testTarget(
      name: "GeneratedMocksMainActorTests", dependencies: ["RibHouse", "NapkinTesting"],
      swiftSettings: settings + [.defaultIsolation(MainActor.self)]),
    .testTarget(
      name: "DeepCutAtlasTests", dependencies: ["DeepCutAtlas", "NapkinTesting"],
      swiftSettings: settings),
    .testTarget(
      name: "DocumentationTests", dependencies: ["napkin", "NapkinTesting", "RibHouse"],
      swiftSettings: settings),
    // The same article code (symbolic links to DocumentationTests' files), compiled with the main
    // actor as default isolation, as an app's test target may be: the documented code must
    // compile under either default.
    .testTarget(
      name: "DocumentationMainActorTests", dependencies: ["napkin", "NapkinTesting", "RibHouse"],
      swiftSettings: settings + [.defaultIsolation(MainActor.self)]),
  ]
)
