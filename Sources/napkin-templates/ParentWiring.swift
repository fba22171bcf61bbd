import Foundation

/// What a parent napkin's files need so that it attaches a new child: its interactor becomes the
/// child's listener, its routing protocol and router gain `attach<Child>()` and
/// `detach<Child>()`, its interactor detaches the child when the child closes, and its tests'
/// mock router records the two calls (with a test that closing detaches).
///
/// The changes are planned against the parent's files as they are, and printed, never written:
/// each names a line of its file, as `WiringEdit` prints it. A change the files already have is
/// left out, so the plan for a second child adds to the first's. What cannot be placed (a
/// declaration the files do not have where new-napkin writes it) is said in a line starting
/// with "by hand:".
///
/// ```swift
/// let wiring = try ParentWiring(parent: checkout, child: "Cart")
/// print(wiring.description)
/// ```
struct ParentWiring {
  /// The parent's name.
  let parent: String
  /// The child's name.
  let child: String
  /// The changes, by file (router, interactor, tests) and line.
  let edits: [WiringEdit]
  /// What cannot be planned as an edit, each starting with "by hand:" or "note:".
  let notes: [String]

  /// Plans the changes to `parent`'s files that attach `child`.
  init(parent napkin: ParentNapkin, child: String) throws {
    let parent = napkin.name
    self.parent = parent
    self.child = child
    var notes: [String] = []
    var router = try FileEdits(path: napkin.router.path, contentsOf: napkin.router)
    var interactor = try FileEdits(path: napkin.interactor.path, contentsOf: napkin.interactor)
    let routerNames = (
      interactable: "\(parent)Interactable", routing: "\(parent)Routing", router: "\(parent)Router"
    )

    // The interactor is the child's listener.
    if router.header(of: routerNames.interactable)?.containsWord("\(child)Listener") != true,
      !router.addConformance("\(child)Listener", to: routerNames.interactable)
    {
      notes.append(
        "by hand: \(router.path) declares no \(routerNames.interactable): make the protocol by "
          + "which \(parent)'s router knows its interactor refine \(child)Listener")
    }
    // The routing protocol and the router attach and detach the child.
    let attach = "func attach\(child)("
    switch router.body(of: routerNames.routing)?.contains(where: { $0.contains(attach) }) {
    case nil:
      notes.append(
        "by hand: \(router.path) declares no \(routerNames.routing): add to \(parent)'s routing "
          + "protocol:\n" + Self.routingMembers(child).joined(separator: "\n"))
    case false?: _ = router.addMembers(Self.routingMembers(child), to: routerNames.routing)
    case true?: break
    }
    switch router.body(of: routerNames.router) {
    case nil:
      notes.append(
        "by hand: \(router.path) declares no \(routerNames.router): add to \(parent)'s router:\n"
          + Self.routerMembers(child).joined(separator: "\n"))
    case let body? where !body.contains(where: { $0.contains(attach) }):
      if !body.contains(where: { $0.containsWord("component") }) {
        notes.append(
          "by hand: \(routerNames.router) keeps no `component` (new-napkin writes one now): give "
            + "it `private let component: \(parent)Component`, passed to its init by "
            + "\(parent)Builder, which the lines below build \(child) from")
      }
      _ = router.addMembers(Self.routerMembers(child), to: routerNames.router)
    default: break
    }
    // The interactor detaches the child when it closes.
    let interactorName = "\(parent)Interactor"
    switch interactor.body(of: interactorName) {
    case nil:
      notes.append(
        "by hand: \(interactor.path) declares no \(interactorName): add to \(parent)'s "
          + "interactor:\n" + Self.listenerMembers(child).joined(separator: "\n"))
    case let body? where !body.contains(where: { $0.contains("func didClose\(child)(") }):
      _ = interactor.addMembers(Self.listenerMembers(child), to: interactorName)
    default: break
    }

    var files = [router, interactor]
    if FileManager.default.fileExists(atPath: napkin.tests.path) {
      var tests = try FileEdits(path: napkin.tests.path, contentsOf: napkin.tests)
      notes += Self.planTests(&tests, parent: parent, child: child)
      files.append(tests)
    } else {
      notes.append(
        "note: \(parent)'s tests are not in \(napkin.tests.path): a mock of "
          + "\(routerNames.routing) needs attach\(child)() and detach\(child)()")
    }
    edits = files.flatMap(\.edits)
    self.notes = notes
  }

  /// The changes, then the notes, and what the interactor can do once they are made.
  var description: String {
    let count = edits.count == 1 ? "this change" : "these \(edits.count) changes"
    let heading =
      edits.isEmpty
      ? "\(parent)'s files attach \(child) already: nothing to change."
      : "To attach \(child) to \(parent), make \(count) to \(parent)'s files (new-napkin made "
        + "none); each names a line of its file as it is now:"
    return ([heading] + edits.map(\.description) + notes).joined(separator: "\n\n")
      + "\n\nThen \(parent)'s interactor attaches \(child) with `await router?.attach\(child)()`;"
      + " when \(child) closes, didClose\(child)() detaches it."
  }

