import Foundation
import NapkinMocksGenerator
import Testing

/// Builds a small symbol graph, as the compiler writes it, for module `Shop`.
struct GraphBuilder {
  private var symbols: [[String: Any]] = []
  private var relationships: [[String: Any]] = []

  private static func fragments(_ text: String) -> [[String: String]] {
    // Keywords matter to the generator; the rest can stay one text fragment.
    let keywords: Set = ["async", "throws", "rethrows", "mutating", "static", "func", "var", "any"]
    var result: [[String: String]] = []
    for (index, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
      if index > 0 { result.append(["kind": "text", "spelling": " "]) }
      let kind = keywords.contains(String(word)) ? "keyword" : "text"
      result.append(["kind": kind, "spelling": String(word)])
    }
    return result
  }

  mutating func addProtocol(
    _ name: String, declaration: String? = nil, access: String = "public",
    refines: [String] = [], outside: [String] = [], docComment: [String] = []
  ) {
    var symbol: [String: Any] = [
      "identifier": ["precise": "p:\(name)"], "kind": ["identifier": "swift.protocol"],
      "names": ["title": name], "accessLevel": access,
      "declarationFragments": Self.fragments(declaration ?? "protocol \(name)"),
    ]
    if !docComment.isEmpty {
      symbol["docComment"] = ["lines": docComment.map { ["text": $0] }]
    }
    symbols.append(symbol)
    for parent in refines {
      relationships.append(["kind": "conformsTo", "source": "p:\(name)", "target": "p:\(parent)"])
    }
    for fallback in outside {
      relationships.append([
        "kind": "conformsTo", "source": "p:\(name)", "target": "s:\(fallback)",
        "targetFallback": fallback,
      ])
    }
  }

  /// `parameters` as (name, type); `returns` nil for Void.
  mutating func addMethod(
    _ title: String, of owner: String, parameters: [(String, String)] = [],
    effects: String = "", returns: String? = nil, kind: String = "swift.method",
    generic: Bool = false, generics: [String] = [], constraints: [(String, String, String)] = [],
    declaration: String? = nil
  ) {
    var symbol: [String: Any] = [
      "identifier": ["precise": "m:\(owner).\(title)"], "kind": ["identifier": kind],
      "names": ["title": title], "accessLevel": "public",
      "declarationFragments": Self.fragments(declaration ?? "func \(title) \(effects)"),
      "functionSignature": [
        "parameters": parameters.map { name, type -> [String: Any] in
          // `label name` gives a label and a different internal name, as the compiler writes it.
          let parts = name.split(separator: " ").map(String.init)
          var parameter: [String: Any] = [
            "name": parts[0],
            "declarationFragments": [
              ["kind": "text", "spelling": "\(parts[parts.count - 1]): \(type)"]
            ],
          ]
          if parts.count == 2 { parameter["internalName"] = parts[1] }
          return parameter
        },
        "returns": [["kind": "text", "spelling": returns ?? "()"]],
      ],
    ]
    if generic { symbol["swiftGenerics"] = ["parameters": [["name": "T"]]] }
    if !generics.isEmpty || !constraints.isEmpty {
      // `(kind, lhs, rhs)`, such as `("conformance", "T", "Decodable")`.
      symbol["swiftGenerics"] = [
        "parameters": generics.map { ["name": $0] },
        "constraints": constraints.map { ["kind": $0.0, "lhs": $0.1, "rhs": $0.2] },
      ]
    }
    symbols.append(symbol)
    relationships.append([
      "kind": "requirementOf", "source": "m:\(owner).\(title)", "target": "p:\(owner)",
    ])
  }

  mutating func addProperty(_ name: String, of owner: String, declaration: String) {
    symbols.append([
      "identifier": ["precise": "v:\(owner).\(name)"], "kind": ["identifier": "swift.property"],
      "names": ["title": name], "accessLevel": "public",
      "declarationFragments": [["kind": "text", "spelling": declaration]],
    ])
    relationships.append([
      "kind": "requirementOf", "source": "v:\(owner).\(name)", "target": "p:\(owner)",
    ])
  }

