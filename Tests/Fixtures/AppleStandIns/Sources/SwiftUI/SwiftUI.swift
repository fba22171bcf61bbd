// A compile-only stand-in for SwiftUI: only what the napkin templates' SwiftUI variant uses,
// with the real declarations' isolation. Nothing here runs; `make templates-check` compiles the
// templates' files against it.

public import UIKit

/// A compile-only stand-in for SwiftUI's `View`: main-actor isolated, like the real protocol.
@MainActor
@preconcurrency
public protocol View {
  /// The view's content.
  associatedtype Body: View

  /// The view's content, built by a ``ViewBuilder``.
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  /// A view with no content has no body.
  public var body: Never { fatalError("Never has no body") }
}

/// A compile-only stand-in for SwiftUI's `ViewBuilder`: one view, or several as a
/// ``TupleView``.
@resultBuilder
public enum ViewBuilder {
  /// One view, as it is.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  /// Several views, side by side in a ``TupleView``.
  public static func buildBlock<each Content: View>(_ content: repeat each Content)
    -> TupleView<(repeat each Content)>
  {
    TupleView((repeat each content))
  }
}

/// A compile-only stand-in for SwiftUI's `TupleView`: several views, as a ``ViewBuilder``
/// makes them.
public struct TupleView<T>: View {
  /// Wraps `value`, the views; callable from a ``ViewBuilder``'s nonisolated methods.
  public nonisolated init(_ value: T) {}

  /// A primitive view has no body.
  public var body: Never { fatalError("TupleView has no body") }
}

/// A compile-only stand-in for SwiftUI's `Text`.
public struct Text: View {
  /// Shows `content` verbatim.
  public init<S: StringProtocol>(_ content: S) {}

  /// A primitive view has no body.
  public var body: Never { fatalError("Text has no body") }
}

/// A compile-only stand-in for SwiftUI's `Button`.
public struct Button<Label: View>: View {
  /// A button showing `label` that runs `action` when tapped.
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}

  /// A primitive view has no body.
  public var body: Never { fatalError("Button has no body") }
}

extension Button where Label == Text {
  /// A button titled `title` that runs `action` when tapped.
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

/// A compile-only stand-in for SwiftUI's `VStack`.
public struct VStack<Content: View>: View {
  /// Stacks the views `content` builds vertically.
  public init(@ViewBuilder content: () -> Content) {}

  /// A primitive view has no body.
  public var body: Never { fatalError("VStack has no body") }
}

/// A compile-only stand-in for SwiftUI's `UIHostingController`: a UIKit view controller
/// showing a SwiftUI view; main-actor isolated and `open`, like the real one.
@MainActor
open class UIHostingController<Content: View>: UIViewController {
  /// The view shown.
  public let rootView: Content

  /// A view controller showing `rootView`.
  public init(rootView: Content) {
    self.rootView = rootView
    super.init()
  }
}