  /// The router calls, the mock router's methods and a test of the listener call, added to the
  /// parent's tests; the notes for what is not there.
  private static func planTests(_ tests: inout FileEdits, parent: String, child: String)
    -> [String]
  {
    let call = "\(parent)RouterCall"
    let mock = "Mock\(parent)Router"
    let suite = "\(parent)InteractorTests"
    guard let mockBody = tests.body(of: mock) else {
      return [
        "note: \(tests.path) declares no \(mock): a mock of \(parent)Routing needs "
          + "attach\(child)() and detach\(child)()"
      ]
    }
    guard !mockBody.contains(where: { $0.contains("func attach\(child)(") }) else { return [] }
    let cases = ["  case attach\(child)", "  case detach\(child)"]
    if tests.body(of: call) != nil {
      _ = tests.addMembers(cases, to: call)
    } else if tests.header(of: mock)?.contains("BaseMockRouter<Never>") == true {
      // A mock from before the router call enum: it records the calls in one now.
      _ = tests.insert(
        [
          "/// The calls of \(parent)'s routing methods, recorded by \(mock).",
          "nonisolated enum \(call): Equatable, Sendable {",
        ] + cases + ["}", ""], beforeDeclarationOf: mock)
      _ = tests.replaceInHeader("BaseMockRouter<Never>", with: "BaseMockRouter<\(call)>", of: mock)
    } else {
      return [
        "by hand: \(tests.path) declares no \(call), the calls \(mock) records: add to them:\n"
          + cases.joined(separator: "\n")
      ]
    }
    _ = tests.addMembers(
      [
        "  func attach\(child)() async { await recordCall(.attach\(child)) }",
        "  func detach\(child)() async { await recordCall(.detach\(child)) }",
      ], to: mock)
    if let body = tests.body(of: suite), body.contains(where: { $0.contains("func makeSUT()") }),
      body.contains(where: { $0.contains("let router = \(mock)()") })
    {
      _ = tests.addMembers(
        [
          "  @Test func didClose\(child)_detaches\(child)() async {",
          "    let sut = await makeSUT()",
          "",
          "    await sut.didClose\(child)()",
          "",
          "    #expect(router.calls == [.detach\(child)])",
          "  }",
        ], to: suite)
    }
    return []
  }

  /// The routing protocol's requirements.
  private static func routingMembers(_ child: String) -> [String] {
    [
      "  /// Attaches \(child), built with the interactor as its listener; does nothing if it is "
        + "attached.",
      "  func attach\(child)() async",
      "",
      "  /// Detaches \(child); does nothing if it is not attached.",
      "  func detach\(child)() async",
    ].flatMap(Self.wrappedComment)
  }

  /// The router's stored child and its attach and detach methods.
  private static func routerMembers(_ child: String) -> [String] {
    let stored = lowerCamelCase(child) + "Router"
    return [
      "  /// \(child)'s router while \(child) is attached.",
      "  private var \(stored): (any \(child)Routing)?",
      "",
      "  func attach\(child)() async {",
      "    guard \(stored) == nil else { return }",
      "    let builder = \(child)Builder(dependency: component)",
      "    let child = await builder.build(withListener: interactor)",
      "    \(stored) = child",
      "    await attachChild(child)",
      "  }",
      "",
      "  func detach\(child)() async {",
      "    guard let child = \(stored) else { return }",
      "    \(stored) = nil",
      "    await detachChild(child)",
      "  }",
    ]
  }

  /// The interactor's answer to the child's listener call.
  private static func listenerMembers(_ child: String) -> [String] {
    [
      "  func didClose\(child)() async {",
      "    await router?.detach\(child)()",
      "  }",
    ]
  }

  /// `name` with its leading capitals lowercased, the last of several kept when a lowercase
  /// letter follows it: `Cart` is `cart`, `URLLoader` is `urlLoader`.
  static func lowerCamelCase(_ name: String) -> String {
    let capitals = name.prefix { $0.isUppercase }
    let count =
      capitals.count > 1 && capitals.count < name.count ? capitals.count - 1 : capitals.count
    return name.prefix(count).lowercased() + name.dropFirst(count)
  }

  /// A `///` line longer than 100 characters split at a space, the rest on a line of its own.
  private static func wrappedComment(_ line: String) -> [String] {
    guard line.count > 100, line.hasPrefix("  /// ") else { return [line] }
    let limit = line.index(line.startIndex, offsetBy: 100)
    guard let space = line[..<limit].lastIndex(of: " "),
      space > line.index(line.startIndex, offsetBy: 6)
    else { return [line] }
    return [String(line[..<space])] + wrappedComment("  /// " + line[line.index(after: space)...])
  }
}
