#if canImport(UIKit) && !os(watchOS)
  public import UIKit
#elseif canImport(AppKit)
  public import AppKit
#endif

/// A base for mock routers: everything `Routing`, `ViewableRouting` and `LaunchRouting` require,
/// real and recorded, so a subclass writes only the feature's own methods.
///
/// `Call` is the subclass's enum of feature calls (use `Never` if there are none); record one with
/// ``record(_:)`` in a single line per method. The base provides:
/// - ``children`` with real bookkeeping, and ``attachChild(_:)`` / ``detachChild(_:)`` that
///   activate and load, or deactivate, the child like a real router;
/// - ``load()`` / ``loaded()``, ``launch()`` (and `launch(from:)` with UIKit or AppKit);
/// - ``interactable``: a ``MockInteractor`` whose activations can be read, never a crash;
/// - ``viewControllable``: a ``MockViewControllable``.
///
/// Infrastructure calls go to ``routing`` (not part of strict exhaustivity checks), feature calls
/// to ``calls``. Attaching a child that is already attached reports an issue instead of crashing.
///
/// The base itself conforms to `LaunchRouting` (hence `ViewableRouting` and `Routing`), so
/// `BaseMockRouter<Never>()` is a ready-made child or parent router.
///
/// Isolation: `@MainActor`; `Sendable` through its global actor. `init()` is `nonisolated`, so a
/// test on any executor can create one.
///
/// In a default-MainActor target, declare the call enum and every type in its cases
/// `nonisolated`: otherwise comparing calls cannot use their main-actor `Equatable` conformance
/// (for a payload type from another module the error has no source location).
///
/// ```swift
/// nonisolated enum LaunchRoutingCall: Equatable, Sendable { case attachLoggedOut, attachLoggedIn(User) }
///
/// final class MockLaunchNapkinRouting: BaseMockRouter<LaunchRoutingCall>, LaunchNapkinRouting {
///   func attachLoggedOut() async { record(.attachLoggedOut) }
///   func attachLoggedIn(user: User) async { record(.attachLoggedIn(user)) }
/// }
/// ```
@MainActor
open class BaseMockRouter<Call: Sendable>: LaunchRouting {
  /// The feature calls recorded with ``record(_:)``, in order.
  public nonisolated let calls: CallRecorder<Call>

  /// The routing-infrastructure calls: load, attach, detach, launch.
  public nonisolated let routing: CallRecorder<RouterCall>

  /// The mock interactor standing behind ``interactable``.
  public nonisolated let mockInteractor: MockInteractor

  /// The mock view standing behind ``viewControllable``.
  public nonisolated let mockView: MockViewControllable

  /// The attached children, in attachment order.
  public private(set) var children: [any Routing] = []

  let owner: IssueOwner
  /// Where the test created the mock: misuses the router's callers make are reported there.
  private let creationSite: CallSite
  private var isLoaded = false

  /// Creates a mock router with a fresh mock interactor and view.
  ///
  /// The `fileID`, `filePath`, `line` and `column` default to where the mock is created: strict
  /// end-of-test checks report its unasserted calls there.
  public nonisolated init(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let name = "\(Self.self)"
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    // One owner for the router and its recorders: reading `calls` reports what it kept.
    let owner = IssueOwner(createdAt: site)
    self.owner = owner
    creationSite = site
    calls = CallRecorder(name, owner: owner, site: site)
    routing = CallRecorder("\(name).routing", exhaustive: false, owner: owner, site: site)
    mockInteractor = MockInteractor("\(name).interactable")
    mockView = MockViewControllable("\(name).view")
  }

  /// The mock interactor, as an `Interactable`.
  public nonisolated var interactable: any Interactable { mockInteractor }

  /// The mock view, as a `ViewControllable`.
  public var viewControllable: any ViewControllable { mockView }

  /// Records a feature call; call it from each feature method.
  public final func record(_ call: Call) {
    owner.flush()
    calls.record(call)
  }

  /// Records `.load` and marks the router loaded.
  open func load() async {
    routing.record(.load)
    isLoaded = true
  }

  /// Records `.loaded` and returns at once: a mock has nothing to load.
  open func loaded() async {
    routing.record(.loaded)
  }

  /// Records `.attachChild`, appends the child, activates its subtree and loads it, like a real
  /// router.
  ///
  /// A child that is already attached, or whose attaching would make a cycle (the router itself,
  /// or one of its ancestors), is reported as an issue at the line that created this mock and not
  /// attached.
  open func attachChild(_ child: any Routing) async {
    routing.record(.attachChild(RouterCall.Child(child)))
    guard !children.contains(where: { $0 === child }) else {
      owner.report(
        "attachChild: \(type(of: child)) is already attached to \(type(of: self)); detach it "
          + "before attaching it again.", at: creationSite)
      return
    }
    guard !child.subtreeContains(self) else {
      owner.report(
        "attachChild: attaching \(type(of: child)) to \(type(of: self)) would make a cycle ("
          + (child === self
            ? "a router cannot be its own child"
            : "\(type(of: self)) is already attached below \(type(of: child))")
          + "); it was not attached.", at: creationSite)
      return
    }
    children.append(child)
    RoutingTreeChanges.changed()
    await child.activateSubtree()
    guard children.contains(where: { $0 === child }) else { return }
    await child.load()
  }

  /// Records `.detachChild`, removes the child and deactivates its subtree, like a real router.
  ///
  /// Does nothing more than record if the child is not attached.
  open func detachChild(_ child: any Routing) async {
    routing.record(.detachChild(RouterCall.Child(child)))
    guard let index = children.firstIndex(where: { $0 === child }) else { return }
    children.remove(at: index)
    RoutingTreeChanges.changed()
    await child.deactivateSubtree()
  }

  /// Records `.launch`, activates the mock interactor and loads.
  open func launch() async {
    routing.record(.launch)
    await interactable.activate()
    await load()
  }

  #if canImport(UIKit) && !os(watchOS)
    /// Records `.launch` and launches; the window is left untouched.
    open func launch(from window: UIWindow) async {
      await launch()
    }
  #elseif canImport(AppKit)
    /// Records `.launch` and launches; the window is left untouched.
    open func launch(from window: NSWindow) async {
      await launch()
    }
  #endif
}
