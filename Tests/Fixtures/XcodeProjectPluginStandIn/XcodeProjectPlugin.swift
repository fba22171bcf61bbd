// A compile-only stand-in for Xcode's XcodeProjectPlugin module: only what the package's command
// plugins use in their `#if canImport(XcodeProjectPlugin)` extensions, with the real
// declarations' shapes. Nothing here runs; `make templates-check` compiles the plugins' Xcode
// code against it and the toolchain's PackagePlugin, since no Xcode is here to.

public import Foundation
public import PackagePlugin

/// A compile-only stand-in for `XcodeCommandPlugin`: a command plugin Xcode runs on a project.
public protocol XcodeCommandPlugin: Plugin {
  /// Runs the command on the project in `context` with the arguments the user gave.
  func performCommand(context: XcodePluginContext, arguments: [String]) throws
}

/// A compile-only stand-in for `XcodePluginContext`: the project a plugin runs on, and its tools.
public struct XcodePluginContext {
  /// The project the plugin runs on.
  public let xcodeProject: XcodeProject

  /// A folder the plugin may write into.
  public let pluginWorkDirectoryURL: URL

  /// The executable named `name` among the plugin's dependencies, as the real context finds it.
  public func tool(named name: String) throws -> PluginContext.Tool {
    fatalError("The XcodeProjectPlugin stand-in cannot run")
  }
}

/// A compile-only stand-in for `XcodeProject`: the project a plugin runs on.
public struct XcodeProject {
  /// The project's name.
  public let displayName: String

  /// The folder holding the `.xcodeproj`.
  public let directoryURL: URL

  /// The project's targets.
  public let targets: [XcodeTarget]
}

/// A compile-only stand-in for `XcodeTarget`: a target of the project.
public struct XcodeTarget {
  /// The target's name.
  public let displayName: String
}
