import Foundation
import Testing

@testable import napkin_templates

/// `new-napkin` refuses what would not build, or would land where no target compiles it, with
/// what was wrong and what to do, and then writes no file at all; what it accepts builds.
@Suite struct NewNapkinCommandTests {
  let package: ScratchPackage

  init() throws { package = try ScratchPackage() }

  /// The files the headless napkin SignIn and its tests are, in the scratch package.
  let signInFiles = [
    "Sources/App/SignIn/SignInBuilder.swift", "Sources/App/SignIn/SignInInteractor.swift",
    "Sources/App/SignIn/SignInPresenter.swift", "Sources/App/SignIn/SignInRouter.swift",
    "Tests/AppTests/SignInTests.swift",
  ]

  // MARK: - Names the target declares already

  @Test func existingInteractorName_isRefusedWithFileAndLine() throws {
    try package.write(
      """
      import napkin

      final actor SignInInteractor {}

      @MainActor
      public protocol SignInRouting: AnyObject {}
      protocol SignInListener {}
      """, to: "Sources/App/Legacy/SignInLegacy.swift")
    try package.write("struct SignInBuilder {}\n", to: "Sources/App/Builders.swift")

    let error = #expect(throws: TemplateError.self) { try package.newNapkin("SignIn").run() }

    let sources = package.sources.path
    #expect(
      error?.description == """
        SignIn would declare names that are declared already, and the module would not compile: \
        rename the napkin, or rename or remove these declarations (--force does not skip this \
        check):
          \(sources)/Builders.swift:1: SignInBuilder
          \(sources)/Legacy/SignInLegacy.swift:3: SignInInteractor
          \(sources)/Legacy/SignInLegacy.swift:6: SignInRouting
          \(sources)/Legacy/SignInLegacy.swift:7: SignInListener
        """)
    #expect(
      package.files() == ["Sources/App/Builders.swift", "Sources/App/Legacy/SignInLegacy.swift"])
  }

  @Test func existingName_isRefusedEvenWithForce() throws {
    try package.write("enum SignInComponent {}\n", to: "Sources/App/Old.swift")

    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin("SignIn", force: true).run()
    }

    #expect(error?.description.contains("Old.swift:1: SignInComponent") == true)
    #expect(package.files() == ["Sources/App/Old.swift"])
  }

  @Test func viewControllerName_isRefused_forTheVariantThatDeclaresIt() throws {
    try package.write("class SignInViewController {}\n", to: "Sources/App/Old.swift")

    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin("SignIn", variant: "uikit").run()
    }

    #expect(error?.description.contains("Old.swift:1: SignInViewController") == true)
    #expect(package.files() == ["Sources/App/Old.swift"])
  }

  @Test func mockNameInTheTestsTarget_isRefused() throws {
    try package.write(
      "final class MockSignInService {}\n", to: "Tests/AppTests/Mocks/Services.swift")

    let error = #expect(throws: TemplateError.self) { try package.newNapkin("SignIn").run() }

    #expect(
      error?.description.hasSuffix(
        "\n  \(package.tests.path)/Mocks/Services.swift:1: MockSignInService") == true)
    #expect(package.files() == ["Tests/AppTests/Mocks/Services.swift"])
  }

  @Test func longerNames_extensions_andUses_areNotClashes() throws {
    try package.write(
      """
      struct SignInInteractorTests {}
      final class MySignInBuilder {}
      extension SignInRouter {}
      // protocol SignInListener
      let signIn: SignInInteractor? = nil
      """, to: "Sources/App/Near.swift")

    try package.newNapkin("SignIn").run()

    #expect(package.files() == (signInFiles + ["Sources/App/Near.swift"]).sorted())
  }

  // MARK: - Targets

  @Test func libraryAsTestsTarget_isRefused() throws {
    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin(
        "SignIn",
        targets: NapkinTargets(
          module: "App", moduleKind: .library, testsModule: "App", testsKind: .library)
      ).run()
    }

    #expect(
      error?.description == """
        the tests' target App is a library target, not a test target: the tests would be \
        compiled into it, and it would import Testing; name a test target with --tests-target, \
        such as AppTests
        """)
    #expect(package.files() == [])
  }

  @Test func testTargetAsSourcesTarget_isRefused() throws {
    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin(
        "SignIn", targets: NapkinTargets(module: "AppTests", moduleKind: .test)
      ).run()
    }

    #expect(
      error?.description == """
        --target AppTests is a test target: name the library or executable target the napkin \
        belongs in with --target, and the test target for its tests with --tests-target
        """)
    #expect(package.files() == [])
  }

  @Test func missingTestsTarget_isRefused() throws {
    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin(
        "SignIn",
        targets: NapkinTargets(
          module: "App", moduleKind: .library, testsModule: "AppTest", testsKind: .absent)
      ).run()
    }

    #expect(
      error?.description == """
        there is no target named AppTest for the tests: name a test target of the package with \
        --tests-target, or leave --tests-target out to write the tests into AppTests
        """)
    #expect(package.files() == [])
  }

  // MARK: - The name

  @Test func emptyName_saysTheNameIsEmpty() throws {
    let error = #expect(throws: TemplateError.self) { try package.newNapkin("").run() }

    #expect(
      error?.description == "the napkin's name is empty: give a Swift type name, such as Checkout")
    #expect(package.files() == [])
  }

  @Test func nameWithAnInvalidCharacter_saysWhichCharacter() throws {
    let error = #expect(throws: TemplateError.self) { try package.newNapkin("Sign-In").run() }

    #expect(
      error?.description == """
        the napkin's name "Sign-In" has "-" at character 5: use only letters, digits and _, \
        such as SignIn
        """)
    #expect(package.files() == [])
  }

  @Test func nameNotStartingWithAnUppercaseLetter_isRefused() throws {
    let lower = #expect(throws: TemplateError.self) { try package.newNapkin("signIn").run() }
    let digit = #expect(throws: TemplateError.self) { try package.newNapkin("1SignIn").run() }

    #expect(
      lower?.description == """
        the napkin's name "signIn" starts with "s": start it with an uppercase letter, such as \
        SignIn
        """)
    #expect(
      digit?.description == """
        the napkin's name "1SignIn" starts with "1": start it with an uppercase letter, such as \
        SignIn
        """)
    #expect(package.files() == [])
  }

  @Test func nameTooLongForAFileName_isRefusedBeforeWriting() throws {
    let name = "S" + String(repeating: "i", count: 299)

    let error = #expect(throws: TemplateError.self) { try package.newNapkin(name).run() }

    #expect(
      error?.description == """
        the napkin's name is too long: its longest file name, the name and "Interactor.swift", \
        would be 316 bytes, and a file name has at most 255; use a name of at most 239 bytes
        """)
    #expect(package.files() == [])
  }

  @Test func nameAtTheFileNameLimit_isWritten() throws {
    let name = "S" + String(repeating: "i", count: 238)

    try package.newNapkin(name).run()

    #expect(package.files().count == 5)
    #expect(package.files().contains("Sources/App/\(name)/\(name)Interactor.swift"))
  }

  // MARK: - Existing files

  @Test func existingFile_isNeverOverwritten_withoutForce() throws {
    try package.write("// edited\n", to: "Sources/App/SignIn/SignInRouter.swift")

    let error = #expect(throws: TemplateError.self) { try package.newNapkin("SignIn").run() }

    #expect(
      error?.description == """
        not overwriting \(package.sources.path)/SignIn/SignInRouter.swift: it exists already; \
        pass --force to replace them, losing their edits
        """)
    #expect(package.files() == ["Sources/App/SignIn/SignInRouter.swift"])
    #expect(try package.contents(of: "Sources/App/SignIn/SignInRouter.swift") == "// edited\n")
  }

  @Test func force_replacesTheNapkinsOwnFiles_andNoOther() throws {
    try package.write(
      "final class SignInRouter {} // edited\n", to: "Sources/App/SignIn/SignInRouter.swift")
    try package.write("struct Other {}\n", to: "Sources/App/Other.swift")

    try package.newNapkin("SignIn", force: true).run()

    #expect(package.files() == (signInFiles + ["Sources/App/Other.swift"]).sorted())
    #expect(try !package.contents(of: "Sources/App/SignIn/SignInRouter.swift").contains("edited"))
    #expect(try package.contents(of: "Sources/App/Other.swift") == "struct Other {}\n")
  }

  @Test func validName_writesTheNapkinAndItsTests() throws {
    try package.newNapkin("SignIn").run()

    #expect(package.files() == signInFiles)
  }
}
