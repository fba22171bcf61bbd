/// A command a ``TextScreen`` offers, such as `login`, and what it does.
///
/// Isolation: a value type; `Sendable`. The handler runs on the main actor and returns the task
/// of the intent it fired, so a host can await the intent's completion.
public struct TextAction: Sendable {
  /// The word that triggers the action, such as "login".
  public let command: String

  /// What the action does, shown next to the command, such as "Log in".
  public let title: String

  private let handler: @MainActor @Sendable () -> Task<Void, Never>

  /// Creates an action.
  ///
  /// - Parameters:
  ///   - command: The word that triggers the action.
  ///   - title: What the action does.
  ///   - handler: Fires the intent and returns its task.
  public init(
    command: String, title: String,
    handler: @escaping @MainActor @Sendable () -> Task<Void, Never>
  ) {
    self.command = command
    self.title = title
    self.handler = handler
  }

  /// Fires the action and returns the task of the intent; await it to know the intent finished.
  @MainActor
  @discardableResult
  public func perform() -> Task<Void, Never> {
    handler()
  }
}
