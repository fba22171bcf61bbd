import Foundation
import Testing

@testable import napkin_templates

/// The declaration scan finds a type's name behind any attributes and modifiers, whole, with its
/// line; uses, extensions, members and longer names are not declarations of it.
@Suite struct DeclarationTests {
  @Test func keywordsAfterAttributesAndModifiers_declareTheirName() {
    let text = """
      @MainActor public final class A: B {}
      @available(macOS 15, *) nonisolated struct C<T> {}
        indirect enum D {}
      public protocol E: AnyObject {}
      distributed actor F {}
      typealias G = Int
      @objc(H) public class `H` {}
      @Suite(.napkinChecks(strict: true))
      struct I {}
      """

    #expect(
      Declaration.all(in: text) == [
        Declaration(name: "A", line: 1, indentation: 0),
        Declaration(name: "C", line: 2, indentation: 0),
        Declaration(name: "D", line: 3, indentation: 2),
        Declaration(name: "E", line: 4, indentation: 0),
        Declaration(name: "F", line: 5, indentation: 0),
        Declaration(name: "G", line: 6, indentation: 0),
        Declaration(name: "H", line: 7, indentation: 0),
        Declaration(name: "I", line: 9, indentation: 0),
      ])
  }

  @Test func usesExtensionsMembersAndComments_declareNothing() {
    let text = """
      extension A {}
      class func make() -> A
      static let actor = A()
      let a: A = A()
      // struct A
      import struct Foundation.Date
      """

    #expect(Declaration.all(in: text) == [])
  }

  @Test func headlessNapkinAndItsTests_declareTheNamesTheCommandChecks() throws {
    let package = try ScratchPackage()
    let renderer = package.newNapkin("SignIn").renderer
    let files =
      try renderer.render("napkin", options: ["productName": "SignIn"])
      + renderer.render("napkin Unit Tests", options: ["productName": "SignIn"])

    let names = files.flatMap { Declaration.all(in: $0.contents) }.filter { $0.indentation == 0 }
      .map(\.name)

    #expect(
      names.sorted() == [
        "MockSignInDependency", "MockSignInListener", "MockSignInPresenter", "MockSignInRouter",
        "MockSignInService", "SignInBuildable", "SignInBuilder", "SignInComponent",
        "SignInDependency", "SignInInteractable", "SignInInteractor", "SignInInteractorTests",
        "SignInListener", "SignInListenerCall", "SignInPresentable", "SignInPresentableListener",
        "SignInPresenter", "SignInPresenterCall", "SignInRouter", "SignInRouterCall",
        "SignInRouterTests",
        "SignInRouting", "SignInServiceMethod", "SignInServicing",
      ])
  }
}
