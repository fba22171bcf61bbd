import Testing
import napkin

/// What NapkinTesting switches on in napkin, once, the first time any NapkinTesting object, scope
/// or collector is created:
///
/// - napkin's recoverable programming errors (a router attached twice, a component builder that
///   reuses its component) become failures of the test that made them, instead of a stopped test
///   process that loses every other test of the run;
/// - bound tasks prefer an executor of their own, so settling and the clock see their structured
///   children (`async let`, task groups).
///
/// A test that touches nothing of NapkinTesting before such an error still stops the process, as
/// an app does.
enum ToolkitHooks {
  /// Touch it to install the hooks; later touches cost one check.
  static let installed: Void = {
    BoundTaskObservation.enable()
    ProgrammingErrors.install { message in
      let site =
        Test.current.map {
          CallSite(
            fileID: $0.sourceLocation.fileID, filePathString: $0.sourceLocation.filePath,
            line: UInt($0.sourceLocation.line), column: UInt($0.sourceLocation.column))
        } ?? CallSite(fileID: "napkin", filePathString: "napkin", line: 0, column: 0)
      Reporter.report("napkin programming error: " + message, at: site)
      return true
    }
  }()
}
