/// The tool's arguments, taken apart one option at a time; what is left over is an error.
struct CommandLineArguments {
  private var arguments: [String]

  init(_ arguments: [String]) { self.arguments = arguments }

  /// Removes and returns the first argument that is not an option or an option's value.
  mutating func positional() -> String? {
    var index = 0
    while index < arguments.count {
      if arguments[index].hasPrefix("--") {
        index += Self.takesValue(arguments[index]) ? 2 : 1
      } else {
        return arguments.remove(at: index)
      }
    }
    return nil
  }

  /// Removes every `--name <value>` and returns the last value.
  mutating func option(_ name: String) -> String? { options(name).last }

  /// Removes every `--name <value>` and returns the values in order.
  mutating func options(_ name: String) -> [String] {
    var values: [String] = []
    while let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count {
      values.append(arguments[index + 1])
      arguments.removeSubrange(index...(index + 1))
    }
    return values
  }

  /// Removes every `--name` and says whether there was one.
  mutating func flag(_ name: String) -> Bool {
    let count = arguments.count
    arguments.removeAll { $0 == "--\(name)" }
    return arguments.count != count
  }

  /// Fails if an argument was not taken.
  func finish() throws {
    guard arguments.isEmpty else {
      throw TemplateError("unexpected arguments: \(arguments.joined(separator: " "))")
    }
  }

  private static func takesValue(_ option: String) -> Bool { option != "--force" }
}