  /// The graph as the compiler writes it to `Shop.symbols.json`.
  func json() throws -> Data {
    let json: [String: Any] = [
      "module": ["name": "Shop"], "symbols": symbols, "relationships": relationships,
    ]
    return try JSONSerialization.data(withJSONObject: json)
  }

  func graph() throws -> SymbolGraph {
    try JSONDecoder().decode(SymbolGraph.self, from: json())
  }
}

@Suite struct MocksGeneratorTests {
  private func shop() throws -> SymbolGraph {
    var builder = GraphBuilder()
    builder.addProtocol("CartServicing", declaration: "protocol CartServicing : Sendable")
    builder.addMethod(
      "add(item:count:)", of: "CartServicing", parameters: [("item", "String"), ("count", "Int")],
      effects: "async throws")
    builder.addMethod("total()", of: "CartServicing", effects: "async throws", returns: "Int")
    builder.addMethod("clear()", of: "CartServicing", effects: "async")
    builder.addProperty(
      "updates", of: "CartServicing", declaration: "var updates: AsyncStream<Int> { get }")
    builder.addProtocol("BaseListener", declaration: "protocol BaseListener : AnyObject, Sendable")
    builder.addMethod("didStart()", of: "BaseListener", effects: "async")
    builder.addProtocol(
      "CheckoutListener", declaration: "protocol CheckoutListener : AnyObject, Sendable",
      refines: ["BaseListener"])
    builder.addMethod(
      "checkoutDidFinish(order:)", of: "CheckoutListener", parameters: [("for order", "Int")],
      effects: "async")
    builder.addProtocol("CheckoutRouting", outside: ["napkin.ViewableRouting"])
    builder.addMethod(
      "attachReceipt(for:)", of: "CheckoutRouting", parameters: [("for order", "Int")],
      effects: "async")
    builder.addProtocol("CheckoutPresentable", outside: ["napkin.Presentable"])
    builder.addProperty(
      "listener", of: "CheckoutPresentable",
      declaration: "var listener: (any CheckoutListener)? { get set }")
    builder.addMethod("show(_:)", of: "CheckoutPresentable", parameters: [("total", "Int")])
    builder.addProtocol("Refused", access: "internal")
    builder.addMethod("fetch(_:)", of: "Refused", parameters: [("value", "T")], generic: true)
    builder.addMethod("make()", of: "Refused", kind: "swift.type.method")
    builder.addMethod(
      "each(_:)", of: "Refused", parameters: [("body", "(Int) -> Void")], effects: "async")
    return try builder.graph()
  }

