import Testing
import napkin

/// NapkinTesting's side of napkin's one seam: it keeps a record of every lifecycle it hears of,
/// runs bound tasks on executors that let settling see their trees, signals router changes, and
/// turns napkin's recoverable programming errors into failures of the test that made them.
///
/// Installed once, the first time any NapkinTesting object, scope or collector is created; from
/// then on, every bound task is observed. A test that touches nothing of NapkinTesting before a
/// programming error still stops the process, as an app does.
///
/// Isolation: `Sendable`; it holds no state of its own.
package final class ToolkitObserver: LifecycleObserver {
  private static let installed: Void = {
    LifecycleObservation.install(ToolkitObserver())
  }()

  /// Installs the observer if it is not yet; later calls cost one check.
  package static func installOnce() { installed }

  package func boundTaskWillStart(
    on lifecycle: InteractorLifecycle, fileID: String, line: UInt, actor: (any Actor)?,
    _ operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> ObservedBoundTask {
    lifecycle.observed.start(fileID: fileID, line: line, actor: actor, operation)
  }

  package func transitionBegan(on lifecycle: InteractorLifecycle, activating: Bool) {
    lifecycle.observed.transitionBegan(activating: activating)
    // An exploration run watches what is activated inside it, with no call to `watch`.
    if activating, let watch = RunWatch.current { watch.activated(lifecycle) }
  }

  package func transitionEnded(on lifecycle: InteractorLifecycle) {
    lifecycle.observed.transitionEnded()
  }

  package func lifecycleReleased(record: any AnyObject & Sendable) {
    (record as? ObservedLifecycle)?.released()
  }

  @MainActor package func childrenChanged(
    of router: any Routing, child: any Routing, attached: Bool
  ) {
    RoutingTreeChanges.changed()
  }

  package func programmingError(_ message: String) -> Bool {
    let site =
      Test.current.map {
        CallSite(
          fileID: $0.sourceLocation.fileID, filePathString: $0.sourceLocation.filePath,
          line: UInt($0.sourceLocation.line), column: UInt($0.sourceLocation.column))
      } ?? CallSite(fileID: "napkin", filePathString: "napkin", line: 0, column: 0)
    Reporter.report("napkin programming error: " + message, at: site)
    return true
  }
}
