import Foundation
import Testing

@testable import napkin_templates

/// `new-napkin <Child> --parent <Parent>` writes the child, its service and the parent's
/// component extension, and plans the changes that attach it to the parent as lines of the
/// parent's files, leaving those files as they are; a parent that is not a napkin of the module
/// is refused before any file is written.
@Suite struct ChildNapkinTests {
  let package: ScratchPackage

  init() throws {
    package = try ScratchPackage()
    try package.newNapkin("Checkout").run()
  }

  /// The files of the parent Checkout, as new-napkin wrote them.
  let checkoutFiles = [
    "Sources/App/Checkout/CheckoutBuilder.swift", "Sources/App/Checkout/CheckoutInteractor.swift",
    "Sources/App/Checkout/CheckoutPresenter.swift", "Sources/App/Checkout/CheckoutRouter.swift",
    "Tests/AppTests/CheckoutTests.swift",
  ]

  @Test func child_writesItsNapkinItsServiceAndTheParentsComponentExtension() throws {
    let before = try checkoutFiles.map(package.contents(of:))

    try package.newNapkin("Cart", parent: "Checkout").run()

    #expect(
      package.files()
        == (checkoutFiles + [
          "Sources/App/Cart/CartBuilder.swift", "Sources/App/Cart/CartInteractor.swift",
          "Sources/App/Cart/CartPresenter.swift", "Sources/App/Cart/CartRouter.swift",
          "Sources/App/Cart/CartService.swift",
          "Sources/App/Checkout/CheckoutComponent+Cart.swift", "Tests/AppTests/CartTests.swift",
        ]).sorted())
    #expect(try checkoutFiles.map(package.contents(of:)) == before)
    let componentExtension = try package.contents(
      of: "Sources/App/Checkout/CheckoutComponent+Cart.swift")
    #expect(componentExtension.contains("extension CheckoutComponent: CartDependency {"))
  }

  @Test func child_plansTheLinesThatAttachIt_toTheParentAsWritten() throws {
    let wiring = try #require(try package.newNapkin("Cart", parent: "Checkout").run())

    let sources = package.sources.path
    let tests = package.tests.path
    #expect(
      wiring.edits.map { "\($0.path):\($0.line) \($0.kind)" } == [
        "\(sources)/Checkout/CheckoutRouter.swift:12 replace",
        "\(sources)/Checkout/CheckoutRouter.swift:16 replace",
        "\(sources)/Checkout/CheckoutRouter.swift:28 insertBefore",
        "\(sources)/Checkout/CheckoutInteractor.swift:100 insertBefore",
        "\(tests)/CheckoutTests.swift:91 insertBefore",
        "\(tests)/CheckoutTests.swift:199 replace",
        "\(tests)/CheckoutTests.swift:202 replace",
      ])
    #expect(wiring.notes == [])
    #expect(
      wiring.edits[0].description == """
        \(sources)/Checkout/CheckoutRouter.swift:12: replace the line \
        `protocol CheckoutInteractable: Interactable {}` with:
        ```swift
        protocol CheckoutInteractable: Interactable, CartListener {}
        ```
        """)
    #expect(
      wiring.edits[1].lines == [
        "protocol CheckoutRouting: Routing {",
        "  /// Attaches Cart, built with the interactor as its listener; does nothing if it is "
          + "attached.",
        "  func attachCart() async",
        "",
        "  /// Detaches Cart; does nothing if it is not attached.",
        "  func detachCart() async",
        "}",
      ])
    #expect(
      wiring.edits[2].lines == [
        "",
        "  /// Cart's router while Cart is attached.",
        "  private var cartRouter: (any CartRouting)?",
        "",
        "  func attachCart() async {",
        "    guard cartRouter == nil else { return }",
        "    let builder = CartBuilder(dependency: component)",
        "    let child = await builder.build(withListener: interactor)",
        "    cartRouter = child",
        "    await attachChild(child)",
        "  }",
        "",
        "  func detachCart() async {",
        "    guard let child = cartRouter else { return }",
        "    cartRouter = nil",
        "    await detachChild(child)",
        "  }",
      ])
    #expect(
      wiring.edits[3].lines == [
        "", "  func didCloseCart() async {", "    await router?.detachCart()", "  }",
      ])
    #expect(wiring.edits[4].lines.contains("    #expect(router.calls == [.detachCart])"))
    #expect(
      wiring.edits[5].lines == [
        "nonisolated enum CheckoutRouterCall: Equatable, Sendable {", "  case attachCart",
        "  case detachCart", "}",
      ])
    #expect(
      wiring.edits[6].lines == [
        "final class MockCheckoutRouter: BaseMockRouter<CheckoutRouterCall>, CheckoutRouting {",
        "  func attachCart() async { await recordCall(.attachCart) }",
        "  func detachCart() async { await recordCall(.detachCart) }", "}",
      ])
  }

  @Test func secondChild_addsToTheFirstsLines() throws {
    let cart = try #require(try package.newNapkin("Cart", parent: "Checkout").run())
    try package.apply(cart)

    let payment = try #require(
      try package.newNapkin("Payment", variant: "uikit", parent: "Checkout").run())

    #expect(
      payment.edits.first?.lines == [
        "protocol CheckoutInteractable: Interactable, CartListener, PaymentListener {}"
      ])
    #expect(payment.edits.count == 7)
    #expect(payment.edits.dropFirst().allSatisfy { !$0.lines.joined().contains("Cart") })
    try package.apply(payment)
    let router = try package.contents(of: "Sources/App/Checkout/CheckoutRouter.swift")
    #expect(router.contains("  func detachCart() async\n\n  /// Attaches Payment"))
  }

  @Test func sameChildAgain_withForce_plansNothing() throws {
    try package.apply(try #require(try package.newNapkin("Cart", parent: "Checkout").run()))

    let again = try #require(
      try package.newNapkin("Cart", force: true, parent: "Checkout").run())

    #expect(again.edits == [])
    #expect(again.description.hasPrefix("Checkout's files attach Cart already: nothing to change."))
  }

  @Test func parentWithAMockRouterOfNever_getsARouterCallEnum() throws {
    let path = "Tests/AppTests/CheckoutTests.swift"
    let tests = try package.contents(of: path)
      .replacingOccurrences(
        of: "nonisolated enum CheckoutRouterCall: Equatable, Sendable {}\n", with: ""
      )
      .replacingOccurrences(of: "<CheckoutRouterCall>", with: "<Never>")
    try package.write(tests, to: path)

    let wiring = try #require(try package.newNapkin("Cart", parent: "Checkout").run())
    try package.apply(wiring)

    let wired = try package.contents(of: path)
    #expect(
      wired.contains(
        """
        /// The calls of Checkout's routing methods, recorded by MockCheckoutRouter.
        nonisolated enum CheckoutRouterCall: Equatable, Sendable {
          case attachCart
          case detachCart
        }

        """))
    #expect(
      wired.contains(
        """
        final class MockCheckoutRouter: BaseMockRouter<CheckoutRouterCall>, CheckoutRouting {
          func attachCart() async { await recordCall(.attachCart) }
        """))
  }

  @Test func parentWithoutTests_plansTheSourcesAndSaysWhereTheMockIsMissing() throws {
    try FileManager.default.removeItem(
      at: package.tests.appendingPathComponent("CheckoutTests.swift"))

    let wiring = try #require(try package.newNapkin("Cart", parent: "Checkout").run())

    #expect(wiring.edits.count == 4)
    #expect(
      wiring.notes == [
        "note: Checkout's tests are not in \(package.tests.path)/CheckoutTests.swift: a mock of "
          + "CheckoutRouting needs attachCart() and detachCart()"
      ])
  }

  @Test func parentRouterWithoutAComponent_getsItsLines_andANoteToAddTheComponentByHand() throws {
    let path = "Sources/App/Checkout/CheckoutRouter.swift"
    let router = try package.contents(of: path)
    let start = try #require(router.range(of: "  /// Checkout's scope"))
    let end = try #require(router.range(of: "    super.init(interactor: interactor)\n  }\n"))
    try package.write(
      router.replacingCharacters(in: start.lowerBound..<end.upperBound, with: ""), to: path)

    let wiring = try #require(try package.newNapkin("Cart", parent: "Checkout").run())

    #expect(wiring.edits.count == 7)
    #expect(
      wiring.notes == [
        "by hand: CheckoutRouter keeps no `component` (new-napkin writes one now): give it "
          + "`private let component: CheckoutComponent`, passed to its init by CheckoutBuilder, "
          + "which the lines below build Cart from"
      ])
    #expect(wiring.description.contains("\n\nby hand: CheckoutRouter keeps no `component`"))
  }

  // MARK: - Refused parents

  @Test func missingParent_isRefused_andNothingIsWritten() throws {
    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin("Cart", parent: "Basket").run()
    }

    #expect(
      error?.description == """
        there is no napkin Basket in App: no folder \(package.sources.path)/Basket; write it \
        first (new-napkin Basket --target App), or name the napkin Cart is attached to with \
        --parent
        """)
    #expect(package.files() == checkoutFiles)
  }

  @Test func parentFolderWithoutItsRouter_isRefused() throws {
    try FileManager.default.removeItem(
      at: package.sources.appendingPathComponent("Checkout/CheckoutRouter.swift"))

    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin("Cart", parent: "Checkout").run()
    }

    #expect(
      error?.description.hasPrefix(
        "the napkin Checkout in \(package.sources.path)/Checkout has no CheckoutRouter.swift: "
          + "--parent names a napkin written by new-napkin or the napkin templates") == true)
    #expect(package.files() == checkoutFiles.filter { !$0.hasSuffix("Router.swift") })
  }

  @Test func parentBuilderWithoutItsComponent_isRefused() throws {
    try package.write(
      "struct CheckoutBuilder {}\n", to: "Sources/App/Checkout/CheckoutBuilder.swift")

    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin("Cart", parent: "Checkout").run()
    }

    #expect(
      error?.description == """
        \(package.sources.path)/Checkout/CheckoutBuilder.swift declares no CheckoutComponent: \
        CheckoutComponent+Cart.swift extends it and would not compile; declare Checkout's \
        component there, as new-napkin writes it
        """)
    #expect(package.files() == checkoutFiles)
  }

  @Test func napkinAsItsOwnParent_isRefused() throws {
    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin("Checkout", force: true, parent: "Checkout").run()
    }

    #expect(
      error?.description == """
        --parent Checkout names the napkin itself: name another napkin of the module, the one \
        Checkout is attached to
        """)
  }

  @Test func invalidParentName_isRefused_namingTheParent() throws {
    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin("Cart", parent: "check-out").run()
    }

    #expect(
      error?.description == """
        the parent's name "check-out" starts with "c": start it with an uppercase letter, such \
        as Checkout
        """)
    #expect(package.files() == checkoutFiles)
  }

  @Test func childNameTheModuleDeclares_isRefused_withoutWritingTheComponentExtension() throws {
    try package.write("final actor CartService {}\n", to: "Sources/App/Services.swift")

    let error = #expect(throws: TemplateError.self) {
      try package.newNapkin("Cart", parent: "Checkout").run()
    }

    #expect(error?.description.hasSuffix("Services.swift:1: CartService") == true)
    #expect(package.files() == (checkoutFiles + ["Sources/App/Services.swift"]).sorted())
  }
}