  @Test func eachProtocol_getsTheShapeItsRequirementsCallFor() throws {
    let result = MocksGenerator(graph: try shop()).generate([
      "CartServicing", "CheckoutListener", "CheckoutRouting", "CheckoutPresentable",
    ])
    #expect(
      result.shapes == [
        "CartServicing": .service, "CheckoutListener": .listener, "CheckoutRouting": .router,
        "CheckoutPresentable": .presenter,
      ])
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.files.keys.sorted() == [
        "MockCartServicing.swift", "MockCheckoutListener.swift", "MockCheckoutPresentable.swift",
        "MockCheckoutRouting.swift",
      ])
  }

  @Test func service_failsHoldsStubsAndFeedsItsStreams() throws {
    let source = try #require(
      MocksGenerator(graph: try shop(), regenerate: "make mocks").generate(["CartServicing"])
        .files["MockCartServicing.swift"])
    let expected = """
      // Generated by napkin-mocks from the symbol graph of Shop. Do not edit: regenerate
      // with `make mocks`.

      import NapkinTesting
      import napkin
      import Shop

      /// The methods of `CartServicing`: the keys of its mock's failure injection.
      nonisolated enum CartServicingMethod: Hashable, Sendable {
        case add
        case total
        case clear
      }

      /// The calls a mock records, one case per method, with its arguments.
      nonisolated enum CartServicingCall: Equatable, Sendable {
        case add(item: String, count: Int)
        case total
        case clear
      }

      /// Mocks `CartServicing`: its methods record, fail, hold or return stubs.
      final class MockCartServicing: CartServicing, MockService {
        let mock: MockServiceCore<CartServicingMethod>
        let arguments: CallRecorder<CartServicingCall>
        let totalResult: Stub<Int>
        let updatesFeed: MockStream<Int>

        /// Creates the mock; its failures name the line that created it. Keep the defaults.
        init(
          totalResult: Stub<Int>? = nil,
          updatesFeed: MockStream<Int>? = nil,
          fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
          column: UInt = #column
        ) {
          mock = MockServiceCore("MockCartServicing", fileID: fileID, filePath: filePath, line: line, column: column)
          arguments = CallRecorder("MockCartServicing.arguments", exhaustive: false, fileID: fileID, filePath: filePath, line: line, column: column)
          self.totalResult = totalResult ?? Stub(label: "totalResult", fileID: fileID, filePath: filePath, line: line, column: column)
          self.updatesFeed = updatesFeed ?? MockStream(label: "updates")
        }

        var updates: AsyncStream<Int> { updatesFeed.stream() }
        func add(item: String, count: Int) async throws {
          arguments.record(.add(item: item, count: count))
          try await throwIfFailing(.add)
        }
        func total() async throws -> Int {
          try await throwIfFailing(.total)
          return try totalResult.get()
        }
        func clear() async {
          await recordCall(.clear)
        }
      }

      """
    #expect(source == expected)
  }

  @Test func listener_includesTheRequirementsOfTheModulesProtocolsItRefines() throws {
    let source = try #require(
      MocksGenerator(graph: try shop()).generate(["CheckoutListener"])
        .files["MockCheckoutListener.swift"])
    #expect(
      source.contains("final class MockCheckoutListener: CheckoutListener, RecordingListener {"))
    #expect(source.contains("  case checkoutDidFinish(order: Int)\n"))
    #expect(source.contains("  case didStart\n"))
    #expect(source.contains("func didStart() async { await recordCall(.didStart) }"))
    #expect(
      source.contains(
        "func checkoutDidFinish(order: Int) async { await recordCall(.checkoutDidFinish(order: order)) }"
      ))
  }

  @Test func routerAndPresenter_subclassTheToolkitsBases_andKeepArgumentLabels() throws {
    let result = MocksGenerator(graph: try shop()).generate([
      "CheckoutRouting", "CheckoutPresentable",
    ])
    let router = try #require(result.files["MockCheckoutRouting.swift"])
    #expect(router.contains("BaseMockRouter<CheckoutRoutingCall>, CheckoutRouting"))
    #expect(router.contains("  case attachReceipt(for: Int)\n"))
    #expect(
      router.contains(
        "func attachReceipt(for order: Int) async { await recordCall(.attachReceipt(for: order)) }")
    )
    let presenter = try #require(result.files["MockCheckoutPresentable.swift"])
    #expect(presenter.contains("RecordingPresenter<CheckoutPresentableCall>, CheckoutPresentable"))
    #expect(presenter.contains("  weak var listener: (any CheckoutListener)?\n"))
    #expect(presenter.contains("func show(_ total: Int) { record(.show(total)) }"))
  }

  @Test func routerAndPresenter_inheritTheBasesInitializer_whichTakesTheCreationSite() throws {
    let result = MocksGenerator(graph: try shop()).generate([
      "CheckoutRouting", "CheckoutPresentable",
    ])

    // BaseMockRouter's and RecordingPresenter's `init(fileID:filePath:line:column:)`, whose
    // defaults are the test's line: a declared initializer would hide it.
    #expect(result.files.count == 2)
    #expect(result.files.values.allSatisfy { !$0.contains("init(") })
  }

  @Test func whatCannotBeMocked_isNamedWithWhatToWrite_andGetsNoFile() throws {
    let result = MocksGenerator(graph: try shop()).generate(["Refused", "Missing"])
    #expect(result.files.isEmpty)
    #expect(
      result.diagnostics.map(\.description) == [
        "Refused.make(): a static requirement has no instance to record it; write it by hand",
        "Missing.protocol: Shop has no protocol of that name",
      ])
  }

  @Test func internalProtocols_areImportedTestable() throws {
    var builder = GraphBuilder()
    builder.addProtocol(
      "Hidden", declaration: "protocol Hidden : AnyObject, Sendable", access: "internal")
    builder.addMethod("ping()", of: "Hidden", effects: "async")
    let source = try #require(
      MocksGenerator(graph: try builder.graph()).generate(["Hidden"]).files["MockHidden.swift"])
    #expect(source.contains("@testable import Shop\n"))
  }

  @Test func overloadedBaseNames_getCasesNamedAfterTheirLabels() throws {
    var builder = GraphBuilder()
    builder.addProtocol("Pager", declaration: "protocol Pager : AnyObject, Sendable")
    builder.addMethod("load(page:)", of: "Pager", parameters: [("page", "Int")], effects: "async")
    builder.addMethod("load(id:)", of: "Pager", parameters: [("id", "String")], effects: "async")
    let source = try #require(
      MocksGenerator(graph: try builder.graph()).generate(["Pager"]).files["MockPager.swift"])
    #expect(source.contains("  case loadPage(page: Int)\n"))
    #expect(source.contains("  case loadId(id: String)\n"))
    #expect(
      source.contains("func load(page: Int) async { await recordCall(.loadPage(page: page)) }"))
  }

  @Test func aProtocolRefiningAClassBoundOne_isClassBoundToo() throws {
    var builder = GraphBuilder()
    builder.addProtocol("Parent", declaration: "protocol Parent : AnyObject, Sendable")
    builder.addProtocol("Child", declaration: "protocol Child : Parent", refines: ["Parent"])
    builder.addMethod("done()", of: "Child", effects: "async")
    let result = MocksGenerator(graph: try builder.graph()).generate(["Child"])
    #expect(result.shapes == ["Child": .listener])
  }

  @Test func generating_isDeterministic() throws {
    let graph = try shop()
    let names = ["CartServicing", "CheckoutListener", "CheckoutRouting", "CheckoutPresentable"]
    let first = MocksGenerator(graph: graph).generate(names).files
    let second = MocksGenerator(graph: graph).generate(names.reversed()).files
    #expect(first == second)
  }

  /// A module with the shapes the generator mocks beyond the basic ones.
  private func app() throws -> SymbolGraph {
    var builder = GraphBuilder()
    builder.addProtocol(
      "Catalog", declaration: "protocol Catalog : Sendable", outside: ["Swift.Sendable"])
    builder.addMethod("cachedCount()", of: "Catalog", returns: "Int")
    builder.addMethod("prices()", of: "Catalog", effects: "async", returns: "AsyncStream<Int>")
    builder.addProperty("name", of: "Catalog", declaration: "var name: String { get }")
    builder.addProperty("size", of: "Catalog", declaration: "var size: Int { get set }")
    builder.addProtocol("Listening", declaration: "protocol Listening : AnyObject, Sendable")
    builder.addProtocol("Routed", outside: ["napkin.ViewableRouting"])
    builder.addProtocol("Builder", outside: ["napkin.Buildable"])
    builder.addMethod(
      "build(withListener:)", of: "Builder",
      parameters: [("withListener listener", "any Listening")],
      returns: "any Routed")
    builder.addProtocol("AppDependency", outside: ["napkin.Dependency"])
    builder.addProperty(
      "catalog", of: "AppDependency", declaration: "var catalog: any Catalog { get }")
    builder.addProperty(
      "note", of: "AppDependency", declaration: "var note: String? { get set }")
    builder.addProtocol("Loader")
    builder.addMethod("load()", of: "Loader", effects: "async throws(LoadError)", returns: "Page")
    builder.addProtocol(
      "Ticket", outside: ["Swift.CustomStringConvertible", "Swift.Hashable", "Swift.Equatable"])
    builder.addMethod("punch()", of: "Ticket", effects: "async throws")
    builder.addProtocol("Store", outside: ["_Concurrency.Actor"])
    builder.addMethod("save(_:)", of: "Store", parameters: [("order", "Int")], effects: "async")
    builder.addProtocol("Screen", outside: ["napkin.ViewControllable"])
    builder.addMethod(
      "embed(_:)", of: "Screen", parameters: [("viewController", "any Routed")], effects: "async")
    return try builder.graph()
  }

  @Test func aMethodReturningAValueWithoutThrowing_returnsAStubTheInitializerRequires() throws {
    let result = MocksGenerator(graph: try app()).generate(["Catalog", "Builder"])
    #expect(result.diagnostics.isEmpty)
    let catalog = try #require(result.files["MockCatalog.swift"])
    #expect(catalog.contains("    cachedCountResult: Stub<Int>,\n"))
    #expect(catalog.contains("    self.cachedCountResult = cachedCountResult\n"))
    #expect(catalog.contains("  func cachedCount() -> Int {\n    recordCall(.cachedCount)\n"))
    #expect(catalog.contains("    return try! cachedCountResult.get()\n"))
    let builder = try #require(result.files["MockBuilder.swift"])
    #expect(builder.contains("    buildResult: Stub<any Routed>,\n"))
    #expect(builder.contains("func build(withListener listener: any Listening) -> any Routed {"))
  }

  @Test func propertiesOfAnyType_areSetThroughTheInitializer_andStreamMethodsGetAFeed() throws {
    let result = MocksGenerator(graph: try app()).generate(["Catalog", "AppDependency"])
    #expect(result.shapes == ["Catalog": .service, "AppDependency": .holder])
    let catalog = try #require(result.files["MockCatalog.swift"])
    #expect(catalog.contains("  let pricesFeed: MockStream<Int>\n"))
    #expect(catalog.contains("    pricesFeed: MockStream<Int>? = nil,\n"))
    #expect(catalog.contains("    await recordCall(.prices)\n    return pricesFeed.stream()\n"))
    #expect(catalog.contains("  let name: String\n"))
    // A settable property of a Sendable mock sits behind a lock.
    #expect(catalog.contains("  private let sizeStorage: Mutex<Int>\n"))
    #expect(catalog.contains("import Synchronization\n"))
    let dependency = try #require(result.files["MockAppDependency.swift"])
    #expect(dependency.contains("final class MockAppDependency: AppDependency {"))
    #expect(dependency.contains("  init(catalog: any Catalog, note: String? = nil) {"))
    #expect(dependency.contains("  let catalog: any Catalog\n  var note: String?\n"))
  }

  @Test func typedThrows_failureInjectionTakesThatErrorType() throws {
    var builder = GraphBuilder()
    builder.addProtocol("Loader")
    builder.addMethod(
      "load()", of: "Loader", effects: "async throws(LoadError)", returns: "Page")
    builder.addMethod(
      "parse(_:)", of: "Loader", parameters: [("text", "String")], effects: "throws(ParseError)")
    builder.addMethod("any()", of: "Loader", effects: "throws(any Error)", returns: "Int")
    builder.addMethod("never()", of: "Loader", effects: "throws(Never)", returns: "Int")
    let result = MocksGenerator(graph: try builder.graph()).generate(["Loader"])
    #expect(result.diagnostics.isEmpty)
    let loader = try #require(result.files["MockLoader.swift"])
    #expect(loader.contains("  func load() async throws(LoadError) -> Page {\n"))
    #expect(loader.contains("    try await throwIfFailing(.load, as: LoadError.self)\n"))
    // It cannot throw an unstubbed call's error: its stub is required.
    #expect(loader.contains("    loadResult: Stub<Page>,\n"))
    #expect(loader.contains("    return try! loadResult.get()\n"))
    #expect(loader.contains("  func parse(_ text: String) throws(ParseError) {\n"))
    #expect(loader.contains("    try throwIfFailing(.parse, as: ParseError.self)\n"))
    // The injection refuses another error type from the start.
    #expect(loader.contains("    mock.limitFailures(of: .load, to: LoadError.self)\n"))
    #expect(loader.contains("    mock.limitFailures(of: .parse, to: ParseError.self)\n"))
    // `throws(any Error)` is `throws`.
    #expect(loader.contains("  func any() throws -> Int {\n"))
    #expect(loader.contains("    anyResult: Stub<Int>? = nil,\n"))
    // `throws(Never)` does not throw.
    #expect(loader.contains("  func never() -> Int {\n    recordCall(.never)\n"))
  }

  @Test func whatWouldNotCompile_isRefusedByName() throws {
    var builder = GraphBuilder()
    builder.addProtocol("Progress", outside: ["Foundation.ProgressReporting"])
    let result = MocksGenerator(graph: try builder.graph()).generate(["Progress"])
    #expect(result.files.isEmpty)
    #expect(
      result.diagnostics.map(\.description) == [
        "Progress.protocol: refines `Foundation.ProgressReporting`, whose requirements are not in "
          + "this module's symbol graph; write this mock by hand, or leave it out with --exclude "
          + "Progress"
      ])
  }

  @Test func viewControllableRefinement_getsAMainActorMockWithAPlatformView() throws {
    let result = MocksGenerator(graph: try app()).generate(["Screen"])
    #expect(result.diagnostics.isEmpty)
    let screen = try #require(result.files["MockScreen.swift"])
    #expect(screen.contains("@MainActor\nfinal class MockScreen: Screen, RecordingListener {"))
    #expect(screen.contains("  case embed(Instance)\n"))
    #expect(screen.contains("#if canImport(UIKit) && !os(watchOS)\n  import UIKit\n"))
    #expect(
      screen.contains(
        "  #if canImport(UIKit) && !os(watchOS)\n    /// A plain view controller standing in for "
          + "the real one.\n    lazy var uiviewController: UIViewController = UIViewController()\n"
          + "  #elseif canImport(AppKit)\n"))
    #expect(
      screen.contains("    lazy var nsviewController: NSViewController = NSViewController()\n"))
  }

  @Test func standardRefinements_getADescriptionAndIdentity_andActorsAnActor() throws {
    let result = MocksGenerator(graph: try app()).generate(["Ticket", "Store"])
    #expect(result.diagnostics.isEmpty)
    let ticket = try #require(result.files["MockTicket.swift"])
    #expect(ticket.contains("  nonisolated let description: String\n"))
    #expect(ticket.contains("    description: String = \"MockTicket\",\n"))
    #expect(
      ticket.contains(
        "  nonisolated static func == (lhs: MockTicket, rhs: MockTicket) -> Bool { lhs === rhs }"))
    #expect(ticket.contains("hasher.combine(ObjectIdentifier(self))"))
    let store = try #require(result.files["MockStore.swift"])
    #expect(store.contains("actor MockStore: Store, RecordingListener {"))
    #expect(store.contains("  nonisolated let calls: CallRecorder<StoreCall>\n"))
  }

  @Test func classBoundArguments_areRecordedByIdentity() throws {
    let result = MocksGenerator(graph: try app()).generate(["Builder"])
    let builder = try #require(result.files["MockBuilder.swift"])
    #expect(builder.contains("  case build(withListener: Instance)\n"))
    #expect(
      builder.contains(
        "  nonisolated struct Instance: Equatable, Sendable, CustomStringConvertible {"))
    #expect(
      builder.contains("arguments.record(.build(withListener: BuilderCall.Instance(listener)))"))
  }

  /// A service with generic methods: explicit type parameters, `some` parameters, a constrained
  /// generic result, and a generic result of a method that cannot throw.
  private func generic() throws -> SymbolGraph {
    var builder = GraphBuilder()
    builder.addProtocol(
      "Store", declaration: "protocol Store : Sendable", outside: ["Swift.Sendable"])
    builder.addMethod(
      "fetch(_:id:)", of: "Store", parameters: [("type", "T.Type"), ("id", "String")],
      effects: "async throws", returns: "T", generics: ["T"],
      constraints: [("conformance", "T", "Decodable"), ("conformance", "T", "Sendable")])
    builder.addMethod(
      "save(_:)", of: "Store", parameters: [("value", "some Encodable & Sendable")],
      effects: "async throws",
      constraints: [("conformance", "some Encodable & Sendable", "Encodable")])
    builder.addMethod(
      "make(_:)", of: "Store", parameters: [("seed", "[T]")], returns: "T?", generics: ["T"],
      constraints: [("sameType", "T.Element", "Int")])
    builder.addMethod(
      "count(_:)", of: "Store", parameters: [("items", "[T]")], returns: "Int", generics: ["T"])
    builder.addProtocol("Packs")
    builder.addMethod(
      "zip(_:)", of: "Packs", parameters: [("values", "repeat each T")], generics: ["T"])
    return try builder.graph()
  }

  @Test func genericMethod_recordsTheArgumentsConcreteType() throws {
    let result = MocksGenerator(graph: try generic()).generate(["Store"])
    #expect(result.diagnostics.isEmpty)
    let store = try #require(result.files["MockStore.swift"])
    #expect(store.contains("  case fetch(Argument, id: String)\n"))
    #expect(store.contains("  case save(Argument)\n"))
    #expect(store.contains("  case make(Argument)\n"))
    #expect(store.contains("  case count(Argument)\n"))
    #expect(
      store.contains(
        "  nonisolated struct Argument: Equatable, Sendable, CustomStringConvertible {"))
    #expect(store.contains("      type = String(describing: Swift.type(of: argument))\n"))
    #expect(store.contains("      value = String(describing: argument)\n"))
    #expect(store.contains("    arguments.record(.fetch(StoreCall.Argument(type), id: id))\n"))
    #expect(store.contains("    arguments.record(.save(StoreCall.Argument(value)))\n"))
    #expect(
      store.contains(
        "  func fetch<T>(_ type: T.Type, id: String) async throws -> T where T: Decodable, "
          + "T: Sendable {\n"))
    #expect(store.contains("  func save(_ value: some Encodable & Sendable) async throws {\n"))
    #expect(store.contains("  func make<T>(_ seed: [T]) -> T? where T.Element == Int {\n"))
    // A result that does not mention the type parameter is an ordinary stub.
    #expect(store.contains("    countResult: Stub<Int>,\n"))
  }

  @Test func genericResult_comesFromAHandlerTheTestSets() throws {
    let result = MocksGenerator(graph: try generic()).generate(["Store"])
    let store = try #require(result.files["MockStore.swift"])
    // A throwing method's handler is optional: unset, the call reports and throws.
    #expect(store.contains("  let fetchHandler: Stub<@Sendable (Any, String, Any.Type) -> Any>\n"))
    #expect(
      store.contains("    fetchHandler: (@Sendable (Any, String, Any.Type) -> Any)? = nil,\n"))
    #expect(
      store.contains(
        "    self.fetchHandler =\n      fetchHandler.map { Stub($0, label: \"fetchHandler\", "))
    #expect(
      store.contains(
        "    return try handled(fetchHandler.get()(type, id, (T).self), by: \"fetchHandler\")\n")
    )
    // One that cannot throw requires its handler.
    #expect(store.contains("    makeHandler: @escaping @Sendable (Any, Any.Type) -> Any,\n"))
    #expect(
      store.contains("    self.makeHandler = Stub(makeHandler, label: \"makeHandler\", fileID: "))
    #expect(
      store.contains(
        "    return try! handled(makeHandler.get()(seed, (T?).self), by: \"makeHandler\")\n"))
  }

  @Test func parameterPacks_areRefusedWithTheReason() throws {
    let result = MocksGenerator(graph: try generic()).generate(["Packs"])
    #expect(result.files.isEmpty)
    #expect(
      result.diagnostics.map(\.description) == [
        "Packs.zip(_:): a parameter pack (`repeat each T`) has no one value to record or return; "
          + "write this method by hand"
      ])
  }

  /// A service with closure parameters: kept (escaping and `Sendable`), optional, and not kept.
  private func closures() throws -> SymbolGraph {
    var builder = GraphBuilder()
    builder.addProtocol(
      "Feed", declaration: "protocol Feed : Sendable", outside: ["Swift.Sendable"])
    builder.addMethod(
      "load(id:completion:)", of: "Feed",
      parameters: [
        ("id", "String"), ("completion", "@escaping @Sendable (Result<Int, any Error>) -> Void"),
      ])
    builder.addMethod(
      "observe(_:)", of: "Feed", parameters: [("handler", "@escaping @MainActor (Int) -> Void")],
      effects: "async")
    builder.addMethod(
      "finish(_:)", of: "Feed", parameters: [("done", "(@Sendable () -> Void)?")])
    builder.addMethod(
      "each(_:)", of: "Feed", parameters: [("body", "(Int) async throws -> Void")],
      declaration: "func each(_ body: (Int) async throws -> Void)")
    builder.addProtocol("Batches")
    builder.addMethod(
      "batch(_:)", of: "Batches", parameters: [("jobs", "[@Sendable () -> Void]")])
    return try builder.graph()
  }

  @Test func closureParameter_isRecordedByPosition_andKeptForTheTestToCall() throws {
    let result = MocksGenerator(graph: try closures()).generate(["Feed"])
    let feed = try #require(result.files["MockFeed.swift"])
    #expect(
      feed.contains(
        "  case load(id: String, completion: Closure<@Sendable (Result<Int, any Error>) -> Void>)\n"
      ))
    #expect(feed.contains("  case observe(Closure<@MainActor (Int) -> Void>)\n"))
    #expect(feed.contains("  case finish(Closure<@Sendable () -> Void>?)\n"))
    // A closure that cannot be kept (not escaping) is recorded by position only.
    #expect(feed.contains("  case each(Closure<Never>)\n"))
    #expect(
      feed.contains(
        "    arguments.record(.load(id: id, completion: FeedCall.Closure(completion)))\n"))
    #expect(feed.contains("    arguments.record(.finish(done.map { FeedCall.Closure($0) }))\n"))
    #expect(feed.contains("    arguments.record(.each(FeedCall.Closure<Never>.any))\n"))
    #expect(
      feed.contains(
        "  func load(id: String, completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {"
      ))
    #expect(
      feed.contains(
        "  var loadCompletion: (@Sendable (Result<Int, any Error>) -> Void)? {\n"
          + "    if case .load(_, let closure) = self { closure.function } else { nil }\n"))
    #expect(
      feed.contains("    if case .finish(let closure?) = self { closure.function } else { nil }\n"))
    #expect(!feed.contains("var eachBody"))
    // The effects of a closure parameter are not the method's.
    #expect(feed.contains("  func each(_ body: (Int) async throws -> Void) {\n"))
    #expect(feed.contains("    static func == (lhs: Self, rhs: Self) -> Bool { true }\n"))
  }

  @Test func aTypeHoldingClosuresWithoutBeingOne_isRefusedWithTheReason() throws {
    let result = MocksGenerator(graph: try closures()).generate(["Batches"])
    #expect(result.files.isEmpty)
    #expect(
      result.diagnostics.map(\.description) == [
        "Batches.batch(_:): a parameter whose type holds closures, without being one, has nothing "
          + "to record them by; write this method by hand"
      ])
  }

  @Test func docCommentMarker_excludesAProtocol() throws {
    var builder = GraphBuilder()
    builder.addProtocol(
      "Legacy", docComment: ["A service mocked by hand.", "", " napkin-mocks: exclude "])
    builder.addProtocol(
      "Mentioned", docComment: ["Not excluded: `napkin-mocks: exclude` is only mentioned."])
    builder.addProtocol("Plain")
    let generator = MocksGenerator(graph: try builder.graph())
    #expect(generator.excludedProtocolNames == ["Legacy"])
    #expect(generator.protocolNames == ["Legacy", "Mentioned", "Plain"])
  }

  @Test func requirementsMentioningSelf_areRefusedWithTheReason() throws {
    var builder = GraphBuilder()
    builder.addProtocol("Copying")
    builder.addMethod("copy()", of: "Copying", returns: "Self")
    builder.addMethod("merge(_:)", of: "Copying", parameters: [("other", "Self")])
    builder.addProperty("twin", of: "Copying", declaration: "var twin: Self? { get }")
    let result = MocksGenerator(graph: try builder.graph()).generate(["Copying"])
    #expect(result.files.isEmpty)
    let reason =
      "a requirement mentioning `Self` is about the conforming type, which a mock's stub and "
      + "call enum cannot name; write it by hand"
    #expect(
      result.diagnostics.map(\.description) == [
        "Copying.copy(): \(reason)", "Copying.merge(_:): \(reason)", "Copying.twin: \(reason)",
      ])
  }
}
