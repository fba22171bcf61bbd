/// The targets a napkin is written into, as the package names them, when the package command
/// knows them (an Xcode project's do not say).
struct NapkinTargets {
  /// The module the napkin goes into (`--target`).
  let module: String
  /// What the package says `module` is, if known.
  let moduleKind: TargetKind?
  /// The target the tests go into (`--tests-target`, else `<Module>Tests`), if the package has
  /// it or the user named it.
  let testsModule: String?
  /// What the package says `testsModule` is, if known.
  let testsKind: TargetKind?

  /// The targets of a napkin written into `module`, and what the package says they are.
  init(
    module: String, moduleKind: TargetKind? = nil, testsModule: String? = nil,
    testsKind: TargetKind? = nil
  ) {
    self.module = module
    self.moduleKind = moduleKind
    self.testsModule = testsModule
    self.testsKind = testsKind
  }

  /// Fails unless the napkin goes into a Swift target that is not a test target, and its tests
  /// into a test target: sources in a test target are out of the app's reach, and tests in a
  /// library make it import Testing.
  func check() throws {
    let chooseTarget =
      "name the library or executable target the napkin belongs in with --target"
    switch moduleKind {
    case nil, .library, .executable: break
    case .test:
      throw TemplateError(
        "--target \(module) is a test target: \(chooseTarget), and the test target for its "
          + "tests with --tests-target")
    case .other:
      throw TemplateError("--target \(module) does not compile Swift: \(chooseTarget)")
    case .absent:
      throw TemplateError("there is no target named \(module): \(chooseTarget)")
    }
    guard let testsModule, let testsKind else { return }
    let defaultTests = "\(module)Tests"
    let chooseTests =
      "name a test target with --tests-target"
      + (testsModule == defaultTests ? "" : ", such as \(defaultTests)")
    switch testsKind {
    case .test: break
    case .library, .executable:
      throw TemplateError(
        "the tests' target \(testsModule) is \(testsKind == .library ? "a library" : "an executable")"
          + " target, not a test target: the tests would be compiled into it, and it would "
          + "import Testing; \(chooseTests)")
    case .other:
      throw TemplateError(
        "the tests' target \(testsModule) does not compile Swift, and is not a test target: "
          + chooseTests)
    case .absent:
      throw TemplateError(
        "there is no target named \(testsModule) for the tests: name a test target of the "
          + "package with --tests-target, or leave --tests-target out to write the tests into "
          + defaultTests)
    }
  }
}
